// What a kernel's block runs together (tile ops on shared, fragment or
// global memory; thread-parallel loops that share their iterations among
// the threads) must be reached by every thread of the block, with the same
// operands on every thread. tile-verify refuses such an op under control
// flow that decides on a value that differs between threads, and such an
// op with such an operand; values vary when they come from the thread's
// position, a shuffle, an atomic's old value, or a thread's own memory
// written with them. The chunks without expected errors are kernels that
// decide per thread only where that is right.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-verify %s
// So must a barrier (or a call of a function that reaches one), and not
// in such a loop.
// Every target's pipeline starts with tile-verify, so each refuses them.
// RUN: not tile-opt --split-input-file --target=vulkan %s -o %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TARGET
// RUN: not tile-opt --split-input-file --target=cuda %s -o %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TARGET
// TARGET-COUNT-16: error: {{.*}} thread
// TARGET-NOT: error

#smem = #gpu.address_space<workgroup>
func.func @fill_by_thread_zero(%x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64x64xf32, #smem>
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      // expected-error-re @+1 {{'tile.fill' op is reached by only some of the block's threads: the choice of the 'scf.if' at line {{[0-9]+}}, column 5 depends on the thread (it comes from the 'gpu.thread_id' at line {{[0-9]+}}, column 10); a tile op on shared, fragment or global memory runs on the whole block together (decide inside a thread-parallel loop, or work on a local tile)}}
      "tile.fill"(%s, %x) : (memref<64x64xf32, #smem>, f32) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// A window offset from the lane: each thread would copy part of another
// window.
func.func @offset_from_lane(%A: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<32x32xf16, #gpu.address_space<workgroup>>
    %lane = gpu.lane_id
    %row = arith.muli %lane, %b : index
    // expected-error-re @+1 {{'tile.copy' op operand #2 differs between the block's threads (it comes from the 'gpu.lane_id' at line {{[0-9]+}}, column 13): a tile op on shared, fragment or global memory runs on the whole block together, with the same operands on every thread}}
    "tile.copy"(%A, %s, %row, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A loop whose trip count depends on the thread.
func.func @gemm_in_loop_to_subgroup(%A: memref<16x16xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    %a = "tile.alloc"() : () -> memref<16x16xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    %sg = gpu.subgroup_id : index
    scf.for %k = %c0 to %sg step %c1 {
      // expected-error @+1 {{'tile.gemm' op is reached by only some of the block's threads: the choice of the 'scf.for' at line}}
      "tile.gemm"(%a, %a, %acc) : (memref<16x16xf16, #gpu.address_space<workgroup>>, memref<16x16xf16, #gpu.address_space<workgroup>>, memref<16x16xf32, #tile.fragment>) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A thread-parallel loop that shares its iterations among the threads,
// under a choice on the thread id, and one whose bound comes from it.
func.func @parallel_loop_by_some(%x: f32) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    %low = arith.cmpi ult, %t, %c64 : index
    scf.if %low {
      // expected-error @+1 {{'scf.forall' op is reached by only some of the block's threads: the choice of the 'scf.if' at line}}
      scf.forall (%i) in (64) {
        memref.store %x, %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      }
    }
    // expected-error @+1 {{'scf.forall' op operand #0 differs between the block's threads (it comes from the 'gpu.thread_id' at line}}
    scf.forall (%i) in (%t) {
      memref.store %x, %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// Values carried through loops: an scf.for's iteration argument that adds
// the thread id, and an scf.while whose condition reads what its body
// gives it.
func.func @carried(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %r = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    %t = gpu.thread_id y
    %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> (index) {
      %next = arith.addi %acc, %t : index
      scf.yield %next : index
    }
    %some = arith.cmpi ugt, %sum, %c8 : index
    scf.if %some {
      // expected-error @+1 {{'tile.fill' op is reached by only some of the block's threads: the choice of the 'scf.if' at line}}
      "tile.fill"(%f, %x) : (memref<32x32xf32, #tile.fragment>, f32) -> ()
    }
    %end = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi ult, %i, %c8 : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%i: index):
      // expected-error @+1 {{'tile.reduce' op is reached by only some of the block's threads: the choice of the 'scf.while' at line}}
      "tile.reduce"(%f, %r) {dim = 1 : i64, kind = "sum"} : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
      %j = arith.addi %i, %t : index
      scf.yield %j : index
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// A thread's own memory written with the thread id; the old value an
// atomic update returns (each thread gets another).
func.func @through_memory(%G: memref<64xf32>, %count: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %last = arith.constant 3 : i32
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %mine = memref.alloca() : memref<1xindex>
    %t = gpu.thread_id x
    memref.store %t, %mine[%c0] : memref<1xindex>
    %v = memref.load %mine[%c0] : memref<1xindex>
    // expected-error @+1 {{'tile.copy' op operand #2 differs between the block's threads (it comes from the 'gpu.thread_id' at line}}
    "tile.copy"(%G, %s, %v) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<64xf32>, memref<64xf32, #gpu.address_space<workgroup>>, index) -> ()
    %old = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
    %done = arith.cmpi eq, %old, %last : i32
    scf.if %done {
      // expected-error @+1 {{(it comes from the 'memref.atomic_rmw' at line}}
      "tile.copy"(%s, %G) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
          : (memref<64xf32, #gpu.address_space<workgroup>>, memref<64xf32>) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// Branches between blocks of a region.
func.func @branches(%G: memref<64xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.execute_region {
      cf.cond_br %first, ^fill, ^done
    ^fill:
      // expected-error @+1 {{'tile.fill' op is reached by only some of the block's threads: the choice of the 'scf.execute_region' at line}}
      "tile.fill"(%G, %x) : (memref<64xf32>, f32) -> ()
      cf.br ^done
    ^done:
      scf.yield
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A barrier waits for every thread of the block: under a choice on the
// thread, or in a loop that shares its iterations among the threads (100
// over 64 threads: some wait twice, some once), it would wait for ever. In
// a loop that writes a thread's own buffer every thread runs every
// iteration, and at the top of the kernel every thread reaches it.
func.func @barriers(%x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    %l = "tile.alloc"() : () -> memref<4xf32, #gpu.address_space<private>>
    %t = gpu.thread_id x
    %low = arith.cmpi ult, %t, %b : index
    scf.if %low {
      // expected-error @+1 {{'gpu.barrier' op is reached by only some of the block's threads: the choice of the 'scf.if' at line}}
      gpu.barrier
    }
    scf.forall (%i) in (100) {
      // expected-error-re @+1 {{'gpu.barrier' op is inside the thread-parallel loop 'scf.forall' at line {{[0-9]+}}, column 5, which shares its iterations among the block's threads, and a barrier waits for every thread of the block: a thread would wait once per iteration it runs (place the barrier before or after the loop)}}
      gpu.barrier
      memref.store %x, %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.forall (%i) in (4) {
      gpu.barrier
      memref.store %x, %l[%i] : memref<4xf32, #gpu.address_space<private>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A call of a function that reaches a barrier, through another function,
// is a barrier too; a call at the top of the kernel is reached by all.
func.func private @sync() {
  gpu.barrier
  return
}

func.func private @step(%x: f32) -> f32 {
  func.call @sync() : () -> ()
  %y = arith.mulf %x, %x : f32
  return %y : f32
}

func.func private @square(%x: f32) -> f32 {
  %y = arith.mulf %x, %x : f32
  return %y : f32
}

func.func @calls(%G: memref<64xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %t = gpu.lane_id
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      // expected-error-re @+1 {{'func.call' op is reached by only some of the block's threads: the choice of the 'scf.if' at line {{[0-9]+}}, column 5 depends on the thread (it comes from the 'gpu.lane_id' at line {{[0-9]+}}, column 10); the 'gpu.barrier' at line {{[0-9]+}}, column 3, which the call reaches, waits for every thread of the block}}
      %y = func.call @step(%x) : (f32) -> f32
      %z = func.call @square(%x) : (f32) -> f32
    }
    scf.forall (%i) in (64) {
      // expected-error @+1 {{'func.call' op is inside the thread-parallel loop 'scf.forall' at line}}
      %y = func.call @step(%x) : (f32) -> f32
      memref.store %y, %G[%i] : memref<64xf32>
    }
    %y = func.call @step(%x) : (f32) -> f32
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// Choices the whole block makes alike: on the block id, on a value read
// from global memory at it (a block-sparse mask), on a thread's own
// buffer's sizes, on a reduction over the block.
func.func @uniform_choices(%A: memref<?x?xf16>, %mask: memref<?xi8>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i8
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<32x32xf16, #gpu.address_space<workgroup>>
    %m = memref.load %mask[%b] : memref<?xi8>
    %on = arith.cmpi ne, %m, %zero : i8
    scf.if %on {
      "tile.copy"(%A, %s, %b, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<32x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    }
    %mine = memref.alloca() : memref<4xindex>
    %t = gpu.thread_id x
    memref.store %t, %mine[%c0] : memref<4xindex>
    %n = memref.dim %mine, %c0 : memref<4xindex>
    "tile.copy"(%A, %s, %n, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    %t32 = arith.index_cast %t : index to i32
    %most32 = gpu.all_reduce maxui %t32 uniform {} : (i32) -> (i32)
    %most = arith.index_cast %most32 : i32 to index
    "tile.copy"(%A, %s, %most, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// What each thread does alone may depend on the thread: a local tile's
// fill and its window of a global or shared buffer, a thread-parallel
// loop that writes a thread's own buffer (it runs every iteration on
// every thread), and a choice inside a thread-parallel loop.
func.func @per_thread(%A: memref<?x?xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64x64xf32, #gpu.address_space<workgroup>>
    %l = "tile.alloc"() : () -> memref<4x4xf32, #gpu.address_space<private>>
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      "tile.fill"(%l, %x) : (memref<4x4xf32, #gpu.address_space<private>>, f32) -> ()
      scf.forall (%i, %j) in (4, 4) {
        memref.store %x, %l[%i, %j] : memref<4x4xf32, #gpu.address_space<private>>
      }
    }
    "tile.copy"(%A, %l, %t, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<4x4xf32, #gpu.address_space<private>>, index, index) -> ()
    "tile.copy"(%l, %s, %t, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<4x4xf32, #gpu.address_space<private>>, memref<64x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    scf.forall (%i, %j) in (64, 64) {
      %tt = gpu.thread_id x
      %mine = arith.cmpi eq, %tt, %i : index
      scf.if %mine {
        memref.store %x, %s[%i, %j] : memref<64x64xf32, #gpu.address_space<workgroup>>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A value that a called function returns differs between threads when the
// function computes it from the thread's position, through further calls
// and through a function value too. Before, a call's result counted as
// the same on every thread whenever its operands did.
#smem = #gpu.address_space<workgroup>
func.func private @tid() -> index {
  %t = gpu.thread_id x
  return %t : index
}
func.func private @is_first(%c0: index) -> i1 {
  %t = func.call @tid() : () -> index
  %first = arith.cmpi eq, %t, %c0 : index
  return %first : i1
}
func.func @fill_by_called_thread_zero(%x: f32) {
  %c0 = arith.constant 0 : index
  %f = func.constant @tid : () -> index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64x64xf32, #smem>
    %first = func.call @is_first(%c0) : (index) -> i1
    scf.if %first {
      // expected-error-re @+1 {{'tile.fill' op is reached by only some of the block's threads: the choice of the 'scf.if' at line {{[0-9]+}}, column 5 depends on the thread (it comes from the 'gpu.thread_id' at line {{[0-9]+}}, column 8)}}
      "tile.fill"(%s, %x) : (memref<64x64xf32, #smem>, f32) -> ()
    }
    %t = func.call_indirect %f() : () -> index
    // expected-error-re @+1 {{'tile.copy' op operand #2 differs between the block's threads (it comes from the 'gpu.thread_id' at line {{[0-9]+}}, column 8)}}
    "tile.copy"(%s, %s, %t, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<64x64xf32, #smem>, memref<64x64xf32, #smem>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// A function that returns what the whole block reduced, or what it
// computes from its arguments alone, returns the same value on every
// thread.
#smem = #gpu.address_space<workgroup>
func.func private @block_sum() -> i32 {
  %t = gpu.thread_id x
  %i = arith.index_cast %t : index to i32
  %s = gpu.all_reduce add %i uniform {} : (i32) -> (i32)
  return %s : i32
}
func.func private @twice(%v: index) -> index {
  %t = gpu.thread_id x
  %w = arith.addi %v, %v : index
  return %w : index
}
func.func @fill_by_block_sum(%x: f32) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<64x64xf32, #smem>
    %sum = func.call @block_sum() : () -> i32
    %z = arith.cmpi eq, %sum, %zero : i32
    scf.if %z {
      "tile.fill"(%s, %x) : (memref<64x64xf32, #smem>, f32) -> ()
    }
    %w = func.call @twice(%b) : (index) -> index
    "tile.copy"(%s, %s, %w, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<64x64xf32, #smem>, memref<64x64xf32, #smem>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
