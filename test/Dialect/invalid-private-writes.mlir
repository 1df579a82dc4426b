// A thread-parallel loop that writes a thread's own buffer made outside it
// (a local tile, a view of one, a memref.alloca) runs every iteration on
// every thread. tile-verify refuses what would break that: fragment
// accesses, which spread the iterations over the threads holding the
// fragment's elements, and atomic updates of memory other threads see.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-verify %s

func.func @fragment_into_local() {
  scf.forall (%b) in (2) {
    %f = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    %t = "tile.alloc"() : () -> memref<16x16xf32, #gpu.address_space<private>>
    scf.forall (%i, %j) in (16, 16) {
      // expected-error-re @+1 {{'memref.load' op accesses a fragment in a thread-parallel loop that also writes a buffer each thread has its own copy of (the 'memref.store' at line {{[0-9]+}}, column 7): the fragment spreads the loop's iterations over the threads that hold its elements, so each copy would get only some of the values}}
      %v = memref.load %f[%i, %j] : memref<16x16xf32, #tile.fragment>
      memref.store %v, %t[%i, %j] : memref<16x16xf32, #gpu.address_space<private>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @fragment_beside_alloca_view(%x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (2) {
    %f = "tile.alloc"() : () -> memref<16xf32, #tile.fragment>
    %a = memref.alloca() : memref<4x4xf32>
    %row = memref.subview %a[1, 0] [1, 4] [1, 1]
        : memref<4x4xf32> to memref<4xf32, strided<[1], offset: 4>>
    scf.forall (%i) in (16) {
      // expected-error @+1 {{'memref.store' op accesses a fragment in a thread-parallel loop that also writes a buffer each thread has its own copy of (the 'memref.store' at line}}
      memref.store %x, %f[%i] : memref<16xf32, #tile.fragment>
      memref.store %x, %row[%c0] : memref<4xf32, strided<[1], offset: 4>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func private @helper(memref<8xf32, #gpu.address_space<private>>, index)

func.func @call_beside_fragment(%x: f32) {
  scf.forall (%b) in (2) {
    %f = "tile.alloc"() : () -> memref<8xf32, #tile.fragment>
    %t = "tile.alloc"() : () -> memref<8xf32, #gpu.address_space<private>>
    scf.forall (%i) in (8) {
      func.call @helper(%t, %i) : (memref<8xf32, #gpu.address_space<private>>, index) -> ()
      // expected-error @+1 {{(the 'func.call' at line}}
      %v = memref.load %f[%i] : memref<8xf32, #tile.fragment>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @atomic_beside_local(%out: memref<?xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (2) {
    %t = "tile.alloc"() : () -> memref<8xf32, #gpu.address_space<private>>
    %s = "tile.alloc"() : () -> memref<8xf32, #gpu.address_space<workgroup>>
    scf.forall (%i) in (8) {
      memref.store %x, %t[%i] : memref<8xf32, #gpu.address_space<private>>
      // expected-error @+1 {{'memref.atomic_rmw' op is an atomic update in a thread-parallel loop that writes a buffer each thread has its own copy of (the 'memref.store' at line}}
      %o = memref.atomic_rmw addf %x, %out[%c0] : (f32, memref<?xf32>) -> f32
      // expected-error @+1 {{such a loop runs every iteration on every thread, so the update would happen once per thread}}
      %p = memref.generic_atomic_rmw %s[%i] : memref<8xf32, #gpu.address_space<workgroup>> {
      ^bb0(%old: f32):
        %n = arith.addf %old, %x : f32
        memref.atomic_yield %n : f32
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// What stays allowed: reading local tiles beside fragments, writing a
// rank-0 fragment's or a shared tile's elements beside local writes,
// atomics into the thread's own memory, scratch arrays made inside the
// loop, and a local write outside kernels.
func.func @allowed(%out: memref<?xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (2) {
    %f = "tile.alloc"() : () -> memref<8xf32, #tile.fragment>
    %g = "tile.alloc"() : () -> memref<f32, #tile.fragment>
    %t = "tile.alloc"() : () -> memref<8xf32, #gpu.address_space<private>>
    %s = "tile.alloc"() : () -> memref<8xf32, #gpu.address_space<workgroup>>
    scf.forall (%i) in (8) {
      %v = memref.load %t[%i] : memref<8xf32, #gpu.address_space<private>>
      memref.store %v, %f[%i] : memref<8xf32, #tile.fragment>
      %a = memref.alloca() : memref<1xf32>
      memref.store %v, %a[%c0] : memref<1xf32>
      %o = memref.atomic_rmw addf %x, %out[%c0] : (f32, memref<?xf32>) -> f32
    }
    scf.forall (%i) in (8) {
      %v = memref.load %g[] : memref<f32, #tile.fragment>
      memref.store %v, %t[%i] : memref<8xf32, #gpu.address_space<private>>
      memref.store %v, %s[%i] : memref<8xf32, #gpu.address_space<workgroup>>
      %o = memref.atomic_rmw addf %x, %t[%c0] : (f32, memref<8xf32, #gpu.address_space<private>>) -> f32
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  %t = "tile.alloc"() : () -> memref<8xf32, #gpu.address_space<private>>
  scf.forall (%i) in (8) {
    memref.store %x, %t[%i] : memref<8xf32, #gpu.address_space<private>>
    %o = memref.atomic_rmw addf %x, %out[%c0] : (f32, memref<?xf32>) -> f32
  }
  return
}
