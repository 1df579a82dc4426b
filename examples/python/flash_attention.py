"""Flash-attention forward, f32 (examples/flash_attention.mlir): for every
head h, O[h] = softmax(scale Q[h] K[h]^T) V[h], Q and O [heads, S, 64], K
and V [heads, Skv, 64].

One block per head and 64 query rows; the keys are walked in tiles of 64
with an online softmax (running row maximum m and sum l), so the S x Skv
scores never exist whole. Query rows past the end read zeros and are not
written; keys past the end are masked to -inf."""
import tile_mlir.language as T


def make_flash_attention(block=64, dim=64, threads=128):
    @T.prim_func
    def flash_attention(Q: T.Tensor(("heads", "S", dim), T.f32),
                        K: T.Tensor(("heads", "Skv", dim), T.f32),
                        V: T.Tensor(("heads", "Skv", dim), T.f32),
                        O: T.Tensor(("heads", "S", dim), T.f32), scale: T.f32):
        heads, S, _ = Q.shape
        Skv = K.shape[1]
        with T.Kernel(heads, T.ceildiv(S, block), threads=threads) as (h, b):
            Q_s, K_s, V_s = (T.alloc_shared((block, dim), T.f32) for _ in range(3))
            scores, probs = (T.alloc_fragment((block, block), T.f32) for _ in range(2))
            acc = T.alloc_fragment((block, dim), T.f32)
            m, m_new, l, l_tile, alpha = (T.alloc_fragment((block,), T.f32) for _ in range(5))
            T.clear(acc)
            T.fill(m, -float("inf"))
            T.clear(l)
            T.copy(Q[h, b * block, 0], Q_s)
            for t in T.serial(T.ceildiv(Skv, block)):
                T.copy(K[h, t * block, 0], K_s)
                T.copy(V[h, t * block, 0], V_s)
                T.gemm(Q_s, K_s, scores, transpose_B=True, clear_accum=True)
                for i, j in T.Parallel(block, block):  # scale; mask keys past the end
                    scores[i, j] = T.if_then_else(t * block + j < Skv, scores[i, j] * scale,
                                                  -float("inf"))
                T.copy(m, m_new)
                T.reduce_max(scores, m_new, dim=1, clear=False)
                for i, j in T.Parallel(block, block):
                    probs[i, j] = T.exp(scores[i, j] - m_new[i])
                T.reduce_sum(probs, l_tile, dim=1)
                for i in T.Parallel(block):  # rescale what the old maximum gave
                    alpha[i] = T.exp(m[i] - m_new[i])
                    l[i] = l[i] * alpha[i] + l_tile[i]
                    m[i] = m_new[i]
                for i, d in T.Parallel(block, dim):
                    acc[i, d] = acc[i, d] * alpha[i]
                T.gemm(probs, V_s, acc)
            for i, d in T.Parallel(block, dim):
                acc[i, d] = acc[i, d] / l[i]
            T.copy(acc, O[h, b * block, 0])
    return flash_attention


flash_attention = make_flash_attention()

if __name__ == "__main__":
    print(flash_attention)
