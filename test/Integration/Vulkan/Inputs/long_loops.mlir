// Kernels whose threads loop as long as their arguments say, to show what
// a device that ends long loops does with them (loop-guard.test).

// Every thread counts to `limit` in an scf.while whose exit is its
// condition, and writes what it counted to.
func.func @count(%out: memref<?xi32>, %limit: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %size = memref.dim %out, %c0 : memref<?xi32>
  %blocks = arith.ceildivui %size, %c64 : index
  scf.forall (%b) in (%blocks) {
    %o = arith.muli %b, %c64 : index
    scf.parallel (%t) = (%c0) to (%c64) step (%c1) {
      %i = arith.addi %o, %t : index
      %in = arith.cmpi ult, %i, %size : index
      scf.if %in {
        %r = scf.while (%k = %zero) : (i32) -> i32 {
          %go = arith.cmpi slt, %k, %limit : i32
          scf.condition(%go) %k : i32
        } do {
        ^bb0(%k2: i32):
          %next = arith.addi %k2, %one : i32
          scf.yield %next : i32
        }
        memref.store %r, %out[%i] : memref<?xi32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// Nested loops: `limit` outer steps, each an inner loop that ends normally
// (a dynamic 8 steps, which the device cannot unroll), so that only the outer
// loop runs long; every thread writes the steps of both.
func.func @nested(%out: memref<?xi32>, %limit: i32, %inner_steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %size = memref.dim %out, %c0 : memref<?xi32>
  %blocks = arith.ceildivui %size, %c64 : index
  scf.forall (%b) in (%blocks) {
    %o = arith.muli %b, %c64 : index
    scf.parallel (%t) = (%c0) to (%c64) step (%c1) {
      %i = arith.addi %o, %t : index
      %in = arith.cmpi ult, %i, %size : index
      scf.if %in {
        %steps = arith.index_cast %limit : i32 to index
        %r = scf.for %s = %c0 to %steps step %c1 iter_args(%acc = %zero) -> i32 {
          %inner = scf.for %u = %c0 to %inner_steps step %c1 iter_args(%a = %acc) -> i32 {
            %a1 = arith.addi %a, %one : i32
            scf.yield %a1 : i32
          }
          scf.yield %inner : i32
        }
        memref.store %r, %out[%i] : memref<?xi32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// A GEMM whose accumulator is each thread's own 64 x 64 tile: every thread
// multiplies the whole tile, 4096 multiply-adds per step of K (1 wide).
!a_tile = memref<64x1xf32, #gpu.address_space<workgroup>>
!b_tile = memref<1x64xf32, #gpu.address_space<workgroup>>
!c_tile = memref<64x64xf32, #gpu.address_space<private>>
func.func @gemm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %C, %c0 : memref<?x?xf32>
  %N = memref.dim %C, %c1 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c64 : index
  %grid_n = arith.ceildivui %N, %c64 : index
  scf.forall (%i0, %j0) in (%grid_m, %grid_n) {
    %a = "tile.alloc"() : () -> !a_tile
    %b = "tile.alloc"() : () -> !b_tile
    %acc = "tile.alloc"() : () -> !c_tile
    "tile.fill"(%acc, %zero) : (!c_tile, f32) -> ()
    %m0 = arith.muli %i0, %c64 : index
    %n0 = arith.muli %j0, %c64 : index
    scf.for %k0 = %c0 to %K step %c1 {
      "tile.copy"(%A, %a, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, !a_tile, index, index) -> ()
      "tile.copy"(%B, %b, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, !b_tile, index, index) -> ()
      "tile.gemm"(%a, %b, %acc) : (!a_tile, !b_tile, !c_tile) -> ()
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!c_tile, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 32 : i64}
  return
}
