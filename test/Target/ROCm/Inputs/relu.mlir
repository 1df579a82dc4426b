// Y = max(X, 0) elementwise (arith.maximumf: NaNs propagate, -0.0 < +0.0)
// for f32, f16 and bf16, one block of 256 threads per 256 elements.
func.func @relu_f32(%X: memref<?xf32>, %Y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %X, %c0 : memref<?xf32>
  %grid = arith.ceildivui %n, %c256 : index
  scf.forall (%b) in (%grid) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%t) in (256) {
      %i = arith.addi %base, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %X[%i] : memref<?xf32>
        %y = arith.maximumf %x, %zero : f32
        memref.store %y, %Y[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}

func.func @relu_f16(%X: memref<?xf16>, %Y: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f16
  %n = memref.dim %X, %c0 : memref<?xf16>
  %grid = arith.ceildivui %n, %c256 : index
  scf.forall (%b) in (%grid) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%t) in (256) {
      %i = arith.addi %base, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %X[%i] : memref<?xf16>
        %y = arith.maximumf %zero, %x : f16
        memref.store %y, %Y[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}

func.func @relu_bf16(%X: memref<?xbf16>, %Y: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : bf16
  %n = memref.dim %X, %c0 : memref<?xbf16>
  %grid = arith.ceildivui %n, %c256 : index
  scf.forall (%b) in (%grid) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%t) in (256) {
      %i = arith.addi %base, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %X[%i] : memref<?xbf16>
        %y = arith.maximumf %x, %zero : bf16
        memref.store %y, %Y[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}
