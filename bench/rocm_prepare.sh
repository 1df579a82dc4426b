#!/usr/bin/env bash
# The half of the ROCm GPU check that runs where tile-mlir builds
# (LLVM/MLIR 22): compiles the kernels that make sense on AMD GPUs ahead of
# time for gfx942 (MI300) with tile-run --emit-object/--emit-header, links
# each into its own shared library with libtile_rt_hip.so, and puts them
# beside bench/rocm_run.py in one folder that needs nothing but ROCm's HIP
# runtime and Python with a ROCm build of PyTorch to run:
#
#   bench/rocm_prepare.sh [DIR]         (default: build/rocm-bundle)
#   CHIPS="gfx942 gfx90a gfx1100" bench/rocm_prepare.sh     (more chips)
#   KERNELS="gemm gemm_rocm" bench/rocm_prepare.sh          (a subset)
#
# Then, on the AMD GPU machine (no LLVM there):  python3 DIR/rocm_run.py
# (docs/rocm.md, "The GPU check"). What this shares with the CUDA
# bench/gpu_prepare.sh is bench/aot_bundle.sh.
set -euo pipefail

. "$(dirname "$0")/aot_bundle.sh"

# name | source | kind (what rocm_run.py checks it against) | element type |
# the chips it is for, when not all; after the examples (bench/aot_bundle.sh).
# The bf16 gemms are their f16 sources with every f16 made bf16. gemm_rocm
# states CDNA matrix-core choices (tile_rocm ops) that RDNA chips, and for
# bf16 gfx908, refuse. gemm_direct (B stored n x k) takes the direct-to-LDS
# loads of gfx942 and gfx950, and states them.
kernels() {
  bundle_examples
  cat <<'LIST'
gemm_rocm        examples/gemm_rocm.mlir               gemm            f16   gfx908,gfx90a,gfx942,gfx950
gemm_rocm_bf16   examples/gemm_rocm.mlir               gemm            bf16  gfx90a,gfx942,gfx950
gemm_i8          test/Target/ROCm/Inputs/gemm_i8.mlir  gemm            i8
gemm_direct      test/Target/ROCm/Inputs/gemm_direct.mlir  gemm_bt     f16   gfx942,gfx950
vector_add_scratch test/Runtime/CUDA/Inputs/vector-add-scratch.mlir vector_add f32
LIST
}

bundle_prepare rocm_prepare.sh rocm tile_rt_hip "${1:-$bundle_build/rocm-bundle}" \
  "${CHIPS:-gfx942}" rocm_run.py gpu_bundle.py < <(kernels)
