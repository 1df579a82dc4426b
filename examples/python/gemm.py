"""The canonical tiled GEMM, C[M, N] = A[M, K] B[K, N] (examples/gemm.mlir).

f16 inputs, f32 accumulation; each block computes a 128x128 tile of C with
128 threads, walking K in steps of 32 through a 3-stage pipeline. M, N, K
are dynamic; copies read zeros outside A and B and drop writes outside C."""
import tile_mlir.language as T


def make_gemm(block_M=128, block_N=128, block_K=32, num_stages=3, threads=128):
    @T.prim_func
    def gemm(A: T.Tensor(("M", "K"), T.f16), B: T.Tensor(("K", "N"), T.f16),
             C: T.Tensor(("M", "N"), T.f32)):
        M, K = A.shape
        N = B.shape[1]
        with T.Kernel(T.ceildiv(M, block_M), T.ceildiv(N, block_N), threads=threads) as (bm, bn):
            A_s = T.alloc_shared((block_M, block_K), T.f16)
            B_s = T.alloc_shared((block_K, block_N), T.f16)
            acc = T.alloc_fragment((block_M, block_N), T.f32)
            T.clear(acc)
            for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=num_stages):
                T.copy(A[bm * block_M, k * block_K], A_s)
                T.copy(B[k * block_K, bn * block_N], B_s)
                T.gemm(A_s, B_s, acc)
            T.copy(acc, C[bm * block_M, bn * block_N])
    return gemm


gemm = make_gemm()

if __name__ == "__main__":
    print(gemm)
