// One op each of CUDA's nvgpu and nvvm dialects and of AMD's amdgpu.
func.func @k(%A: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    %g = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    nvgpu.mbarrier.init %g[%c0], %c1 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    %t = nvvm.read.ptx.sreg.tid.x : i32
    amdgpu.lds_barrier
    memref.store %t, %A[%b] : memref<?xi32>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
