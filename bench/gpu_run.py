#!/usr/bin/env python3
"""The half of the GPU check that runs on the GPU machine (no LLVM needed).

bench/gpu_prepare.sh compiled every CUDA kernel ahead of time into its own
shared library (lib/lib<kernel>.<chip>.so, beside libtile_rt_cuda.so) and
listed them in manifest.txt. This script, copied beside them with
gpu_bundle.py (what it shares with the ROCm runner, rocm_run.py), needs only
the CUDA driver and Python with PyTorch:

  python3 gpu_run.py                 everything, in under 4 minutes on an H200
  python3 gpu_run.py --only gemm_tma.sm_90a --skip-timing
  python3 gpu_run.py --smoke         no PyTorch: load and call every kernel on
                                     buffers from the runtime (a stand-in
                                     driver runs them as no-ops)

Each kernel runs in its own process (a fault loses one line, not the run):
correctness against a float64 PyTorch reference on shapes that do and do not
divide the tiles, with outputs poisoned (NaN) first; then TFLOP/s of the
GEMMs at 4096^3 and 8192^3 beside cuBLAS (torch.matmul) in the same run,
each call timed alike with CUDA events on the same stream; then the time of
one call of a 128x128x64 GEMM beyond its kernel. The tables come last.
"""
import os
import sys

import gpu_bundle


def native_chip(torch):
    major, minor = torch.cuda.get_device_capability()
    return "sm_%d%d%s" % (major, minor, "a" if major == 9 else "")


CUDA = gpu_bundle.Backend(
    runner=os.path.abspath(__file__), runtime="libtile_rt_cuda.so",
    set_stream="tileRtCudaSetStream", vendor="cuBLAS", events="CUDA",
    native_chip=native_chip, overhead_case="gemm_tma.sm_90a", graphs=True)

if __name__ == "__main__":
    sys.exit(gpu_bundle.main(CUDA, __doc__))
