// Scalar kernel arguments of every kind the vulkan ABI packs (index, i32,
// i16, f32, f16), and buffers of static and dynamic shape, with no tile op:
// Y[i, j] = X[i, j] * s + k + h + w for i < rows (rows <= M), Y[i, j] = -1
// elsewhere.
func.func @scalars(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %V: memref<4xf32>,
                   %rows: index, %k: i32, %h: i16, %s: f32, %w: f16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %minus1 = arith.constant -1.0 : f32
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %grid = arith.ceildivui %M, %c64 : index
  scf.forall (%b) in (%grid) {
    %r0 = arith.muli %b, %c64 : index
    scf.forall (%i, %j) in (64, %N) {
      %row = arith.addi %r0, %i : index
      %in_m = arith.cmpi ult, %row, %M : index
      scf.if %in_m {
        %in_rows = arith.cmpi ult, %row, %rows : index
        %x = memref.load %X[%row, %j] : memref<?x?xf32>
        %xs = arith.mulf %x, %s : f32
        %kf = arith.sitofp %k : i32 to f32
        %hf = arith.sitofp %h : i16 to f32
        %wf = arith.extf %w : f16 to f32
        %v = memref.load %V[%c2] : memref<4xf32>
        %y0 = arith.addf %xs, %kf : f32
        %y1 = arith.addf %y0, %hf : f32
        %y2 = arith.addf %y1, %wf : f32
        %y3 = arith.addf %y2, %v : f32
        %y = arith.select %in_rows, %y3, %minus1 : f32
        memref.store %y, %Y[%row, %j] : memref<?x?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @scalars_ref(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %V: memref<4xf32>,
                       %rows: index, %k: i32, %h: i16, %s: f32, %w: f16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %minus1 = arith.constant -1.0 : f32
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      %in_rows = arith.cmpi ult, %i, %rows : index
      %x = memref.load %X[%i, %j] : memref<?x?xf32>
      %xs = arith.mulf %x, %s : f32
      %kf = arith.sitofp %k : i32 to f32
      %hf = arith.sitofp %h : i16 to f32
      %wf = arith.extf %w : f16 to f32
      %v = memref.load %V[%c2] : memref<4xf32>
      %y0 = arith.addf %xs, %kf : f32
      %y1 = arith.addf %y0, %hf : f32
      %y2 = arith.addf %y1, %wf : f32
      %y3 = arith.addf %y2, %v : f32
      %y = arith.select %in_rows, %y3, %minus1 : f32
      memref.store %y, %Y[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
