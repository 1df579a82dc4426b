// powf(A, B) (@pow), and the same taken four lanes at a time as
// vector<4xf32> (@pow4; the length a multiple of 4).
func.func @pow(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c256 : index
  scf.forall (%bk) in (%blocks) {
    scf.forall (%t) in (256) {
      %base = arith.muli %bk, %c256 : index
      %i = arith.addi %base, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %r = math.powf %x, %y : f32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}

func.func @pow4(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1024 = arith.constant 1024 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c1024 : index
  scf.forall (%bk) in (%blocks) {
    scf.forall (%t) in (256) {
      %base = arith.muli %bk, %c1024 : index
      %off = arith.muli %t, %c4 : index
      %i = arith.addi %base, %off : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %x = vector.load %A[%i] : memref<?xf32>, vector<4xf32>
        %y = vector.load %B[%i] : memref<?xf32>, vector<4xf32>
        %r = math.powf %x, %y : vector<4xf32>
        vector.store %r, %C[%i] : memref<?xf32>, vector<4xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}
