// A kernel tile-verify rejects: the fill value's type is not the buffer's.
func.func @fill(%A: memref<64xf32>, %v: f16) {
  scf.forall (%i) in (1) {
    %f = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    "tile.fill"(%f, %v) : (memref<64xf32, #tile.fragment>, f16) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
