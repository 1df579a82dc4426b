"""The kernel language: build tile IR from Python, TileLang style.

    import tile_mlir.language as T

    @T.prim_func
    def vector_add(A: T.Tensor(("N",), T.f32), B: T.Tensor(("N",), T.f32),
                   C: T.Tensor(("N",), T.f32)):
        N, = A.shape
        with T.Kernel(T.ceildiv(N, 256), threads=128) as b:
            for i in T.Parallel(256):
                idx = b * 256 + i
                with T.If(idx < N):
                    C[idx] = A[idx] + B[idx]

Every op carries the Python file:line:col that made it as its MLIR
location, so diagnostics about a built kernel point at Python lines.
"""

from .emitter import BuildError
from .function import Buffer_ as Buffer
from .function import (FragmentBuffer, LocalBuffer, PrimFunc, SharedBuffer, Tensor, dynamic,
                       macro, prim_func, symbolic)
from .ops import (Cast, GemmWarpPolicy, Select, abs, acos, alloc_fragment, alloc_local,
                  alloc_shared, alloc_var, annotate_layout, asin, atan, atan2, atomic_add,
                  atomic_max, atomic_min, cast, cbrt, ceil, ceildiv, clamp, clear, copy, cos, cosh,
                  cumsum, erf, erfc, exp, exp2, expm1, fill, floor, floordiv, floormod, gemm,
                  if_then_else, infinity, isfinite, isinf, isnan, log, log10, log1p, log2, max,
                  max_value, min, min_value, pow, reduce, reduce_absmax, reduce_abssum, reduce_max,
                  reduce_min, reduce_sum, reshape, round, rsqrt, sin, sinh, sqrt, tan, tanh, trunc,
                  truncdiv, truncmod)
from .structure import (Else, If, Kernel, Parallel, Pipelined, Serial, Then, Unroll, Vectorized,
                        serial, unroll, use_swizzle, vectorized)
from .extensions import cpu, cuda, rocm, vulkan
from ..layout import Fragment, Layout
from .types import bf16, bool_, f16, f32, f64, i1, i8, i16, i32, i64, index

float16, bfloat16, float32, float64 = f16, bf16, f32, f64
int8, int16, int32, int64 = i8, i16, i32, i64
bool = bool_  # noqa: A001 - TileLang's T.bool

# TileLang's names that have no counterpart here, with the reason.
_NOT_HERE = {
    "get_thread_binding": "a kernel states what its block does and the backend spreads it over "
                          "the threads: write per-thread work as a T.Parallel loop",
    "thread_binding": "a kernel states what its block does and the backend spreads it over the "
                      "threads: write per-thread work as a T.Parallel loop",
    "print": "printing from a kernel is not supported; copy the values to an output buffer",
}
for _name in ("uint8", "uint16", "uint32", "uint64", "float8_e4m3", "float8_e5m2",
              "float8_e4m3fn", "float4_e2m1fn"):
    _NOT_HERE[_name] = ("element type %r is not supported: tile kernels take f16, bf16, f32, "
                        "f64 and the signless i1, i8, i16, i32, i64" % _name)


def __getattr__(name):
    if name in _NOT_HERE:
        raise AttributeError("tile_mlir.language has no %s: %s" % (name, _NOT_HERE[name]))
    raise AttributeError("module 'tile_mlir.language' has no attribute %r" % name)
