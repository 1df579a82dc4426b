#!/usr/bin/env bash
# The half of the GPU check that runs where tile-mlir builds (LLVM/MLIR 22):
# compiles every CUDA kernel (examples/*.mlir and the CUDA test kernels,
# f16 and bf16 gemms) ahead of time for sm_90a and sm_80 with tile-run
# --emit-object/--emit-header, links each into its own shared library with
# libtile_rt_cuda.so, and puts them beside bench/gpu_run.py in one folder
# that needs nothing but a CUDA driver and Python with PyTorch to run:
#
#   bench/gpu_prepare.sh [DIR]          (default: build/gpu-bundle)
#   KERNELS="gemm gemm_tma" CHIPS=sm_90a bench/gpu_prepare.sh   (a subset)
#   BUILD=build-other bench/gpu_prepare.sh
#
# Then, on the GPU machine (no LLVM there):  python3 DIR/gpu_run.py
# (docs/cuda.md, "The GPU check"). The ROCm counterpart is
# bench/rocm_prepare.sh; what both do is bench/aot_bundle.sh.
set -euo pipefail

. "$(dirname "$0")/aot_bundle.sh"

# name | source | kind (what gpu_run.py checks it against) | element type |
# the chips it is for, when not all; after the examples (bench/aot_bundle.sh).
# The bf16 gemms are their f16 sources with every f16 made bf16. gemm_hopper
# states the warp-specialised wgmma path (tile_cuda.path), which sm_80
# refuses.
kernels() {
  bundle_examples
  cat <<'LIST'
gemm_tma         test/Target/CUDA/Inputs/gemm_128x128x64.mlir  gemm            f16
gemm_tma_bf16    test/Target/CUDA/Inputs/gemm_128x128x64.mlir  gemm            bf16
gemm_ws_k32      test/Target/CUDA/Inputs/gemm_128x256x32.mlir  gemm            f16
gemm_ws_k32_bf16 test/Target/CUDA/Inputs/gemm_128x256x32.mlir  gemm            bf16
gemm_ws_256x128  test/Target/CUDA/Inputs/gemm_256x128x64.mlir  gemm            f16
vector_add_scratch test/Runtime/CUDA/Inputs/vector-add-scratch.mlir vector_add f32
LIST
  if [ -e "$bundle_root/examples/gemm_hopper.mlir" ]; then
    echo "gemm_hopper      examples/gemm_hopper.mlir                     gemm            f16  sm_90a"
    echo "gemm_hopper_bf16 examples/gemm_hopper.mlir                     gemm            bf16 sm_90a"
  fi
}

bundle_prepare gpu_prepare.sh cuda tile_rt_cuda "${1:-$bundle_build/gpu-bundle}" \
  "${CHIPS:-sm_90a sm_80}" gpu_run.py gpu_bundle.py < <(kernels)
