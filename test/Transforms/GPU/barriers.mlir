// RUN: tile-opt --tile-gpu-barriers --split-input-file %s | FileCheck %s

// A read after a write of shared memory by other threads needs a barrier;
// a read after a read does not, nor do private or global accesses.
// CHECK-LABEL: func.func @raw
// CHECK: memref.store %{{.*}}, %[[S:.*]][%{{.*}}] : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<4xf32, #gpu.address_space<private>>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[S]]
// CHECK-NEXT: memref.load %[[S]]
// CHECK-NEXT: memref.store %{{.*}}, %arg0
// CHECK-NOT: gpu.barrier
func.func @raw(%G: memref<64xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %p = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
    %t = gpu.thread_id x
    memref.store %x, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %x, %p[%c0] : memref<4xf32, #gpu.address_space<private>>
    %a = memref.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
    %b2 = memref.load %s[%c1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %a, %G[%t] : memref<64xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A loop that writes then reads a shared tile needs a barrier between the
// two and one before the write, for the reads of the previous iteration;
// a loop whose trip count depends on the thread is one unit: the barrier
// goes before it, not inside.
// CHECK-LABEL: func.func @loop
// CHECK: scf.for %{{.*}} = %c0 to %arg1
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for %{{.*}} = %[[T:.*]] to %c64 step %c32 {
// CHECK-NEXT:   memref.store
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: }
func.func @loop(%x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    scf.for %k = %c0 to %n step %c1 {
      scf.for %i = %t to %c64 step %c32 {
        memref.store %x, %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      }
      %a = memref.load %s[%k] : memref<64xf32, #gpu.address_space<workgroup>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// A barrier already there is respected; a write after a read needs one;
// a branch on a block id is uniform: the barrier for its first write goes
// before it, the one between its write and its read inside it.
// CHECK-LABEL: func.func @existing
// CHECK: memref.store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
// CHECK-NOT: gpu.barrier
func.func @existing(%x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    memref.store %x, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %a = memref.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
    %first = arith.cmpi eq, %b, %c0 : index
    scf.if %first {
      memref.store %a, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      %y = memref.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A branch on the thread id is one unit: the barrier goes before it.
// CHECK-LABEL: func.func @divergent
// CHECK: gpu.barrier
// CHECK-NEXT: scf.if
// CHECK-NOT: gpu.barrier
// CHECK: } {mapping
func.func @divergent(%x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    memref.store %x, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      %a = memref.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %a, %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// Vector loads and stores, transfers and memref.copy touch shared memory as
// memref.load/store do: a write by vector.store then a vector.load by other
// threads needs a barrier, and so do a transfer_write then a transfer_read,
// and a memref.copy into the tile then a read of it. Two reads need none.
// CHECK-LABEL: func.func @vector_accesses
// CHECK: vector.store %{{.*}}, %[[S:.*]][%{{.*}}] : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: vector.load %[[S]]
// CHECK-NEXT: vector.transfer_read %[[S]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: vector.transfer_write %{{.*}}, %[[S]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: vector.maskedload %[[S]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.copy %arg0, %[[S]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[S]]
// CHECK-NOT: gpu.barrier
// CHECK: return
func.func @vector_accesses(%G: memref<64xf32>, %m: vector<4xi1>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    %v = vector.broadcast %pad : f32 to vector<4xf32>
    vector.store %v, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    %r = vector.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    %q = vector.transfer_read %s[%c0], %pad : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    vector.transfer_write %r, %s[%t] : vector<4xf32>, memref<64xf32, #gpu.address_space<workgroup>>
    %k = vector.maskedload %s[%c0], %m, %q : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    memref.copy %G, %s : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    %a = memref.load %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %a, %G[%t] : memref<64xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// An op of another kind that takes the shared tile (here a call) is taken
// to read and write it.
// CHECK-LABEL: func.func @opaque
// CHECK: memref.store %{{.*}}, %[[S:.*]][%{{.*}}]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: call @use(%[[S]])
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[S]]
func.func private @use(memref<64xf32, #gpu.address_space<workgroup>>)
func.func @opaque(%G: memref<64xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    memref.store %x, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    func.call @use(%s) : (memref<64xf32, #gpu.address_space<workgroup>>) -> ()
    %a = memref.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %a, %G[%t] : memref<64xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A subgroup's cooperative-matrix loads and stores touch shared memory like
// any thread's: a matrix load after the block's threads wrote the tile, and
// a read of it after the subgroups stored their matrices, each need a
// barrier (the loop over the subgroup's blocks, whose bounds depend on the
// subgroup, is one unit). Without them in the access table, the matrix
// ops were taken to synchronise themselves and the load raced the store.
// CHECK-LABEL: func.func @matrices
// CHECK: memref.store %{{.*}}, %[[S:.*]][%{{.*}}, %{{.*}}] : memref<16x16xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.num_subgroups
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for
// CHECK-NEXT: gpu.subgroup_mma_load_matrix %[[S]][{{.*}}"COp">
// CHECK-NEXT: gpu.subgroup_mma_store_matrix %{{.*}}, %[[S]][{{.*}}workgroup>>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[S]]
func.func @matrices(%x: f32, %G: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<16x16xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    memref.store %x, %s[%t, %c0] : memref<16x16xf32, #gpu.address_space<workgroup>>
    %sg = gpu.subgroup_id : index
    %ns = gpu.num_subgroups : index
    scf.for %i = %sg to %c1 step %ns {
      %m = gpu.subgroup_mma_load_matrix %s[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %m, %s[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32, #gpu.address_space<workgroup>>
    }
    %v = memref.load %s[%t, %c1] : memref<16x16xf32, #gpu.address_space<workgroup>>
    memref.store %v, %G[%t] : memref<64xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A loop of uniform bounds that carries values is followed inside like any
// other (it was one unit: a gemm's K loop with a counter had no barrier
// between its copy into shared memory and its reads, and gave wrong
// results on every GPU target).
// CHECK-LABEL: func.func @carried
// CHECK: scf.for {{.*}} iter_args
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
func.func @carried(%x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
      memref.store %acc, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      %a = memref.load %s[%k] : memref<64xf32, #gpu.address_space<workgroup>>
      scf.yield %a : f32
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// Control flow that holds what the whole block reaches together (a loop
// that tile-gpu-lower distributed over the threads, a barrier) runs the
// same way on every thread, whatever its condition: barriers go inside an
// scf.while, an scf.index_switch and an scf.execute_region that hold one
// (and before each, for what came before).
// CHECK-LABEL: func.func @collective_holders
// CHECK: scf.while
// CHECK: scf.condition
// CHECK: } do {
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for {{.*}} {
// CHECK-NEXT: memref.store
// CHECK-NEXT: } {simt.distributed}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
// CHECK: gpu.barrier
// CHECK-NEXT: scf.index_switch
// CHECK-NEXT: case 1 {
// CHECK-NEXT: scf.for {{.*}} {
// CHECK-NEXT: memref.store
// CHECK-NEXT: } {simt.distributed}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
// CHECK: default {
// CHECK: gpu.barrier
// CHECK-NEXT: scf.execute_region {
// CHECK-NEXT: scf.for {{.*}} {
// CHECK-NEXT: memref.store
// CHECK-NEXT: } {simt.distributed}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
func.func @collective_holders(%x: f32, %G: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    %v = memref.load %G[%t] : memref<64xf32>
    %w = scf.while (%y = %v) : (f32) -> f32 {
      %go = arith.cmpf olt, %y, %x : f32
      scf.condition(%go) %y : f32
    } do {
    ^bb0(%y: f32):
      scf.for %i = %t to %c64 step %c32 {
        memref.store %y, %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      } {simt.distributed}
      %a = memref.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      %z = arith.addf %y, %a : f32
      scf.yield %z : f32
    }
    scf.index_switch %b
    case 1 {
      scf.for %i = %t to %c64 step %c32 {
        memref.store %w, %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      } {simt.distributed}
      %a = memref.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %a, %G[%t] : memref<64xf32>
      scf.yield
    }
    default {
    }
    scf.execute_region {
      scf.for %i = %t to %c64 step %c32 {
        memref.store %x, %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      } {simt.distributed}
      %a = memref.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %a, %G[%t] : memref<64xf32>
      scf.yield
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// The blocks of an scf.execute_region of several blocks may run in any
// order: each block's first access that may race with anything the region
// does gets a barrier.
// CHECK-LABEL: func.func @region_of_blocks
// CHECK: scf.execute_region {
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for
// CHECK: } {simt.distributed}
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
func.func @region_of_blocks(%x: f32, %G: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    scf.execute_region {
      scf.for %i = %t to %c64 step %c32 {
        memref.store %x, %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      } {simt.distributed}
      cf.br ^bb1
    ^bb1:
      %a = memref.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %a, %G[%t] : memref<64xf32>
      scf.yield
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
