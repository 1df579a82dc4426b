#!/usr/bin/env python3
"""What keeping a parameter's elements inside it costs an elementwise kernel.

Builds C = A + B over an M x N f32 array in T.Parallel blocks of 32 x 256
twice: as the builder makes it (every element of A, B and C read and
written only inside the array, TileLang's safe accesses) and with those
bounds checks left out (the builder's checks switched off, which is right
only for shapes that divide the blocks). Each runs on the target in turn,
ROUNDS times, and the script prints the best time of each, the ratio of the
guarded kernel to the unguarded one, and NumPy's `A + B` as an anchor.

usage: bench/python_guarded_elementwise.py [--size M N] [--target T]
                                           [--rounds R] [--build DIR]
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, nargs=2, default=[2048, 2048])
    parser.add_argument("--target", default="cpu")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    options = parser.parse_args()
    os.environ.setdefault("TILE_MLIR_BUILD_DIR", options.build)
    sys.path.insert(0, os.path.join(ROOT, "python-bindings"))
    import numpy as np
    import tile_mlir as tm
    import tile_mlir.language as T
    from tile_mlir.language import values

    def build():
        @T.prim_func
        def add(A: T.Tensor(("M", "N"), T.f32), B: T.Tensor(("M", "N"), T.f32),
                C: T.Tensor(("M", "N"), T.f32)):
            M, N = A.shape
            with T.Kernel(T.ceildiv(N, 256), T.ceildiv(M, 32), threads=128) as (bx, by):
                for y, x in T.Parallel(32, 256):
                    i, j = by * 32 + y, bx * 256 + x
                    C[i, j] = A[i, j] + B[i, j]
        return add

    guarded = tm.compile(build(), target=options.target, cache=False)
    checks = values._guarded
    values._guarded = lambda buffer: False
    try:
        unguarded = tm.compile(build(), target=options.target, cache=False)
    finally:
        values._guarded = checks
    m, n = options.size
    rng = np.random.default_rng(0)
    A, B = (rng.standard_normal((m, n)).astype(np.float32) for _ in range(2))
    C = np.zeros_like(A)
    best = {"guarded": float("inf"), "unguarded": float("inf"), "numpy": float("inf")}
    for _ in range(options.rounds):
        for name, kernel in (("guarded", guarded), ("unguarded", unguarded)):
            best[name] = min(best[name], min(kernel.function().time(A, B, C, repeat=10)))
            assert np.array_equal(C, A + B), name
        start = time.perf_counter()
        np.add(A, B, out=C)
        best["numpy"] = min(best["numpy"], time.perf_counter() - start)
    print("%s, %d x %d f32, best of %d rounds" % (options.target, m, n, options.rounds))
    for name in ("guarded", "unguarded", "numpy"):
        print("%-10s %8.3f ms  %5.2fx unguarded" % (name, 1e3 * best[name],
                                                   best[name] / best["unguarded"]))


if __name__ == "__main__":
    main()
