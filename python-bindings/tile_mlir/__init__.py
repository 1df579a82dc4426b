"""tile_mlir: write, compile, inspect and run tile kernels from Python.

    import numpy as np
    import tile_mlir as tm

    artifact = tm.compile(open("examples/vector_add.mlir").read(), target="cpu")
    a = np.ones(1000, np.float32); b = np.ones(1000, np.float32)
    c = np.empty(1000, np.float32)
    artifact(a, b, c)

The package binds libtile's public C API (include/tile/) with ctypes; see
docs/python.md.
"""

from . import cache, layout
from .autotune import AutotuneResult, autotune
from .compiler import Artifact, KernelInfo, PassDump, compile
from .diagnostics import CompileError
from .jit import jit
from ._capi import LibraryNotFound
from .runtime import Function, TileRuntimeError


def cdiv(a, b):
    """TileLang's tilelang.cdiv: ceil(a / b) of Python ints (T.ceildiv of
    kernel values)."""
    from .language import ceildiv
    return ceildiv(a, b)


disable_cache, enable_cache = cache.disable, cache.enable  # TileLang's spellings


def version():
    """The version of the libtile that was loaded."""
    from . import _capi
    return _capi.lib().tileGetVersion().decode()


__all__ = ["Artifact", "AutotuneResult", "CompileError", "Function", "KernelInfo",
           "LibraryNotFound", "PassDump", "TileRuntimeError", "autotune", "cache", "cdiv",
           "compile", "disable_cache", "enable_cache", "jit", "layout", "version"]
