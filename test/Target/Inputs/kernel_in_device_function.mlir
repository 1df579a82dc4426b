// A kernel calls a function that launches a kernel of its own.
func.func private @scale_rows(%Y: memref<?xf32>, %x: f32) {
  scf.forall (%b) in (4) {
    memref.store %x, %Y[%b] : memref<?xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @outer(%Y: memref<?xf32>) {
  %x = arith.constant 2.0 : f32
  scf.forall (%b) in (2) {
    func.call @scale_rows(%Y, %x) : (memref<?xf32>, f32) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// A function whose kernel calls the function itself.
func.func private @again(%Y: memref<?x?xf16>) {
  scf.forall (%b) in (4) {
    func.call @again(%Y) : (memref<?x?xf16>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
