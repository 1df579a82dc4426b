// Pass options that name a chip, target features or a target are checked
// when the pipeline is parsed, as --target's are: a misspelt chip made the
// pass take it for an older chip or for none (tile-cuda-mma{chip=sm80} left
// every gemm on the SIMT path, tile-gpu-subgroup-ops{target=cudaa} lowered
// nothing), without a word.

// RUN: not tile-opt --tile-cuda-mma=chip=sm80 %s 2>&1 | FileCheck %s --check-prefix=CUDA-CHIP
// CUDA-CHIP: error: invalid value 'sm80' for option 'chip' of pass 'tile-cuda-mma': unknown cuda chip 'sm80' (valid: sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a)
// RUN: not tile-opt '--pass-pipeline=builtin.module(func.func(tile-cuda-wgmma{chip=sm_90a features=+ptx8.3}))' %s 2>&1 | FileCheck %s --check-prefix=PTX
// PTX: error: invalid value '+ptx8.3' for option 'features' of pass 'tile-cuda-wgmma': cuda features '+ptx8.3' are not a PTX ISA version LLVM knows (+ptxNN, e.g. +ptx80; from +ptx32 to +ptx90)
// RUN: not tile-opt --tile-rocm-matrix=chip=gfx94 %s 2>&1 | FileCheck %s --check-prefix=ROCM-CHIP
// ROCM-CHIP: error: invalid value 'gfx94' for option 'chip' of pass 'tile-rocm-matrix': unknown rocm chip 'gfx94' (valid: gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1201)
// RUN: not tile-opt --tile-cpu-gemm=cpu=skylake-avx %s 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: invalid value 'skylake-avx' for option 'cpu' of pass 'tile-cpu-gemm': unknown cpu 'skylake-avx' (valid: native, x86-64,
// RUN: not tile-opt --tile-cpu-reduce=features=+avx513f %s 2>&1 | FileCheck %s --check-prefix=CPU-FEATURES
// CPU-FEATURES: error: invalid value '+avx513f' for option 'features' of pass 'tile-cpu-reduce': unknown cpu feature 'avx513f'
// RUN: not tile-opt '--pass-pipeline=builtin.module(gpu.module(tile-gpu-subgroup-ops{target=cudaa}))' %s 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: invalid value 'cudaa' for option 'target' of pass 'tile-gpu-subgroup-ops' (expected one of: cuda|rocm|vulkan)
// RUN: not tile-opt '--pass-pipeline=builtin.module(gpu.module(tile-gpu-subgroup-ops{target=cuda chip=sm80}))' %s 2>&1 | FileCheck %s --check-prefix=SUBGROUP-CHIP
// SUBGROUP-CHIP: error: invalid value 'sm80' for option 'chip' of pass 'tile-gpu-subgroup-ops': 'sm80' is no chip (sm_NN or sm_NNa for cuda, gfxNNN or gfxNNNN for rocm)
// RUN: not tile-opt '--pass-pipeline=builtin.module(func.func(tile-vulkan-cooperative-matrix{spirv=v1.6}))' %s 2>&1 | FileCheck %s --check-prefix=SPIRV
// SPIRV: error: invalid value 'v1.6' for option 'spirv' of pass 'tile-vulkan-cooperative-matrix' (expected one of: v1.0|v1.1|v1.2|v1.3)

// The values the pipelines give, and the chips of each list, are taken.
// RUN: tile-opt --tile-cuda-mma=chip=sm_75 --tile-cuda-limits=chip=sm_90a --tile-rocm-waves=chip=gfx1201 --tile-cpu-gemm='cpu=x86-64-v3 features=-avx2,+fma' --tile-cpu-fill=cpu=native %s -o /dev/null
// RUN: tile-opt '--pass-pipeline=builtin.module(gpu.module(tile-gpu-subgroup-ops{target=rocm chip=gfx1100}, tile-gpu-subgroup-ops{target=cuda chip=}, tile-gpu-subgroup-ops{target=vulkan chip=sm_90a}), func.func(tile-cuda-path{chip=sm_90a features=+ptx90}))' %s -o /dev/null

func.func @f() {
  return
}
