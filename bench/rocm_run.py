#!/usr/bin/env python3
"""The half of the ROCm GPU check that runs on the AMD GPU machine (no LLVM
needed).

bench/rocm_prepare.sh compiled the kernels ahead of time into one shared
library each (lib/lib<kernel>.<chip>.so, gfx942 unless CHIPS said more,
beside libtile_rt_hip.so) and listed them in manifest.txt. This script,
copied beside them with gpu_bundle.py (what it shares with the CUDA runner,
gpu_run.py), needs only ROCm's HIP runtime and Python with a ROCm build of
PyTorch (torch.version.hip set; its torch.cuda is the HIP device):

  python3 rocm_run.py                everything, in under 4 minutes
  python3 rocm_run.py --only gemm_rocm.gfx942 --skip-timing
  python3 rocm_run.py --smoke        no PyTorch: load and call every kernel on
                                     buffers from the runtime (the stand-in
                                     runtime of the tests runs them as no-ops)

A first process asks PyTorch which GPU it sees and says so (name, gfx chip,
PyTorch and HIP versions, the BLAS behind torch.matmul, the libamdhip64 in
the process); libraries compiled for another chip are skipped with one line
each, since a code object runs only on its own chip. Then each kernel runs
in its own process: correctness against a float64 PyTorch reference on
shapes that do and do not divide the tiles, outputs poisoned first (NaN, or
-2^31 for the i8 gemm's i32); TFLOP/s of the f16/bf16 GEMMs (TOP/s of the i8
one) at 4096^3 and 8192^3 beside hipBLASLt/rocBLAS (torch.matmul,
torch._int_mm for i8) in the same run, each call timed alike with HIP events
on PyTorch's stream; then the time of one call of a 128x128x64 GEMM beyond
its kernel. The tables come last.
"""
import os
import sys

import gpu_bundle


def native_chip(torch):
    """gfx942 of 'gfx942:sramecc+:xnack-'."""
    arch = getattr(torch.cuda.get_device_properties(0), "gcnArchName", "")
    return arch.split(":")[0] or "unknown"


def loaded_hip_library():
    """The libamdhip64 this process has loaded (PyTorch's own, in a wheel)."""
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                path = line.split()[-1]
                if os.path.basename(path).startswith("libamdhip64.so"):
                    return path
    except OSError:
        pass
    return None


def use_pytorchs_runtime(torch):
    """libtile_rt_hip.so opens libamdhip64 at its first call: the one PyTorch
    loaded, so that both use one runtime (streams, memory), also where
    PyTorch carries a runtime of its own that the loader would not find by
    the names the library tries (libamdhip64.so.6, .so.5, .so)."""
    if not os.environ.get("TILE_HIP_LIBRARY"):
        path = loaded_hip_library()
        if path:
            os.environ["TILE_HIP_LIBRARY"] = path


def blas_name(torch):
    """What torch.matmul calls: hipBLASLt or rocBLAS (PyTorch names them
    after their CUDA counterparts), or Composable Kernel."""
    try:
        backend = str(torch.backends.cuda.preferred_blas_library())
    except (AttributeError, RuntimeError):
        return "unknown"
    for suffix, name in (("Cublaslt", "hipBLASLt"), ("Cublas", "rocBLAS"), ("Ck", "CK")):
        if backend.endswith(suffix):
            return name
    return backend


def describe(torch):
    if not getattr(torch.version, "hip", None):
        return dict(problem="this PyTorch (%s) is not built for ROCm: torch.version.hip "
                    "is not set" % torch.__version__)
    if not torch.cuda.is_available():
        return dict(problem="PyTorch %s (HIP %s) sees no AMD GPU: torch.cuda.is_available() "
                    "is false" % (torch.__version__, torch.version.hip))
    torch.zeros(1, device="cuda")
    return {"name": torch.cuda.get_device_name(0), "chip": native_chip(torch),
            "devices": torch.cuda.device_count(), "PyTorch": torch.__version__,
            "HIP": torch.version.hip, "torch.matmul": blas_name(torch),
            "libamdhip64": loaded_hip_library() or "not found"}


ROCM = gpu_bundle.Backend(
    runner=os.path.abspath(__file__), runtime="libtile_rt_hip.so",
    set_stream="tileRtHipSetStream", vendor="hipBLASLt/rocBLAS", events="HIP",
    native_chip=native_chip, overhead_case="gemm.", describe=describe,
    setup=use_pytorchs_runtime)

if __name__ == "__main__":
    sys.exit(gpu_bundle.main(ROCM, __doc__))
