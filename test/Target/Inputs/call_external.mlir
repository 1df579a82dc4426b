// A kernel that calls a function declared but not defined in the input.
func.func private @ext(f32) -> f32
func.func @k(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<128xf32, #tile.fragment>
    "tile.copy"(%A, %f, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<128xf32, #tile.fragment>, index) -> ()
    scf.forall (%i) in (128) {
      %v = memref.load %f[%i] : memref<128xf32, #tile.fragment>
      %w = func.call @ext(%v) : (f32) -> f32
      memref.store %w, %f[%i] : memref<128xf32, #tile.fragment>
    }
    "tile.copy"(%f, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<128xf32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
