// A call that a kernel makes outside its thread-parallel loops runs on every
// thread of the block, and so do the atomic updates of the functions it
// reaches, on the cpu as on the GPU targets. With 64 threads per block, each
// block adds to count:
//   [0] 64: @bump, called by the kernel
//   [1] 128: @twice, which calls @bump twice
//   [2] 192 in even blocks: @branchy, which returns 1 where it made the
//       update (into seen[b]) and 0 where not
//   [3] 64: @scratch, which counts into an array of its own first (once per
//       call) and adds what it counted
//   [4] 192: @bump in a loop of 3 iterations of the block's code
//   [5] 10: @bump in a thread-parallel loop of 10 iterations
//   [6] 64: @bump called through its func.constant (func.call_indirect)
// The cpu made each of these updates once per block, but [5].
func.func private @bump(%count: memref<8xi32>, %i: index) -> i32 {
  %one = arith.constant 1 : i32
  %old = memref.atomic_rmw addi %one, %count[%i] : (i32, memref<8xi32>) -> i32
  return %old : i32
}

func.func private @twice(%count: memref<8xi32>) {
  %c1 = arith.constant 1 : index
  %a = func.call @bump(%count, %c1) : (memref<8xi32>, index) -> i32
  %b = func.call @bump(%count, %c1) : (memref<8xi32>, index) -> i32
  return
}

func.func private @branchy(%count: memref<8xi32>, %b: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %three = arith.constant 3 : i32
  %made = arith.constant 1 : i32
  %none = arith.constant 0 : i32
  %odd = arith.remui %b, %c2 : index
  %even = arith.cmpi eq, %odd, %c0 : index
  %r = scf.if %even -> i32 {
    %old = memref.atomic_rmw addi %three, %count[%c2] : (i32, memref<8xi32>) -> i32
    scf.yield %made : i32
  } else {
    scf.yield %none : i32
  }
  return %r : i32
}

func.func private @scratch(%count: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %mine = memref.alloca() : memref<1xi32>
  memref.store %zero, %mine[%c0] : memref<1xi32>
  %a = memref.atomic_rmw addi %one, %mine[%c0] : (i32, memref<1xi32>) -> i32
  %n = memref.load %mine[%c0] : memref<1xi32>
  %b = memref.atomic_rmw addi %n, %count[%c3] : (i32, memref<8xi32>) -> i32
  return
}

func.func @call_atomics(%count: memref<8xi32>, %seen: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %blocks = memref.dim %seen, %c0 : memref<?xi32>
  %bump = func.constant @bump : (memref<8xi32>, index) -> i32
  scf.forall (%b) in (%blocks) {
    %r0 = func.call @bump(%count, %c0) : (memref<8xi32>, index) -> i32
    func.call @twice(%count) : (memref<8xi32>) -> ()
    %r2 = func.call @branchy(%count, %b) : (memref<8xi32>, index) -> i32
    memref.store %r2, %seen[%b] : memref<?xi32>
    func.call @scratch(%count) : (memref<8xi32>) -> ()
    scf.for %t = %c0 to %c3 step %c1 {
      %r4 = func.call @bump(%count, %c4) : (memref<8xi32>, index) -> i32
    }
    scf.forall (%i) in (10) {
      %r5 = func.call @bump(%count, %c5) : (memref<8xi32>, index) -> i32
    }
    %r6 = func.call_indirect %bump(%count, %c6) : (memref<8xi32>, index) -> i32
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// The same sums as plain loops over the blocks.
func.func @call_atomics_ref(%count: memref<8xi32>, %seen: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %blocks = memref.dim %seen, %c0 : memref<?xi32>
  %adds = arith.constant dense<[64, 128, 192, 64, 192, 10, 64, 0]> : vector<8xi32>
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  scf.for %b = %c0 to %blocks step %c1 {
    %odd = arith.remui %b, %c2 : index
    %even = arith.cmpi eq, %odd, %c0 : index
    %now = vector.load %count[%c0] : memref<8xi32>, vector<8xi32>
    %sum = arith.addi %now, %adds : vector<8xi32>
    %third = vector.extract %adds[2] : i32 from vector<8xi32>
    %n2 = vector.extract %now[2] : i32 from vector<8xi32>
    %s2 = arith.addi %n2, %third : i32
    %k2 = arith.select %even, %s2, %n2 : i32
    %fixed = vector.insert %k2, %sum [2] : i32 into vector<8xi32>
    vector.store %fixed, %count[%c0] : memref<8xi32>, vector<8xi32>
    %flag = arith.select %even, %one, %zero : i32
    memref.store %flag, %seen[%b] : memref<?xi32>
  }
  return
}

// A memref.generic_atomic_rmw in a function whose blocks return in two
// places (vulkan lowers neither): count[6] gets 2 per thread of the even
// blocks.
func.func private @generic_bump(%count: memref<8xi32>, %b: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %two = arith.constant 2 : i32
  %odd = arith.remui %b, %c2 : index
  %even = arith.cmpi eq, %odd, %c0 : index
  cf.cond_br %even, ^add, ^skip
^add:
  %old = memref.generic_atomic_rmw %count[%c6] : memref<8xi32> {
  ^bb0(%v: i32):
    %n = arith.addi %v, %two : i32
    memref.atomic_yield %n : i32
  }
  return
^skip:
  return
}

func.func @generic_call(%count: memref<8xi32>, %seen: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %blocks = memref.dim %seen, %c0 : memref<?xi32>
  scf.forall (%b) in (%blocks) {
    func.call @generic_bump(%count, %b) : (memref<8xi32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @generic_call_ref(%count: memref<8xi32>, %seen: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %blocks = memref.dim %seen, %c0 : memref<?xi32>
  %per_block = arith.constant 128 : i32
  scf.for %b = %c0 to %blocks step %c2 {
    %n = memref.load %count[%c6] : memref<8xi32>
    %s = arith.addi %n, %per_block : i32
    memref.store %s, %count[%c6] : memref<8xi32>
  }
  return
}
