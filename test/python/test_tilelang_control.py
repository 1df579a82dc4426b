# RUN: %pytest %s
# REQUIRES: python-bindings
"""Python's own `if`, `and`, `or`, `not`, `a if c else b`, chained compares
and `range` on kernel values in a @T.prim_func or @T.macro (scf.if,
arith.andi, ..., scf.for), views of a parameter's elements with another
shape (T.Tensor(shape, dtype, A.data), T.reshape) and T.annotate_layout, in
kernels written in the style of TileLang's convolution, block-sparse GEMM,
grouped GEMM and top-k examples. Each computes what NumPy does, on the cpu
and on lavapipe; the GPU targets compile them."""

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


def conv2d_nhwc(batch, height, width, chans, filters, ksize, stride, dilation, pad,
                bm=32, bn=32, bk=16, stages=2, threads=128):
    """A 2-d convolution as an implicit GEMM, in the style of TileLang's
    convolution example: NHWC images, (ksize, ksize, chans, filters)
    weights seen as a (ksize*ksize*chans, filters) matrix, the output seen as
    (pixels, filters); each K tile of the image side is gathered (im2col) in
    a T.Parallel loop whose bounds test is an `and` of four compares."""
    out_h = (height + 2 * pad - dilation * (ksize - 1) - 1) // stride + 1
    out_w = (width + 2 * pad - dilation * (ksize - 1) - 1) // stride + 1
    pixels, depth = batch * out_h * out_w, ksize * ksize * chans

    @T.prim_func
    def conv(img: T.Tensor((batch, height, width, chans), "float16"),
             wgt: T.Tensor((ksize, ksize, chans, filters), "float16"),
             res: T.Tensor((batch, out_h, out_w, filters), "float16")):
        with T.Kernel(T.ceildiv(filters, bn), T.ceildiv(pixels, bm),
                      threads=threads) as (fb, pb):
            patch = T.alloc_shared((bm, bk), "float16")
            taps = T.alloc_shared((bk, bn), "float16")
            acc = T.alloc_fragment((bm, bn), "float")
            staged = T.alloc_shared((bm, bn), "float16")
            wmat = T.Tensor((depth, filters), "float16", wgt.data)
            rmat = T.Tensor((pixels, filters), "float16", res.data)
            T.annotate_layout({t: tilelang.layout.make_swizzled_layout(t)
                               for t in (patch, taps, staged)})
            T.clear(acc)
            for kt in T.Pipelined(T.ceildiv(depth, bk), num_stages=stages):
                for r, c in T.Parallel(bm, bk):
                    p, q = pb * bm + r, kt * bk + c
                    y = p % (out_h * out_w) // out_w * stride + q // (ksize * chans) * dilation
                    x = p % out_w * stride + q // chans % ksize * dilation
                    inside = (y >= pad) and (x >= pad) and (y < height + pad) and (
                        x < width + pad)
                    patch[r, c] = T.if_then_else(
                        inside, img[p // (out_h * out_w), y - pad, x - pad, q % chans], 0)
                T.copy(wmat[kt * bk, fb * bn], taps)
                T.gemm(patch, taps, acc)
            T.copy(acc, staged)
            T.copy(staged, rmat[pb * bm, fb * bn])

    return conv


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
def test_convolution_in_tilelang_style(target, S, D, P):
    # 2 x 10 x 9 x 16 data, 24 filters: neither the output rows nor the
    # filters fill the last block.
    N, C, H, W, F, K = 2, 16, 10, 9, 24, 3
    kernel = conv2d_nhwc(N, H, W, C, F, K, S, D, P)
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
def masked_gemm(M, N, K, tm_, tn, tk, stages=2, threads=128, swizzle=True):
    """C = A @ B over the (M/tm_, N/tn, K/tk) blocks a mask keeps, in the style
    of TileLang's block-sparse GEMM: a Python `if` on the mask's element
    around the copies and the gemm of one K step."""

    @T.prim_func
    def gemm(A: T.Tensor((M, K), "float16"), B: T.Tensor((K, N), "float16"),
             keep: T.Tensor((M // tm_, N // tn, K // tk), "bool"),
             C: T.Tensor((M, N), "float16")):
        with T.Kernel(T.ceildiv(N, tn), T.ceildiv(M, tm_), threads=threads) as (col, row):
            a_s = T.alloc_shared((tm_, tk), "float16")
            b_s = T.alloc_shared((tk, tn), "float16")
            acc = T.alloc_fragment((tm_, tn), "float")
            T.use_swizzle(panel_size=4, enable=swizzle)
            T.clear(acc)
            for step in T.Pipelined(T.ceildiv(K, tk), num_stages=stages):
                if keep[row, col, step]:
                    T.copy(A[row * tm_, step * tk], a_s)
                    T.copy(B[step * tk, col * tn], b_s)
                    T.gemm(a_s, b_s, acc)
            T.copy(acc, C[row * tm_, col * tn])

    return gemm


def test_block_sparse_gemm_in_tilelang_style():
    M, N, K, bm, bn, bk = 128, 96, 160, 32, 32, 32
    kernel = masked_gemm(M, N, K, bm, bn, bk)
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
    f = masked_gemm.__wrapped__(M, N, K, bm, bn, bk)
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
                        if text.strip() == "T.gemm(a_s, b_s, acc)")
    assert re.search(r'"tile.gemm".*test_tilelang_control.py":%d:' % line, text)
    t = tm.compile(f, target="vulkan", out_idx=[-1])
    np.testing.assert_allclose(t(A, B, mask).astype(np.float32), want, atol=0.05, rtol=1e-2)
    for gpu in GPUS:
        tm.compile(masked_gemm.__wrapped__(256, 256, 256, 128, 128, 32, 3), target=gpu)


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


@T.prim_func
def halvings(X: T.Tensor((64,), "float32"), N: T.Tensor((64,), "int32"), limit: T.int32):
    with T.Kernel(64, threads=32) as b:
        x = T.alloc_var("float32", init=X[b])
        n = T.alloc_var("int32", init=0)
        while x[0] > 1.0 and n[0] < limit:  # scf.while
            x[0] = x[0] / 2
            n[0] = n[0] + 1
        k = 3
        while k > 0:  # a Python while: its body is built three times
            n[0] = n[0] + 10
            k -= 1
        N[b] = n[0]


@pytest.mark.parametrize("target", TARGETS)
def test_while_on_kernel_values(target):
    text = str(halvings)
    assert text.count("scf.while") == 1 and "scf.condition" in text
    X = np.linspace(0, 100, 64).astype(np.float32)
    N = np.zeros(64, np.int32)
    tm.compile(halvings, target=target)(X, N, 5)
    want = [min(int(np.ceil(np.log2(x))) if x > 1 else 0, 5) + 30 for x in X]
    assert np.array_equal(N, want)
    for gpu in GPUS:
        tm.compile(halvings, target=gpu, parts="mlir")


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


def group_gemm(counts, K, N, bm=64, bn=64, bk=64, stages=2, threads=128):
    """Group g's rows of X (counts[g] of them, one after another) times its
    own W[g], in the style of TileLang's grouped GEMM: the row blocks of each
    group start at a padded offset, every block finds its group with a
    Python loop over the groups (T.if_then_else into a thread's own value),
    and writes its rows under TVM's `with T.If(...), T.Then():`."""
    total, groups = sum(counts), len(counts)

    @T.prim_func
    def gmm(X: T.Tensor((total, K), "float16"), W: T.Tensor((groups, K, N), "float16"),
            Y: T.Tensor((total, N), "float16"), rows: T.Tensor((groups,), "int32"),
            first_row: T.Tensor((groups,), "int32"), first_block: T.Tensor((groups,), "int32")):
        with T.Kernel(T.ceildiv(total, bm) + groups, T.ceildiv(N, bn),
                      threads=threads) as (rb, cb):
            x_s = T.alloc_shared((bm, bk), "float16")
            w_s = T.alloc_shared((bk, bn), "float16")
            acc = T.alloc_fragment((bm, bn), "float")
            g = T.alloc_var("int32", init=0)
            padded = rb * bm
            for j in range(1, groups):
                g[0] = T.if_then_else(padded >= first_block[j], j, g[0])
            start = first_row[g[0]] + padded - first_block[g[0]]
            valid = T.min(bm, rows[g[0]] - (padded - first_block[g[0]]))
            T.clear(acc)
            for kt in T.Pipelined(T.ceildiv(K, bk), num_stages=stages):
                T.copy(X[start:start + bm, kt * bk:(kt + 1) * bk], x_s)
                T.copy(W[g[0], kt * bk:(kt + 1) * bk, cb * bn:(cb + 1) * bn], w_s)
                T.gemm(x_s, w_s, acc)
            for r, c in T.Parallel(bm, bn):
                with T.If(r < valid), T.Then():
                    Y[start + r, cb * bn + c] = acc[r, c]

    return gmm


def group_inputs(counts, K, N, bm):
    """X, W and the row counts, first rows and first (padded) block rows."""
    first_row = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int32)
    blocks = [math.ceil((c + 1) / bm) * bm for c in counts]
    first_block = np.concatenate([[0], np.cumsum(blocks)[:-1]]).astype(np.int32)
    rng = np.random.default_rng(28)
    X = rng.standard_normal((sum(counts), K)).astype(np.float16)
    W = rng.standard_normal((len(counts), K, N)).astype(np.float16)
    return X, W, np.array(counts, np.int32), first_row, first_block


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("sizes", [[64], [64, 128, 256], [63], [63, 77, 111, 280]])
def test_grouped_gemm_in_tilelang_style(target, sizes):
    K, N = 128, 96
    jit = tm.jit(out_idx=[2], target=target, pass_configs={"tl.disable_tma_lower": True})
    kernel = jit(group_gemm)(sizes, K, N)
    X, W, counts, first_row, first_block = group_inputs(sizes, K, N, 64)
    Y = kernel(X, W, counts, first_row, first_block)
    want = np.concatenate([X[f:f + c].astype(np.float32) @ W[g].astype(np.float32)
                           for g, (f, c) in enumerate(zip(first_row, counts))])
    np.testing.assert_allclose(Y.astype(np.float32), want, atol=0.05, rtol=1e-2)


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
    return [{"rows": r, "threads": t} for r, t in itertools.product((64, 128), (64, 128))]


def row_topk(M, N, k, rows, threads=128):
    """The k largest values of each row and their columns, in the style of
    TileLang's top-k example: k rounds of a row max, the largest column that
    holds it (an int reduction), and that entry masked out."""

    @T.prim_func
    def topk(scores: T.Tensor((M, N), "float32"), top: T.Tensor((M, k), "float32"),
             where: T.Tensor((M, k), "int32")):
        with T.Kernel(T.ceildiv(M, rows), threads=threads) as blk:
            s = T.alloc_fragment((rows, N), "float32")
            cols = T.alloc_fragment((rows, N), "int32")
            best = T.alloc_fragment((rows,), "float32")
            at = T.alloc_fragment((rows,), "int32")
            T.copy(scores[blk * rows, 0], s)
            for round_ in T.serial(k):
                T.reduce_max(s, best, dim=1)
                for r, c in T.Parallel(rows, N):
                    cols[r, c] = T.if_then_else(s[r, c] == best[r], c, -1)
                T.reduce_max(cols, at, dim=1)
                for r, c in T.Parallel(rows, N):
                    s[r, c] = T.if_then_else(c == at[r], -T.infinity("float32"), s[r, c])
                for r in T.Parallel(rows):
                    top[blk * rows + r, round_] = best[r]
                    where[blk * rows + r, round_] = at[r]

    return topk


@pytest.mark.parametrize("target", TARGETS)
def test_topk_in_tilelang_style(target):
    tuned = tm.autotune(configs=topk_configs())(tm.jit(out_idx=[1, 2], target=target)(row_topk))
    M, N, k = 320, 128, 6
    kernel = tuned(M, N, k, rows=64)  # threads tuned, rows given
    assert set(kernel.config) == {"threads"}
    logits = np.random.default_rng(27).random((M, N)).astype(np.float32)
    gates, indices = kernel(logits)
    order = np.argsort(-logits, axis=1, kind="stable")[:, :k]
    assert np.array_equal(indices, order)
    assert np.array_equal(gates, np.take_along_axis(logits, order, 1))
