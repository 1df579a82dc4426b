// What tile-vulkan-bf16 cannot keep as bits, refused at the op.
func.func @from_f64(%A: memref<?xf64>, %B: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    scf.forall (%t) in (32) {
      %x = memref.load %A[%t] : memref<?xf64>
      // expected-error @+1 {{'arith.truncf' op rounds to bf16 from a type other than f32, which the vulkan target cannot: it keeps bf16 as bits computed from f32, rounding to nearest even (truncate to f32 first)}}
      %h = arith.truncf %x : f64 to bf16
      memref.store %h, %B[%t] : memref<?xbf16>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
