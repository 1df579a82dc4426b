#!/usr/bin/env python3
"""Cold and warm compile times of examples/python/gemm.py through the kernel
cache: tile_mlir.compile() with an empty cache (compiles, stores), with the
entry there right after (the first hit), the same call repeated (a program's
steady state: its MLIR contexts come from the pool), and the C call alone on
a hit (tileCompileCached: key, read, checksum, artifact and host module read
back).

    PYTHONPATH=python-bindings python3 bench/compile_cache.py [ROUNDS]
"""

import ctypes
import os
import shutil
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples", "python"))

import tile_mlir as tm  # noqa: E402
from tile_mlir import _capi, cache, compiler  # noqa: E402
from gemm import gemm  # noqa: E402


def milliseconds(samples):
    return "%8.1f" % (statistics.median(samples) * 1e3)


def c_hit(directory, target, parts):
    """The median time of tileCompileCached alone, on a hit."""
    lib = _capi.lib()
    store = cache.get(directory)
    text = gemm.to_mlir()
    samples = []
    for _ in range(20):
        errors = _capi.ErrorSink()
        backend = lib.tileBackendContextCreate(target.encode(), None, None, errors.sink)
        session = compiler._Session(gemm.source_name, text)
        module = session.parse(text)
        options = _capi.TileCompileOptions(parts.encode(), _capi.PassManagerHook(), None)
        hit = ctypes.c_bool()
        start = time.perf_counter()
        artifact = lib.tileCompileCached(store.handle, backend, module, ctypes.byref(options),
                                         ctypes.byref(hit))
        samples.append(time.perf_counter() - start)
        assert hit.value
        lib.tileArtifactDestroy(artifact)
        lib.mlirOperationDestroy(module)
        session.close()
        lib.tileBackendContextDestroy(backend)
    return samples


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    parts = "mlir,llvm"
    print("gemm (examples/python/gemm.py), parts %s, median of %d, ms" % (parts, rounds))
    print("%-14s %8s %8s %8s %8s" % ("target", "cold", "warm", "repeat", "C hit"))
    for target in ("cpu", "cuda:sm_90a", "cuda:sm_80", "vulkan", "rocm:gfx942"):
        cold, warm, repeat = [], [], []
        for _ in range(rounds):
            directory = tempfile.mkdtemp(prefix="tile-cache-bench-")
            start = time.perf_counter()
            assert tm.compile(gemm, target=target, parts=parts, cache=directory).cache_hit is False
            cold.append(time.perf_counter() - start)
            start = time.perf_counter()
            assert tm.compile(gemm, target=target, parts=parts, cache=directory).cache_hit
            warm.append(time.perf_counter() - start)
            for _repeat in range(10):
                start = time.perf_counter()
                assert tm.compile(gemm, target=target, parts=parts, cache=directory).cache_hit
                repeat.append(time.perf_counter() - start)
            if _ == rounds - 1:
                hit = c_hit(directory, target, parts)
            shutil.rmtree(directory)
        print("%-14s %s %s %s %s" % (target, milliseconds(cold), milliseconds(warm),
                                     milliseconds(repeat), milliseconds(hit)))


if __name__ == "__main__":
    main()
