// sin, cos and tan of A, one column each (@trig), and the same of A taken
// four lanes at a time as vector<4xf32> (@trig4; A's length a multiple of
// 4).
func.func @trig(%A: memref<?xf32>, %C: memref<?x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
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
        %s = math.sin %x : f32
        %c = math.cos %x : f32
        %tn = math.tan %x : f32
        memref.store %s, %C[%i, %c0] : memref<?x3xf32>
        memref.store %c, %C[%i, %c1] : memref<?x3xf32>
        memref.store %tn, %C[%i, %c2] : memref<?x3xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}

func.func @trig4(%A: memref<?xf32>, %S: memref<?xf32>, %C: memref<?xf32>, %T: memref<?xf32>) {
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
        %s = math.sin %x : vector<4xf32>
        %c = math.cos %x : vector<4xf32>
        %tn = math.tan %x : vector<4xf32>
        vector.store %s, %S[%i] : memref<?xf32>, vector<4xf32>
        vector.store %c, %C[%i] : memref<?xf32>, vector<4xf32>
        vector.store %tn, %T[%i] : memref<?xf32>, vector<4xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}
