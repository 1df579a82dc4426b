// Local tiles: every thread copies the first 4 elements of its block's 128
// into its own local tile, sums them into a local scalar, and adds that to
// each element it writes: Y[i] = X[i] + (X[b*128] + ... + X[b*128 + 3]).
func.func @local_sum(%X: memref<?xf32>, %Y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %N = memref.dim %X, %c0 : memref<?xf32>
  %grid = arith.ceildivui %N, %c128 : index
  scf.forall (%b) in (%grid) {
    %w = "tile.alloc"() : () -> memref<4xf32, #gpu.address_space<private>>
    %s = "tile.alloc"() : () -> memref<f32, #gpu.address_space<private>>
    %base = arith.muli %b, %c128 : index
    "tile.copy"(%X, %w, %base) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xf32>, memref<4xf32, #gpu.address_space<private>>, index) -> ()
    "tile.reduce"(%w, %s) {kind = "sum", dim = 0 : i64}
        : (memref<4xf32, #gpu.address_space<private>>, memref<f32, #gpu.address_space<private>>) -> ()
    scf.forall (%i) in (128) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %x = memref.load %X[%idx] : memref<?xf32>
        %v = memref.load %s[] : memref<f32, #gpu.address_space<private>>
        %y = arith.addf %x, %v : f32
        memref.store %y, %Y[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @local_sum_ref(%X: memref<?xf32>, %Y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %N = memref.dim %X, %c0 : memref<?xf32>
  scf.for %i = %c0 to %N step %c1 {
    %b = arith.divui %i, %c128 : index
    %base = arith.muli %b, %c128 : index
    %s = scf.for %t = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
      %at = arith.addi %base, %t : index
      %inside = arith.cmpi ult, %at, %N : index
      %v = scf.if %inside -> (f32) {
        %x = memref.load %X[%at] : memref<?xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      %acc2 = arith.addf %acc, %v : f32
      scf.yield %acc2 : f32
    }
    %x = memref.load %X[%i] : memref<?xf32>
    %y = arith.addf %x, %s : f32
    memref.store %y, %Y[%i] : memref<?xf32>
  }
  return
}
