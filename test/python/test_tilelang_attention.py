# RUN: %pytest %s
# REQUIRES: python-bindings
"""Attention kernels in the style of TileLang's flash decoding and chunked
linear attention examples: two kernels in one function built by T.macro
helpers with annotated tile parameters, windows of 4-d and 5-d arrays, an f16
tile reduced into an f32 one, T.Fragment and swizzled layout annotations,
disable_tma copies, pass_configs, tilelang.cdiv, T.use_swizzle after the
block indices are used, two outputs, and a fragment read at [k, i] in a 1-d
loop (kept in shared memory on the GPU targets). The results are NumPy's,
on the cpu and on lavapipe."""

import numpy as np
import pytest

import tile_mlir as tm
import tile_mlir as tilelang
import tile_mlir.language as T


def split_kv_attention(batch, heads, seq_q, seq_kv, dim, splits, bm=32, bn=32):
    """Attention whose keys are cut into `splits` parts: one kernel computes
    each part's output and log2-sum-exp, a second merges the parts."""
    log2e = 1.4426950408889634
    scale = dim ** -0.5 * log2e
    per_split = seq_kv // splits
    q_shape, kv_shape = (batch, seq_q, heads, dim), (batch, seq_kv, heads, dim)
    lse_shape, part_shape = (batch, heads, splits, seq_q), (batch, seq_q, heads, splits, dim)

    @T.macro
    def attend_split(Q: T.Tensor(q_shape, "float16"), K: T.Tensor(kv_shape, "float16"),
                     V: T.Tensor(kv_shape, "float16"), lse: T.Tensor(lse_shape, "float16"),
                     part: T.Tensor(part_shape, "float16")):
        with T.Kernel(T.ceildiv(seq_q, bm), heads * batch, splits, threads=64) as (qb, bh, sp):
            b, h = bh // heads, bh % heads
            q_s = T.alloc_shared((bm, dim), "float16")
            k_s = T.alloc_shared((bn, dim), "float16")
            v_s = T.alloc_shared((bn, dim), "float16")
            logits = T.alloc_fragment((bm, bn), "float")
            probs = T.alloc_fragment((bm, bn), "float16")
            out = T.alloc_fragment((bm, dim), "float")
            peak, old_peak, fix, total, step_sum = (T.alloc_fragment((bm,), "float")
                                                    for _ in range(5))
            T.copy(Q[b, qb * bm:(qb + 1) * bm, h, :], q_s, disable_tma=True)
            T.clear(out)
            T.clear(total)
            T.fill(peak, -T.infinity("float"))
            for t in T.Pipelined(T.ceildiv(per_split, bn), num_stages=2):
                key0 = sp * per_split + t * bn
                T.copy(K[b, key0:key0 + bn, h, :], k_s)
                T.clear(logits)
                T.gemm(q_s, k_s, logits, transpose_B=True, policy=T.GemmWarpPolicy.FullRow)
                T.copy(peak, old_peak)
                T.reduce_max(logits, peak, dim=1, clear=False)
                for i in T.Parallel(bm):
                    fix[i] = T.exp2((old_peak[i] - peak[i]) * scale)
                for i, j in T.Parallel(bm, bn):
                    logits[i, j] = T.exp2((logits[i, j] - peak[i]) * scale)
                T.reduce_sum(logits, step_sum, dim=1)
                for i in T.Parallel(bm):
                    total[i] = total[i] * fix[i] + step_sum[i]
                for i, d in T.Parallel(bm, dim):
                    out[i, d] *= fix[i]
                T.copy(logits, probs)
                T.copy(V[b, key0:key0 + bn, h, :], v_s)
                T.gemm(probs, v_s, out, policy=T.GemmWarpPolicy.FullRow)
            for i, d in T.Parallel(bm, dim):
                out[i, d] /= total[i]
            for i in T.Parallel(bm):
                total[i] = T.log2(total[i]) + peak[i] * scale
            T.copy(total, lse[b, h, sp, qb * bm:(qb + 1) * bm])
            T.copy(out, part[b, qb * bm:(qb + 1) * bm, h, sp, :], disable_tma=True)

    @T.macro
    def merge(lse: T.Tensor(lse_shape, "float16"), part: T.Tensor(part_shape, "float16"),
              O: T.Tensor(q_shape, "float16")):
        with T.Kernel(T.ceildiv(seq_q, bm), heads, batch, threads=64) as (qb, h, b):
            lse_t = T.alloc_fragment((splits, bm), "float16")
            top = T.alloc_fragment((bm,), "float")
            norm = T.alloc_fragment((bm,), "float")
            weight = T.alloc_fragment((bm,), "float")
            piece_s = T.alloc_shared((bm, dim), "float16")
            piece = T.alloc_fragment((bm, dim), "float16")
            acc = T.alloc_fragment((bm, dim), "float")
            T.annotate_layout({
                acc: T.Fragment(acc.shape, forward_thread_fn=lambda i, d: i),
                piece_s: tilelang.layout.make_swizzled_layout(piece_s),
            })
            T.copy(lse[b, h, :, qb * bm:(qb + 1) * bm], lse_t)
            T.fill(top, -T.infinity("float"))
            T.reduce_max(lse_t, top, dim=0, clear=False)  # f16 into f32
            T.clear(norm)
            for s in T.serial(splits):
                for i in T.Parallel(bm):
                    norm[i] += T.exp2(lse_t[s, i] - top[i])
            for i in T.Parallel(bm):
                norm[i] = T.log2(norm[i]) + top[i]
            T.clear(acc)
            for s in T.Pipelined(splits, num_stages=2):
                T.copy(part[b, qb * bm:(qb + 1) * bm, h, s, :], piece_s, disable_tma=True)
                T.copy(piece_s, piece)
                for i in T.Parallel(bm):
                    weight[i] = T.exp2(lse_t[s, i] - norm[i])
                for i, d in T.Parallel(bm, dim):
                    acc[i, d] += piece[i, d] * weight[i]
            T.copy(acc, O[b, qb * bm:(qb + 1) * bm, h, :])

    @T.prim_func
    def attention(Q: T.Tensor(q_shape, "float16"), K: T.Tensor(kv_shape, "float16"),
                  V: T.Tensor(kv_shape, "float16"), lse: T.Tensor(lse_shape, "float16"),
                  part: T.Tensor(part_shape, "float16"), O: T.Tensor(q_shape, "float16")):
        attend_split(Q, K, V, lse, part)
        merge(lse, part, O)

    return attention


@pytest.mark.parametrize("target", ["cpu", "vulkan"])
@pytest.mark.parametrize("splits", [1, 4])
def test_split_kv_attention(target, splits):
    B, H, SQ, SKV, D = 1, 2, 64, 512, 32
    kernel = tm.compile(split_kv_attention(B, H, SQ, SKV, D, splits), target=target,
                        out_idx=[5])
    rng = np.random.default_rng(23)
    Q, K, V = (rng.standard_normal(s).astype(np.float16)
               for s in [(B, SQ, H, D), (B, SKV, H, D), (B, SKV, H, D)])
    lse = np.zeros((B, H, splits, SQ), np.float16)
    part = np.zeros((B, SQ, H, splits, D), np.float16)
    O = kernel(Q, K, V, lse, part)
    q, k, v = (x.astype(np.float32) for x in (Q, K, V))
    s = np.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(D)
    p = np.exp(s - s.max(-1, keepdims=True))
    want = np.einsum("bhqk,bkhd->bqhd", p / p.sum(-1, keepdims=True), v)
    np.testing.assert_allclose(O.astype(np.float32), want, atol=2e-3)
    # The log2-sum-exp of each split.
    cut = s.reshape(B, H, SQ, splits, SKV // splits)
    got = np.log2(np.exp(cut - cut.max(-1, keepdims=True)).sum(-1)) + \
        cut.max(-1) * np.log2(np.e)
    np.testing.assert_allclose(lse.astype(np.float32), got.transpose(0, 1, 3, 2), atol=1e-2)


@pytest.mark.parametrize("target", ["cuda:sm_90a", "cuda:sm_80", "rocm:gfx942"])
def test_split_kv_attention_compiles_for_gpus(target):
    tm.compile(split_kv_attention(1, 2, 128, 1024, 64, 4, 64, 64), target=target)


def chunked_linear_attention(B, S, H, DK, DV, chunk=64, bk=64, bv=64):
    """Causal linear attention without normalisation, in chunks, in the style
    of TileLang's example: within a chunk (q k^T masked) v, across chunks q h
    with the running state h += k^T v. O holds one partial sum per DK block;
    the final state is the second output."""
    scale = DK ** -0.5
    nk, nv, chunks = tilelang.cdiv(DK, bk), tilelang.cdiv(DV, bv), tilelang.cdiv(S, chunk)

    @T.prim_func
    def linear_attention(Q: T.Tensor((B, S, H, DK), "float16"),
                         K: T.Tensor((B, S, H, DK), "float16"),
                         V: T.Tensor((B, S, H, DV), "float16"),
                         O: T.Tensor((nk, B, S, H, DV), "float16"),
                         state: T.Tensor((B, H, DK, DV), "float")):
        with T.Kernel(nv, nk, B * H) as (vb, kb, bh):
            b, h = bh // H, bh % H  # the block indices used before the swizzle
            q_s = T.alloc_shared((chunk, bk), "float16")
            k_s = T.alloc_shared((chunk, bk), "float16")
            v_s = T.alloc_shared((chunk, bv), "float16")
            st = T.alloc_fragment((bk, bv), "float")
            st_s = T.alloc_shared((bk, bv), "float16")
            att = T.alloc_fragment((chunk, chunk), "float")
            att_s = T.alloc_shared((chunk, chunk), "float16")
            o = T.alloc_fragment((chunk, bv), "float")
            T.use_swizzle(4)
            T.clear(st)
            for c in T.Pipelined(0, chunks, num_stages=2):
                for i, d in T.Parallel(chunk, bk):
                    q_s[i, d] = Q[b, c * chunk + i, h, kb * bk + d] * scale
                T.copy(K[b, c * chunk:(c + 1) * chunk, h, kb * bk:(kb + 1) * bk], k_s)
                T.copy(V[b, c * chunk:(c + 1) * chunk, h, vb * bv:(vb + 1) * bv], v_s)
                T.gemm(q_s, k_s, att, clear_accum=True, transpose_B=True)
                for i, j in T.Parallel(chunk, chunk):
                    att_s[i, j] = T.if_then_else(i >= j, att[i, j], 0)
                T.gemm(att_s, v_s, o, clear_accum=True)
                T.copy(st, st_s)
                T.gemm(k_s, v_s, st, transpose_A=True)
                T.gemm(q_s, st_s, o)
                T.copy(o, O[kb, b, c * chunk:(c + 1) * chunk, h, vb * bv:(vb + 1) * bv])
            T.copy(st, state[b, h, kb * bk:(kb + 1) * bk, vb * bv:(vb + 1) * bv])

    return linear_attention


@pytest.mark.parametrize("S, D", [(128, 64), (192, 128)])
def test_chunked_linear_attention(S, D):
    B, H = 1, 2
    jit = tm.jit(out_idx=[3, 4], target="cpu", pass_configs={
        "tl.disable_tma_lower": True, "tl.disable_warp_specialized": True})
    kernel = jit(chunked_linear_attention)(B, S, H, D, D)
    rng = np.random.default_rng(25)
    q, k, v = (rng.standard_normal((B, S, H, D)).astype(np.float16) * 0.5 for _ in range(3))
    O, st = kernel(q, k, v)
    assert O.shape == (D // 64, B, S, H, D) and st.shape == (B, H, D, D)
    qf, kf, vf = (x.astype(np.float32) for x in (q, k, v))
    scores = np.einsum("bthd,bshd->bhts", qf * D ** -0.5, kf)
    scores = np.where(np.tril(np.ones((S, S), bool)), scores, 0)
    np.testing.assert_allclose(O.sum(0).astype(np.float32),
                               np.einsum("bhts,bshd->bthd", scores, vf), atol=1e-2, rtol=1e-2)
    np.testing.assert_allclose(st, np.einsum("bshk,bshv->bhkv", kf, vf), atol=1e-3, rtol=1e-4)


def test_chunked_linear_attention_over_lavapipes_shared_memory():
    kernel = tm.compile(chunked_linear_attention(1, 64, 1, 64, 64), target="vulkan",
                        out_idx=[3, 4])
    q = np.zeros((1, 64, 1, 64), np.float16)
    with pytest.raises(tm.TileRuntimeError, match="uses 40960 bytes of shared memory; the "
                                                  "Vulkan device .* gives a workgroup at most"):
        kernel(q, q, q)


@pytest.mark.parametrize("target", ["cuda:sm_90a", "rocm:gfx942"])
def test_chunked_linear_attention_compiles_for_gpus(target):
    tm.compile(chunked_linear_attention(2, 256, 4, 128, 128), target=target)
