// Copies between f16 and bf16 (both ways, global -> fragment -> global):
// two 16-bit float types that convert through f32.
func.func @convert(%A: memref<?xbf16>, %B: memref<?xf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %A, %c0 : memref<?xbf16>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%b) in (%blocks) {
    %o = arith.muli %b, %c64 : index
    %h = "tile.alloc"() : () -> memref<64xf16, #tile.fragment>
    %g = "tile.alloc"() : () -> memref<64xbf16, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %h, %o) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xbf16>, memref<64xf16, #tile.fragment>, index) -> ()
    "tile.copy"(%h, %B, %o) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<64xf16, #tile.fragment>, memref<?xf16>, index) -> ()
    "tile.copy"(%h, %g) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (memref<64xf16, #tile.fragment>, memref<64xbf16, #gpu.address_space<workgroup>>) -> ()
    "tile.copy"(%g, %C, %o) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<64xbf16, #gpu.address_space<workgroup>>, memref<?xbf16>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// The same, element by element through f32.
func.func @reference(%A: memref<?xbf16>, %B: memref<?xf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xbf16>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %A[%i] : memref<?xbf16>
    %w = arith.extf %a : bf16 to f32
    %h = arith.truncf %w : f32 to f16
    memref.store %h, %B[%i] : memref<?xf16>
    %v = arith.extf %h : f16 to f32
    %c = arith.truncf %v : f32 to bf16
    memref.store %c, %C[%i] : memref<?xbf16>
  }
  return
}
