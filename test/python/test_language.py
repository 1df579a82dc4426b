# RUN: %pytest %s
# REQUIRES: python-bindings
"""tile_mlir.language: the examples built from Python are the tile IR of
examples/*.mlir (same tile ops, tile-verify accepts them, same results on
the cpu), the other constructs of the language, and diagnostics located at
the Python line that built the offending op."""

import inspect
import re
import textwrap

import numpy as np
import pytest

import tile_mlir as tm
import tile_mlir.language as T
from helpers import attention_reference, gemm_inputs, gemm_reference, tile_opt, uniform

from flash_attention import flash_attention  # noqa: E402 (examples/python)
from gemm import gemm, make_gemm  # noqa: E402
from gemm_bias_relu import gemm_bias_relu  # noqa: E402
from reduce import row_max_sum  # noqa: E402

EXAMPLES = {"gemm": gemm, "gemm_bias_relu": gemm_bias_relu, "reduce": row_max_sum,
            "flash_attention": flash_attention}


def tile_ops(text):
    """The tile ops of a module as tile-opt prints them, SSA names dropped."""
    run = tile_opt("--mlir-print-local-scope", text=text)
    assert run.returncode == 0, run.stderr
    return [re.sub(r"%[\w]+", "%", line.strip()) for line in run.stdout.splitlines()
            if '"tile.' in line]


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_is_the_hand_written_ir(name, example):
    kernel = EXAMPLES[name]
    run = tile_opt("--tile-verify", text=kernel.to_mlir())
    assert run.returncode == 0, run.stderr
    assert tile_ops(kernel.to_mlir()) == tile_ops(example(name))


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_is_shorter_than_its_mlir(name):
    import os
    from conftest import SOURCE_ROOT
    with open(os.path.join(SOURCE_ROOT, "examples", "python", name + ".py")) as f:
        python_lines = len(f.read().splitlines())
    with open(os.path.join(SOURCE_ROOT, "examples", name + ".mlir")) as f:
        mlir_lines = len(f.read().splitlines())
    assert python_lines < mlir_lines


@pytest.mark.parametrize("target", ["cpu", "vulkan", "cuda:sm_90a", "cuda:sm_80", "rocm:gfx942"])
def test_examples_compile_for_every_target(target):
    for kernel in EXAMPLES.values():
        assert tm.compile(kernel, target=target, parts="mlir").entry_names == [kernel.name]


def run_both(name, example, args, target="cpu"):
    """Runs the built kernel and the hand-written one on copies of `args`."""
    built = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    hand = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    tm.compile(EXAMPLES[name], target=target)(*built)
    tm.compile(example(name), target=target)(*hand)
    return built, hand


def test_gemm_behaves_like_the_example(example):
    rng = np.random.default_rng(1)
    A, B, C = gemm_inputs(rng, 200, 150, 100)  # none divides 128 or 32
    built, hand = run_both("gemm", example, [A, B, C])
    np.testing.assert_array_equal(built[2], hand[2])
    np.testing.assert_allclose(built[2], gemm_reference(A, B), atol=1e-4, rtol=1e-3)


def test_gemm_bias_relu_behaves_like_the_example(example):
    rng = np.random.default_rng(2)
    A, B, C = gemm_inputs(rng, 130, 260, 70)
    bias = uniform(rng, (260,), np.float32)
    built, hand = run_both("gemm_bias_relu", example, [A, B, bias, C])
    np.testing.assert_array_equal(built[3], hand[3])
    expected = np.maximum(gemm_reference(A, B) + bias, 0)
    np.testing.assert_allclose(built[3], expected, atol=1e-4, rtol=1e-3)


def test_reduce_behaves_like_the_example(example):
    rng = np.random.default_rng(3)
    X = uniform(rng, (100, 300), np.float32)
    rowmax, rowsum = np.zeros(100, np.float32), np.zeros(100, np.float32)
    built, hand = run_both("reduce", example, [X, rowmax, rowsum])
    np.testing.assert_array_equal(built[1], hand[1])
    np.testing.assert_array_equal(built[2], hand[2])
    np.testing.assert_array_equal(built[1], X.max(axis=1))
    np.testing.assert_allclose(built[2], X.astype(np.float64).sum(axis=1), atol=1e-4, rtol=1e-4)


def test_flash_attention_behaves_like_the_example(example):
    rng = np.random.default_rng(4)
    Q = uniform(rng, (3, 100, 64), np.float32)
    K, V = uniform(rng, (3, 77, 64), np.float32), uniform(rng, (3, 77, 64), np.float32)
    O = np.zeros_like(Q)
    built, hand = run_both("flash_attention", example, [Q, K, V, O, 0.125])
    np.testing.assert_allclose(built[3], hand[3], atol=1e-6, rtol=1e-5)
    np.testing.assert_allclose(built[3], attention_reference(Q, K, V, 0.125), atol=1e-5,
                               rtol=1e-3)


def test_gemm_bias_relu_on_vulkan(example):
    rng = np.random.default_rng(5)
    A, B, C = gemm_inputs(rng, 70, 200, 40)
    bias = uniform(rng, (200,), np.float32)
    try:
        built, hand = run_both("gemm_bias_relu", example, [A, B, bias, C], target="vulkan")
    except tm.TileRuntimeError as e:
        pytest.skip("no Vulkan device: %s" % e)
    np.testing.assert_array_equal(built[3], hand[3])
    expected = np.maximum(gemm_reference(A, B) + bias, 0)
    np.testing.assert_allclose(built[3], expected, atol=1e-4, rtol=1e-3)


# ---- the rest of the language ----


@T.prim_func
def split_k_sum(X: T.Tensor(("M", "K"), T.f32), out: T.Tensor(("M",), T.f32), splits: T.index):
    """out[i] += sum of X[i, k] over this split's columns, by atomic adds."""
    M, K = X.shape
    per_split = T.ceildiv(K, splits)
    with T.Kernel(T.ceildiv(M, 32), splits, threads=64) as (b, s):
        tile = T.alloc_fragment((32, 16), T.f32)
        part = T.alloc_fragment((32,), T.f32)
        T.clear(part)
        for t in T.serial(T.ceildiv(per_split, 16)):
            col = s * per_split + t * 16
            T.copy(X[b * 32, col], tile)
            for i, j in T.Parallel(32, 16):  # drop columns of the next split
                tile[i, j] = T.if_then_else(t * 16 + j < per_split, tile[i, j], 0.0)
            T.reduce_sum(tile, part, dim=-1, clear=False)  # the last dim, as in NumPy
        T.atomic_add(out[b * 32], part)


def test_atomic_add_dynamic_sizes_and_scalars():
    rng = np.random.default_rng(6)
    X = uniform(rng, (70, 90), np.float32)
    out = np.zeros(70, np.float32)
    tm.compile(split_k_sum, target="cpu")(X, out, 3)
    np.testing.assert_allclose(out, X.astype(np.float64).sum(axis=1), atol=1e-4, rtol=1e-4)


@T.prim_func
def elementwise(X: T.Tensor((64,), T.f32), Y: T.Tensor((64,), T.f32),
                I: T.Tensor((64,), T.i32), offset: T.i32, gain: T.f64):
    with T.Kernel(1, threads=64):
        for i in T.Parallel(64):
            x = X[i]
            y = T.sqrt(T.abs(x)) + T.tanh(x) * T.cast(gain, T.f32) - T.exp2(-x)
            with T.If(x > 0.5):
                Y[i] = y * 2.0
            with T.If(x <= 0.5):
                Y[i] = y
            I[i] = T.cast(i, T.i32) * 3 % 7 + offset + T.min(T.cast(x * 10.0, T.i32), 3)


def test_math_casts_and_ifs():
    rng = np.random.default_rng(7)
    X = uniform(rng, (64,), np.float32)
    Y, I = np.zeros(64, np.float32), np.zeros(64, np.int32)
    tm.compile(elementwise, target="cpu")(X, Y, I, 5, 0.5)
    x = X.astype(np.float64)
    y = np.sqrt(np.abs(x)) + np.tanh(x) * 0.5 - np.exp2(-x)
    y = np.where(x > 0.5, 2 * y, y)
    np.testing.assert_allclose(Y, y, atol=1e-5, rtol=1e-5)
    expected = np.arange(64) * 3 % 7 + 5 + np.minimum((X * np.float32(10)).astype(np.int32), 3)
    np.testing.assert_array_equal(I, expected)


@T.prim_func
def more_math(X: T.Tensor((64,), T.f32), Y: T.Tensor((64,), T.f32)):
    with T.Kernel(1, threads=64):
        for i in T.Parallel(64):
            x = X[i]
            y = (T.erf(x) + T.erfc(x) * 0.5 + T.cbrt(x) + T.floor(x) + T.ceil(x) * 0.25 +
                 T.trunc(x) + T.round(x) * 0.5 + T.tan(x * 0.5) + T.atan(x) + T.sinh(x) * 0.1 +
                 T.cosh(x) * 0.1 + T.log1p(T.abs(x)) + T.expm1(x) * 0.2 +
                 T.log10(T.abs(x) + 1.0) + T.atan2(x, 2.0) + T.pow(T.abs(x), 1.5) +
                 T.asin(x * 0.5) + T.acos(x * 0.5))
            with T.If(T.isnan(y)):
                Y[i] = 0.0
            with T.If(T.isfinite(y)):
                Y[i] = y
            with T.If(T.isinf(y)):
                Y[i] = -1.0


def more_math_reference(x):
    from math import erf, erfc
    x = x.astype(np.float64)
    return (np.vectorize(erf)(x) + np.vectorize(erfc)(x) * 0.5 + np.cbrt(x) + np.floor(x) +
            np.ceil(x) * 0.25 + np.trunc(x) + np.copysign(np.floor(np.abs(x) + 0.5), x) * 0.5 +
            np.tan(x * 0.5) + np.arctan(x) + np.sinh(x) * 0.1 + np.cosh(x) * 0.1 +
            np.log1p(np.abs(x)) + np.expm1(x) * 0.2 + np.log10(np.abs(x) + 1.0) +
            np.arctan2(x, 2.0) + np.abs(x) ** 1.5 + np.arcsin(x * 0.5) + np.arccos(x * 0.5))


@pytest.mark.parametrize("target", ["cpu", "vulkan"])
def test_more_math_on_cpu_and_vulkan(target):
    X = uniform(np.random.default_rng(11), (64,), np.float32)
    Y = np.zeros(64, np.float32)
    try:
        tm.compile(more_math, target=target)(X, Y)
    except tm.TileRuntimeError as e:
        pytest.skip("no Vulkan device: %s" % e)
    # The same bounds on vulkan: its atan, asin, acos, pow, exp, sinh and
    # cosh are tile-vulkan-math's (Vulkan allows GLSL's atan, asin and acos
    # 4096 ulp, pow and exp 3 + 2|x| ulp; lavapipe's sum was 2e-4 off).
    np.testing.assert_allclose(Y, more_math_reference(X), atol=2e-5, rtol=2e-5)


@pytest.mark.parametrize("target", ["cuda:sm_80", "rocm:gfx942"])
def test_more_math_compiles_for_the_gpus(target):
    # After a compilation for another target, the pooled context has that
    # pipeline's dialects loaded: the lowering must not depend on it (after
    # cuda, rocm's turned math.tan into an intrinsic its back end cannot
    # lower, and LLVM ended the process).
    for before in ("cpu", "vulkan", "cuda:sm_80", "rocm:gfx942"):
        tm.compile(more_math, target=before, parts="mlir")
    assert tm.compile(more_math, target=target, parts="hsaco" if "rocm" in target else
                      "mlir").entry_names == ["more_math"]


def test_pipelined_order_and_stage():
    kernel = make_gemm(num_stages=2)
    assert "tile.num_stages = 2 : i64" in kernel.to_mlir()

    @T.prim_func
    def staged(A: T.Tensor((64, 64), T.f16), C: T.Tensor((64, 64), T.f32)):
        with T.Kernel(1, threads=128):
            A_s = T.alloc_shared((64, 32), T.f16)
            B_s = T.alloc_shared((32, 64), T.f16)
            acc = T.alloc_fragment((64, 64), T.f32)
            T.clear(acc)
            for k in T.Pipelined(2, num_stages=2, order=[0, 1, 2], stage=[0, 0, 1]):
                T.copy(A[0, k * 32], A_s)
                T.copy(A[k * 32, 0], B_s)
                T.gemm(A_s, B_s, acc)
            T.copy(acc, C)

    text = staged.to_mlir()
    assert ("{tile.num_stages = 2 : i64, tile.order = array<i64: 0, 1, 2>, "
            "tile.stage = array<i64: 0, 0, 1>}") in text
    A = uniform(np.random.default_rng(8), (64, 64), np.float16)
    C = np.zeros((64, 64), np.float32)
    tm.compile(staged, target="cpu")(A, C)
    np.testing.assert_allclose(C, gemm_reference(A, A), atol=1e-4, rtol=1e-3)


def test_float_literals():
    @T.prim_func
    def literals(X: T.Tensor((4,), T.f32), H: T.Tensor((4,), T.f16), D: T.Tensor((4,), T.f64),
                 B: T.Tensor((4,), T.bf16)):
        with T.Kernel(1, threads=4):
            T.fill(X, -float("inf"))
            T.fill(H, float("inf"))
            T.fill(D, 1e-300)
            T.fill(B, -float("inf"))

    text = literals.to_mlir()
    for literal in ("0xFF800000 : f32", "0x7C00 : f16", "1.0e-300 : f64", "0xFF80 : bf16"):
        assert "arith.constant %s" % literal in text
    X, H, D, B = (np.zeros(4, np.float32), np.zeros(4, np.float16), np.zeros(4, np.float64),
                  np.zeros(4, np.uint16))
    tm.compile(literals, target="cpu")(X, H, D, B)
    assert np.all(X == -np.inf) and np.all(H == np.inf) and np.all(D == 1e-300)
    assert np.all(B == 0xFF80)


def line_of(fn, needle):
    source, first = inspect.getsourcelines(fn)
    for offset, line in enumerate(source):
        if needle in line:
            return first + offset, line.index(needle) + 1
    raise AssertionError(needle)


def test_names_mlir_spells_otherwise():
    """Python identifiers may hold letters MLIR's bare names do not
    (non-ASCII): the function's symbol is quoted and such a parameter's SSA
    name is %arg; names that clash with the builder's own (%c0, %b0) are
    made unique. The IR did not parse ('invalid SSA name')."""
    source = textwrap.dedent("""\
        @T.prim_func
        def échelle(c0: T.Tensor((4,), T.f32), b0: T.Tensor((4,), T.f32), é: T.f32):
            with T.Kernel(1):
                for i in T.Parallel(4):
                    c0[i] = b0[i] * é + 1.0
    """)
    scope = {"T": T}
    exec(compile(source, "names.py", "exec"), scope)
    kernel = scope["échelle"]
    assert 'func.func @"échelle"(%c0: memref<4xf32>, %b0: memref<4xf32>, %arg: f32)' \
        in str(kernel)
    artifact = tm.compile(kernel, target="cpu")
    c, b = np.zeros(4, np.float32), np.arange(4, dtype=np.float32)
    artifact.échelle(c0=c, b0=b, é=2.0)
    np.testing.assert_array_equal(c, b * 2 + 1)


def test_diagnostic_points_at_the_python_line():
    def build():
        @T.prim_func
        def bad(A: T.Tensor((64, 32), T.f32), C: T.Tensor((64, 64), T.f32)):
            with T.Kernel(1, threads=128):
                a = T.alloc_shared((64, 32), T.f32)
                acc = T.alloc_fragment((64, 64), T.f32)
                T.copy(A, a)
                T.gemm(a, a, acc)  # K mismatch: 64x32 times 64x32
        return bad

    kernel = build()
    line, column = line_of(build, "T.gemm(a, a, acc)")
    with pytest.raises(tm.CompileError) as e:
        tm.compile(kernel, target="cpu")
    message = str(e.value)
    assert message.startswith("%s:%d:%d: error: 'tile.gemm' op K mismatch: op(A) is 64x32 but "
                              "op(B) is 64x32" % (__file__, line, column)), message
    # The Python line follows, with a caret under the call.
    lines = message.splitlines()
    assert lines[1].strip() == "T.gemm(a, a, acc)  # K mismatch: 64x32 times 64x32"
    assert lines[2] == " " * (column - 1) + "^"


def test_build_errors():
    with pytest.raises(T.BuildError, match="inside a function decorated with @T.prim_func"):
        T.alloc_shared((4,), T.f32)
    with pytest.raises(T.BuildError, match="needs an annotation"):
        @T.prim_func
        def unannotated(A):
            pass
    def helper(n):
        if n > 3:
            pass

    with pytest.raises(T.BuildError, match="no Python truth value.*decorate a helper"):
        @T.prim_func
        def truth(n: T.index):
            helper(n)
    with pytest.raises(T.BuildError, match="no Python truth value.*an if or while holding "
                                           "break, continue or return cannot"):
        @T.prim_func
        def loops(n: T.index):
            while n > 3:
                break
    # (Operands of two types meet as TileLang's do: test_tilelang_control.py.)
    with pytest.raises(T.BuildError, match="kernels cannot be nested"):
        @T.prim_func
        def nested():
            with T.Kernel(1):
                with T.Kernel(1):
                    pass
    with pytest.raises(T.BuildError, match=r"%\w+ was made inside T.If at .*:\d+:\d+ and is used "
                                           r"outside it"):
        @T.prim_func
        def escapes(X: T.Tensor((4,), T.f32)):
            with T.Kernel(1):
                for i in T.Parallel(4):
                    with T.If(X[i] > 0.0):
                        y = X[i] * 2.0
                    X[i] = y
    with pytest.raises(TypeError, match="unknown element type 'f8'"):
        T.Tensor((4,), "f8")
    # NumPy's scalar types name element types as its dtypes do (np.float32
    # was an unknown element type).
    for numpy_type, dtype in ((np.float32, T.f32), (np.dtype("float16"), T.f16),
                              (np.bool_, T.i1), (np.int8, T.i8)):
        assert T.Tensor((4,), numpy_type).dtype is dtype
    # An integer constant that does not fit its type was MLIR text that did
    # not parse, reported at a line of the generated text as if it were the
    # Python file's.
    with pytest.raises(T.BuildError, match="1000 does not fit in i8"):
        @T.prim_func
        def wide(A: T.Tensor((4,), T.i8)):
            with T.Kernel(1):
                for i in T.Parallel(4):
                    A[i] = 1000
    # A negative constant index was stored as it was: A[-1] wrote the
    # element before A (the process's memory), where Python's A[-1] is the
    # last one. A constant past a static size, or a wrong number of indices
    # (an error from memref.store's verifier), are refused as they are built.
    with pytest.raises(T.BuildError, match=r"index -1 of A \(dimension 0\) is negative: kernel "
                                           r"indices do not count from the end as Python's do "
                                           r"\(write A.shape\[0\] - 1\)"):
        @T.prim_func
        def last(A: T.Tensor((16,), T.f32)):
            with T.Kernel(1):
                A[-1] = 1.0
    with pytest.raises(T.BuildError, match=r"index -2 of B \(dimension 1\) is negative"):
        @T.prim_func
        def read_last(A: T.Tensor((4,), T.f32), B: T.Tensor((4, "N"), T.f32)):
            with T.Kernel(1):
                for i in T.Parallel(4):
                    A[i] = B[i, -2]
    with pytest.raises(T.BuildError, match=r"index 16 of A \(dimension 0\) is out of bounds "
                                           r"for its size 16"):
        @T.prim_func
        def past(A: T.Tensor((16,), T.f32)):
            with T.Kernel(1):
                A[16] = 1.0
    with pytest.raises(T.BuildError, match="A has rank 1 but is indexed with 2 indices"):
        @T.prim_func
        def two(A: T.Tensor((16,), T.f32)):
            with T.Kernel(1):
                A[0, 1] = 1.0
    # Integer division by a constant zero is undefined behaviour of the
    # kernel (a SIGFPE of the process on x86).
    with pytest.raises(T.BuildError, match="integer division by zero: floordiv of i32 values"):
        @T.prim_func
        def by_zero(A: T.Tensor((4,), T.i32)):
            with T.Kernel(1):
                for i in T.Parallel(4):
                    A[i] = A[i] // 0
    # A kernel value where Python needs an int (range(N) over a dynamic
    # size) was a TypeError about a 'Value' object. (`for i in range(N)`
    # itself is a loop: test_tilelang.py.)
    with pytest.raises(T.BuildError, match=r"a kernel value is not a Python int while the kernel "
                                           r"is built; loop over it with T.serial"):
        @T.prim_func
        def python_range(A: T.Tensor(("N",), T.f32)):
            with T.Kernel(1):
                for i in reversed(range(A.shape[0])):
                    A[i] = 1.0
    # Integer attributes were written with "%d": a float or a bool was cut
    # down to an int (threads=2.7 made a kernel of 2 threads), and a bool
    # size of a tile made text that did not parse. An integer pad that its
    # type cannot hold was cut down too (1.5) or did not parse (300 for i8).
    with pytest.raises(T.BuildError, match=r"threads of T.Kernel must be an int, got 2.7 "
                                           r"\(float\)"):
        @T.prim_func
        def fractional_threads(A: T.Tensor((16,), T.f32)):
            with T.Kernel(1, threads=2.7):
                A[0] = 1.0
    with pytest.raises(T.BuildError, match=r"num_stages must be an int, got True \(bool\)"):
        @T.prim_func
        def bool_stages(A: T.Tensor((16,), T.f32)):
            with T.Kernel(1):
                for k in T.Pipelined(4, num_stages=True):
                    A[0] = 1.0
    with pytest.raises(T.BuildError, match=r"reduce's dim must be an int, got 1.5 \(float\)"):
        @T.prim_func
        def fractional_dim(A: T.Tensor((16, 4), T.f32)):
            with T.Kernel(1):
                f = T.alloc_fragment((16, 4), T.f32)
                T.reduce_sum(f, T.alloc_fragment((16,), T.f32), dim=1.5)
    with pytest.raises(T.BuildError, match=r"a shared tile has a static shape of non-negative "
                                           r"ints, got \(True, 4\)"):
        @T.prim_func
        def bool_size(A: T.Tensor((16,), T.f32)):
            with T.Kernel(1):
                T.alloc_shared((True, 4), T.f32)
    for pad, message in ((1.5, "1.5 is not an integer, but i8 needs one"),
                         (300, "300 does not fit in i8")):
        with pytest.raises(T.BuildError, match=message):
            @T.prim_func
            def bad_pad(A: T.Tensor((16,), T.i8)):
                with T.Kernel(1):
                    T.copy(A[0], T.alloc_shared((32,), T.i8), pad=pad)
    # A policy with a quote in it made text that did not parse.
    with pytest.raises(T.BuildError, match=r"gemm's policy is \"square\", \"full_row\" or "
                                           r"\"full_col\", got 'rows\"'"):
        @T.prim_func
        def quoted_policy():
            with T.Kernel(1):
                a = T.alloc_shared((16, 16), T.f16)
                T.gemm(a, a, T.alloc_fragment((16, 16), T.f32), policy='rows"')
    # T.max of two Python numbers failed inside the builder (an
    # AttributeError on the number's dtype).
    with pytest.raises(T.BuildError, match="cannot tell the type of 3 and 4.5"):
        @T.prim_func
        def two_numbers(A: T.Tensor((4,), T.f32)):
            with T.Kernel(1):
                A[0] = T.max(3, 4.5)
    # Sizes of a tensor type: a negative one was printed as memref<-3xf32>,
    # a float cut down to an int.
    for shape in ((-3,), (2.5,), (True,)):
        with pytest.raises(TypeError, match="T.Tensor sizes are non-negative ints"):
            T.Tensor(shape, T.f32)
    # A failed build leaves nothing behind: the next one works.
    assert "func.func @vector" in str(make_vector())


def make_vector():
    @T.prim_func
    def vector(A: T.Tensor(("N",), T.f32)):
        with T.Kernel(T.ceildiv(A.shape[0], 128)) as b:
            for i in T.Parallel(128):
                with T.If(b * 128 + i < A.shape[0]):
                    A[b * 128 + i] = A[b * 128 + i] * 2.0
    return vector


def test_text_without_locations():
    text = str(make_vector())
    assert "loc(" not in text
    assert "loc(" in make_vector().to_mlir()


@T.prim_func
def flags(X: T.Tensor((16,), T.f32), M: T.Tensor((16,), T.bool_), Y: T.Tensor((16,), T.f32)):
    with T.Kernel(1, threads=16):
        for i in T.Parallel(16):
            M[i] = False
            with T.If(X[i] > 0.0):
                M[i] = True
            with T.If(True):
                Y[i] = T.if_then_else(M[i], X[i], 0.0)


def test_bool_constants():
    # An i1 constant was written `arith.constant true : i1`, which MLIR does
    # not parse; the error pointed at line 2 of this file (a line of the
    # generated text under the Python file's name).
    X = np.linspace(-1, 1, 16, dtype=np.float32)
    M, Y = np.ones(16, np.bool_), np.full(16, np.nan, np.float32)
    tm.compile(flags, target="cpu")(X, M, Y)
    np.testing.assert_array_equal(M, X > 0)
    np.testing.assert_array_equal(Y, np.where(X > 0, X, 0))


@T.prim_func
def shift_left(X: T.Tensor((16,), T.f32), Y: T.Tensor((16,), T.f32),
               Z: T.Tensor((16,), T.f32)):
    with T.Kernel(1, threads=16):
        for i in T.Parallel(16):
            Y[i] = 0.0
            with T.If(i - 1 >= 0):
                Y[i] = X[i - 1]
            Z[i] = X[T.max(i - 2, 0)]


def test_index_comparisons_are_signed():
    # Index comparisons, max and min were unsigned: i - 1 >= 0 held at i = 0
    # (the kernel read X[-1]) and T.max(i - 2, 0) was i - 2 (X[-2], X[-1]).
    X = np.arange(1, 17, dtype=np.float32)
    Y, Z = np.full(16, np.nan, np.float32), np.full(16, np.nan, np.float32)
    tm.compile(shift_left, target="cpu")(X, Y, Z)
    np.testing.assert_array_equal(Y, np.concatenate([[0], X[:-1]]))
    np.testing.assert_array_equal(Z, X[np.maximum(np.arange(16) - 2, 0)])


@T.prim_func
def floor_division(A: T.Tensor((8,), T.i32), B: T.Tensor((8,), T.i32), Q: T.Tensor((8,), T.i32),
                   R: T.Tensor((8,), T.i32), X: T.Tensor((8,), T.f32), Y: T.Tensor((8,), T.f32),
                   Z: T.Tensor((8,), T.f32)):
    with T.Kernel(1, threads=8):
        for i in T.Parallel(8):
            Q[i] = A[i] // B[i]
            R[i] = A[i] % B[i]
            Z[i] = X[i] % Y[i]


@pytest.mark.parametrize("target", ["cpu", "vulkan"])
def test_floor_division_and_remainder(target):
    # // was Python's floor division but % C's remainder (arith.remsi,
    # remf: the sign of the dividend), so that -7 % 3 was -1 and
    # a != (a // b) * b + a % b.
    A = np.array([7, -7, 7, -7, 0, 6, -6, 5], np.int32)
    B = np.array([3, 3, -3, -3, 3, -3, 3, 1], np.int32)
    X, Y = A.astype(np.float32), B.astype(np.float32) * 1.5
    Q, R, Z = np.zeros(8, np.int32), np.zeros(8, np.int32), np.zeros(8, np.float32)
    try:
        tm.compile(floor_division, target=target)(A, B, Q, R, X, Y, Z)
    except tm.TileRuntimeError as e:
        pytest.skip("no Vulkan device: %s" % e)
    np.testing.assert_array_equal(Q, A // B)
    np.testing.assert_array_equal(R, A % B)
    np.testing.assert_array_equal(Z, X % Y)


def make_shifts(dtype):
    @T.prim_func
    def shifts(A: T.Tensor((12,), dtype), N: T.Tensor((12,), dtype), L: T.Tensor((12,), dtype),
               R: T.Tensor((12,), dtype), C: T.Tensor((12,), dtype), V: T.Tensor((12,), dtype),
               M: T.Tensor((12,), T.bool_), W: T.Tensor((12,), T.bool_)):
        with T.Kernel(1, threads=12):
            for i in T.Parallel(12):
                L[i] = A[i] << N[i]
                R[i] = A[i] >> N[i]
                C[i] = (A[i] << 2) + (A[i] >> 1) + (1 << N[i] * 0)  # constant counts
                V[i] = ~A[i]
                W[i] = ~M[i]
    return shifts


@pytest.mark.parametrize("target", ["cpu", "vulkan"])
@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64])
def test_shifts_and_invert_are_numpy_s(target, dtype):
    # <<, >> and ~ were not defined. Counts at and beyond the width, and
    # negative ones, are poison for arith's shifts; they give NumPy's 0, or
    # the sign for >>.
    bits = np.dtype(dtype).itemsize * 8
    A = np.array([1, -1, 5, -5, 3, -128 if bits == 8 else -(2 ** 20), 7, -7, 1, -3, 100, 0],
                 dtype)
    N = np.array([0, 1, 2, 3, bits - 1, 4, bits, bits, bits + 5, -1, 1, 3], dtype)
    L, R, C, V = (np.zeros(12, dtype) for _ in range(4))
    M = np.array([True, False] * 6)
    W = np.zeros(12, np.bool_)
    kernel = make_shifts(getattr(T, np.dtype(dtype).name.replace("nt", "")))
    try:
        tm.compile(kernel, target=target)(A, N, L, R, C, V, M, W)
    except tm.TileRuntimeError as e:
        pytest.skip("no Vulkan device: %s" % e)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(L, np.left_shift(A, N))
        np.testing.assert_array_equal(R, np.right_shift(A, N))
        np.testing.assert_array_equal(C, (A << 2) + (A >> 1) + 1)
    np.testing.assert_array_equal(V, ~A)
    np.testing.assert_array_equal(W, ~M)


@T.prim_func
def index_shifts(Q: T.Tensor((12,), T.i64), R: T.Tensor((12,), T.i64)):
    with T.Kernel(1, threads=12):
        for i in T.Parallel(12):
            Q[i] = T.cast((i + 100) >> (i + 26), T.i64) + T.cast((i + 1) << 3, T.i64)
            R[i] = T.cast((i - 106) >> 40, T.i64) + T.cast((i - 6) << (i - 6), T.i64)


@pytest.mark.parametrize("target", ["cpu", "vulkan"])
def test_index_shifts_are_64_bit_on_every_target(target):
    # Counts of 32 or more (here 32 to 37, 40 and negative ones) were
    # poison in vulkan kernels, whose index is 32-bit (lavapipe shifted by
    # the count's low 5 bits): index values shift as 64-bit ints there too.
    Q, R = np.zeros(12, np.int64), np.zeros(12, np.int64)
    try:
        tm.compile(index_shifts, target=target)(Q, R)
    except tm.TileRuntimeError as e:
        pytest.skip("no Vulkan device: %s" % e)
    i = np.arange(12, dtype=np.int64)
    np.testing.assert_array_equal(Q, np.right_shift(i + 100, i + 26) + ((i + 1) << 3))
    np.testing.assert_array_equal(R, ((i - 106) >> 40) + np.left_shift(i - 6, i - 6))


def test_shift_misuse_is_refused():
    for body, message in [
            ("Y[0] = X[0] << 1", "'<<' is not defined on f32 values"),
            ("Y[0] = ~X[0]", "'~' is not defined on f32 values"),
            ("M[0] = M[0] >> 1", "'>>' is not defined on i1 values")]:
        source = textwrap.dedent("""
            @T.prim_func
            def k(X: T.Tensor((4,), T.f32), Y: T.Tensor((4,), T.f32),
                  M: T.Tensor((4,), T.bool_)):
                with T.Kernel(1, threads=1):
                    %s
            """) % body
        with pytest.raises(T.BuildError, match=re.escape(message)):
            exec(compile(source, "<shift misuse>", "exec"), {"T": T})


@T.prim_func
def index_division(Q: T.Tensor((12,), T.i64), R: T.Tensor((12,), T.i64)):
    with T.Kernel(1, threads=12):
        for i in T.Parallel(12):
            Q[i] = T.cast((i - 5) // 3, T.i64) + T.cast((7 - i) // -2, T.i64) * 100
            R[i] = T.cast((i - 5) % 3, T.i64) + T.cast((7 - i) % -2, T.i64) * 100


@pytest.mark.parametrize("target", ["cpu", "vulkan"])
def test_index_division_is_python_s(target):
    # Index // and % were unsigned (arith.divui, remui): (i - 5) // 3 at
    # i = 0 was 6148914691236517203, where comparisons of the same values
    # were already signed.
    Q, R = np.zeros(12, np.int64), np.zeros(12, np.int64)
    try:
        tm.compile(index_division, target=target)(Q, R)
    except tm.TileRuntimeError as e:
        pytest.skip("no Vulkan device: %s" % e)
    i = np.arange(12)
    np.testing.assert_array_equal(Q, (i - 5) // 3 + (7 - i) // -2 * 100)
    np.testing.assert_array_equal(R, (i - 5) % 3 + (7 - i) % -2 * 100)


@T.prim_func
def bool_casts(M: T.Tensor((4,), T.bool_), X: T.Tensor((4,), T.f32), I: T.Tensor((4,), T.i32),
               F: T.Tensor((4,), T.f32), J: T.Tensor((4,), T.i32), XB: T.Tensor((4,), T.bool_),
               IB: T.Tensor((4,), T.bool_)):
    with T.Kernel(1, threads=4):
        for i in T.Parallel(4):
            F[i] = T.cast(M[i], T.f32)
            J[i] = T.cast(M[i], T.i32) + abs(I[i]) * 0  # Python's abs is T.abs
            XB[i] = T.cast(X[i], T.bool_)
            IB[i] = T.cast(I[i], T.bool_)


def test_bool_casts_are_numpy_s():
    # A bool converted as a signed i1 (True became -1.0 and -1), and a float
    # or an integer became a bool by truncation (0.4 and 2 were False).
    M = np.array([True, False, True, False])
    X = np.array([1.7, -0.4, 0.0, np.nan], np.float32)
    I = np.array([2, -1, 0, 1], np.int32)
    F, J = np.zeros(4, np.float32), np.zeros(4, np.int32)
    XB, IB = np.zeros(4, np.bool_), np.zeros(4, np.bool_)
    tm.compile(bool_casts, target="cpu")(M, X, I, F, J, XB, IB)
    np.testing.assert_array_equal(F, M.astype(np.float32))
    np.testing.assert_array_equal(J, M.astype(np.int32))
    np.testing.assert_array_equal(XB, X.astype(np.bool_))
    np.testing.assert_array_equal(IB, I.astype(np.bool_))


@T.prim_func
def powers(X: T.Tensor((6,), T.f32), I: T.Tensor((6,), T.i32), A: T.Tensor((6,), T.f32),
           B: T.Tensor((6,), T.i32)):
    with T.Kernel(1, threads=8):
        for i in T.Parallel(6):
            A[i] = X[i] ** 2 + X[i] ** 3.0 + 2.0 ** X[i]
            B[i] = I[i] ** 3 + 2 ** I[i]


def test_power_operator():
    # x ** y was a TypeError; it is T.pow (math.powf, math.ipowi on ints).
    X = np.array([-3, -1.5, 0, 2, -0.0, 4], np.float32)
    I = np.array([3, 1, 0, 2, 5, 4], np.int32)
    A, B = np.zeros(6, np.float32), np.zeros(6, np.int32)
    tm.compile(powers, target="cpu")(X, I, A, B)
    np.testing.assert_allclose(A, X ** 2 + X ** 3 + 2.0 ** X, rtol=1e-6)
    np.testing.assert_array_equal(B, I ** 3 + 2 ** I)
    with pytest.raises(T.BuildError, match=r"'\*\*' is not defined on index values"):
        @T.prim_func
        def index_power(A: T.Tensor((4,), T.f32)):
            with T.Kernel(1):
                for i in T.Parallel(4):
                    A[i ** 2] = 1.0


@T.prim_func
def read_then_write(A: T.Tensor((4,), T.f32), B: T.Tensor((4,), T.f32)):
    with T.Kernel(1, threads=4):
        old = A[0]
        A[0] = 5.0
        B[0] = old + 1.0
        before = A[1]
        for k in T.serial(3):
            B[1] = B[1] + before
            A[1] = 10.0


def test_a_subscript_reads_where_it_is_written():
    # Outside T.Parallel, A[0] was loaded where its value was first used:
    # after the store to A[0] (B[0] was 6), and inside the loop, where the
    # second iteration read the 10 the first stored (B[1] was 21).
    A, B = np.ones(4, np.float32), np.zeros(4, np.float32)
    tm.compile(read_then_write, target="cpu")(A, B)
    np.testing.assert_array_equal(A, [5, 10, 1, 1])
    np.testing.assert_array_equal(B, [2, 3, 0, 0])


@T.prim_func
def element_operators(A: T.Tensor((4,), T.f32), B: T.Tensor((4,), T.f32),
                      I: T.Tensor((4,), T.i32)):
    with T.Kernel(1, threads=4):
        with T.If(A[0] == 1.0):
            B[0] = 7.0
        with T.If(A[1] != 1.0):
            B[1] = 7.0
        I[0] = (I[1] & 3) | (5 ^ I[2])


def test_every_operator_of_an_element():
    # Outside T.Parallel, A[0] == 1.0 was Python's comparison of two objects
    # (False: the kernel tested the constant false, B[0] stayed 0 and B[1]
    # became 7), and & | ^ on an element were TypeErrors.
    A, B = np.ones(4, np.float32), np.zeros(4, np.float32)
    I = np.array([0, 6, 1, 0], np.int32)
    tm.compile(element_operators, target="cpu")(A, B, I)
    np.testing.assert_array_equal(B, [7, 0, 0, 0])
    np.testing.assert_array_equal(I, [6, 6, 1, 0])


@T.prim_func
def next_sum(A: T.Tensor(("N",), T.f32), B: T.Tensor(("N",), T.f32)):
    N, = A.shape
    with T.Kernel(T.ceildiv(N, 256), threads=128) as b:
        for i in T.Parallel(256):
            idx = b * 256 + i
            with T.If(idx < N):
                B[idx] = A[idx] + T.if_then_else(idx + 1 < N, A[idx + 1], 0.0)


@pytest.mark.parametrize("target", ["cpu", "vulkan"])
def test_if_then_else_reads_only_the_chosen_element(target):
    # As TileLang's, T.if_then_else(idx + 1 < N, A[idx + 1], 0.0) guards the
    # read: it was arith.select of a load made anyway, which read A[N], past
    # the end (on the cpu the guard page after a 1024-element A faulted).
    A = np.arange(1024, dtype=np.float32)
    B = np.zeros_like(A)
    try:
        tm.compile(next_sum, target=target)(A, B)
    except tm.TileRuntimeError as e:
        pytest.skip("no Vulkan device: %s" % e)
    np.testing.assert_array_equal(B, A + np.concatenate([A[1:], [0]]))
    assert "arith.select" not in str(next_sum) and "scf.if" in str(next_sum)


def make_copy(block, threads):
    @T.prim_func
    def copy_through_shared(A: T.Tensor((64,), T.f32), B: T.Tensor((64,), T.f32)):
        with T.Kernel(T.ceildiv(64, block), threads=threads) as b:
            s = T.alloc_shared((block,), T.f32)
            T.copy(A[b * block], s)
            T.copy(s, B[b * block])
    return copy_through_shared


def test_numpy_ints_configure_a_kernel():
    # Configurations from NumPy (np.int64 tile sizes, as a grid built with
    # np.arange gives) were refused as tile sizes, and T.ceildiv of two of
    # them failed inside the builder.
    A, B = np.arange(64, dtype=np.float32), np.zeros(64, np.float32)
    tm.compile(make_copy(np.int64(32), np.int32(64)), target="cpu")(A, B)
    np.testing.assert_array_equal(A, B)
