"""tile_mlir.jit: TileLang's way of compiling a kernel factory.

    @tile_mlir.jit(out_idx=[-1], target="cpu")
    def matmul(M, N, K, block_M, block_N, block_K):
        @T.prim_func
        def main(A: T.Tensor((M, K), "float16"), ...):
            ...
        return main

    kernel = matmul(1024, 1024, 1024, 128, 128, 32)   # builds and compiles
    C = kernel(A, B)                                   # out_idx: C is made

Calling the decorated function builds the kernel it returns and compiles
it (tile_mlir.compile with the decorator's options); the artifact is kept
for the same arguments, so a second call with them compiles nothing.
"""

import functools
import threading

from .compiler import compile as compile_


def call_key(args, kwargs):
    """The key the artifact of a call with these arguments is kept under, or
    None when they cannot be one (the call compiles every time)."""
    try:
        key = (args, tuple(sorted(kwargs.items())))
        hash(key)
    except TypeError:
        return None
    return key


def jit(factory=None, *, out_idx=None, target="auto", **options):
    """Decorates a function that returns a @T.prim_func kernel; see the
    module's documentation. `options` are tile_mlir.compile's."""

    def decorate(factory):
        artifacts = {}
        lock = threading.Lock()

        @functools.wraps(factory)
        def build(*args, **kwargs):
            key = call_key(args, kwargs)
            if key is not None:
                with lock:
                    kept = artifacts.get(key)
                    if kept is not None and kept.is_open:
                        return kept
            kernel = factory(*args, **kwargs)
            from .language import PrimFunc
            if not isinstance(kernel, PrimFunc):
                raise TypeError("%s returned %r; a function decorated with tile_mlir.jit "
                                "returns the @T.prim_func kernel it builds"
                                % (factory.__name__, kernel))
            artifact = compile_(kernel, target, out_idx=out_idx, **options)
            if key is not None:
                with lock:
                    kept = artifacts.get(key)
                    if kept is not None and kept.is_open:
                        artifact.close()  # another thread compiled it meanwhile
                        return kept
                    artifacts[key] = artifact
            return artifact

        build.cache_clear = artifacts.clear
        build.jit_options = dict(options, out_idx=out_idx, target=target)
        return build

    if factory is not None:
        return decorate(factory)
    return decorate
