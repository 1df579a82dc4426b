// vector.reduction of every kind over 4 lanes: float kinds over F (rows of
// 4), integer kinds over I; one thread per row. R[i, 6:8] are the scalar
// arith.maximumf and minimumf of F[i, 0] and F[i, 1].
func.func @reductions(%F: memref<256x4xf32>, %I: memref<256x4xi32>, %R: memref<256x8xf32>, %S: memref<256x7xi32>) {
  scf.forall (%bk) in (4) {
    scf.forall (%t) in (64) {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %base = arith.muli %bk, %c64 : index
      %i = arith.addi %base, %t : index
      %f = vector.load %F[%i, %c0] : memref<256x4xf32>, vector<4xf32>
      %n = vector.load %I[%i, %c0] : memref<256x4xi32>, vector<4xi32>
      %f0 = vector.reduction <minimumf>, %f : vector<4xf32> into f32
      %f1 = vector.reduction <maximumf>, %f : vector<4xf32> into f32
      %f2 = vector.reduction <add>, %f : vector<4xf32> into f32
      %f3 = vector.reduction <mul>, %f : vector<4xf32> into f32
      %one = arith.constant 1.0 : f32
      %f4 = vector.reduction <minimumf>, %f, %one : vector<4xf32> into f32
      %f5 = vector.reduction <maximumf>, %f, %one : vector<4xf32> into f32
      %fs = vector.from_elements %f0, %f1, %f2, %f3 : vector<4xf32>
      vector.store %fs, %R[%i, %c0] : memref<256x8xf32>, vector<4xf32>
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      memref.store %f4, %R[%i, %c4] : memref<256x8xf32>
      memref.store %f5, %R[%i, %c5] : memref<256x8xf32>
      %c1 = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %x = memref.load %F[%i, %c0] : memref<256x4xf32>
      %y = memref.load %F[%i, %c1] : memref<256x4xf32>
      %mx = arith.maximumf %x, %y : f32
      %mn = arith.minimumf %x, %y : f32
      %c7 = arith.constant 7 : index
      memref.store %mx, %R[%i, %c6] : memref<256x8xf32>
      memref.store %mn, %R[%i, %c7] : memref<256x8xf32>
      %n0 = vector.reduction <and>, %n : vector<4xi32> into i32
      %n1 = vector.reduction <or>, %n : vector<4xi32> into i32
      %n2 = vector.reduction <xor>, %n : vector<4xi32> into i32
      %n3 = vector.reduction <minsi>, %n : vector<4xi32> into i32
      %n4 = vector.reduction <maxui>, %n : vector<4xi32> into i32
      %n5 = vector.reduction <add>, %n : vector<4xi32> into i32
      %seven = arith.constant 7 : i32
      %n6 = vector.reduction <xor>, %n, %seven : vector<4xi32> into i32
      %ns = vector.from_elements %n0, %n1, %n2, %n3 : vector<4xi32>
      vector.store %ns, %S[%i, %c0] : memref<256x7xi32>, vector<4xi32>
      memref.store %n4, %S[%i, %c4] : memref<256x7xi32>
      memref.store %n5, %S[%i, %c5] : memref<256x7xi32>
      memref.store %n6, %S[%i, %c6] : memref<256x7xi32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
