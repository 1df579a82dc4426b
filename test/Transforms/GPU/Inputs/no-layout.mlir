// A kernel that tile-gpu-layout has not seen.
func.func @no_layout(%zero: f32) {
  // expected-error @+1 {{'scf.forall' op has no valid thread grid; run tile-gpu-layout first}}
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    "tile.fill"(%f, %zero) : (memref<32xf32, #tile.fragment>, f32) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
