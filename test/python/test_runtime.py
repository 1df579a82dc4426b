# RUN: %pytest %s
# REQUIRES: python-bindings
"""Calling compiled entries: NumPy arrays on cpu and vulkan (copies in and
out), arguments checked before the call with errors that name them, and
CUDA device arrays (__cuda_array_interface__, DLPack) passed without copies
(run with the stand-in driver where it is built; no GPU here)."""

import ctypes
import os
import re
import signal
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import tile_mlir as tm
import tile_mlir.language as T
from helpers import gemm_inputs, gemm_reference, uniform

from gemm import gemm  # noqa: E402 (examples/python)

SCALARS = """
func.func @scalars(%X: memref<8xf32>, %I: memref<8xi64>, %a: f32, %n: i32, %b: i1, %h: f16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %ni = arith.extsi %n : i32 to i64
  %bi = arith.extui %b : i1 to i64
  %hf = arith.extf %h : f16 to f32
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %X[%i] : memref<8xf32>
    %y = arith.mulf %x, %a : f32
    %z = arith.addf %y, %hf : f32
    memref.store %z, %X[%i] : memref<8xf32>
    %v = arith.addi %ni, %bi : i64
    memref.store %v, %I[%i] : memref<8xi64>
  }
  return
}
"""

CONVERT = """
func.func @convert(%A: memref<?xbf16>, %B: memref<?xf32>, %M: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xbf16>
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %A[%i] : memref<?xbf16>
    %f = arith.extf %a : bf16 to f32
    memref.store %f, %B[%i] : memref<?xf32>
    %pos = arith.cmpf ogt, %f, %zero : f32
    memref.store %pos, %M[%i] : memref<?xi1>
  }
  return
}
"""


@pytest.fixture(scope="module")
def vector_add():
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "examples",
                           "vector_add.mlir"), encoding="utf-8") as f:
        return tm.compile(f.read(), target="cpu")


def test_vector_add(vector_add):
    rng = np.random.default_rng(0)
    a, b = uniform(rng, 1003, np.float32), uniform(rng, 1003, np.float32)
    c = np.zeros(1003, np.float32)
    vector_add(a, b, c)
    np.testing.assert_array_equal(c, a + b)
    c2 = np.zeros(1003, np.float32)
    vector_add.vector_add(A=a, B=b, C=c2)  # by entry name and argument names
    np.testing.assert_array_equal(c2, a + b)
    assert repr(vector_add.function()) == ("Function(vector_add(A: memref<?xf32>, "
                                           "B: memref<?xf32>, C: memref<?xf32>))")


def test_strided_and_read_only_arrays(vector_add):
    rng = np.random.default_rng(1)
    a = uniform(rng, 2000, np.float32)[::2]  # every other element: copied in
    b = uniform(rng, 1000, np.float32)
    b.flags.writeable = False  # read, never written: fine
    out = np.zeros((1000, 2), np.float32)
    vector_add(a, b, out[:, 1])  # a strided output is written back
    np.testing.assert_array_equal(out[:, 1], a + b)
    assert not out[:, 0].any()
    c = np.zeros(1000, np.float32)
    c.flags.writeable = False
    with pytest.raises(ValueError, match="argument 'C' .* is read-only, but the kernel wrote "
                                         "to it"):
        vector_add(a, b, c)


def test_a_kernel_past_its_arguments_faults_at_the_access():
    """vector_add writes C[i] for every i of A: with a C shorter than A it
    writes past the end of C's buffer. Buffers lie between inaccessible
    pages, so the store faults inside the call instead of corrupting the
    process's memory (glibc aborted later on a damaged heap, or the program
    went on with it). The binding turns Python's fault handler on while
    calls run, which names the line of the call (the process died of the
    signal without a word unless Python ran with -X faulthandler), and the
    argument and element the kernel hit are named before it."""
    example = os.path.join(os.path.dirname(__file__), "..", "..", "examples",
                           "vector_add.mlir")
    script = textwrap.dedent("""\
        import numpy as np, tile_mlir as tm
        artifact = tm.compile(open(%r).read(), target="cpu")
        a = np.ones(1000, np.float32)
        artifact(a, a, np.zeros(500, np.float32))
        print("returned", flush=True)
    """) % example
    run = subprocess.run([sys.executable, "-c", script],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    report = run.stdout + run.stderr
    assert "returned" not in run.stdout, report
    # Elements 500 to 511 lie in the alignment padding; the guard page
    # starts at 512.
    assert re.search(r"^vector_add: argument 'C' \(memref<\?xf32>\) has 500 elements, and "
                     r"the kernel (wrote|accessed) element (\d+), past its end; do the sizes "
                     r"of the arrays agree with what the kernel reads and writes\?$",
                     run.stderr, re.M), report
    if "Sanitizer" in run.stderr:  # the sanitizer's handler reports the fault
        assert "SEGV on unknown address" in run.stderr, report
    else:
        assert run.returncode == -signal.SIGSEGV, report
        assert "Fatal Python error: Segmentation fault" in run.stderr, report
        assert 'File "<string>", line 4 in <module>' in run.stderr, report
        assert run.stderr.index("has 500 elements") < run.stderr.index("Fatal Python"), report


def test_an_integer_division_by_zero_says_where_it_was_called():
    """A kernel dividing by an integer zero at run time dies of SIGFPE;
    the process says so and names the line of the call, and a handler the
    program turned on itself stays on after calls."""
    script = textwrap.dedent("""\
        import faulthandler, numpy as np, tile_mlir as tm, tile_mlir.language as T
        @T.prim_func
        def quotient(A: T.Tensor((4,), T.i32), B: T.Tensor((4,), T.i32)):
            with T.Kernel(1, threads=4):
                for i in T.Parallel(4):
                    A[i] = A[i] // B[i]
        a, ones = np.arange(4, dtype=np.int32), np.ones(4, np.int32)
        artifact = tm.compile(quotient, target="cpu")
        artifact(a, ones)
        assert not faulthandler.is_enabled()  # off again after the call
        artifact(a, np.array([1, 0, 1, 1], np.int32))
        print("returned", flush=True)
    """)
    run = subprocess.run([sys.executable, "-c", script],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    report = run.stdout + run.stderr
    assert "returned" not in run.stdout, report
    if "Sanitizer" in run.stderr:
        assert "FPE" in run.stderr, report
    else:
        assert run.returncode == -signal.SIGFPE, report
        assert "Fatal Python error: Floating point exception" in run.stderr, report
        assert 'File "<string>", line 11 in <module>' in run.stderr, report


def test_a_write_into_the_padding_is_an_error(vector_add):
    """97 f32 are 388 bytes: elements 97 to 111 lie in the alignment padding
    before the guard page, where a write faults on nothing. It is found after
    the call, and the arrays are left as they were."""
    a = np.ones(100, np.float32)
    c = np.zeros(97, np.float32)
    with pytest.raises(tm.TileRuntimeError,
                       match=r"vector_add: argument 'C' \(memref<\?xf32>\) has 97 elements, and "
                             r"the kernel wrote element 97, past its end"):
        vector_add(a, a, c)
    assert not c.any()


def test_buffers_kept_between_calls(vector_add):
    """The buffers of small arrays are kept from one call for the next of
    the same shape (rewritten before each call); a buffer whose padding a
    kernel wrote is not kept, a new shape gets a new one, and calls on
    several threads each get their own."""
    f = vector_add.function()
    rng = np.random.default_rng(5)
    for n in (100, 100, 300, 100):
        a, b = uniform(rng, n, np.float32), uniform(rng, n, np.float32)
        c = np.full(n, np.nan, np.float32)
        f(a, b, c)
        np.testing.assert_array_equal(c, a + b)
    with pytest.raises(tm.TileRuntimeError, match="wrote element 97, past its end"):
        f(np.ones(100, np.float32), np.ones(100, np.float32), np.zeros(97, np.float32))
    c = np.zeros(97, np.float32)
    f(np.ones(97, np.float32), np.ones(97, np.float32), c)
    assert (c == 2).all()

    def work(k, results):
        for _ in range(20):
            a = np.full(64, k, np.float32)
            c = np.zeros(64, np.float32)
            f(a, a, c)
            results.append((c == 2 * k).all())

    results = []
    threads = [threading.Thread(target=work, args=(k, results)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 80
    f.release_buffers()


def test_argument_errors(vector_add):
    a = np.zeros(10, np.float32)
    cases = [
        ((a, a), {}, TypeError, "vector_add: missing argument 'C'"),
        ((a, a, a, a), {}, TypeError, r"vector_add takes 3 arguments \(A, B, C\), got 4"),
        ((a, a), {"D": a}, TypeError, r"vector_add has no argument 'D' \(it has: A, B, C\)"),
        ((a, a, a), {"A": a}, TypeError, "argument 'A' given twice"),
        ((a, a.astype(np.float64), a), {}, TypeError,
         r"vector_add: argument 'B' \(memref<\?xf32>\) needs f32 elements \(NumPy float32\), "
         r"got float64"),
        ((a, a, a.reshape(2, 5)), {}, ValueError,
         r"argument 'C' \(memref<\?xf32>\) needs a rank-1 array, got rank 2 \(shape \(2, 5\)\)"),
        ((a, [0.0] * 10, a), {}, TypeError, "argument 'B' .* needs a NumPy array, got list"),
        ((a, a, a.astype(">f4")), {}, ValueError, r"argument 'C' \(memref<\?xf32>\): big-endian"),
    ]
    for args, kwargs, error, message in cases:
        with pytest.raises(error, match=message):
            vector_add(*args, **kwargs)


def test_static_sizes_and_named_sizes():
    a = tm.compile(SCALARS, target="cpu")
    with pytest.raises(ValueError, match=r"argument 'X' \(memref<8xf32>\) needs size 8 in "
                                         r"dimension 0, got 9"):
        a(np.zeros(9, np.float32), np.zeros(8, np.int64), 1.0, 1, True, 0.5)
    k = tm.compile(gemm, target="cpu")
    A, B, C = gemm_inputs(np.random.default_rng(2), 64, 48, 32)
    with pytest.raises(ValueError, match=r"gemm: argument 'B' \(memref<\?x\?xf16>\) has size 31 "
                                         r"in dimension 0 \(K\), but argument 'A' has size 32 "
                                         r"in dimension 1, which is K too"):
        k(A, B[:31], C)
    with pytest.raises(ValueError, match=r"argument 'C' .* has size 47 in dimension 1 \(N\)"):
        k(A, B, C[:, :47])


def test_scalars():
    a = tm.compile(SCALARS, target="cpu")
    X, I = np.arange(8, dtype=np.float32), np.zeros(8, np.int64)
    a(X, I, 2.0, -7, True, np.float16(0.5))
    np.testing.assert_array_equal(X, np.arange(8) * 2 + 0.5)
    np.testing.assert_array_equal(I, np.full(8, -6))
    a(X, I, 1, np.int32(3), 0, 0)  # ints for floats, NumPy scalars, 0/1 for i1
    np.testing.assert_array_equal(I, np.full(8, 3))
    cases = [
        ((2.0, 1.5, True, 0.0), TypeError, r"argument 'n' \(i32\) needs an int, got float"),
        ((2.0, 2**31, True, 0.0), ValueError, r"argument 'n' \(i32\): 2147483648 does not fit"),
        (("2", 1, True, 0.0), TypeError, r"argument 'a' \(f32\) needs a float, got str"),
        ((2.0, 1, 2, 0.0), TypeError, r"argument 'b' \(i1\) needs a bool, got 2"),
        ((2.0, True, 1, 0.0), TypeError, r"argument 'n' \(i32\) needs an int, got bool"),
        # A float its type cannot hold became an infinity, without a word.
        ((2.0, 1, True, 70000.0), ValueError,
         r"argument 'h' \(f16\): 70000.0 does not fit in f16 \(it would become an infinity\)"),
        ((1e39, 1, True, 0.0), ValueError, r"argument 'a' \(f32\): 1e\+39 does not fit in f32"),
    ]
    for scalars, error, message in cases:
        with pytest.raises(error, match=message):
            a(X, I, *scalars)


HALVES = """
func.func @halves(%X: memref<8xf32>, %H: memref<8xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %X[%i] : memref<8xf32>
    %h = arith.truncf %x : f32 to f16
    memref.store %h, %H[%i] : memref<8xf16>
    %y = arith.extf %h : f16 to f32
    %z = arith.addf %y, %one : f32
    memref.store %z, %X[%i] : memref<8xf32>
  }
  return
}
"""


def test_f16_without_f16c():
    # For a chip without F16C, LLVM converts f16 with libgcc_s's
    # __truncsfhf2 and __extendhfsf2, which this process (python, which
    # loads the library with RTLD_LOCAL) does not have in its global
    # scope: the JIT binds them itself.
    a = tm.compile(HALVES, target="cpu:x86-64")
    X = np.array([0.1, -2.5, 65504.0, 1e-7, 3.0, 7e4, -0.0, 1.0 / 3], np.float32)
    H = np.zeros(8, np.float16)
    expected = X.astype(np.float16)
    a(X, H)
    np.testing.assert_array_equal(H, expected)
    np.testing.assert_array_equal(X, expected.astype(np.float32) + 1)


def test_bf16_bits_and_bools():
    a = tm.compile(CONVERT, target="cpu")
    values = np.array([1.0, -2.5, 0.0, 3.0e38, -1.0e-3], np.float32)
    bits = (values.view(np.uint32) >> 16).astype(np.uint16)  # truncation: exact here
    B, M = np.zeros(5, np.float32), np.zeros(5, np.bool_)
    a(bits, B, M)
    np.testing.assert_array_equal(B, (bits.astype(np.uint32) << 16).view(np.float32))
    np.testing.assert_array_equal(M, B > 0)
    with pytest.raises(TypeError, match=r"argument 'A' \(memref<\?xbf16>\) needs bf16 elements "
                                        r"\(NumPy uint16\), got float16"):
        a(np.zeros(5, np.float16), B, M)


def test_time(vector_add):
    a = np.ones(100, np.float32)
    c = np.zeros(100, np.float32)
    times = vector_add.function().time(a, a, c, repeat=5)
    assert len(times) == 5 and all(t > 0 for t in times)
    np.testing.assert_array_equal(c, 2 * a)
    with pytest.raises(ValueError, match="repeat must be at least 1"):
        vector_add.function().time(a, a, c, repeat=0)


def test_entries():
    text = SCALARS + CONVERT + "func.func @results() -> f32 {\n" \
        "  %0 = arith.constant 1.0 : f32\n  return %0 : f32\n}\n"
    a = tm.compile(text, target="cpu")
    assert a.entry_names == ["scalars", "convert", "results"]
    with pytest.raises(TypeError, match=r"the artifact has 3 entries \(scalars, convert, "
                                        r"results\): name one"):
        a(np.zeros(8, np.float32))
    with pytest.raises(TypeError, match="results cannot be called: .*result"):
        a.results()
    with pytest.raises(AttributeError, match="no attribute or entry 'nothing'"):
        a.nothing
    with pytest.raises(KeyError, match="no entry 'nothing'"):
        a.function("nothing")


def test_aot_does_not_run(vector_add):
    a = tm.compile(vector_add.source, target="cpu", exec="aot", parts="obj")
    assert a.obj[:4] == b"\x7fELF"
    with pytest.raises(tm.TileRuntimeError, match="execution backend 'aot' runs nothing in "
                                                  "this process"):
        a(np.zeros(4, np.float32), np.zeros(4, np.float32), np.zeros(4, np.float32))


def test_vulkan(vector_add):
    a = tm.compile(vector_add.source, target="vulkan")
    x = np.arange(300, dtype=np.float32)
    out = np.zeros(300, np.float32)
    try:
        a(x, x, out)
    except tm.TileRuntimeError as e:
        pytest.skip("no Vulkan device: %s" % e)
    np.testing.assert_array_equal(out, 2 * x)


def test_vulkan_writes_past_an_end_raise(vector_add):
    """A write past the end of an argument faults on the cpu; on vulkan it
    went unnoticed. The runtime watches the bytes after each buffer and
    refuses the results: TileRuntimeError, the arrays as they were."""
    a = tm.compile(vector_add.source, target="vulkan")
    x = np.arange(300, dtype=np.float32)
    out = np.full(200, 7.0, np.float32)
    try:
        a(x, x, np.zeros(300, np.float32))
    except tm.TileRuntimeError as e:
        pytest.skip("no Vulkan device: %s" % e)
    with pytest.raises(tm.TileRuntimeError, match=re.escape(
            "vector_add: tile_rt_vulkan: kernel 'vector_add_kernel' wrote byte 800 of its "
            "buffer parameter 2, which has 800 bytes (past its end)")):
        a(x, x, out)
    assert (out == 7.0).all()


def test_gemm_on_vulkan_matches_cpu():
    A, B, C = gemm_inputs(np.random.default_rng(3), 150, 130, 70)
    on_vulkan = C.copy()
    try:
        tm.compile(gemm, target="vulkan")(A, B, on_vulkan)
    except tm.TileRuntimeError as e:
        pytest.skip("no Vulkan device: %s" % e)
    np.testing.assert_allclose(on_vulkan, gemm_reference(A, B), atol=1e-4, rtol=1e-3)


REFUSED_SCRIPT = textwrap.dedent("""
    import numpy as np
    import tile_mlir as tm
    import tile_mlir.language as T

    @T.prim_func
    def staged(A: T.Tensor((32, 64), T.f32), B: T.Tensor((32, 64), T.f32)):
        with T.Kernel(1, threads=64) as b:
            S = T.alloc_shared((32, 64), T.f32)
            T.copy(A, S)
            T.copy(S, B)

    staged = staged.compile(target="vulkan")
    A = np.arange(32 * 64, dtype=np.float32).reshape(32, 64)
    B = np.full((32, 64), 7.0, np.float32)
    for attempt in range(2):
        try:
            staged(A, B)
            print("ran")
        except tm.TileRuntimeError as e:
            print("TileRuntimeError:", e)
    print("B untouched:", bool((B == 7.0).all()))
    x = np.arange(300, dtype=np.float32)
    out = np.zeros(300, np.float32)
    tm.compile(open(%(example)r).read(), target="vulkan")(x, x, out)
    print("vector_add after:", bool((out == 2 * x).all()))
""")


def test_a_launch_the_device_refuses_raises_and_the_process_goes_on():
    """A kernel the device cannot run (here more shared memory than the
    limit TILE_VULKAN_SHARED_LIMIT states) raises TileRuntimeError from the
    call, naming the kernel and the limit, where the runtime library ended
    the Python process before; the arrays keep their values, the next call
    is refused the same way and other kernels still run."""
    here = os.path.dirname(os.path.abspath(__file__))
    example = os.path.join(here, "..", "..", "examples", "vector_add.mlir")
    run = subprocess.run([sys.executable, "-c", REFUSED_SCRIPT % {"example": example}],
                         env=dict(os.environ, TILE_VULKAN_SHARED_LIMIT="4096"),
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if "the target's jit is not available here" in run.stdout:
        pytest.skip("no Vulkan device: %s" % run.stdout)
    assert run.returncode == 0, run.stdout
    refusal = ("TileRuntimeError: staged: tile_rt_vulkan: kernel 'staged_kernel' uses 8192 "
               "bytes of shared memory; the Vulkan device '")
    lines = run.stdout.splitlines()
    assert [line.startswith(refusal) for line in lines[:2]] == [True, True], run.stdout
    assert lines[0].endswith("gives a workgroup at most 4096 (maxComputeSharedMemorySize, "
                             "as TILE_VULKAN_SHARED_LIMIT says)"), run.stdout
    assert lines[2:] == ["B untouched: True", "vector_add after: True"], run.stdout


# ---- cuda: device arrays ----


class FakeDeviceArray:
    """An object in "device memory" as CuPy and PyTorch describe theirs."""

    def __init__(self, pointer, shape, typestr="<f4", strides=None):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr,
                                         "data": (pointer, False), "strides": strides,
                                         "version": 3}


@pytest.fixture(scope="module")
def cuda_vector_add(vector_add):
    return tm.compile(vector_add.source, target="cuda:sm_80")


def test_cuda_argument_checks(cuda_vector_add):
    f = cuda_vector_add.function()
    assert f.device_memory
    good = FakeDeviceArray(1 << 20, (10,))
    cases = [
        ((np.zeros(10, np.float32), good, good), ValueError,
         r"argument 'A' \(memref<\?xf32>\) is in cpu memory, but target 'cuda:sm_80.*' runs "
         r"kernels on CUDA device memory"),
        ((good, [1.0], good), TypeError,
         r"argument 'B' .* needs an array in CUDA device memory .* got list"),
        ((good, FakeDeviceArray(1 << 20, (10,), "<f8"), good), TypeError,
         r"argument 'B' .* needs f32 elements, got f64"),
        ((good, good, FakeDeviceArray(1 << 20, (2, 5))), ValueError,
         r"argument 'C' .* needs a rank-1 array, got rank 2"),
        ((good, FakeDeviceArray(1 << 20, (10,), strides=(8,)), good), ValueError,
         r"argument 'B' .* needs dense row-major memory, got strides \(8,\)"),
        ((good, good, FakeDeviceArray((1 << 20) + 4, (10,))), ValueError,
         r"argument 'C' .* starts at 0x100004, which is not a multiple of 64 bytes"),
    ]
    for args, error, message in cases:
        with pytest.raises(error, match=message):
            f(*args)


def test_cuda_without_driver(cuda_vector_add):
    """With no CUDA driver (this machine), a call with valid arguments fails
    cleanly; the fake pointers are never touched."""
    try:
        ctypes.CDLL("libcuda.so.1")
        pytest.skip("a CUDA driver is installed")
    except OSError:
        pass
    good = FakeDeviceArray(1 << 20, (10,))
    with pytest.raises(tm.TileRuntimeError, match="execution backend 'aot' runs nothing in "
                                                  "this process.*; the target's jit is not "
                                                  "available here: .*libcuda"):
        cuda_vector_add(good, good, good)


MOCK_DIR = os.path.join(os.environ.get("TILE_MLIR_BUILD_DIR", ""), "test", "Runtime", "CUDA",
                        "mock-driver")

MOCK_SCRIPT = textwrap.dedent("""
    import ctypes, sys
    import numpy as np
    import tile_mlir as tm
    sys.path.insert(0, %(tests)r)
    from test_runtime import FakeDeviceArray, FakeDLPack

    cuda = ctypes.CDLL("libcuda.so.1")
    assert cuda.cuInit(0) == 0
    device, context, raw = ctypes.c_int(), ctypes.c_void_p(), ctypes.c_uint64()
    assert cuda.cuDeviceGet(ctypes.byref(device), 0) == 0
    assert cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context), device) == 0
    assert cuda.cuCtxSetCurrent(context) == 0
    assert cuda.cuMemAlloc_v2(ctypes.byref(raw), 3 * 4096 + 64) == 0
    base = (raw.value + 63) // 64 * 64
    a = np.ctypeslib.as_array((ctypes.c_float * 1000).from_address(base))
    a[:] = np.arange(1000)
    A = FakeDeviceArray(base, (1000,))
    B = FakeDLPack(base + 4096, (1000,))
    C = FakeDeviceArray(base + 8192, (1000,))
    artifact = tm.compile(open(%(example)r).read(), target="cuda:sm_80")
    print("call", flush=True)
    artifact(A, B, C)
    print("returned; B released:", B.released, flush=True)
    print("A intact:", bool((a == np.arange(1000)).all()), flush=True)
""")


def run_on_mock_driver(script, **env):
    """The output of `script` (formatted with this folder as `tests` and
    vector_add.mlir as `example`) run by a Python whose libcuda.so.1 is
    the stand-in driver; it must exit 0."""
    here = os.path.dirname(os.path.abspath(__file__))
    example = os.path.join(here, "..", "..", "examples", "vector_add.mlir")
    env = dict(os.environ, LD_LIBRARY_PATH=MOCK_DIR,
               PYTHONPATH=os.environ.get("PYTHONPATH", "") + os.pathsep + here, **env)
    run = subprocess.run([sys.executable, "-c", script % {"tests": here, "example": example}],
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert run.returncode == 0, run.stdout
    return run.stdout


@pytest.mark.skipif(not os.path.exists(os.path.join(MOCK_DIR, "libcuda.so.1")),
                    reason="the stand-in CUDA driver is built where the CUDA toolkit's cuda.h "
                           "is installed")
def test_cuda_device_arrays_go_to_the_kernel_without_copies():
    log = run_on_mock_driver(MOCK_SCRIPT, TILE_MOCK_CUDA_LOG="1")
    after_call = log[log.index("call\n"):]
    # The kernel was launched on the arrays' memory; nothing was allocated
    # or copied for them.
    assert "launch vector_add_kernel grid 4x1x1 block 128x1x1" in after_call, log
    assert "cuMemAlloc" not in after_call, log
    assert "returned; B released: True" in log
    assert "A intact: True" in log


class FakeDLPack:
    """A DLPack producer in "device memory" (CUDA), counting releases."""

    class _Tensor(ctypes.Structure):
        pass

    def __init__(self, pointer, shape):
        from tile_mlir import device
        self.released = False
        self._shape = (ctypes.c_int64 * len(shape))(*shape)
        tensor = device._DLTensor(pointer, device._DLDevice(2, 0), len(shape),
                                  device._DLDataType(2, 32, 1), self._shape, None, 0)
        self._deleter = device._DLManagedTensor._fields_[2][1](self._delete)
        self._managed = device._DLManagedTensor(tensor, None, self._deleter)

    def _delete(self, _managed):
        self.released = True

    def __dlpack_device__(self):
        return (2, 0)

    def __dlpack__(self, stream=None):
        new = ctypes.pythonapi.PyCapsule_New
        new.restype = ctypes.py_object
        new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self._managed), b"dltensor", None)


DEVICES_SCRIPT = textwrap.dedent("""
    import ctypes, sys
    import numpy as np
    import tile_mlir as tm
    sys.path.insert(0, %(tests)r)
    from test_runtime import FakeDeviceArray

    cuda = ctypes.CDLL("libcuda.so.1")
    assert cuda.cuInit(0) == 0
    contexts = []
    for ordinal in range(2):
        device, context = ctypes.c_int(), ctypes.c_void_p()
        assert cuda.cuDeviceGet(ctypes.byref(device), ordinal) == 0
        assert cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context), device) == 0
        contexts.append(context)

    def arrays(ordinal, managed=False):
        assert cuda.cuCtxSetCurrent(contexts[ordinal]) == 0
        raw = ctypes.c_uint64()
        if managed:
            assert cuda.cuMemAllocManaged(ctypes.byref(raw), 3 * 4096 + 64, 1) == 0
        else:
            assert cuda.cuMemAlloc_v2(ctypes.byref(raw), 3 * 4096 + 64) == 0
        base = (raw.value + 63) // 64 * 64
        return [FakeDeviceArray(base + 4096 * i, (1000,)) for i in range(3)]

    on0, on1, managed1 = arrays(0), arrays(1), arrays(1, managed=True)
    f = tm.compile(open(%(example)r).read(), target="cuda:sm_80").function()
    for name, ordinal, args in [("device 1's arrays from device 0", 0, on1),
                                ("one array of device 0 from device 1", 1,
                                 [on1[0], on0[1], on1[2]]),
                                ("device 0's arrays from device 0", 0, on0),
                                ("device 1's arrays from device 1", 1, on1),
                                ("managed arrays from device 0", 0, managed1)]:
        assert cuda.cuCtxSetCurrent(contexts[ordinal]) == 0
        try:
            f(*args)
            print(name + ": launched", flush=True)
        except ValueError as e:
            print(name + ": ValueError:", e, flush=True)
""")


@pytest.mark.skipif(not os.path.exists(os.path.join(MOCK_DIR, "libcuda.so.1")),
                    reason="the stand-in CUDA driver is built where the CUDA toolkit's cuda.h "
                           "is installed")
def test_cuda_arrays_of_another_device_are_refused():
    """A kernel launched on one device faults on another device's memory
    (without peer access): such an argument is refused before the call,
    naming both devices; managed memory, which every device reaches, is
    not."""
    log = run_on_mock_driver(DEVICES_SCRIPT)
    lines = log.splitlines()
    assert ("device 1's arrays from device 0: ValueError: vector_add: argument 'A' "
            "(memref<?xf32>) is in the memory of CUDA device 1, but the call runs on device 0 "
            "(this thread's current CUDA context); make device 1 current first (e.g. "
            "torch.cuda.set_device(1)) or move the array to device 0") in lines, log
    assert ("one array of device 0 from device 1: ValueError: vector_add: argument 'B' "
            "(memref<?xf32>) is in the memory of CUDA device 0, but the call runs on "
            "device 1") in log, log
    for name in ["device 0's arrays from device 0", "device 1's arrays from device 1",
                 "managed arrays from device 0"]:
        assert name + ": launched" in lines, log


# A plain-loop reference beside a kernel, compiled for a GPU target.
HOST_AND_KERNEL = """
func.func @reference(%A: memref<4xf32>, %B: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %A[%i] : memref<4xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %B[%i] : memref<4xf32>
  }
  return
}

func.func @double(%A: memref<4xf32>, %B: memref<4xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %x = memref.load %A[%i] : memref<4xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %B[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}
"""


def test_cuda_function_without_kernels_takes_host_arrays():
    """A function that launches no kernel runs on the host alone: it takes
    NumPy arrays where the module's kernels take device arrays (which it
    could not read)."""
    artifact = tm.compile(HOST_AND_KERNEL, target="cuda:sm_80")
    reference, kernel = artifact.function("reference"), artifact.function("double")
    assert kernel.device_memory and not reference.device_memory
    with pytest.raises(TypeError, match=r"argument 'A' .* needs a NumPy array, got "
                                        r"FakeDeviceArray; it looks like a device tensor, "
                                        r"but reference launches no kernel: it runs on "
                                        r"the host \(copy it to the host"):
        reference(FakeDeviceArray(1 << 20, (4,)), np.zeros(4, np.float32))
    artifact.close()


HOST_ONLY_SCRIPT = textwrap.dedent("""
    import sys
    import numpy as np
    import tile_mlir as tm
    sys.path.insert(0, %(tests)r)
    from test_runtime import HOST_AND_KERNEL

    artifact = tm.compile(HOST_AND_KERNEL, target="cuda:sm_80")
    A, B = np.arange(4, dtype=np.float32), np.zeros(4, np.float32)
    print("call", flush=True)
    artifact.function("reference")(A, B)
    print("B:", B.tolist(), flush=True)
""")


@pytest.mark.skipif(not os.path.exists(os.path.join(MOCK_DIR, "libcuda.so.1")),
                    reason="the stand-in CUDA driver is built where the CUDA toolkit's cuda.h "
                           "is installed")
def test_cuda_function_without_kernels_runs_on_host_memory():
    """The host reads and writes the arrays where they are: nothing is
    allocated on the device for them (on a GPU, the host faulted at the
    device addresses it was given)."""
    log = run_on_mock_driver(HOST_ONLY_SCRIPT, TILE_MOCK_CUDA_LOG="1")
    after_call = log[log.index("call\n"):]
    assert "cuMemAlloc" not in after_call and "cuMemcpy" not in after_call, log
    assert "B: [0.0, 2.0, 4.0, 6.0]" in log, log
