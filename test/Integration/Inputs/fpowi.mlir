// math.fpowi of f32 by an i32 exponent (@fpowi), the same four lanes at a
// time (@fpowi4; the length a multiple of 4), of f16 (@fpowi16), and of f32
// by an i64 exponent (@fpowi64).
func.func @fpowi(%A: memref<?xf32>, %N: memref<?xi32>, %C: memref<?xf32>) {
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
        %e = memref.load %N[%i] : memref<?xi32>
        %r = math.fpowi %x, %e : f32, i32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}

func.func @fpowi4(%A: memref<?xf32>, %N: memref<?xi32>, %C: memref<?xf32>) {
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
        %e = vector.load %N[%i] : memref<?xi32>, vector<4xi32>
        %r = math.fpowi %x, %e : vector<4xf32>, vector<4xi32>
        vector.store %r, %C[%i] : memref<?xf32>, vector<4xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}

func.func @fpowi16(%A: memref<?xf16>, %N: memref<?xi32>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %n = memref.dim %A, %c0 : memref<?xf16>
  %blocks = arith.ceildivui %n, %c256 : index
  scf.forall (%bk) in (%blocks) {
    scf.forall (%t) in (256) {
      %base = arith.muli %bk, %c256 : index
      %i = arith.addi %base, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %e = memref.load %N[%i] : memref<?xi32>
        %r = math.fpowi %x, %e : f16, i32
        memref.store %r, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}

func.func @fpowi64(%A: memref<?xf32>, %N: memref<?xi64>, %C: memref<?xf32>) {
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
        %e = memref.load %N[%i] : memref<?xi64>
        %r = math.fpowi %x, %e : f32, i64
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}
