"""Row-wise maximum and sum, rowmax[i] = max_j X[i, j], rowsum[i] = sum_j
X[i, j] (examples/reduce.mlir). Each block owns 64 rows and walks the
columns in tiles of 128, folding each tile into running results; columns
beyond N read as -inf for the maximum and 0 for the sum."""
import tile_mlir.language as T


def make_row_max_sum(block_M=64, block_N=128, threads=128):
    @T.prim_func
    def row_max_sum(X: T.Tensor(("M", "N"), T.f32), rowmax: T.Tensor(("M",), T.f32),
                    rowsum: T.Tensor(("M",), T.f32)):
        M, N = X.shape
        with T.Kernel(T.ceildiv(M, block_M), threads=threads) as b:
            tile_max = T.alloc_fragment((block_M, block_N), T.f32)
            tile_sum = T.alloc_fragment((block_M, block_N), T.f32)
            row_max = T.alloc_fragment((block_M,), T.f32)
            row_sum = T.alloc_fragment((block_M,), T.f32)
            T.fill(row_max, -float("inf"))
            T.clear(row_sum)
            for t in T.serial(T.ceildiv(N, block_N)):
                T.copy(X[b * block_M, t * block_N], tile_max, pad=-float("inf"))
                T.copy(X[b * block_M, t * block_N], tile_sum)
                T.reduce_max(tile_max, row_max, dim=1, clear=False)
                T.reduce_sum(tile_sum, row_sum, dim=1, clear=False)
            T.copy(row_max, rowmax[b * block_M])
            T.copy(row_sum, rowsum[b * block_M])
    return row_max_sum


row_max_sum = make_row_max_sum()

if __name__ == "__main__":
    print(row_max_sum)
