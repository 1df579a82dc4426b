# RUN: %pytest %s
# REQUIRES: python-bindings
"""Python's own `if`, `and`, `or`, `not`, `a if c else b`, chained compares
and `range` on kernel values in a @T.prim_func or @T.macro (scf.if,
arith.andi, ..., scf.for), views of a parameter's elements with another
shape (T.Tensor(shape, dtype, A.data), T.reshape) and T.annotate_layout, as
TileLang's convolution and block-sparse GEMM write them. Each computes what
NumPy does, on the cpu and on lavapipe; the GPU targets compile them."""

import itertools
import math
import re

import numpy as np
import pytest

import tile_mlir as tm
import tile_mlir as tilelang
import tile_mlir.language as T

TARGETS = ["cpu", "vulkan"]
GPUS = ["cuda:sm_80", "cuda:sm_90a", "rocm:gfx942"]


def convolution(N, C, H, W, F, K, S, D, P, block_M, block_N, block_K, num_stages, threads,
                dtype="float16", accum_dtype="float"):
    """TileLang's example_convolution.py (NHWC data, HWCF filters), as written
    there but for the Hopper branch."""
    KH, KW = K, K
    OH = (H + 2 * P - D * (K - 1) - 1) // S + 1
    OW = (W + 2 * P - D * (K - 1) - 1) // S + 1

    @T.prim_func
    def main(data: T.Tensor((N, H, W, C), dtype), kernel: T.Tensor((KH, KW, C, F), dtype),
             out: T.Tensor((N, OH, OW, F), dtype)):
        with T.Kernel(T.ceildiv(F, block_N), T.ceildiv(N * OH * OW, block_M),
                      threads=threads) as (bx, by):
            data_shared = T.alloc_shared((block_M, block_K), dtype)
            kernel_shared = T.alloc_shared((block_K, block_N), dtype)
            out_local = T.alloc_fragment((block_M, block_N), accum_dtype)
            out_shared = T.alloc_shared((block_M, block_N), dtype)

            kernel_flat = T.Tensor((KH * KW * C, F), dtype, kernel.data)
            out_flat = T.Tensor((N * OH * OW, F), dtype, out.data)

            T.annotate_layout({
                out_shared: tilelang.layout.make_swizzled_layout(out_shared),
                data_shared: tilelang.layout.make_swizzled_layout(data_shared),
                kernel_shared: tilelang.layout.make_swizzled_layout(kernel_shared),
            })

            T.clear(out_local)
            for k_iter in T.Pipelined(T.ceildiv(KH * KW * C, block_K), num_stages=num_stages):
                for i, j in T.Parallel(block_M, block_K):
                    k = k_iter * block_K + j
                    m = by * block_M + i
                    access_h = m % (OH * OW) // OW * S + k // (KW * C) * D - P
                    access_w = m % OW * S + k // C % KW * D - P
                    in_bound = ((access_h >= 0) and (access_w >= 0) and (access_h < H) and
                                (access_w < W))
                    data_shared[i, j] = T.if_then_else(
                        in_bound, data[m // (OH * OW), access_h, access_w, k % C], 0)
                T.copy(kernel_flat[k_iter * block_K, bx * block_N], kernel_shared)
                T.gemm(data_shared, kernel_shared, out_local)

            T.copy(out_local, out_shared)
            T.copy(out_shared, out_flat[by * block_M, bx * block_N])

    return main


def convolution_reference(data, kernel, S, D, P):
    N, H, W, C = data.shape
    K = kernel.shape[0]
    OH = (H + 2 * P - D * (K - 1) - 1) // S + 1
    OW = (W + 2 * P - D * (K - 1) - 1) // S + 1
    padded = np.pad(data.astype(np.float32), ((0, 0), (P, P), (P, P), (0, 0)))
    out = np.zeros((N, OH, OW, kernel.shape[3]), np.float32)
    for kh in range(K):
        for kw in range(K):
            out += padded[:, kh * D:kh * D + S * OH:S, kw * D:kw * D + S * OW:S, :] @ \
                kernel[kh, kw].astype(np.float32)
    return out


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("S, D, P", [(1, 1, 1), (2, 1, 0), (1, 2, 2)])
def test_convolution_as_tilelang_writes_it(target, S, D, P):
    # 2 x 10 x 9 x 16 data, 24 filters: neither the output rows nor the
    # filters fill the last block.
    N, C, H, W, F, K = 2, 16, 10, 9, 24, 3
    kernel = convolution(N, C, H, W, F, K, S, D, P, 32, 32, 16, 2, 128)
    text = kernel.to_mlir()
    assert text.count("memref.reinterpret_cast") == 2
    assert "arith.andi" in text and "layout" not in text
    artifact = tm.compile(kernel, target=target, out_idx=[2])
    rng = np.random.default_rng(20)
    data = rng.standard_normal((N, H, W, C)).astype(np.float16)
    filters = rng.standard_normal((K, K, C, F)).astype(np.float16)
    out = artifact(data, filters)
    np.testing.assert_allclose(out.astype(np.float32),
                               convolution_reference(data, filters, S, D, P),
                               atol=0.05, rtol=1e-2)


@tm.jit(out_idx=[-1], target="cpu")
def blocksparse_matmul(M, N, K, block_M, block_N, block_K, num_stages, thread_num,
                       enable_rasteration, dtype="float16", accum_dtype="float"):
    """TileLang's example_blocksparse_gemm.py: a block of A times a block of B
    only where the mask says so, under a Python `if` on a mask element."""
    block_mask_shape = (M // block_M, N // block_N, K // block_K)

    @T.prim_func
    def block_sparse_matmul(A: T.Tensor((M, K), dtype), B: T.Tensor((K, N), dtype),
                            BlockMask: T.Tensor(block_mask_shape, "bool"),
                            C: T.Tensor((M, N), dtype)):
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M),
                      threads=thread_num) as (bx, by):
            A_shared = T.alloc_shared((block_M, block_K), dtype)
            B_shared = T.alloc_shared((block_K, block_N), dtype)
            C_local = T.alloc_fragment((block_M, block_N), accum_dtype)
            C_shared = T.alloc_shared((block_M, block_N), dtype)

            T.use_swizzle(panel_size=10, enable=enable_rasteration)
            T.clear(C_local)

            for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=num_stages):
                if BlockMask[by, bx, k]:
                    T.copy(A[by * block_M, k * block_K], A_shared)
                    T.copy(B[k * block_K, bx * block_N], B_shared)
                    T.gemm(A_shared, B_shared, C_local)

            T.copy(C_local, C_shared)
            T.copy(C_shared, C[by * block_M, bx * block_N])

    return block_sparse_matmul


def test_blocksparse_gemm_as_tilelang_writes_it():
    M, N, K, bm, bn, bk = 128, 96, 160, 32, 32, 32
    kernel = blocksparse_matmul(M, N, K, bm, bn, bk, 2, 128, True)
    rng = np.random.default_rng(21)
    A = rng.standard_normal((M, K)).astype(np.float16)
    B = rng.standard_normal((K, N)).astype(np.float16)
    mask = rng.random((M // bm, N // bn, K // bk)) > 0.5
    C = kernel(A, B, mask)
    want = np.zeros((M, N), np.float32)
    for i in range(M // bm):
        for j in range(N // bn):
            for k in range(K // bk):
                if mask[i, j, k]:
                    want[i * bm:(i + 1) * bm, j * bn:(j + 1) * bn] += (
                        A[i * bm:(i + 1) * bm, k * bk:(k + 1) * bk].astype(np.float32)
                        @ B[k * bk:(k + 1) * bk, j * bn:(j + 1) * bn].astype(np.float32))
    np.testing.assert_allclose(C.astype(np.float32), want, atol=0.05, rtol=1e-2)
    f = blocksparse_matmul.__wrapped__(M, N, K, bm, bn, bk, 2, 128, True)
    text = f.to_mlir()
    # The copies and the gemm are in the scf.if of the mask element, at
    # the Python lines that wrote them.
    lines = text.splitlines()
    first = next(n for n, line in enumerate(lines) if "scf.if" in line)
    indent = lines[first][:len(lines[first]) - len(lines[first].lstrip())]
    last = next(n for n in range(first + 1, len(lines)) if lines[n].startswith(indent + "}"))
    inside = "\n".join(lines[first:last])
    assert inside.count('"tile.copy"') == 2 and inside.count('"tile.gemm"') == 1
    with open(__file__) as source:
        line = 1 + next(n for n, text in enumerate(source)
                        if text.strip() == "T.gemm(A_shared, B_shared, C_local)")
    assert re.search(r'"tile.gemm".*test_tilelang_control.py":%d:' % line, text)
    t = tm.compile(f, target="vulkan", out_idx=[-1])
    np.testing.assert_allclose(t(A, B, mask).astype(np.float32), want, atol=0.05, rtol=1e-2)
    for gpu in GPUS:
        tm.compile(blocksparse_matmul.__wrapped__(256, 256, 256, 128, 128, 32, 3, 128, True),
                   target=gpu)


@T.macro
def classify(x, out, i, limit):
    """A macro whose Python conditions test kernel values."""
    if x < -limit:
        out[i] = -2
    elif -limit <= x < 0 or x != x:  # a chain, `or`, and a NaN test
        out[i] = -1
    elif not x > 0:
        out[i] = 0
    else:
        out[i] = 1 if x < limit else 2


@T.prim_func
def conditions(X: T.Tensor((64,), "float32"), Y: T.Tensor((64,), "int32"),
               Z: T.Tensor((64,), "float32"), W: T.Tensor((64,), "float32"), n: T.index):
    with T.Kernel(1, threads=64):
        for i in T.Parallel(64):
            classify(X[i], Y, i, 1.5)
            # Python values keep Python's results and short circuits: no
            # op is made for them.
            scale = None
            factor = scale and scale * 2 or 3.0
            if isinstance(factor, float) and factor > 2:
                Z[i] = X[i] * factor if i % 2 == 0 and i < n else -X[i]
            if (1 if X[i] > 100 else 0) or not (3 if i < 70 else 0):  # never
                Y[i] = 7
            for t in range(n):  # a loop: n is a kernel value
                W[i] = W[i] + X[i]


@pytest.mark.parametrize("target", TARGETS)
def test_python_conditions_on_kernel_values(target):
    text = conditions.to_mlir()
    assert "arith.ori" in text and "arith.xori" in text  # `or`, `not`
    assert "scf.for" in text and "3.0" in text  # range(n); Python's `scale and ... or 3.0`
    X = np.array(list(np.linspace(-3, 3, 60)) + [np.nan, 0.0, -0.0, 1.5], np.float32)
    Y = np.zeros(64, np.int32)
    Z, W = np.zeros(64, np.float32), np.zeros(64, np.float32)
    tm.compile(conditions, target=target)(X, Y, Z, W, 10)
    want = np.select([X < -1.5, ((-1.5 <= X) & (X < 0)) | np.isnan(X), ~(X > 0), X < 1.5],
                     [-2, -1, 0, 1], 2)
    assert np.array_equal(Y, want)
    i = np.arange(64)
    z = np.where((i % 2 == 0) & (i < 10), X * 3.0, -X)
    np.testing.assert_array_equal(Z, z.astype(np.float32))
    np.testing.assert_allclose(W, 10 * X, rtol=1e-6)


def test_python_conditions_mistakes():
    with pytest.raises(T.BuildError, match=r"was made inside the else of an if at .*:\d+:\d+ "
                                           r"and is used outside it"):
        @T.prim_func
        def escapes(X: T.Tensor((4,), "float32")):
            with T.Kernel(1):
                for i in T.Parallel(4):
                    if X[i] > 0:
                        y = X[i] * 2.0
                    else:
                        y = X[i]
                    X[i] = y
    # A break or a continue that would leave the if: the if stays Python's.
    with pytest.raises(T.BuildError, match="no Python truth value"):
        @T.prim_func
        def breaks(X: T.Tensor((4,), "float32"), n: T.index):
            with T.Kernel(1):
                for t in T.serial(4):
                    if t > n:
                        break
                    X[t] = 1.0

    # `x := v` in an operand of `and` keeps Python's `and` (a thunk would
    # bind x in itself): right for Python values, a BuildError for kernel
    # values.
    @T.prim_func
    def walrus(X: T.Tensor((4,), "float32")):
        with T.Kernel(1):
            for i in T.Parallel(4):
                if (n := 3) > 2 and n < 4:
                    X[i] = 1.0
    assert "memref.store" in walrus.to_mlir()
    with pytest.raises(T.BuildError, match="no Python truth value"):
        @T.prim_func
        def walrus_kernel_value(X: T.Tensor((4,), "float32")):
            with T.Kernel(1):
                for i in T.Parallel(4):
                    if (x := X[i]) > 0 and x < 1:
                        X[i] = 1.0

    # TileLang's names with no counterpart say why.
    with pytest.raises(AttributeError, match="has no get_thread_binding: a kernel states what "
                                             "its block does"):
        T.get_thread_binding(0)
    with pytest.raises(AttributeError, match="element type 'uint8' is not supported"):
        T.uint8
    assert not hasattr(T, "print") and not hasattr(T, "no_such_name")

    # Without its source (made by exec), a function is traced as written.
    space = {"T": T}
    exec("@T.prim_func\ndef made(X: T.Tensor((4,), 'float32')):\n"
         "    with T.Kernel(1):\n"
         "        for i in T.Parallel(4):\n"
         "            with T.If(X[i] > 0):\n"
         "                X[i] = 0.0\n", space)
    assert "scf.if" in space["made"].to_mlir()


def test_views_and_layouts_mistakes():
    def kernel(body, shape=(4, 6)):
        @T.prim_func
        def f(A: T.Tensor(shape, "float32"), n: T.index):
            with T.Kernel(1, threads=32):
                body(A)
        return f

    def flat(A):
        v = T.reshape(A, (24,))
        T.copy(v, T.alloc_shared((24,), "float32"))
    assert "memref<4x6xf32> to memref<24xf32>" in kernel(flat).to_mlir()
    with pytest.raises(T.BuildError, match=r"view of A's elements as \(5, 5\): the view has 25 "
                                           r"elements and A 24"):
        kernel(lambda A: T.Tensor((5, 5), "float32", A.data))
    with pytest.raises(T.BuildError, match="the view's element type f16 is not the buffer's f32"):
        kernel(lambda A: T.Tensor((24,), "float16", A.data))
    with pytest.raises(T.BuildError, match="views with another shape are made of parameters "
                                           "only"):
        kernel(lambda A: T.reshape(T.alloc_shared((4, 4), "float32"), (16,)))
    with pytest.raises(T.BuildError, match="A has dynamic sizes"):
        kernel(lambda A: T.reshape(A, (24,)), shape=(None, 6))
    with pytest.raises(T.BuildError, match="T.annotate_layout's keys are tiles"):
        kernel(lambda A: T.annotate_layout({A: None}))
    with pytest.raises(T.BuildError, match="make_swizzled_layout takes a shared tile"):
        kernel(lambda A: tilelang.layout.make_swizzled_layout(T.alloc_fragment((4, 4), "float")))

    def other(A):
        s, t = T.alloc_shared((8, 8), "float16"), T.alloc_shared((8, 8), "float16")
        T.annotate_layout({s: tilelang.layout.make_swizzled_layout(t)})
    with pytest.raises(T.BuildError, match=r"the layout of s_\d+ was made for s_\d+"):
        kernel(other)
    with pytest.raises(T.BuildError, match=r"has shape \(4, 4\), the tile \(8, 8\)"):
        kernel(lambda A: T.annotate_layout({T.alloc_fragment((8, 8), "float"): T.Fragment(
            (4, 4), forward_thread_fn=lambda i, j: i)}))
    with pytest.raises(T.BuildError, match="must be a T.Layout, a T.Fragment or"):
        kernel(lambda A: T.annotate_layout({T.alloc_fragment((8, 8), "float"): "swizzled"}))
    with pytest.raises(T.BuildError, match="copy's disable_tma is a bool"):
        kernel(lambda A: T.copy(A, T.alloc_shared((4, 6), "float32"), disable_tma="yes"))
    with pytest.raises(T.BuildError, match="copy's eviction_policy is one of"):
        kernel(lambda A: T.copy(A, T.alloc_shared((4, 6), "float32"), eviction_policy="lru"))


@T.prim_func
def mixed_types(H: T.Tensor((64,), "float16"), F: T.Tensor((64,), "float32"),
                I: T.Tensor((64,), "int32"), B: T.Tensor((64,), "int8"),
                G: T.Tensor((64,), "bfloat16"), O: T.Tensor((64,), "float32"),
                P: T.Tensor((64,), "float16"), Q: T.Tensor((64,), "int32")):
    with T.Kernel(1, threads=64):
        for i in T.Parallel(64):
            O[i] = H[i] + F[i] * I[i] + G[i]   # f16 and bf16 meet in f32, i32 becomes f32
            P[i] = F[i] * 2                    # stored into f16: converted
            Q[i] = B[i] + I[i] + i             # i8 widens to i32, i32 with index: index


@pytest.mark.parametrize("target", TARGETS)
def test_operands_of_two_types_meet_as_tilelang_has_them(target):
    text = str(mixed_types)
    assert "arith.sitofp" in text and "arith.extf" in text and "arith.truncf" in text
    assert "arith.extsi" in text and "arith.index_cast" in text
    rng = np.random.default_rng(22)
    H = rng.uniform(-1, 1, 64).astype(np.float16)
    F = rng.uniform(-1, 1, 64).astype(np.float32)
    I = rng.integers(-5, 5, 64).astype(np.int32)
    B = rng.integers(-100, 100, 64).astype(np.int8)
    G = rng.uniform(-1, 1, 64).astype(np.float32)  # bf16 arrays are uint16 bits
    G_bits = (G.view(np.uint32) >> 16).astype(np.uint16)
    G = (G_bits.astype(np.uint32) << 16).view(np.float32)
    O = np.zeros(64, np.float32)
    P = np.zeros(64, np.float16)
    Q = np.zeros(64, np.int32)
    tm.compile(mixed_types, target=target)(H, F, I, B, G_bits, O, P, Q)
    np.testing.assert_allclose(O, H.astype(np.float32) + F * I + G, rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(P, (F * 2).astype(np.float16))
    np.testing.assert_array_equal(Q, B.astype(np.int32) + I + np.arange(64))


@T.prim_func
def helpers(A: T.Tensor((64,), "int32"), B: T.Tensor((64,), "int32"),
            H: T.Tensor((64,), "float16"), R: T.Tensor((6, 64), "int32"),
            F: T.Tensor((4, 64), "float32")):
    with T.Kernel(1, threads=64):
        for i in T.Parallel(64):
            R[0, i] = T.floordiv(A[i], B[i])
            R[1, i] = T.floormod(A[i], B[i])
            R[2, i] = T.truncdiv(A[i], B[i])
            R[3, i] = T.truncmod(A[i], B[i])
            R[4, i] = T.Select(A[i] > 0, T.max_value("int32"), T.min_value("int32"))
            R[5, i] = T.truncdiv(-7, 2) + T.truncmod(-7, 2) * 10 + T.floordiv(-7, 2) * 100
            F[0, i] = H[i].astype("float32") * 2      # an element's astype
            F[1, i] = (H[i] * 2).astype("float32")    # a value's: rounded to f16 first
            F[2, i] = T.max_value("float16") + T.min_value("bfloat16") * 0
            F[3, i] = T.truncmod(T.float32(-7.5), 2.0)


@pytest.mark.parametrize("target", TARGETS)
def test_tilelang_arithmetic_helpers(target):
    rng = np.random.default_rng(24)
    A = rng.integers(-50, 50, 64).astype(np.int32)
    B = rng.integers(1, 9, 64).astype(np.int32) * rng.choice([-1, 1], 64).astype(np.int32)
    H = rng.uniform(-40000, 40000, 64).astype(np.float16)
    R = np.zeros((6, 64), np.int32)
    F = np.zeros((4, 64), np.float32)
    tm.compile(helpers, target=target)(A, B, H, R, F)
    assert np.array_equal(R[0], A // B) and np.array_equal(R[1], A % B)
    assert np.array_equal(R[2], np.trunc(A / B).astype(np.int32))
    assert np.array_equal(R[3], np.fmod(A, B))
    assert np.array_equal(R[4], np.where(A > 0, 2 ** 31 - 1, -2 ** 31))
    assert np.all(R[5] == -3 + -1 * 10 + -4 * 100)
    np.testing.assert_array_equal(F[0], H.astype(np.float32) * 2)
    with np.errstate(over="ignore"):  # past 32752 the f16 product is inf
        np.testing.assert_array_equal(F[1], (H * np.float16(2)).astype(np.float32))
    assert np.all(F[2] == 65504.0) and np.all(F[3] == np.float32(-1.5))


def grouped_gemm(batch_sizes_list, K, N, block_M, block_N, block_K, num_stages=2, threads=128,
                 dtype="float16"):
    """TileLang's example_grouped_gemm_fwd.py: each group's rows of A times
    its own B; every block finds its group from the padded offsets (a Python
    loop over the groups), and writes its rows under TVM's T.If/T.Then."""
    batch_sum = sum(batch_sizes_list)
    batch_count = len(batch_sizes_list)
    accum_dtype = "float32"

    @T.prim_func
    def kernel(
            A: T.Tensor([batch_sum, K], dtype),  # type: ignore
            B: T.Tensor([batch_count, K, N], dtype),  # type: ignore
            C: T.Tensor([batch_sum, N], dtype),  # type: ignore
            batch_sizes: T.Tensor([batch_count], "int32"),  # type: ignore
            batch_offsets: T.Tensor([batch_count], "int32"),  # type: ignore
            batch_padded_offsets: T.Tensor([batch_count], "int32"),  # type: ignore
    ):
        with T.Kernel(
                T.ceildiv(batch_sum, block_M) + batch_count, T.ceildiv(N, block_N),
                threads=threads) as (bx, by):
            A_shared = T.alloc_shared([block_M, block_K], dtype)
            B_shared = T.alloc_shared([block_K, block_N], dtype)
            C_local = T.alloc_fragment([block_M, block_N], accum_dtype)
            cur_batch_idx = T.alloc_local([1], "int32")
            cur_batch_size = T.alloc_local([1], "int32")

            m_start_padded = bx * block_M

            for i in range(batch_count):
                in_cur_batch_idx = (m_start_padded >= batch_padded_offsets[i])
                cur_batch_idx[0] = T.if_then_else(in_cur_batch_idx, i, cur_batch_idx[0])

            cur_batch_size[0] = batch_sizes[cur_batch_idx[0]]
            m_start = m_start_padded - batch_padded_offsets[cur_batch_idx[0]] + batch_offsets[
                cur_batch_idx[0]]
            actual_rows = T.max(
                0,
                T.min(block_M,
                      cur_batch_size[0] + batch_padded_offsets[cur_batch_idx[0]] - m_start_padded))

            T.clear(C_local)
            for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=num_stages):
                T.copy(A[m_start:m_start + block_M, k * block_K:(k + 1) * block_K], A_shared)
                T.copy(
                    B[cur_batch_idx[0], k * block_K:(k + 1) * block_K,
                      by * block_N:(by + 1) * block_N], B_shared)
                T.gemm(A_shared, B_shared, C_local)

            for i, j in T.Parallel(block_M, block_N):
                with T.If(i < actual_rows), T.Then():
                    C[m_start + i, by * block_N + j] = C_local[i, j]

    return kernel

def grouped_inputs(batch_sizes_list, K, M, padding_M):
    batch_sum = sum(batch_sizes_list)
    batch_count = len(batch_sizes_list)
    offs, padded = [0], [0]
    for i in range(batch_count - 1):
        offs.append(offs[-1] + batch_sizes_list[i])
    for i in range(batch_count - 1):
        padded.append(padded[-1] +
                      math.ceil((batch_sizes_list[i] + 1) / padding_M) * padding_M)
    rng = np.random.default_rng(0)
    A = rng.standard_normal((batch_sum, K)).astype(np.float16)
    B = rng.standard_normal((batch_count, K, M)).astype(np.float16)
    return (A, B, np.array(batch_sizes_list, np.int32), np.array(offs, np.int32),
            np.array(padded, np.int32))


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("sizes", [[64], [64, 128, 256], [63], [63, 77, 111, 280]])
def test_grouped_gemm_as_tilelang_writes_it(target, sizes):
    K, M = 128, 96
    jit = tm.jit(out_idx=[2], target=target, pass_configs={"tl.disable_tma_lower": True})
    kernel = jit(grouped_gemm)(sizes, K, M, 64, 64, 64)
    A, B, sizes_, offsets, padded = grouped_inputs(sizes, K, M, 64)
    C = kernel(A, B, sizes_, offsets, padded)
    want = np.concatenate([A[o:o + s].astype(np.float32) @ B[g].astype(np.float32)
                           for g, (o, s) in enumerate(zip(offsets, sizes_))])
    np.testing.assert_allclose(C.astype(np.float32), want, atol=0.05, rtol=1e-2)


@T.prim_func
def then_else(X: T.Tensor((64,), "float32"), Y: T.Tensor((64,), "float32")):
    with T.Kernel(1, threads=64):
        for i in T.Parallel(64):
            with T.If(X[i] > 0):
                with T.Then():
                    Y[i] = X[i]
                with T.Else():
                    with T.If(X[i] < -0.5), T.Then():
                        Y[i] = -1.0


@pytest.mark.parametrize("target", TARGETS)
def test_tvm_if_then_else(target):
    X = np.linspace(-1, 1, 64).astype(np.float32)
    Y = np.zeros(64, np.float32)
    tm.compile(then_else, target=target)(X, Y)
    np.testing.assert_array_equal(Y, np.where(X > 0, X, np.where(X < -0.5, -1.0, 0.0)))

    def kernel(body):
        @T.prim_func
        def f(X: T.Tensor((64,), "float32")):
            with T.Kernel(1, threads=64):
                for i in T.Parallel(64):
                    body(X, i)
        return f

    def nested_then(X, i):
        with T.If(X[i] > 0):
            for t in T.serial(2):
                with T.Then():
                    pass
    with pytest.raises(T.BuildError, match=r"T.Then\(\) is written directly in a `with "
                                           r"T.If\(...\)` block"):
        kernel(nested_then)

    def else_first(X, i):
        with T.If(X[i] > 0):
            with T.Else():
                pass
    with pytest.raises(T.BuildError, match=r"T.Else\(\) follows the T.Then\(\) block"):
        kernel(else_first)

    def twice(X, i):
        with T.If(X[i] > 0):
            with T.Then():
                pass
            with T.Then():
                pass
    with pytest.raises(T.BuildError, match=r"T.Then\(\) comes first in its T.If, once"):
        kernel(twice)


def test_disable_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TILE_CACHE_DIR", str(tmp_path))
    text = then_else.to_mlir()
    try:
        tm.disable_cache()
        assert not tm.compile(text, target="cpu").cache_hit
        assert not tm.compile(text, target="cpu").cache_hit
    finally:
        tm.enable_cache()


def topk_configs():
    iter_params = dict(blk_m=[64, 128], threads=[128, 256])
    return [dict(zip(iter_params, values)) for values in itertools.product(*iter_params.values())]

def tl_topk(M, N, topk, blk_m, threads=128):
    """TileLang's example_topk.py: the top k of each row by k rounds of a
    row max, the index of the max, and masking it out."""
    dtype = "float32"

    @T.prim_func
    def topk_kernel(
        logits: T.Tensor([M, N], dtype),
        topk_gates: T.Tensor([M, topk], dtype),
        topk_indices: T.Tensor([M, topk], "int32"),
    ):
        with T.Kernel(T.ceildiv(M, blk_m), threads=threads) as bx:
            logits_frag = T.alloc_fragment([blk_m, N], dtype=dtype)
            max_val = T.alloc_fragment([blk_m], dtype=dtype)
            expand_max_idx = T.alloc_fragment([blk_m, N], "int32")
            max_idx = T.alloc_fragment([blk_m], "int32")
            T.copy(logits[bx * blk_m, 0], logits_frag)
            for k in T.serial(topk):
                T.fill(expand_max_idx, -1)
                T.reduce_max(logits_frag, max_val, dim=1, clear=True)
                for i, j in T.Parallel(blk_m, N):
                    expand_max_idx[i, j] = T.if_then_else(max_val[i] == logits_frag[i, j], j,
                                                          expand_max_idx[i, j])
                T.reduce_max(expand_max_idx, max_idx, dim=1, clear=True)
                for i, j in T.Parallel(blk_m, N):
                    logits_frag[i, j] = T.if_then_else(max_val[i] == logits_frag[i, j],
                                                       -10000.0, logits_frag[i, j])
                for i in T.Parallel(blk_m):
                    topk_gates[bx * blk_m + i, k] = max_val[i]
                    topk_indices[bx * blk_m + i, k] = max_idx[i]
    return topk_kernel


@pytest.mark.parametrize("target", TARGETS)
def test_topk_as_tilelang_writes_it(target):
    tuned = tm.autotune(configs=topk_configs())(tm.jit(out_idx=[1, 2], target=target)(tl_topk))
    M, N, k = 320, 128, 6
    kernel = tuned(M=M, N=N, topk=k, blk_m=64)  # threads tuned, as in TileLang's main()
    assert set(kernel.config) == {"threads"}
    logits = np.random.default_rng(27).random((M, N)).astype(np.float32)
    gates, indices = kernel(logits)
    order = np.argsort(-logits, axis=1, kind="stable")[:, :k]
    assert np.array_equal(indices, order)
    assert np.array_equal(gates, np.take_along_axis(logits, order, 1))
