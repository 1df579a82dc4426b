# RUN: %pytest %s
# REQUIRES: python-bindings
"""TileLang's flash decoding (example_mha_inference.py), chunked linear
attention (example_linear_attn_fwd.py) and MLA decoding
(example_mla_decode.py) as written there: two kernels in one
function, T.macro helpers with annotated tile parameters, slices of 4-d and
5-d arrays, an f16 tile reduced into an f32 one, T.Fragment and swizzled
layout annotations, disable_tma copies, pass_configs, tilelang.cdiv,
T.use_swizzle after the block indices are used, two outputs, and fragments
read at [k, i] in a 1-d loop (kept in shared memory on the GPU targets).
The results are NumPy's, on the cpu and on lavapipe."""

import numpy as np
import pytest

import tile_mlir as tm
import tile_mlir as tilelang
import tile_mlir.language as T

num_split = 4


def flashattn(batch, heads, seqlen_q, seqlen_kv, dim, is_causal, block_M, block_N):
    """TileLang's example_mha_inference.py: attention split over the keys in
    num_split parts (one kernel), then the parts combined (a second kernel in
    the same function), with its layout annotations and copy hints. Its
    combine reduces into lse_max_local with clear=False without filling it
    first; here it is filled with -inf."""
    scale = (1.0 / dim)**0.5 * 1.44269504  # log2(e)
    shape_q = [batch, seqlen_q, heads, dim]
    shape_kv = [batch, seqlen_kv, heads, dim]
    part_shape = [batch, seqlen_q, heads, num_split, dim]
    dtype = "float16"
    accum_dtype = "float"

    @T.macro
    def MMA0(K: T.Tensor(shape_kv, dtype), Q_shared: T.SharedBuffer([block_M, dim], dtype),
             K_shared: T.SharedBuffer([block_N, dim], dtype),
             acc_s: T.FragmentBuffer([block_M, block_N], accum_dtype),
             k: T.int32, mid: T.int32, hid: T.int32, bid: T.int32, sid: T.int32):
        T.copy(
            K[bid, (seqlen_kv // num_split) * sid + k * block_N:(seqlen_kv // num_split) * sid +
              (k + 1) * block_N, hid, :], K_shared)
        if is_causal:
            for i, j in T.Parallel(block_M, block_N):
                acc_s[i, j] = T.if_then_else(mid * block_M + i >= k * block_N + j, 0,
                                             -T.infinity(acc_s.dtype))
        else:
            T.clear(acc_s)
        T.gemm(Q_shared, K_shared, acc_s, transpose_B=True, policy=T.GemmWarpPolicy.FullRow)

    @T.macro
    def MMA1(V: T.Tensor(shape_kv, dtype), V_shared: T.SharedBuffer([block_N, dim], dtype),
             acc_s_cast: T.FragmentBuffer([block_M, block_N], dtype),
             acc_o: T.FragmentBuffer([block_M, dim], accum_dtype),
             k: T.int32, hid: T.int32, bid: T.int32, sid: T.int32):
        T.copy(
            V[bid, (seqlen_kv // num_split) * sid + k * block_N:(seqlen_kv // num_split) * sid +
              (k + 1) * block_N, hid, :], V_shared)
        T.gemm(acc_s_cast, V_shared, acc_o, policy=T.GemmWarpPolicy.FullRow)

    @T.macro
    def Softmax(acc_s, acc_s_cast, scores_max, scores_max_prev, scores_scale, scores_sum, logsum):
        T.copy(scores_max, scores_max_prev)
        T.fill(scores_max, -T.infinity(accum_dtype))
        T.reduce_max(acc_s, scores_max, dim=1, clear=False)
        for i in T.Parallel(block_M):
            scores_scale[i] = T.exp2(scores_max_prev[i] * scale - scores_max[i] * scale)
        for i, j in T.Parallel(block_M, block_N):
            acc_s[i, j] = T.exp2(acc_s[i, j] * scale - scores_max[i] * scale)
        T.reduce_sum(acc_s, scores_sum, dim=1)
        for i in T.Parallel(block_M):
            logsum[i] = logsum[i] * scores_scale[i] + scores_sum[i]
        T.copy(acc_s, acc_s_cast)

    @T.macro
    def Rescale(acc_o, scores_scale):
        for i, j in T.Parallel(block_M, dim):
            acc_o[i, j] *= scores_scale[i]

    @T.macro
    def flash_attn_split(Q, K, V, glse, Output_partial):
        with T.Kernel(
                T.ceildiv(seqlen_q, block_M), heads * batch, num_split,
                threads=128) as (bx, by, bz):
            Q_shared = T.alloc_shared([block_M, dim], dtype)
            K_shared = T.alloc_shared([block_N, dim], dtype)
            V_shared = T.alloc_shared([block_N, dim], dtype)
            O_shared = T.alloc_shared([block_M, dim], dtype)
            acc_s = T.alloc_fragment([block_M, block_N], accum_dtype)
            acc_s_cast = T.alloc_fragment([block_M, block_N], dtype)
            acc_o = T.alloc_fragment([block_M, dim], accum_dtype)
            scores_max = T.alloc_fragment([block_M], accum_dtype)
            scores_max_prev = T.alloc_fragment([block_M], accum_dtype)
            scores_scale = T.alloc_fragment([block_M], accum_dtype)
            scores_sum = T.alloc_fragment([block_M], accum_dtype)
            logsum = T.alloc_fragment([block_M], accum_dtype)

            mid = bx
            hid = by % heads
            bid = by // heads
            sid = bz

            T.copy(Q[bid, mid * block_M:(mid + 1) * block_M, hid, :], Q_shared, disable_tma=True)
            T.fill(acc_o, 0)
            T.fill(logsum, 0)
            T.fill(scores_max, -T.infinity(accum_dtype))

            loop_range = (
                T.min(T.ceildiv(seqlen_kv, block_N), T.ceildiv(
                    (mid + 1) * block_M, block_N)) if is_causal else T.ceildiv(
                        (seqlen_kv // num_split), block_N))

            for k in T.Pipelined(loop_range, num_stages=2):
                MMA0(K, Q_shared, K_shared, acc_s, k, mid, hid, bid, sid)
                Softmax(acc_s, acc_s_cast, scores_max, scores_max_prev, scores_scale, scores_sum,
                        logsum)
                Rescale(acc_o, scores_scale)
                MMA1(V, V_shared, acc_s_cast, acc_o, k, hid, bid, sid)
            for i, j in T.Parallel(block_M, dim):
                acc_o[i, j] /= logsum[i]
            for i in T.Parallel(block_M):
                logsum[i] = T.log2(logsum[i]) + scores_max[i] * scale
            T.copy(logsum, glse[bid, hid, sid, mid * block_M:(mid + 1) * block_M])
            T.copy(acc_o, O_shared)
            T.copy(
                O_shared,
                Output_partial[bid, mid * block_M:(mid + 1) * block_M, hid, sid, :],
                disable_tma=True)

    @T.macro
    def combine(glse, Output_partial, Output):
        with T.Kernel(T.ceildiv(seqlen_q, block_M), heads, batch, threads=128) as (bx, by, bz):
            po_local = T.alloc_fragment([block_M, dim], dtype)
            po_shared = T.alloc_shared([block_M, dim], dtype)
            o_accum_local = T.alloc_fragment([block_M, dim], accum_dtype)
            o_shared = T.alloc_shared([block_M, dim], dtype)
            lse_local = T.alloc_fragment([num_split, block_M], dtype)
            lse_local_split = T.alloc_fragment([block_M], accum_dtype)
            lse_logsum_local = T.alloc_fragment([block_M], accum_dtype)
            lse_max_local = T.alloc_fragment([block_M], accum_dtype)
            scale_local = T.alloc_fragment([block_M], accum_dtype)

            T.annotate_layout({
                o_accum_local: T.Fragment(o_accum_local.shape, forward_thread_fn=lambda i, j: i),
                o_shared: tilelang.layout.make_swizzled_layout(o_shared),
                po_shared: tilelang.layout.make_swizzled_layout(po_shared),
            })

            T.clear(lse_logsum_local)
            T.clear(o_accum_local)
            T.copy(glse[bz, by, :, bx * block_M:(bx + 1) * block_M], lse_local)
            T.fill(lse_max_local, -T.infinity(accum_dtype))
            T.reduce_max(lse_local, lse_max_local, dim=0, clear=False)
            for k in T.Pipelined(num_split):
                T.copy(lse_local[k, :], lse_local_split)
                for i in T.Parallel(block_M):
                    lse_logsum_local[i] += T.exp2(lse_local_split[i] - lse_max_local[i])
            for i in T.Parallel(block_M):
                lse_logsum_local[i] = T.log2(lse_logsum_local[i]) + lse_max_local[i]
            for k in T.Pipelined(num_split, num_stages=2):
                T.copy(Output_partial[bz, bx * block_M:(bx + 1) * block_M, by, k, :], po_shared,
                       disable_tma=True)
                T.copy(po_shared, po_local)
                for i in T.Parallel(block_M):
                    lse_local_split[i] = lse_local[k, i]
                for i in T.Parallel(block_M):
                    scale_local[i] = T.exp2(lse_local_split[i] - lse_logsum_local[i])
                for i, j in T.Parallel(block_M, dim):
                    o_accum_local[i, j] += po_local[i, j] * scale_local[i]
            T.copy(o_accum_local, o_shared)
            T.copy(o_shared, Output[bz, bx * block_M:(bx + 1) * block_M, by, :], disable_tma=True)

    @T.prim_func
    def flashattn_mha_inference(
            Q: T.Tensor(shape_q, dtype),
            K: T.Tensor(shape_kv, dtype),
            V: T.Tensor(shape_kv, dtype),
            glse: T.Tensor([batch, heads, num_split, seqlen_q], dtype),
            Output_partial: T.Tensor(part_shape, dtype),
            Output: T.Tensor(shape_q, dtype),
    ):
        flash_attn_split(Q, K, V, glse, Output_partial)
        combine(glse, Output_partial, Output)

    return flashattn_mha_inference


@pytest.mark.parametrize("target", ["cpu", "vulkan"])
def test_flash_decoding_as_tilelang_writes_it(target):
    B, H, SQ, SKV, D = 1, 2, 64, 512, 32
    kernel = tm.compile(flashattn(B, H, SQ, SKV, D, False, 32, 32), target=target, out_idx=[5])
    rng = np.random.default_rng(23)
    Q, K, V = (rng.standard_normal(s).astype(np.float16)
               for s in [(B, SQ, H, D), (B, SKV, H, D), (B, SKV, H, D)])
    glse = np.zeros((B, H, num_split, SQ), np.float16)
    partial = np.zeros((B, SQ, H, num_split, D), np.float16)
    O = kernel(Q, K, V, glse, partial)
    q, k, v = (x.astype(np.float32) for x in (Q, K, V))
    s = np.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(D)
    p = np.exp(s - s.max(-1, keepdims=True))
    want = np.einsum("bhqk,bkhd->bqhd", p / p.sum(-1, keepdims=True), v)
    np.testing.assert_allclose(O.astype(np.float32), want, atol=2e-3)
    # The log-sum-exp of each split, in base 2.
    part = s.reshape(B, H, SQ, num_split, SKV // num_split)
    lse = np.log2(np.exp(part - part.max(-1, keepdims=True)).sum(-1)) + \
        part.max(-1) * np.log2(np.e)
    np.testing.assert_allclose(glse.astype(np.float32), lse.transpose(0, 1, 3, 2), atol=1e-2)


@pytest.mark.parametrize("target", ["cuda:sm_90a", "cuda:sm_80", "rocm:gfx942"])
def test_flash_decoding_compiles_for_gpus(target):
    tm.compile(flashattn(1, 2, 128, 1024, 64, False, 64, 64), target=target)


def chunk_linear_attn_fwd_kernel(B, S, H, DK, DV, dtype='float16', scale=None):
    """TileLang's example_linear_attn_fwd.py, unnormalised causal linear
    attention in chunks of 64; O holds one partial sum per DK block."""
    if scale is None:
        scale = DK**-0.5
    accum_dtype = 'float'
    chunk_size = 64
    BK = BV = 64
    assert S % chunk_size == 0 and DK % BK == 0 and DV % BV == 0
    NK = tilelang.cdiv(DK, BK)
    NV = tilelang.cdiv(DV, BV)
    NT = tilelang.cdiv(S, chunk_size)

    @T.prim_func
    def chunk_linear_attn_fwd(
            Q: T.Tensor([B, S, H, DK], dtype),  # type: ignore
            K: T.Tensor([B, S, H, DK], dtype),  # type: ignore
            V: T.Tensor([B, S, H, DV], dtype),  # type: ignore
            O: T.Tensor([NK, B, S, H, DV], dtype),  # type: ignore
            final_state: T.Tensor([B, H, DK, DV], accum_dtype)):  # type: ignore
        with T.Kernel(NV, NK, B * H) as (i_v, i_k, i_bh):
            i_b = i_bh // H
            i_h = i_bh % H
            q = T.alloc_shared([chunk_size, BK], dtype)
            k = T.alloc_shared([chunk_size, BK], dtype)
            v = T.alloc_shared([chunk_size, BV], dtype)
            h = T.alloc_fragment([BK, BV], accum_dtype)
            h_shared = T.alloc_shared([BK, BV], dtype)
            s = T.alloc_fragment([chunk_size, chunk_size], accum_dtype)
            s_shared = T.alloc_shared([chunk_size, chunk_size], dtype)
            o = T.alloc_fragment([chunk_size, BV], accum_dtype)
            T.clear(h)
            T.annotate_layout({
                q: tilelang.layout.make_swizzled_layout(q),
                k: tilelang.layout.make_swizzled_layout(k),
                v: tilelang.layout.make_swizzled_layout(v),
                h_shared: tilelang.layout.make_swizzled_layout(h_shared),
                s_shared: tilelang.layout.make_swizzled_layout(s_shared),
            })
            T.use_swizzle(10)
            for i in T.Pipelined(0, NT, num_stages=2):
                for row, col in T.Parallel(chunk_size, BK):
                    q[row, col] = Q[i_b, i * chunk_size + row, i_h, i_k * BK + col] * scale
                T.copy(K[i_b, i * chunk_size:(i + 1) * chunk_size, i_h, i_k * BK:(i_k + 1) * BK], k)
                T.copy(V[i_b, i * chunk_size:(i + 1) * chunk_size, i_h, i_v * BV:(i_v + 1) * BV], v)
                T.gemm(q, k, s, clear_accum=True, transpose_B=True)
                for row, col in T.Parallel(chunk_size, chunk_size):
                    s_shared[row, col] = T.if_then_else(row >= col, s[row, col], 0)
                T.gemm(s_shared, v, o, clear_accum=True)
                T.copy(h, h_shared)
                T.gemm(k, v, h, transpose_A=True)
                T.gemm(q, h_shared, o)
                T.copy(
                    o, O[i_k, i_b, i * chunk_size:(i + 1) * chunk_size, i_h,
                         i_v * BV:(i_v + 1) * BV])
            T.copy(h, final_state[i_b, i_h, i_k * BK:(i_k + 1) * BK, i_v * BV:(i_v + 1) * BV])
    return chunk_linear_attn_fwd


@pytest.mark.parametrize("S, D", [(128, 64), (192, 128)])
def test_linear_attention_as_tilelang_writes_it(S, D):
    B, H = 1, 2
    jit = tm.jit(out_idx=[3, 4], target="cpu", pass_configs={
        "tl.disable_tma_lower": True, "tl.disable_warp_specialized": True})
    kernel = jit(chunk_linear_attn_fwd_kernel)(B, S, H, D, D)
    rng = np.random.default_rng(25)
    q, k, v = (rng.standard_normal((B, S, H, D)).astype(np.float16) * 0.5 for _ in range(3))
    O, h = kernel(q, k, v)
    assert O.shape == (D // 64, B, S, H, D) and h.shape == (B, H, D, D)
    qf, kf, vf = (x.astype(np.float32) for x in (q, k, v))
    scores = np.einsum("bthd,bshd->bhts", qf * D ** -0.5, kf)
    scores = np.where(np.tril(np.ones((S, S), bool)), scores, 0)
    np.testing.assert_allclose(O.sum(0).astype(np.float32),
                               np.einsum("bhts,bshd->bthd", scores, vf), atol=1e-2, rtol=1e-2)
    np.testing.assert_allclose(h, np.einsum("bshk,bshv->bhkv", kf, vf), atol=1e-3, rtol=1e-4)


def test_linear_attention_over_lavapipes_shared_memory():
    kernel = tm.compile(chunk_linear_attn_fwd_kernel(1, 64, 1, 64, 64), target="vulkan",
                        out_idx=[3, 4])
    q = np.zeros((1, 64, 1, 64), np.float16)
    with pytest.raises(tm.TileRuntimeError, match="uses 40960 bytes of shared memory; the "
                                                  "Vulkan device .* gives a workgroup at most"):
        kernel(q, q, q)


def mla_decode(batch, heads, kv_head_num, seqlen_kv, dim, pe_dim, block_N, block_H, num_split):
    """TileLang's example_mla_decode.py (DeepSeek's multi-head latent attention
    at decode time): one kernel, or with num_split > 1 a split kernel and a
    combine kernel whose scalars are each thread's own."""
    scale = (1.0 / (dim + pe_dim))**0.5 * 1.44269504  # log2(e)
    dtype = "float16"
    accum_dtype = "float"
    kv_group_num = heads // kv_head_num
    VALID_BLOCK_H = min(block_H, kv_group_num)
    assert kv_head_num == 1, "kv_head_num must be 1"

    @T.macro
    def flash_attn(Q: T.Tensor([batch, heads, dim], dtype), 
                   Q_pe: T.Tensor([batch, heads, pe_dim], dtype),
                   KV: T.Tensor([batch, seqlen_kv, kv_head_num, dim], dtype),
                   K_pe: T.Tensor([batch, seqlen_kv, kv_head_num, pe_dim], dtype),
                   Output: T.Tensor([batch, heads, dim], dtype)):
        with T.Kernel(heads // min(block_H, kv_group_num), batch, threads=256) as (hid, bid):
            Q_shared = T.alloc_shared([block_H, dim], dtype)
            S_shared = T.alloc_shared([block_H, block_N], dtype)
            Q_pe_shared = T.alloc_shared([block_H, pe_dim], dtype)
            KV_shared = T.alloc_shared([block_N, dim], dtype)
            K_pe_shared = T.alloc_shared([block_N, pe_dim], dtype)
            O_shared = T.alloc_shared([block_H, dim], dtype)
            acc_s = T.alloc_fragment([block_H, block_N], accum_dtype)
            acc_o = T.alloc_fragment([block_H, dim], accum_dtype)
            scores_max = T.alloc_fragment([block_H], accum_dtype)
            scores_max_prev = T.alloc_fragment([block_H], accum_dtype)
            scores_scale = T.alloc_fragment([block_H], accum_dtype)
            scores_sum = T.alloc_fragment([block_H], accum_dtype)
            logsum = T.alloc_fragment([block_H], accum_dtype)
            cur_kv_head = hid // (kv_group_num // block_H)
            T.annotate_layout({O_shared: tilelang.layout.make_swizzled_layout(O_shared)})
            T.copy(Q[bid, hid * VALID_BLOCK_H:(hid + 1) * VALID_BLOCK_H, :], Q_shared)
            T.copy(Q_pe[bid, hid * VALID_BLOCK_H:(hid + 1) * VALID_BLOCK_H, :], Q_pe_shared)
            T.fill(acc_o, 0)
            T.fill(logsum, 0)
            T.fill(scores_max, -T.infinity(accum_dtype))
            loop_range = T.ceildiv(seqlen_kv, block_N)
            for k in T.Pipelined(loop_range, num_stages=2):
                T.copy(KV[bid, k * block_N:(k + 1) * block_N, cur_kv_head, :], KV_shared)
                T.copy(K_pe[bid, k * block_N:(k + 1) * block_N, cur_kv_head, :], K_pe_shared)
                T.gemm(Q_shared, KV_shared, acc_s, transpose_B=True,
                       policy=T.GemmWarpPolicy.FullCol, clear_accum=True)
                T.gemm(Q_pe_shared, K_pe_shared, acc_s, transpose_B=True,
                       policy=T.GemmWarpPolicy.FullCol)
                T.copy(scores_max, scores_max_prev)
                T.fill(scores_max, -T.infinity(accum_dtype))
                T.reduce_max(acc_s, scores_max, dim=1, clear=False)
                for i in T.Parallel(block_H):
                    scores_scale[i] = T.exp2(scores_max_prev[i] * scale - scores_max[i] * scale)
                for i, j in T.Parallel(block_H, block_N):
                    acc_s[i, j] = T.exp2(acc_s[i, j] * scale - scores_max[i] * scale)
                T.reduce_sum(acc_s, scores_sum, dim=1)
                T.copy(acc_s, S_shared)
                for i in T.Parallel(block_H):
                    logsum[i] = logsum[i] * scores_scale[i] + scores_sum[i]
                for i, j in T.Parallel(block_H, dim):
                    acc_o[i, j] *= scores_scale[i]
                T.gemm(S_shared, KV_shared, acc_o, policy=T.GemmWarpPolicy.FullCol)
            for i, j in T.Parallel(block_H, dim):
                acc_o[i, j] /= logsum[i]
            T.copy(acc_o, O_shared)
            T.copy(O_shared, Output[bid, hid * VALID_BLOCK_H:(hid + 1) * VALID_BLOCK_H, :])

    @T.macro
    def flash_attn_split(Q, Q_pe, KV, K_pe, glse, Output_partial):
        with T.Kernel(batch, heads // min(block_H, kv_group_num), num_split,
                      threads=256) as (bid, hid, bz):
            Q_shared = T.alloc_shared([block_H, dim], dtype)
            S_shared = T.alloc_shared([block_H, block_N], dtype)
            Q_pe_shared = T.alloc_shared([block_H, pe_dim], dtype)
            KV_shared = T.alloc_shared([block_N, dim], dtype)
            K_pe_shared = T.alloc_shared([block_N, pe_dim], dtype)
            O_shared = T.alloc_shared([block_H, dim], dtype)
            acc_s = T.alloc_fragment([block_H, block_N], accum_dtype)
            acc_s_cast = T.alloc_fragment([block_H, block_N], dtype)
            acc_o = T.alloc_fragment([block_H, dim], accum_dtype)
            scores_max = T.alloc_fragment([block_H], accum_dtype)
            scores_max_prev = T.alloc_fragment([block_H], accum_dtype)
            scores_scale = T.alloc_fragment([block_H], accum_dtype)
            scores_sum = T.alloc_fragment([block_H], accum_dtype)
            logsum = T.alloc_fragment([block_H], accum_dtype)
            cur_kv_head = hid // (kv_group_num // block_H)
            T.use_swizzle(10)
            T.annotate_layout({
                O_shared: tilelang.layout.make_swizzled_layout(O_shared),
                S_shared: tilelang.layout.make_swizzled_layout(S_shared),
            })
            T.copy(Q[bid, hid * VALID_BLOCK_H:(hid + 1) * VALID_BLOCK_H, :], Q_shared)
            T.copy(Q_pe[bid, hid * VALID_BLOCK_H:(hid + 1) * VALID_BLOCK_H, :], Q_pe_shared)
            T.fill(acc_o, 0)
            T.fill(logsum, 0)
            T.fill(scores_max, -T.infinity(accum_dtype))
            loop_range = T.ceildiv((seqlen_kv // num_split), block_N)
            for k in T.Pipelined(loop_range, num_stages=2):
                kv_start = (seqlen_kv // num_split) * bz + k * block_N
                kv_end = (seqlen_kv // num_split) * bz + (k + 1) * block_N
                T.copy(KV[bid, kv_start:kv_end, cur_kv_head, :], KV_shared)
                T.copy(K_pe[bid, kv_start:kv_end, cur_kv_head, :], K_pe_shared)
                T.clear(acc_s)
                T.gemm(Q_shared, KV_shared, acc_s, transpose_B=True,
                       policy=T.GemmWarpPolicy.FullCol)
                T.gemm(Q_pe_shared, K_pe_shared, acc_s, transpose_B=True,
                       policy=T.GemmWarpPolicy.FullCol)
                T.copy(scores_max, scores_max_prev)
                T.fill(scores_max, -T.infinity(accum_dtype))
                T.reduce_max(acc_s, scores_max, dim=1, clear=False)
                for i in T.Parallel(block_H):
                    scores_scale[i] = T.exp2(scores_max_prev[i] * scale - scores_max[i] * scale)
                for i, j in T.Parallel(block_H, block_N):
                    acc_s[i, j] = T.exp2(acc_s[i, j] * scale - scores_max[i] * scale)
                T.reduce_sum(acc_s, scores_sum, dim=1)
                T.copy(acc_s, S_shared)
                T.copy(S_shared, acc_s_cast)
                for i in T.Parallel(block_H):
                    logsum[i] = logsum[i] * scores_scale[i] + scores_sum[i]
                for i, j in T.Parallel(block_H, dim):
                    acc_o[i, j] *= scores_scale[i]
                T.gemm(acc_s_cast, KV_shared, acc_o, policy=T.GemmWarpPolicy.FullCol)
            for i, j in T.Parallel(block_H, dim):
                acc_o[i, j] /= logsum[i]
            for i in T.Parallel(block_H):
                logsum[i] = T.log2(logsum[i]) + scores_max[i] * scale
            T.copy(logsum, glse[bid, hid * VALID_BLOCK_H:(hid + 1) * VALID_BLOCK_H, bz])
            T.copy(acc_o, O_shared)
            T.copy(O_shared, Output_partial[bid, hid * VALID_BLOCK_H:(hid + 1) * VALID_BLOCK_H,
                                            bz, :])

    @T.macro
    def combine(glse, Output_partial, Output):
        with T.Kernel(heads, batch, threads=128) as (hid, bz):
            po_local = T.alloc_fragment([dim], dtype)
            o_accum_local = T.alloc_fragment([dim], accum_dtype)
            lse_local_split = T.alloc_local([1], accum_dtype)
            lse_logsum_local = T.alloc_local([1], accum_dtype)
            lse_max_local = T.alloc_local([1], accum_dtype)
            scale_local = T.alloc_local([1], accum_dtype)
            T.annotate_layout({
                lse_logsum_local: T.Fragment(lse_logsum_local.shape, forward_thread_fn=lambda i: i),
            })
            T.clear(lse_logsum_local)
            T.clear(o_accum_local)
            lse_max_local[0] = -T.infinity(accum_dtype)
            for k in T.serial(num_split):
                lse_max_local[0] = T.max(lse_max_local[0], glse[bz, hid, k])
            for k in T.Pipelined(num_split, num_stages=1):
                lse_local_split[0] = glse[bz, hid, k]
                lse_logsum_local[0] += T.exp2(lse_local_split[0] - lse_max_local[0])
            lse_logsum_local[0] = T.log2(lse_logsum_local[0]) + lse_max_local[0]
            for k in T.serial(num_split):
                for i in T.Parallel(dim):
                    po_local[i] = Output_partial[bz, hid, k, i]
                lse_local_split[0] = glse[bz, hid, k]
                scale_local[0] = T.exp2(lse_local_split[0] - lse_logsum_local[0])
                for i in T.Parallel(dim):
                    o_accum_local[i] += po_local[i] * scale_local[0]
            for i in T.Parallel(dim):
                Output[bz, hid, i] = o_accum_local[i]

    @T.prim_func
    def main_split(Q: T.Tensor([batch, heads, dim], dtype),
                   Q_pe: T.Tensor([batch, heads, pe_dim], dtype),
                   KV: T.Tensor([batch, seqlen_kv, kv_head_num, dim], dtype),
                   K_pe: T.Tensor([batch, seqlen_kv, kv_head_num, pe_dim], dtype),
                   glse: T.Tensor([batch, heads, num_split], dtype),
                   Output_partial: T.Tensor([batch, heads, num_split, dim], dtype),
                   Output: T.Tensor([batch, heads, dim], dtype)):
        flash_attn_split(Q, Q_pe, KV, K_pe, glse, Output_partial)
        combine(glse, Output_partial, Output)

    @T.prim_func
    def main_no_split(Q: T.Tensor([batch, heads, dim], dtype),
                      Q_pe: T.Tensor([batch, heads, pe_dim], dtype),
                      KV: T.Tensor([batch, seqlen_kv, kv_head_num, dim], dtype),
                      K_pe: T.Tensor([batch, seqlen_kv, kv_head_num, pe_dim], dtype),
                      glse: T.Tensor([batch, heads, num_split], dtype),
                      Output_partial: T.Tensor([batch, heads, num_split, dim], dtype),
                      Output: T.Tensor([batch, heads, dim], dtype)):
        flash_attn(Q, Q_pe, KV, K_pe, Output)

    if num_split > 1:
        return main_split
    else:
        return main_no_split


def mla_reference(q, q_pe, kv, k_pe):
    q, q_pe, kv, k_pe = (x.astype(np.float32) for x in (q, q_pe, kv, k_pe))
    query = np.concatenate([q, q_pe], -1)            # b h d
    key = np.concatenate([kv[:, :, 0], k_pe[:, :, 0]], -1)   # b s d
    s = np.einsum("bhd,bsd->bhs", query, key) / np.sqrt(query.shape[-1])
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    return np.einsum("bhs,bsd->bhd", p, kv[:, :, 0])


@pytest.mark.parametrize("target", ["cpu", "vulkan"])
@pytest.mark.parametrize("num_split", [1, 2])
def test_mla_decode_as_tilelang_writes_it(target, num_split):
    batch, heads, kv_ctx, dim, pe_dim = 2, 32, 256, 64, 16
    kernel = tm.compile(mla_decode(batch, heads, 1, kv_ctx, dim, pe_dim, 32, 16, num_split),
                        target=target, out_idx=[6])
    rng = np.random.default_rng(26)
    q = rng.standard_normal((batch, heads, dim)).astype(np.float16)
    q_pe = rng.standard_normal((batch, heads, pe_dim)).astype(np.float16)
    kv = rng.standard_normal((batch, kv_ctx, 1, dim)).astype(np.float16)
    k_pe = rng.standard_normal((batch, kv_ctx, 1, pe_dim)).astype(np.float16)
    glse = np.zeros((batch, heads, num_split), np.float16)
    partial = np.zeros((batch, heads, num_split, dim), np.float16)
    out = kernel(q, q_pe, kv, k_pe, glse, partial)
    np.testing.assert_allclose(out.astype(np.float32), mla_reference(q, q_pe, kv, k_pe),
                               atol=2e-3)


@pytest.mark.parametrize("target", ["cuda:sm_90a", "rocm:gfx942"])
def test_mla_decode_compiles_for_gpus(target):
    for num_split in (1, 4):
        tm.compile(mla_decode(4, 64, 1, 1024, 256, 32, 32, 32, num_split), target=target)
