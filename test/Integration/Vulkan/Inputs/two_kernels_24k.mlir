// Two kernels with 24 KiB of shared memory each (one SPIR-V module, 48 KiB
// of Workgroup variables in all): the first fills A with 1, the second
// adds 2 to every element through its own shared tile.
func.func @k(%A: memref<6144xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<6144xf32, #gpu.address_space<workgroup>>
    "tile.fill"(%s, %one) : (memref<6144xf32, #gpu.address_space<workgroup>>, f32) -> ()
    "tile.copy"(%s, %A) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<6144xf32, #gpu.address_space<workgroup>>, memref<6144xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  scf.forall (%b) in (1) {
    %t = "tile.alloc"() : () -> memref<6144xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<6144xf32>, memref<6144xf32, #gpu.address_space<workgroup>>) -> ()
    scf.forall (%i) in (6144) {
      %x = memref.load %t[%i] : memref<6144xf32, #gpu.address_space<workgroup>>
      %y = arith.addf %x, %two : f32
      memref.store %y, %t[%i] : memref<6144xf32, #gpu.address_space<workgroup>>
    }
    "tile.copy"(%t, %A) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<6144xf32, #gpu.address_space<workgroup>>, memref<6144xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
