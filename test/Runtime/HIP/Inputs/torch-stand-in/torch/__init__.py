"""A stand-in for PyTorch that answers only what bench/rocm_run.py asks
before it runs a kernel (which GPU there is), as TORCH_STAND_IN says:
  missing   the import fails, as where PyTorch is not installed
  cuda      a CUDA build (torch.version.hip is None)
  no-gpu    a ROCm build that sees no GPU
  gfxNNN    a ROCm build with one AMD GPU of that chip
Anything that would run a kernel is absent, so a run that gets that far
fails."""
import os
import types

_mode = os.environ.get("TORCH_STAND_IN", "missing")
if _mode == "missing":
    raise ImportError("No module named 'torch' (the stand-in says so)")

__version__ = "0.0-stand-in"
version = types.SimpleNamespace(hip=None if _mode == "cuda" else "0.0-stand-in",
                                cuda="0.0" if _mode == "cuda" else None)


def _properties(device):
    return types.SimpleNamespace(name="Stand-in GPU", gcnArchName=_mode + ":sramecc+:xnack-")


def zeros(*shape, device=None):
    return None


cuda = types.SimpleNamespace(
    is_available=lambda: _mode not in ("cuda", "no-gpu"),
    device_count=lambda: 1,
    get_device_name=lambda device=0: "Stand-in GPU",
    get_device_properties=_properties)
backends = types.SimpleNamespace(
    cuda=types.SimpleNamespace(preferred_blas_library=lambda: "_BlasBackend.Cublaslt"))
