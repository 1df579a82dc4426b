"""A GEMM with tunable tiles for the autotune tests (importable by the
processes autotune compiles in), with a deliberately wrong variant and one
that faults."""

import tile_mlir.language as T


def make_gemm(block_M=64, block_N=64, block_K=32, threads=128, wrong=False, fault=False):
    @T.prim_func
    def gemm(A: T.Tensor(("M", "K"), T.f32), B: T.Tensor(("K", "N"), T.f32),
             C: T.Tensor(("M", "N"), T.f32)):
        M, K = A.shape
        N = B.shape[1]
        with T.Kernel(T.ceildiv(M, block_M), T.ceildiv(N, block_N), threads=threads) as (bm, bn):
            A_s = T.alloc_shared((block_M, block_K), T.f32)
            B_s = T.alloc_shared((block_K, block_N), T.f32)
            acc = T.alloc_fragment((block_M, block_N), T.f32)
            T.clear(acc)
            if fault:  # an integer division by the zero C holds: SIGFPE on x86
                C[0, 0] = T.cast(T.cast(A[0, 0], T.i32) // T.cast(C[0, 0], T.i32), T.f32)
            # The wrong variant drops the last K tile.
            tiles = T.ceildiv(K, block_K) - 1 if wrong else T.ceildiv(K, block_K)
            for k in T.serial(tiles):
                T.copy(A[bm * block_M, k * block_K], A_s)
                T.copy(B[k * block_K, bn * block_N], B_s)
                T.gemm(A_s, B_s, acc)
            T.copy(acc, C[bm * block_M, bn * block_N])
    return gemm


def reference(A, B, C):
    C[...] = A.astype("float64") @ B.astype("float64")
