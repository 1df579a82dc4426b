// tile-fuzz: a kernel calling the function that holds it; the outlining
// copied the launch into device code, where vulkan's kernel ABI followed
// the launch's parents past the module (SIGSEGV).
func.func private @again(%Y: memref<?x?xf16>) {
  scf.forall (%b) in (4) {
    func.call @again(%Y) : (memref<?x?xf16>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
