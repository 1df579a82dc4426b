// Atomic updates a kernel makes outside its thread-parallel loops run on
// every thread of the block, on the cpu as on the GPU targets: each of the
// 64 threads of each block adds 1 to count[0] and 2 to count[1], and takes
// the maximum of count[2] and its block id (a result that is used). An
// update of a thread's own array happens once on each copy (own[b] = 1),
// and one inside a thread-parallel loop once per iteration (count[3] +=
// 10). @generic_count adds 2 with a memref.generic_atomic_rmw (which vulkan
// does not lower).
func.func @block_atomics(%count: memref<4xi32>, %own: memref<?xi32>,
                         %last: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %zero = arith.constant 0 : i32
  %blocks = memref.dim %own, %c0 : memref<?xi32>
  scf.forall (%b) in (%blocks) {
    %old = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<4xi32>) -> i32
    %unused = memref.atomic_rmw addi %two, %count[%c1] : (i32, memref<4xi32>) -> i32
    %bi = arith.index_cast %b : index to i32
    %before = memref.atomic_rmw maxs %bi, %count[%c2] : (i32, memref<4xi32>) -> i32
    %seen = arith.cmpi sle, %before, %before : i32
    %flag = arith.extui %seen : i1 to i32
    memref.store %flag, %last[%b] : memref<?xi32>
    %mine = memref.alloca() : memref<1xi32>
    memref.store %zero, %mine[%c0] : memref<1xi32>
    %a = memref.atomic_rmw addi %one, %mine[%c0] : (i32, memref<1xi32>) -> i32
    %v = memref.load %mine[%c0] : memref<1xi32>
    memref.store %v, %own[%b] : memref<?xi32>
    scf.forall (%i) in (10) {
      %x = memref.atomic_rmw addi %one, %count[%c3] : (i32, memref<4xi32>) -> i32
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// The same sums as plain loops over the blocks and their threads.
func.func @block_atomics_ref(%count: memref<4xi32>, %own: memref<?xi32>,
                             %last: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %blocks = memref.dim %own, %c0 : memref<?xi32>
  scf.for %b = %c0 to %blocks step %c1 {
    scf.for %t = %c0 to %c64 step %c1 {
      %n0 = memref.load %count[%c0] : memref<4xi32>
      %s0 = arith.addi %n0, %one : i32
      memref.store %s0, %count[%c0] : memref<4xi32>
      %n1 = memref.load %count[%c1] : memref<4xi32>
      %s1 = arith.addi %n1, %two : i32
      memref.store %s1, %count[%c1] : memref<4xi32>
      %n2 = memref.load %count[%c2] : memref<4xi32>
      %bi = arith.index_cast %b : index to i32
      %m2 = arith.maxsi %n2, %bi : i32
      memref.store %m2, %count[%c2] : memref<4xi32>
    }
    scf.for %i = %c0 to %c10 step %c1 {
      %n3 = memref.load %count[%c3] : memref<4xi32>
      %s3 = arith.addi %n3, %one : i32
      memref.store %s3, %count[%c3] : memref<4xi32>
    }
    memref.store %one, %own[%b] : memref<?xi32>
    memref.store %one, %last[%b] : memref<?xi32>
  }
  return
}

func.func @generic_count(%count: memref<4xi32>, %own: memref<?xi32>,
                         %last: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2 : i32
  %blocks = memref.dim %own, %c0 : memref<?xi32>
  scf.forall (%b) in (%blocks) {
    %old = memref.generic_atomic_rmw %count[%c1] : memref<4xi32> {
    ^bb0(%v: i32):
      %n = arith.addi %v, %two : i32
      memref.atomic_yield %n : i32
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @generic_count_ref(%count: memref<4xi32>, %own: memref<?xi32>,
                             %last: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %two = arith.constant 2 : i32
  %blocks = memref.dim %own, %c0 : memref<?xi32>
  scf.for %b = %c0 to %blocks step %c1 {
    scf.for %t = %c0 to %c64 step %c1 {
      %n1 = memref.load %count[%c1] : memref<4xi32>
      %s1 = arith.addi %n1, %two : i32
      memref.store %s1, %count[%c1] : memref<4xi32>
    }
  }
  return
}
