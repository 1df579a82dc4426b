// Y = exp(X) + exp2(X) + log(X) + log2(X) + tanh(X), elementwise, in f32
// and in f16 (computed in f32).
func.func @math(%X: memref<256xf32>, %Y: memref<256xf32>, %H: memref<256xf16>) {
  scf.forall (%b) in (1) {
    scf.forall (%t) in (256) {
      %x = memref.load %X[%t] : memref<256xf32>
      %e = math.exp %x : f32
      %e2 = math.exp2 %x : f32
      %l = math.log %x : f32
      %l2 = math.log2 %x : f32
      %th = math.tanh %x : f32
      %s1 = arith.addf %e, %e2 : f32
      %s2 = arith.addf %l, %l2 : f32
      %s3 = arith.addf %s1, %s2 : f32
      %s = arith.addf %s3, %th : f32
      memref.store %s, %Y[%t] : memref<256xf32>
      %h = memref.load %H[%t] : memref<256xf16>
      %ht = math.tanh %h : f16
      memref.store %ht, %H[%t] : memref<256xf16>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}
