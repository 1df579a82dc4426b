// Two kernels in one compilation, hence in one SPIR-V module: a gemm on
// 16x8x16 cooperative matrices and a vector add on the SIMT path. The
// module is SPIR-V 1.6 because of the first; the second's entry point is
// valid there too (it lists every variable it uses, as SPIR-V 1.4 and later
// ask).
func.func @gemm_16x8(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf16>
  %grid_m = arith.ceildivui %M, %c32 : index
  scf.forall (%bm) in (%grid_m) {
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 8 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<32x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x32xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %m0 = arith.muli %bm, %c32 : index
    "tile.copy"(%A, %A_s, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%A_s, %B_s, %acc) {clear_accum = true}
        : (memref<32x32xf16, #gpu.address_space<workgroup>>, memref<32x32xf16, #gpu.address_space<workgroup>>,
           memref<32x32xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x32xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @vector_add(%X: memref<?xf32>, %Y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %n = memref.dim %X, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c256 : index
  scf.forall (%b) in (%blocks) {
    %x = "tile.alloc"() : () -> memref<256xf32, #tile.fragment>
    %y = "tile.alloc"() : () -> memref<256xf32, #tile.fragment>
    %o = arith.muli %b, %c256 : index
    "tile.copy"(%X, %x, %o) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xf32>, memref<256xf32, #tile.fragment>, index) -> ()
    "tile.copy"(%Y, %y, %o) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xf32>, memref<256xf32, #tile.fragment>, index) -> ()
    scf.forall (%i) in (256) {
      %a = memref.load %x[%i] : memref<256xf32, #tile.fragment>
      %c = memref.load %y[%i] : memref<256xf32, #tile.fragment>
      %s = arith.addf %a, %c : f32
      memref.store %s, %y[%i] : memref<256xf32, #tile.fragment>
    }
    "tile.copy"(%y, %Y, %o) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<256xf32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}
