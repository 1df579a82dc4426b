// RUN: tile-opt --target=vulkan --split-input-file --verify-diagnostics %s -o /dev/null

// The float atomics vulkan kernels do not compute are reported at the op
// (they failed inside convert-gpu-to-spirv); atomic-float-spirv.mlir has the
// ones they do.

// Other float atomics are reported at the op: f16 additions into shared
// memory among them (those into buffers are compare-and-swap loops on
// words, through a second view of the buffer that shared memory has not).
func.func @half(%C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<16xf16, #tile.fragment>
    %s = "tile.alloc"() : () -> memref<16xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'memref.atomic_rmw' op applies addf atomically to f16 values in workgroup memory, which the vulkan target does not support yet: memref.atomic_rmw addi, andi, ori, maxs, maxu, mins and minu of integers, and addf of f32 or f64, or of f16 in buffers, whose old value is unused, work}}
    "tile.atomic_add"(%x, %s, %c0) : (memref<16xf16, #tile.fragment>, memref<16xf16, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %C, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf16, #gpu.address_space<workgroup>>, memref<?xf16>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @old_value(%C: memref<?xf32>, %O: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (4) {
    scf.forall (%t) in (32) {
      // expected-error @+1 {{'memref.atomic_rmw' op applies addf atomically and uses the old value, which the vulkan target does not support yet}}
      %old = memref.atomic_rmw addf %one, %C[%t] : (f32, memref<?xf32>) -> f32
      memref.store %old, %O[%t] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @maximum(%C: memref<?xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (4) {
    scf.forall (%t) in (32) {
      // expected-error @+1 {{'memref.atomic_rmw' op applies maximumf atomically to f32 values, which the vulkan target does not support yet}}
      %old = memref.atomic_rmw maximumf %one, %C[%t] : (f32, memref<?xf32>) -> f32
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
