// Reductions of a fragment whose thread grid is wider than the tile: 256
// threads over 16x32 tiles. A gemm whose A is a fragment wants each thread
// to hold whole rows, so the grid is 256x1 and threads 16 to 255 hold no
// row (the gemm multiplies by zeros: only its layout matters here). Blocks
// own 32 columns of X[M, N] and walk its rows in tiles of 16:
//   colmax[j]      = max_i X[i, j]                 (column reduction, kept)
//   rowsum[b, i]   = sum of row i over block b's columns
//   total[b]       = sum of colsum over the block's columns (vector -> scalar)
// SUBGROUP is 1 (no shuffles) or the subgroup size the kernel states.
!tile = memref<16x32xf32, #tile.fragment>
!cols = memref<32xf32, #tile.fragment>
!rows = memref<16xf32, #tile.fragment>
!scalar = memref<f32, #tile.fragment>
func.func @wide(%X: memref<?x?xf32>, %colmax: memref<?xf32>,
                %rowsum: memref<?x?xf32>, %total: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %grid = arith.ceildivui %N, %c32 : index
  %row_tiles = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    STATE_SUBGROUP
    %t = "tile.alloc"() : () -> !tile
    %t_max = "tile.alloc"() : () -> !tile
    %cmax = "tile.alloc"() : () -> !cols
    %csum = "tile.alloc"() : () -> !cols
    %rsum = "tile.alloc"() : () -> !rows
    %sum = "tile.alloc"() : () -> !scalar
    %zeros = "tile.alloc"() : () -> memref<32x32xf32, #gpu.address_space<workgroup>>
    %z = "tile.alloc"() : () -> !tile
    "tile.fill"(%zeros, %zero) : (memref<32x32xf32, #gpu.address_space<workgroup>>, f32) -> ()
    "tile.fill"(%z, %zero) : (!tile, f32) -> ()
    "tile.fill"(%cmax, %ninf) : (!cols, f32) -> ()
    "tile.fill"(%sum, %zero) : (!scalar, f32) -> ()
    %n0 = arith.muli %b, %c32 : index
    scf.for %r = %c0 to %row_tiles step %c1 {
      %m0 = arith.muli %r, %c16 : index
      "tile.copy"(%X, %t, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, !tile, index, index) -> ()
      "tile.copy"(%X, %t_max, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 0xFF800000 : f32}
          : (memref<?x?xf32>, !tile, index, index) -> ()
      "tile.gemm"(%t, %zeros, %z) : (!tile, memref<32x32xf32, #gpu.address_space<workgroup>>, !tile) -> ()
      "tile.reduce"(%t_max, %cmax) {kind = "max", dim = 0 : i64, clear = false} : (!tile, !cols) -> ()
      "tile.reduce"(%t, %csum) {kind = "sum", dim = 0 : i64} : (!tile, !cols) -> ()
      "tile.reduce"(%csum, %sum) {kind = "sum", dim = 0 : i64, clear = false} : (!cols, !scalar) -> ()
      "tile.reduce"(%t, %rsum) {kind = "sum", dim = 1 : i64} : (!tile, !rows) -> ()
      "tile.copy"(%rsum, %rowsum, %b, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
          : (!rows, memref<?x?xf32>, index, index) -> ()
    }
    "tile.copy"(%cmax, %colmax, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (!cols, memref<?xf32>, index) -> ()
    "tile.copy"(%sum, %total, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (!scalar, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}

func.func @wide_ref(%X: memref<?x?xf32>, %colmax: memref<?xf32>,
                    %rowsum: memref<?x?xf32>, %total: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %G = memref.dim %total, %c0 : memref<?xf32>
  scf.for %j = %c0 to %N step %c1 {
    %m = scf.for %i = %c0 to %M step %c1 iter_args(%acc = %ninf) -> f32 {
      %x = memref.load %X[%i, %j] : memref<?x?xf32>
      %y = arith.maximumf %acc, %x : f32
      scf.yield %y : f32
    }
    memref.store %m, %colmax[%j] : memref<?xf32>
  }
  scf.for %b = %c0 to %G step %c1 {
    %n0 = arith.muli %b, %c32 : index
    %n1 = arith.addi %n0, %c32 : index
    %n_end = arith.minui %n1, %N : index
    %t = scf.for %i = %c0 to %M step %c1 iter_args(%all = %zero) -> f32 {
      %s = scf.for %j = %n0 to %n_end step %c1 iter_args(%acc = %zero) -> f32 {
        %x = memref.load %X[%i, %j] : memref<?x?xf32>
        %y = arith.addf %acc, %x : f32
        scf.yield %y : f32
      }
      memref.store %s, %rowsum[%b, %i] : memref<?x?xf32>
      %a = arith.addf %all, %s : f32
      scf.yield %a : f32
    }
    memref.store %t, %total[%b] : memref<?xf32>
  }
  return
}
