#!/usr/bin/env bash
# Host time of one call of the 128x128x64 TMA + wgmma gemm
# (test/Target/CUDA/Inputs/gemm_128x128x64.mlir), compiled ahead of time for
# sm_90a and called from C: kernel, launch and synchronisation included.
#
#   bench/gpu_call_cost.sh [CALLS]        on the CUDA driver of this machine
#   MOCK=1 bench/gpu_call_cost.sh         on the stand-in driver of the tests
#                                         (its calls do nothing: what is left
#                                         is the generated host code and
#                                         libtile_rt_cuda.so)
# bench/gpu_run.py measures the same on a GPU machine without LLVM.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-build}
case $build in /*) ;; *) build=$root/$build ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$build/bin/tile-run" "$root/test/Target/CUDA/Inputs/gemm_128x128x64.mlir" \
  --target=cuda:sm_90a --emit-object="$work/gemm.o" --emit-header="$work/gemm.h"
${CC:-cc} -O2 -I"$work" -I"$root/lib/runtime/shims/cuda" \
  "$root/bench/gpu_call_cost.c" "$work/gemm.o" -L"$build/lib" -ltile_rt_cuda \
  -Wl,-rpath,"$build/lib" -o "$work/call_cost"
if [ "${MOCK:-0}" = 1 ]; then
  export LD_LIBRARY_PATH=$build/test/Runtime/CUDA/mock-driver
fi
"$work/call_cost" "$@"
