// A math op on f64 in a kernel, for the vulkan target's error.
func.func @sin_f64(%A: memref<?xf64>, %C: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<?xf64>
      // expected-error @below {{'math.sin' op on f64 has no lowering on the vulkan target: GLSL.std.450's exponential, logarithmic and trigonometric functions take 16- and 32-bit floats only}}
      %z = math.sin %x : f64
      memref.store %z, %C[%i] : memref<?xf64>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
