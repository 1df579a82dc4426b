"""GEMM with an elementwise epilogue, C = relu(A B + bias), bias broadcast
along the rows (examples/gemm_bias_relu.mlir). f16 inputs, f32 out.

The epilogue is a thread-parallel loop over the accumulator tile: its body
runs once per element, spread over the block's threads."""
import tile_mlir.language as T


def make_gemm_bias_relu(block_M=128, block_N=128, block_K=32, num_stages=3, threads=128):
    @T.prim_func
    def gemm_bias_relu(A: T.Tensor(("M", "K"), T.f16), B: T.Tensor(("K", "N"), T.f16),
                       bias: T.Tensor(("N",), T.f32), C: T.Tensor(("M", "N"), T.f32)):
        M, K = A.shape
        N = B.shape[1]
        with T.Kernel(T.ceildiv(M, block_M), T.ceildiv(N, block_N), threads=threads) as (bm, bn):
            A_s = T.alloc_shared((block_M, block_K), T.f16)
            B_s = T.alloc_shared((block_K, block_N), T.f16)
            bias_s = T.alloc_shared((block_N,), T.f32)
            acc = T.alloc_fragment((block_M, block_N), T.f32)
            T.clear(acc)
            for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=num_stages):
                T.copy(A[bm * block_M, k * block_K], A_s)
                T.copy(B[k * block_K, bn * block_N], B_s)
                T.gemm(A_s, B_s, acc)
            T.copy(bias[bn * block_N], bias_s)
            for i, j in T.Parallel(block_M, block_N):
                acc[i, j] = T.max(acc[i, j] + bias_s[j], 0.0)
            T.copy(acc, C[bm * block_M, bn * block_N])
    return gemm_bias_relu


gemm_bias_relu = make_gemm_bias_relu()

if __name__ == "__main__":
    print(gemm_bias_relu)
