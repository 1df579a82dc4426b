// Buffers of complex numbers: C = exp(A * B) + A.
func.func @cbuf(%A: memref<?xcomplex<f32>>, %B: memref<?xcomplex<f32>>, %C: memref<?xcomplex<f32>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xcomplex<f32>>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %x = memref.load %A[%idx] : memref<?xcomplex<f32>>
        %y = memref.load %B[%idx] : memref<?xcomplex<f32>>
        %m = complex.mul %x, %y : complex<f32>
        %e = complex.exp %m : complex<f32>
        %z = complex.add %e, %x : complex<f32>
        memref.store %z, %C[%idx] : memref<?xcomplex<f32>>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
