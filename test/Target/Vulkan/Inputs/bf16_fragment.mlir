// A bf16 fragment between two f32 buffers: each value rounded to bf16.
func.func @k(%A: memref<?xf32>, %B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%b) in (%blocks) {
    %o = arith.muli %b, %c64 : index
    %h = "tile.alloc"() : () -> memref<64xbf16, #tile.fragment>
    "tile.copy"(%A, %h, %o) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<64xbf16, #tile.fragment>, index) -> ()
    "tile.copy"(%h, %B, %o) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<64xbf16, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @ref(%A: memref<?xf32>, %B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %A[%i] : memref<?xf32>
    %t = arith.truncf %a : f32 to bf16
    %e = arith.extf %t : bf16 to f32
    memref.store %e, %B[%i] : memref<?xf32>
  }
  return
}
