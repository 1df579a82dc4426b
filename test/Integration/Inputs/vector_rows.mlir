// A 2-d multi_reduction (cpu, cuda and rocm; vulkan's vectors have one
// dimension): D[i] = A[i] + A[i + 1] + 2 (A[i + 2] + A[i + 3]) for the rows
// of [[A[i], A[i + 1]], [A[i + 2], A[i + 3]]] summed and weighted 1, 2.
func.func @rows(%A: memref<260xf32>, %D: memref<256xf32>) {
  scf.forall (%bk) in (4) {
    scf.forall (%t) in (64) {
      %c64 = arith.constant 64 : index
      %base = arith.muli %bk, %c64 : index
      %i = arith.addi %base, %t : index
      %v = vector.load %A[%i] : memref<260xf32>, vector<4xf32>
      %m = vector.shape_cast %v : vector<4xf32> to vector<2x2xf32>
      %z = arith.constant dense<0.0> : vector<2xf32>
      %r = vector.multi_reduction <add>, %m, %z [1] : vector<2x2xf32> to vector<2xf32>
      %r0 = vector.extract %r[0] : f32 from vector<2xf32>
      %r1 = vector.extract %r[1] : f32 from vector<2xf32>
      %r2 = arith.addf %r1, %r1 : f32
      %s = arith.addf %r0, %r2 : f32
      memref.store %s, %D[%i] : memref<256xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @rows_ref(%A: memref<260xf32>, %D: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c256 = arith.constant 256 : index
  scf.for %i = %c0 to %c256 step %c1 {
    %i1 = arith.addi %i, %c1 : index
    %i2 = arith.addi %i, %c2 : index
    %i3 = arith.addi %i, %c3 : index
    %a0 = memref.load %A[%i] : memref<260xf32>
    %a1 = memref.load %A[%i1] : memref<260xf32>
    %a2 = memref.load %A[%i2] : memref<260xf32>
    %a3 = memref.load %A[%i3] : memref<260xf32>
    %r0 = arith.addf %a0, %a1 : f32
    %r1 = arith.addf %a2, %a3 : f32
    %r2 = arith.addf %r1, %r1 : f32
    %s = arith.addf %r0, %r2 : f32
    memref.store %s, %D[%i] : memref<256xf32>
  }
  return
}
