# RUN: %pytest %s
# REQUIRES: python-bindings
"""Kernels written in TileLang's spelling: element types by name ("float16",
"float"), slices as copy windows (a fixed index after a sliced dimension goes
through a transposed view), T.macro, T.symbolic sizes, T.infinity, T.float32(x),
T.GemmWarpPolicy, T.unroll and T.vectorized loops, Pipelined without stages,
and compile(out_idx=...) / tile_mlir.jit, whose calls make and return the
outputs. Each computes what NumPy does, on the cpu and on lavapipe."""

import numpy as np
import pytest

import tile_mlir as tm
import tile_mlir.language as T
from helpers import tile_opt

TARGETS = ["cpu", "vulkan"]


def test_element_type_names():
    assert T.Tensor((4,), "float16").dtype is T.f16
    assert T.Tensor((4,), "float").dtype is T.f32  # TVM's float is 32-bit
    assert T.Tensor((4,), "float32").dtype is T.f32
    assert T.Tensor((4,), "bfloat16").dtype is T.bf16
    assert T.Tensor((4,), "double").dtype is T.f64
    assert T.Tensor((4,), "int").dtype is T.i32
    assert T.Tensor((4,), "int8").dtype is T.i8
    assert T.Tensor((4,), "bool").dtype is T.i1
    assert T.Tensor((4,), np.float16).dtype is T.f16
    assert T.Tensor((4,), np.dtype("int64")).dtype is T.i64
    assert (T.float16, T.float32, T.bfloat16, T.int32, T.bool) == (
        T.f16, T.f32, T.bf16, T.i32, T.i1)
    with pytest.raises(TypeError, match="'uint8' is not supported"):
        T.Tensor((4,), "uint8")
    with pytest.raises(TypeError, match="'float8_e4m3' is not supported"):
        T.alloc_shared((4,), "float8_e4m3")
    # NumPy's float is 64-bit and TVM's 32-bit: Python's type is refused.
    with pytest.raises(TypeError, match="unknown element type"):
        T.Tensor((4,), float)


@tm.jit(out_idx=[-1], target="cpu")
def matmul(M, N, K, bm, bn, bk, dtype="float16", accum_dtype="float", stages=2):
    @T.prim_func
    def main(A: T.Tensor((M, K), dtype), B: T.Tensor((K, N), dtype),
             C: T.Tensor((M, N), dtype)):
        with T.Kernel(T.ceildiv(N, bn), T.ceildiv(M, bm), threads=128) as (bx, by):
            A_s = T.alloc_shared((bm, bk), dtype)
            B_s = T.alloc_shared((bk, bn), dtype)
            acc = T.alloc_fragment((bm, bn), accum_dtype)
            T.clear(acc)
            for k in T.Pipelined(T.ceildiv(K, bk), num_stages=stages):
                T.copy(A[by * bm:(by + 1) * bm, k * bk:(k + 1) * bk], A_s)
                T.copy(B[k * bk, bx * bn], B_s)
                T.gemm(A_s, B_s, acc)
            T.copy(acc, C[by * bm:(by + 1) * bm, bx * bn:(bx + 1) * bn])
    return main


def test_jit_compiles_once_per_arguments_and_makes_the_output():
    rng = np.random.default_rng(1)
    kernel = matmul(96, 80, 72, 64, 32, 32)
    assert matmul(96, 80, 72, 64, 32, 32) is kernel
    assert matmul(96, 80, 72, 64, 32, 16) is not kernel
    A = rng.uniform(-1, 1, (96, 72)).astype(np.float16)
    B = rng.uniform(-1, 1, (72, 80)).astype(np.float16)
    C = kernel(A, B)
    assert C.dtype == np.float16 and C.shape == (96, 80)
    want = A.astype(np.float32) @ B.astype(np.float32)
    np.testing.assert_allclose(C.astype(np.float32), want, atol=2e-2)
    assert np.array_equal(kernel(B=B, A=A), C)
    kernel.close()
    again = matmul(96, 80, 72, 64, 32, 32)
    assert again is not kernel and again.is_open

    with pytest.raises(TypeError, match="returned 3; a function decorated with tile_mlir.jit"):
        tm.jit(lambda: 3)()


M, N, K = T.symbolic("M"), T.symbolic("N"), T.dynamic("K")


@T.prim_func
def scaled_matmul(A: T.Tensor((M, K), "float32"), B: T.Tensor((K, N), "float32"),
                  C: T.Tensor((M, N), "float32"), scale: T.float32):
    with T.Kernel(T.ceildiv(N, 32), T.ceildiv(M, 32), threads=64) as (bx, by):
        A_s = T.alloc_shared((32, 16), "float32")
        B_s = T.alloc_shared((16, 32), "float32")
        acc = T.alloc_fragment((32, 32), "float32")
        T.clear(acc)
        for k in T.Pipelined(T.ceildiv(K, 16)):  # no stages: a plain loop
            T.copy(A[by * 32:, k * 16:], A_s)  # open slices: the tile says how far
            T.copy(B[k * 16, bx * 32], B_s)
            T.gemm(A_s, B_s, acc, policy=T.GemmWarpPolicy.Square)
        for i, j in T.Parallel(32, 32):
            # M - M: a symbolic size is the size itself in the kernel
            acc[i, j] = T.clamp(acc[i, j] * scale, T.float32(-2), 2.0) + T.Cast(
                "float32", M - M)
        T.copy(acc, C[by * 32, bx * 32])


@pytest.mark.parametrize("target", TARGETS)
def test_symbolic_sizes_and_out_idx(target):
    text = scaled_matmul.to_mlir()
    assert "tile.num_stages" not in text
    assert "memref<?x?xf32>" in text
    kernel = tm.compile(scaled_matmul, target=target, out_idx=2)
    rng = np.random.default_rng(2)
    A = rng.uniform(-1, 1, (70, 33)).astype(np.float32)
    B = rng.uniform(-1, 1, (33, 45)).astype(np.float32)
    C = kernel(A, B, 0.5)
    assert C.shape == (70, 45)
    np.testing.assert_allclose(C, np.clip(0.5 * (A @ B), -2, 2), atol=1e-5)
    assert len(kernel.function().time(A, B, scale=2.0, repeat=2)) == 2

    with pytest.raises(TypeError, match="takes 3 inputs .*the call makes 'C'"):
        kernel(A, B, C, 0.5)
    with pytest.raises(TypeError, match="'C' is an output"):
        kernel(A, B, C=C, scale=0.5)
    with pytest.raises(TypeError, match="missing input 'scale'"):
        kernel(A, B)


def test_out_idx_is_checked_when_compiling():
    with pytest.raises(ValueError, match="5 is not the position of an argument"):
        tm.compile(scaled_matmul, target="cpu", out_idx=[5])
    with pytest.raises(ValueError, match="'C' is named twice"):
        tm.compile(scaled_matmul, target="cpu", out_idx=[2, -2])
    with pytest.raises(ValueError, match="'scale' .* is a scalar"):
        tm.compile(scaled_matmul, target="cpu", out_idx=-1)
    with pytest.raises(ValueError, match="takes arrays in CUDA device memory"):
        tm.compile(scaled_matmul, target="cuda:sm_90a", out_idx=2)

    @T.prim_func
    def unnamed(A: T.Tensor((None,), "float32"), B: T.Tensor((None,), "float32")):
        with T.Kernel(1, threads=32):
            t = T.alloc_fragment((32,), "float32")
            T.copy(A[0], t)
            T.copy(t, B[0])
    kernel = tm.compile(unnamed, target="cpu", out_idx=-1)
    with pytest.raises(TypeError, match="cannot tell the size of output 'B' in dimension 0"):
        kernel(np.zeros(4, np.float32))


def attention(batch, heads, seq, dim, causal, block=32):
    """Flash attention over [batch, seq, heads, dim] arrays, in TileLang's
    spelling: Q[b, rows, h, :] windows (a fixed head after the sliced rows),
    a macro, -T.infinity, exp2 with a folded log2(e)."""
    scale = dim ** -0.5 * 1.4426950408889634
    shape, dtype, acc_dtype = [batch, seq, heads, dim], "float16", "float"

    @T.macro
    def scores(K: T.Tensor(shape, dtype), Q_s: T.SharedBuffer([block, dim], dtype),
               K_s: T.SharedBuffer([block, dim], dtype),
               s: T.FragmentBuffer([block, block], acc_dtype), t, bx, h, b):
        T.copy(K[b, t * block:(t + 1) * block, h, :], K_s)
        for i, j in T.Parallel(block, block):  # keys past the end, and the future
            keep = t * block + j < seq
            if causal:
                keep = keep & (bx * block + i >= t * block + j)
            s[i, j] = T.if_then_else(keep, 0, -T.infinity(s.dtype))
        T.gemm(Q_s, K_s, s, transpose_B=True, policy=T.GemmWarpPolicy.FullRow)

    @T.prim_func
    def main(Q: T.Tensor(shape, dtype), K: T.Tensor(shape, dtype),
             V: T.Tensor(shape, dtype), O: T.Tensor(shape, dtype)):
        with T.Kernel(T.ceildiv(seq, block), heads, batch, threads=64) as (bx, h, b):
            Q_s, K_s, V_s = (T.alloc_shared([block, dim], dtype) for _ in range(3))
            s = T.alloc_fragment([block, block], acc_dtype)
            p = T.alloc_fragment([block, block], dtype)
            acc = T.alloc_fragment([block, dim], acc_dtype)
            m, m_prev, alpha, total, part = (T.alloc_fragment([block], acc_dtype)
                                             for _ in range(5))
            T.copy(Q[b, bx * block:(bx + 1) * block, h, :], Q_s)
            T.fill(acc, 0)
            T.fill(total, 0)
            T.fill(m, -T.infinity(acc_dtype))
            steps = T.ceildiv(seq, block)
            if causal:
                steps = T.min(steps, T.ceildiv((bx + 1) * block, block))
            for t in T.Pipelined(steps, num_stages=1):
                scores(K, Q_s, K_s, s, t, bx, h, b)
                T.copy(m, m_prev)
                T.reduce_max(s, m, dim=1, clear=False)
                for i in T.Parallel(block):
                    alpha[i] = T.exp2((m_prev[i] - m[i]) * scale)
                for i, j in T.Parallel(block, block):
                    s[i, j] = T.exp2((s[i, j] - m[i]) * scale)
                T.reduce_sum(s, part, dim=1)
                for i in T.Parallel(block):
                    total[i] = total[i] * alpha[i] + part[i]
                T.copy(s, p)
                for i, d in T.Parallel(block, dim):
                    acc[i, d] *= alpha[i]
                T.copy(V[b, t * block:(t + 1) * block, h, :], V_s)
                T.gemm(p, V_s, acc)
            for i, d in T.Parallel(block, dim):
                acc[i, d] /= total[i]
            T.copy(acc, O[b, bx * block:(bx + 1) * block, h, :])
    return main


def attention_bshd_reference(Q, K, V, causal):
    Q, K, V = (x.astype(np.float32) for x in (Q, K, V))
    s = np.einsum("bqhd,bkhd->bhqk", Q, K) / np.sqrt(Q.shape[-1])
    if causal:
        seq = Q.shape[1]
        s = np.where(np.tril(np.ones((seq, seq), bool)), s, -np.inf)
    p = np.exp(s - s.max(-1, keepdims=True))
    return np.einsum("bhqk,bkhd->bqhd", p / p.sum(-1, keepdims=True), V)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("causal", [False, True])
def test_attention_with_slices_and_a_macro(target, causal):
    batch, seq, heads, dim = 2, 80, 3, 32  # 80 rows: the last block runs past the end
    kernel = attention(batch, heads, seq, dim, causal)
    assert kernel.to_mlir().count("memref.transpose") == 4  # Q, K, V, O: [b, s, h, d]
    artifact = tm.compile(kernel, target=target, out_idx=[3])
    rng = np.random.default_rng(3)
    Q, K, V = (rng.standard_normal((batch, seq, heads, dim)).astype(np.float16)
               for _ in range(3))
    O = artifact(Q, K, V)
    np.testing.assert_allclose(O.astype(np.float32), attention_bshd_reference(Q, K, V, causal),
                               atol=1e-2)


@pytest.mark.parametrize("target", ["cuda:sm_90a", "cuda:sm_80", "rocm:gfx942"])
def test_attention_compiles_for_gpus(target):
    assert tm.compile(attention(1, 2, 64, 32, True), target=target,
                      parts="mlir").entry_names == ["main"]


@T.prim_func
def tile_slices(A: T.Tensor((8, 4, 16), "float32"), B: T.Tensor((4, 8, 16), "float32"),
                R: T.Tensor((8, 16), "float32"), S: T.Tensor((4, 16), "float32"),
                V: T.Tensor((4, 8), "int32")):
    with T.Kernel(4, threads=64) as h:
        s = T.alloc_shared((8, 4, 16), "float32")
        t = T.alloc_fragment((8, 16), "float32")
        row = T.alloc_local((16,), "float32")
        T.copy(A, s)
        T.copy(s[:, h, :], t)          # a tile's fixed middle dimension
        T.copy(t, B[h, :, :])          # a leading fixed one: a plain window
        for k in T.unroll(2):
            for j in T.vectorized(16):
                row[j] = T.float32(k) + 1.0  # the last k is 1
        T.copy(row, S[h, 0:16])
        n = T.alloc_var("int32", init=7)  # each thread's own
        n[0] = n[0] * 2
        for i in T.Parallel(8):
            V[h, i] = n[0] + T.cast(i, "int32")
        with T.If(h == 0):
            T.copy(s[0:8, 3, 0:16], t)
            T.copy(t, R[:, :])


@pytest.mark.parametrize("target", TARGETS)
def test_slices_of_tiles(target):
    rng = np.random.default_rng(4)
    A = rng.standard_normal((8, 4, 16)).astype(np.float32)
    B, R, S = np.zeros((4, 8, 16), np.float32), np.zeros((8, 16), np.float32), np.zeros(
        (4, 16), np.float32)
    V = np.zeros((4, 8), np.int32)
    tm.compile(tile_slices, target=target)(A, B, R, S, V)
    assert np.array_equal(V, np.tile(14 + np.arange(8, dtype=np.int32), (4, 1)))
    assert np.array_equal(B, A.transpose(1, 0, 2))
    assert np.array_equal(R, A[:, 3, :])
    assert np.array_equal(S, np.full((4, 16), 2.0, np.float32))


def build(body):
    @T.prim_func
    def f(A: T.Tensor((64, 64), "float16"), x: T.i32):
        with T.Kernel(1, threads=32) as b:
            body(A, x, b)
    return f


def copy_into(shape, window):
    def body(A, x, b):
        T.copy(window(A), T.alloc_shared(shape, "float16"))
    return body


def element_of_slice(A, x, b):
    for i in T.Parallel(64):
        A[0, i] = A[0:1, i]


def store_to_slice(A, x, b):
    A[0:4, 0] = 1.0


def order_without_stages(A, x, b):
    for _ in T.Pipelined(4, order=[0]):
        pass


def unnamed_size(A, x, b):
    T.fill(T.alloc_fragment((32,), "float16"), T.cast(T.symbolic("Q"), "float16"))


@pytest.mark.parametrize("body, message", [
    (copy_into((32, 64), lambda A: A[0:64, :]),
     r"slice 0 of A has 64 elements but the 32x64 tile has 32 there"),
    (copy_into((32,), lambda A: A[0:32, :]),
     r"slices 2 dimensions of A, but the 32 tile has rank 1"),
    # Ends that differ by a constant are checked too (such a slice was
    # taken as the tile's length: a 32-row window copied 16 rows), through
    # sums and multiples of block indices and of int values.
    (lambda A, x, b: T.copy(A[b * 32:(b + 1) * 32, :], T.alloc_shared((16, 64), "float16")),
     r"slice 0 of A has 32 elements but the 16x64 tile has 16 there"),
    (lambda A, x, b: T.copy(A[x * 8:(x + 2) * 8, :], T.alloc_shared((32, 64), "float16")),
     r"slice 0 of A has 16 elements but the 32x64 tile has 32 there"),
    (copy_into((32, 64), lambda A: A[0:64:2, :]), r"has step 2: tile windows are contiguous"),
    (copy_into((32, 64), lambda A: A[0:32]), r"A has rank 2 but is sliced with 1 index"),
    (element_of_slice, r"a slice of A is a tile's window, not an element"),
    (store_to_slice, r"a slice of A is a tile's window, for T.copy and T.atomic_add"),
    (order_without_stages, r"order and stage .* need num_stages >= 1"),
    (unnamed_size, r"the size 'Q' is not a size of any parameter of f"),
    (lambda A, x, b: T.fill(A, T.infinity(x.dtype)), r"infinity is a float; i32 has none"),
])
def test_mistakes_are_build_errors(body, message):
    with pytest.raises(T.BuildError, match=message):
        build(body)


def test_slices_whose_ends_differ_by_a_constant():
    build(lambda A, x, b: T.copy(A[x * 8 + b:(x + 4) * 8 + b, 2 * x - x:x + 64],
                                 T.alloc_shared((32, 64), "float16")))
    # Ends that differ by something unknown while building: not checked.
    build(lambda A, x, b: T.copy(A[x * x:x * x + 2 * x, :], T.alloc_shared((32, 64), "float16")))


def test_tile_annotations_are_for_macros():
    with pytest.raises(T.BuildError, match="parameter 'A' of f is a T.SharedBuffer"):
        @T.prim_func
        def f(A: T.SharedBuffer((64, 64), "float16")):
            pass


def test_windows_of_both_sides_are_refused_by_tile_verify():
    @T.prim_func
    def f(A: T.Tensor((64, 64), "float32"), B: T.Tensor((64, 64), "float32")):
        with T.Kernel(1, threads=32):
            T.copy(A[0:32, :], B[0:32, :])
    run = tile_opt("--tile-verify", text=f.to_mlir())
    assert run.returncode != 0
    assert "takes offsets for one side only" in run.stderr
    assert "test_tilelang.py" in run.stderr


@T.prim_func
def add_twice(A: T.Tensor((2, 40, 3, 16), "float32"), C: T.Tensor((2, 40, 3, 16), "float32")):
    with T.Kernel(3, 2, T.ceildiv(40, 32), threads=64) as (h, b, r):
        t = T.alloc_fragment((32, 16), "float32")
        T.copy(A[b, r * 32:(r + 1) * 32, h, :], t)
        for _ in T.serial(2):
            T.atomic_add(C[b, r * 32:(r + 1) * 32, h, :], t)  # rows past 40 are dropped


@pytest.mark.parametrize("target", TARGETS)
def test_sliced_atomic_add(target):
    A = np.random.default_rng(5).standard_normal((2, 40, 3, 16)).astype(np.float32)
    C = np.ones_like(A)
    tm.compile(add_twice, target=target)(A, C)
    assert np.array_equal(C, (np.float32(1) + A) + A)  # two adds, in order
    for gpu in ("cuda:sm_90a", "rocm:gfx942"):
        assert tm.compile(add_twice, target=gpu, parts="mlir").entry_names == ["add_twice"]


def elementwise_add(M, N, bm, bn):
    @T.prim_func
    def add(A: T.Tensor((M, N), "float32"), B: T.Tensor((M, N), "float32"),
            C: T.Tensor((M, N), "float32")):
        with T.Kernel(T.ceildiv(N, bn), T.ceildiv(M, bm), threads=128) as (bx, by):
            for y, x in T.Parallel(bm, bn):  # no bounds check written: the builder's
                C[by * bm + y, bx * bn + x] = A[by * bm + y, bx * bn + x] + B[by * bm + y,
                                                                              bx * bn + x]
    return add


@T.prim_func
def shifted(A: T.Tensor(("N",), "int32"), B: T.Tensor(("N",), "int32")):
    N = A.shape[0]
    with T.Kernel(T.ceildiv(N, 32), threads=32) as b:
        for i in T.Parallel(32):
            B[b * 32 + i] = A[b * 32 + i + 1] + A[b * 32 + i - 1] * 1000  # 0 past either end


@pytest.mark.parametrize("target", TARGETS)
def test_global_elements_in_parallel_loops_stay_inside(target):
    """As TileLang's, an element of a parameter read in T.Parallel outside
    its bounds is 0 and one written there is dropped: the blocks of the last
    row and column of this grid run past a 70 x 45 array (a write past C's
    end faulted before)."""
    rng = np.random.default_rng(6)
    A, B = (rng.standard_normal((70, 45)).astype(np.float32) for _ in range(2))
    C = tm.compile(elementwise_add(70, 45, 32, 32), target=target, out_idx=-1)(A, B)
    assert np.array_equal(C, A + B)
    A = np.arange(1, 51, dtype=np.int32)
    B = tm.compile(shifted, target=target, out_idx=-1)(A)
    want = np.append(A[1:], 0) + np.insert(A[:-1], 0, 0) * 1000
    assert np.array_equal(B, want)


def test_constant_indices_inside_static_shapes_are_not_checked():
    @T.prim_func
    def f(A: T.Tensor((4, "N"), "float32")):
        with T.Kernel(1, threads=32):
            for i in T.Parallel(32):
                A[3, i] = A[0, 0] + A[i, 1]
    text = str(f)
    # A[0, 0]: 0 in the dynamic dimension; A[i, 1]: both; A[3, i]: i
    assert text.count("arith.cmpi ult") == 4, text
    assert text.count("scf.if") == 3, text


def block_counts(order, panel, extents):
    """Each block of the grid adds 1 at its own (remapped) indices."""
    @T.prim_func
    def count(C: T.Tensor(extents, "int32")):
        with T.Kernel(*extents, threads=32) as ivs:
            T.use_swizzle(panel, order=order)
            one = T.alloc_fragment((1,), "int32")
            T.fill(one, 1)
            T.atomic_add(C[ivs], one)
    return count


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("order, panel, extents", [
    ("row", 3, (7, 5)),      # the last panel has one row
    ("col", 2, (4, 9)),
    ("row", 10, (3, 4)),     # one panel, larger than the grid
    ("col", 4, (2, 6, 6)),   # 3-D: the last two indices
    ("row", 1, (5, 3)),
])
def test_use_swizzle_hands_out_every_block_once(target, order, panel, extents):
    counts = tm.compile(block_counts(order, panel, extents), target=target, out_idx=0)()
    assert (counts == 1).all(), counts
    assert "_launch" in block_counts(order, panel, extents).to_mlir()


def test_use_swizzle_mistakes():
    def kernel(body, extents=(4, 4)):
        @T.prim_func
        def f(A: T.Tensor((64, 64), "float32")):
            with T.Kernel(*extents, threads=32) as ivs:
                body(ivs)
        return f

    # Written after the indices are used, as TileLang's linear attention
    # does: the whole kernel sees the remapped ones.
    late = kernel(lambda ivs: (ivs[0] * 16, T.use_swizzle(4)))
    with pytest.raises(T.BuildError, match="written once per kernel"):
        kernel(lambda ivs: (T.use_swizzle(2), T.use_swizzle(2)))
    with pytest.raises(T.BuildError, match="needs a grid of 2 or 3 dimensions"):
        kernel(lambda ivs: T.use_swizzle(2), extents=(4,))
    with pytest.raises(T.BuildError, match="panel_size of T.use_swizzle must be >= 1"):
        kernel(lambda ivs: T.use_swizzle(0))
    with pytest.raises(T.BuildError, match='order of T.use_swizzle is "row" or "col"'):
        kernel(lambda ivs: T.use_swizzle(2, order="diagonal"))
    kernel(lambda ivs: T.use_swizzle(2, enable=False))  # as TileLang's: nothing
    text = str(late)
    body = text[text.index("scf.forall"):]
    assert body.index("%b1 = arith.divui") < body.index("arith.muli %b0, %c16")  # remapped first


def abs_sums(scope, dim, dtype):
    """Row (dim 1) or column (dim 0) sums of |X| of a 50 x 70 X, kept across
    tiles of 16 x 32 with clear=False."""
    alloc = {"fragment": T.alloc_fragment, "shared": T.alloc_shared, "local": T.alloc_local}[scope]

    @T.prim_func
    def abs_sum(X: T.Tensor((50, 70), dtype), Out: T.Tensor((70 if dim == 0 else 50,), dtype)):
        with T.Kernel(1, threads=64):
            t = alloc((16, 32), dtype)
            acc = T.alloc_fragment((32 if dim == 0 else 16,), dtype)
            for outer in T.serial(T.ceildiv(70 if dim == 0 else 50, acc.shape_spec[0])):
                T.clear(acc)
                for inner in T.serial(T.ceildiv(50 if dim == 0 else 70, t.shape_spec[dim])):
                    rows, cols = (inner, outer) if dim == 0 else (outer, inner)
                    T.copy(X[rows * 16, cols * 32], t)
                    T.reduce_abssum(t, acc, dim=dim, clear=False)
                T.copy(acc, Out[outer * acc.shape_spec[0]])
    return abs_sum


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("scope, dim, dtype", [
    ("fragment", 1, "float32"), ("fragment", 0, "float32"), ("shared", 1, "float64"),
    ("local", 0, "float32"), ("fragment", 1, "int32"), ("shared", 0, "int32")])
def test_reduce_abssum(target, scope, dim, dtype):
    if target == "vulkan" and dtype == "float64":
        dtype = "float32"
    rng = np.random.default_rng(7)
    X = (rng.standard_normal((50, 70)) * 8).astype(dtype)
    out = tm.compile(abs_sums(scope, dim, dtype), target=target, out_idx=-1)(X)
    want = np.abs(X).sum(axis=dim, dtype=np.float64)
    np.testing.assert_allclose(out, want.astype(dtype), rtol=1e-5)
    for gpu in ("cuda:sm_90a", "rocm:gfx942"):
        tm.compile(abs_sums(scope, dim, dtype), target=gpu, parts="mlir")


@T.prim_func
def histogram(X: T.Tensor(("N",), "int32"), F: T.Tensor(("N",), "float32"),
              H: T.Tensor((16,), "int32"), S: T.Tensor((1,), "float32"),
              Extremes: T.Tensor((2,), "int32"), Ticket: T.Tensor(("N",), "int32"),
              Count: T.Tensor((1,), "int32")):
    N = X.shape[0]
    with T.Kernel(T.ceildiv(N, 64), threads=64) as b:
        for i in T.Parallel(64):
            j = b * 64 + i
            x = X[j]  # 0 past the end
            T.atomic_add(H[x & 15], 1)  # an i32 index
            T.atomic_add(S[0], F[j])
            T.atomic_max(Extremes[0], x)
            T.atomic_min(Extremes[1], x)
            Ticket[j] = T.atomic_add(Count[0], 1, return_prev=True)  # every element takes one


@pytest.mark.parametrize("target", TARGETS)
def test_atomics_of_one_element(target):
    n = 150  # three blocks; the last runs past the end
    rng = np.random.default_rng(8)
    X = rng.integers(-1000, 1000, n).astype(np.int32)
    F = rng.random(n).astype(np.float32)
    H, S = np.zeros(16, np.int32), np.zeros(1, np.float32)
    extremes = np.array([np.iinfo(np.int32).min, np.iinfo(np.int32).max], np.int32)
    ticket, count = np.zeros(n, np.int32), np.zeros(1, np.int32)
    tm.compile(histogram, target=target)(X, F, H, S, extremes, ticket, count)
    padded = np.concatenate([X, np.zeros(192 - n, np.int32)])  # what the blocks read
    assert np.array_equal(H, np.bincount(padded & 15, minlength=16))
    assert S[0] == pytest.approx(F.sum(), rel=1e-5)
    assert list(extremes) == [padded.max(), padded.min()]
    assert count[0] == 192  # Count[0] is inside: the blocks' 42 elements past the end add too
    assert len(set(ticket)) == n and 0 <= ticket.min() and ticket.max() < 192
    for gpu in ("cuda:sm_90a", "rocm:gfx942"):
        tm.compile(histogram, target=gpu, parts="mlir")


@T.prim_func
def count_blocks_and_threads(Count: T.Tensor((2,), T.i32)):
    with T.Kernel(5, threads=64):
        T.atomic_add(Count[0], 1)  # every thread of the block, as in TileLang
        for i in T.Parallel(3):
            T.atomic_add(Count[1], 1)  # once per element


@pytest.mark.parametrize("target", TARGETS)
def test_atomic_outside_parallel_runs_on_every_thread(target):
    # The cpu counted each block once (5) where vulkan counted its 64
    # threads (320).
    count = np.zeros(2, np.int32)
    tm.compile(count_blocks_and_threads, target=target)(count)
    assert list(count) == [5 * 64, 5 * 3]


def test_atomics_of_one_element_mistakes():
    @T.prim_func
    def float_max(F: T.Tensor((64,), "float32"), M: T.Tensor((1,), "float32")):
        with T.Kernel(1, threads=64):
            for i in T.Parallel(64):
                T.atomic_max(M[0], F[i])
    with pytest.raises(tm.CompileError, match=r"test_tilelang.py:\d+:\d+: error: "
                       r"'memref.atomic_rmw' op applies maximumf atomically to f32"):
        tm.compile(float_max, target="vulkan")
    F, M = np.random.default_rng(9).random(64).astype(np.float32), np.zeros(1, np.float32)
    tm.compile(float_max, target="cpu")(F, M)
    assert M[0] == F.max()

    def kernel(body):
        @T.prim_func
        def f(A: T.Tensor((64,), "float32"), I: T.Tensor((64,), "index")):
            with T.Kernel(1, threads=64):
                body(A, I)

    for body, message in [
            (lambda A, I: T.atomic_max(A[0:4], 1.0), "T.atomic_max of a slice of A"),
            (lambda A, I: T.atomic_add(T.alloc_fragment((4,), "float32")[0], 1.0),
             "global or shared memory, not of a fragment tile"),
            (lambda A, I: T.atomic_add(I[0], 1), "not defined on index elements"),
            (lambda A, I: T.atomic_min(A[0], A), "takes a value for one element, got the buffer"),
            (lambda A, I: T.atomic_add(A[0], T.alloc_fragment((1,), "float32"),
                                       return_prev=True), "atomic_add of a tile returns nothing")]:
        with pytest.raises(T.BuildError, match=message):
            kernel(body)


def test_kernel_source_and_tilelang_keywords():
    kernel = matmul(64, 64, 64, 32, 32, 32)
    assert "define void @main(" in kernel.get_kernel_source()  # cpu: host LLVM IR
    src = matmul.__wrapped__(64, 64, 64, 32, 32, 32)
    assert ".entry main_kernel" in tm.compile(src, target="cuda:sm_90a").get_kernel_source()
    with pytest.raises(KeyError, match="no spirv-asm part: compile with parts='spirv-asm'"):
        tm.compile(src, target="vulkan").get_kernel_source()
    assert "OpEntryPoint" in tm.compile(src, target="vulkan",
                                        parts="spirv-asm").get_kernel_source()
    with pytest.raises(KeyError, match="no isa part"):
        tm.compile(src, target="rocm:gfx942").get_kernel_source()

    def kernel_with(body):
        @T.prim_func
        def f(A: T.Tensor((64, 64), "float16")):
            with T.Kernel(1, threads=128):
                body()
    kernel_with(lambda: (T.alloc_shared((16, 16), "float16", scope="shared.dyn"),
                         T.alloc_fragment((16,), "float", scope="local.fragment"),
                         T.alloc_local((4,), "float", scope="local")))
    with pytest.raises(T.BuildError, match="alloc_shared takes scope='shared' or 'shared.dyn'"):
        kernel_with(lambda: T.alloc_shared((16, 16), "float16", scope="local"))

    def gemm(**kwargs):
        a, b = T.alloc_shared((16, 16), "float16"), T.alloc_shared((16, 16), "float16")
        T.gemm(a, b, T.alloc_fragment((16, 16), "float"), **kwargs)
    kernel_with(lambda: gemm(k_pack=1, wg_wait=0))
    with pytest.raises(T.BuildError, match="gemm's k_pack=2 is not supported"):
        kernel_with(lambda: gemm(k_pack=2))


def running_sums(dim, reverse, in_place, shape):
    @T.prim_func
    def cs(X: T.Tensor(shape, "float32"), Y: T.Tensor(shape, "float32")):
        with T.Kernel(1, threads=64):
            s = T.alloc_shared(shape, "float32")
            T.copy(X, s)
            d = s if in_place else T.alloc_shared(shape, "float32")
            T.cumsum(s, None if in_place else d, dim=dim, reverse=reverse)
            T.copy(d, Y)
    return cs


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("dim, reverse, in_place, shape", [
    (0, False, False, (8, 40)), (1, False, True, (8, 40)), (1, True, False, (8, 40)),
    (-1, False, True, (50,)), (0, True, True, (3, 4, 5))])
def test_cumsum(target, dim, reverse, in_place, shape):
    X = np.random.default_rng(10).integers(-5, 5, shape).astype(np.float32)
    Y = tm.compile(running_sums(dim, reverse, in_place, shape), target=target, out_idx=-1)(X)
    want = np.flip(np.cumsum(np.flip(X, dim), dim), dim) if reverse else np.cumsum(X, dim)
    assert np.array_equal(Y, want)
    for gpu in ("cuda:sm_90a", "rocm:gfx942"):
        tm.compile(running_sums(dim, reverse, in_place, shape), target=gpu, parts="mlir")


def test_cumsum_mistakes():
    def kernel(body):
        @T.prim_func
        def f(A: T.Tensor((64,), "float32")):
            with T.Kernel(1, threads=64):
                body(A)
    with pytest.raises(T.BuildError, match="cumsum's source is a fragment buffer: it takes "
                                           "tiles in shared memory"):
        kernel(lambda A: T.cumsum(T.alloc_fragment((64,), "float32")))
    with pytest.raises(T.BuildError, match="cumsum's source and dest differ"):
        kernel(lambda A: T.cumsum(T.alloc_shared((64,), "float32"),
                                  T.alloc_shared((32,), "float32")))
    with pytest.raises(T.BuildError, match="cumsum's dim 1 is outside the 1 dimensions"):
        kernel(lambda A: T.cumsum(T.alloc_shared((64,), "float32"), dim=1))
