#!/usr/bin/env python3
"""Autotunes an fp32 GEMM on the cpu over tile configurations and compares
the winner with the hand-picked tiles of bench/cpu_gemm.mlir (256 x 256 x
256), timed in this process in turn with the winner.

    PYTHONPATH=python-bindings python3 bench/autotune_cpu_gemm.py [N] [ROUNDS]
"""

import os
import statistics
import sys
import tempfile

import numpy as np

import tile_mlir as tm
import tile_mlir.language as T

HERE = os.path.dirname(os.path.abspath(__file__))

CONFIGS = [
    {"block_M": 64, "block_N": 64, "block_K": 64},
    {"block_M": 128, "block_N": 128, "block_K": 64},
    {"block_M": 128, "block_N": 128, "block_K": 128},
    {"block_M": 128, "block_N": 256, "block_K": 128},
    {"block_M": 256, "block_N": 128, "block_K": 256},
    {"block_M": 256, "block_N": 256, "block_K": 128},
    {"block_M": 256, "block_N": 256, "block_K": 256},
]


def make_gemm(block_M, block_N, block_K):
    @T.prim_func
    def gemm(A: T.Tensor(("M", "K"), T.f32), B: T.Tensor(("K", "N"), T.f32),
             C: T.Tensor(("M", "N"), T.f32)):
        M, K = A.shape
        N = B.shape[1]
        with T.Kernel(T.ceildiv(M, block_M), T.ceildiv(N, block_N), threads=128) as (bm, bn):
            A_s = T.alloc_shared((block_M, block_K), T.f32)
            B_s = T.alloc_shared((block_K, block_N), T.f32)
            acc = T.alloc_fragment((block_M, block_N), T.f32)
            T.clear(acc)
            for k in T.serial(T.ceildiv(K, block_K)):
                T.copy(A[bm * block_M, k * block_K], A_s)
                T.copy(B[k * block_K, bn * block_N], B_s)
                T.gemm(A_s, B_s, acc)
            T.copy(acc, C[bm * block_M, bn * block_N])
    return gemm


def reference(A, B, C):
    C[...] = A.astype(np.float64) @ B.astype(np.float64)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    rng = np.random.default_rng(0)
    A = rng.uniform(-1, 1, (n, n)).astype(np.float32)
    B = rng.uniform(-1, 1, (n, n)).astype(np.float32)
    C = np.zeros((n, n), np.float32)
    with tempfile.TemporaryDirectory() as directory:
        result = tm.autotune(make_gemm, CONFIGS, [A, B, C], reference, target="cpu",
                             repeat=10, cache=directory)
    print("n = %d, %d configurations, cpu, %d cores" % (n, len(CONFIGS), os.cpu_count()))
    print(result.table())
    with open(os.path.join(HERE, "cpu_gemm.mlir"), encoding="utf-8") as f:
        hand = tm.compile(f.read(), target="cpu", cache=False).function()
    best = result.artifact.function()
    # In turn, so that the machine's drift hits both alike.
    tuned_times, hand_times = [], []
    for _ in range(rounds):
        tuned_times.append(statistics.median(best.time(A, B, C, repeat=10)))
        hand_times.append(statistics.median(hand.time(A, B, C, repeat=10)))
    tuned, picked = statistics.median(tuned_times), statistics.median(hand_times)
    flops = 2.0 * n ** 3
    print("tuned %s: %.2f ms (%.1f GFLOP/s)" % (result.config, tuned * 1e3, flops / tuned * 1e-9))
    print("hand-picked (bench/cpu_gemm.mlir, 256x256x256): %.2f ms (%.1f GFLOP/s)"
          % (picked * 1e3, flops / picked * 1e-9))
    print("tuned / hand-picked time: %.3f" % (tuned / picked))


if __name__ == "__main__":
    main()
