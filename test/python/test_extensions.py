# RUN: %pytest %s
# REQUIRES: python-bindings
"""The backends' extensions under their names: T.cuda, T.rocm, T.vulkan, T.cpu write
the ops of dialects/tile_<backend>.irdl.mlir; the backend obeys them or
fails the compilation at the Python line; misuse is a BuildError."""

import inspect

import numpy as np
import pytest

import tile_mlir as tm
import tile_mlir.language as T
from helpers import uniform


def choices_gemm(state):
    """A 128x128x64 f32 GEMM whose kernel states choices through `state`."""

    @T.prim_func
    def gemm(A: T.Tensor((128, 64), T.f32), B: T.Tensor((64, 128), T.f32),
             C: T.Tensor((128, 128), T.f32)):
        with T.Kernel(2, 2, threads=128) as (bm, bn):
            state()
            A_s = T.alloc_shared((64, 64), T.f32)
            B_s = T.alloc_shared((64, 64), T.f32)
            acc = T.alloc_fragment((64, 64), T.f32)
            T.clear(acc)
            T.copy(A[bm * 64, 0], A_s)
            T.copy(B[0, bn * 64], B_s)
            T.gemm(A_s, B_s, acc)
            T.copy(acc, C[bm * 64, bn * 64])

    return gemm


def cpu_choices():
    T.cpu.micro_kernel(4, 1, 2)
    T.cpu.packing(a=False, b=True)
    T.cpu.prefetch(distance=0)


def test_cpu_choices_are_written_and_obeyed():
    kernel = choices_gemm(cpu_choices)
    text = kernel.to_mlir()
    assert '"tile_cpu.micro_kernel"() {rows = 4 : i64, vectors = 1 : i64, unroll = 2 : i64}' in text
    assert '"tile_cpu.packing"() {a = false, b = true}' in text
    assert '"tile_cpu.prefetch"() {distance = 0 : i64}' in text
    rng = np.random.default_rng(3)
    A, B = uniform(rng, (128, 64), np.float32), uniform(rng, (64, 128), np.float32)
    C = np.zeros((128, 128), np.float32)
    tm.compile(kernel, target="cpu")(A, B, C)
    np.testing.assert_allclose(C, A.astype(np.float64) @ B, atol=1e-4, rtol=1e-4)


def test_a_refused_choice_points_at_its_python_line():
    def too_big():
        T.cpu.micro_kernel(64, 64, 1)
    line = inspect.getsourcelines(too_big)[1] + 1
    with pytest.raises(tm.CompileError) as e:
        tm.compile(choices_gemm(too_big), target="cpu:x86-64-v3")
    assert "test_extensions.py:%d" % line in str(e.value)
    assert "tile_cpu.micro_kernel" in str(e.value)


def test_another_targets_choice_names_its_target():
    with pytest.raises(tm.CompileError) as e:
        tm.compile(choices_gemm(cpu_choices), target="vulkan", parts="mlir")
    assert "needs --target=cpu" in str(e.value)


@pytest.mark.parametrize("target, state", [
    ("cuda:sm_90a", lambda: T.cuda.path("simt")),
    ("cuda:sm_80", lambda: T.cuda.rasterize(group_rows=1)),
])
def test_gpu_choices_compile(target, state):
    kernel = choices_gemm(state)
    assert tm.compile(kernel, target=target, parts="mlir").entry_names == ["gemm"]


def test_rocm_refuses_a_layout_for_a_kernel_off_its_matrix_path():
    # f32 operands do not take the matrix cores: the choice cannot be honoured.
    with pytest.raises(tm.CompileError, match="'tile_rocm.lds_layout' op cannot be honoured"):
        tm.compile(choices_gemm(lambda: T.rocm.lds_layout(pad=8)), target="rocm:gfx942",
                   parts="mlir")


def test_rocm_direct_loads_takes_no_arguments_and_is_refused_off_the_matrix_path():
    kernel = choices_gemm(lambda: T.rocm.direct_loads())
    assert '"tile_rocm.direct_loads"() {} : () -> ()' in kernel.to_mlir()
    with pytest.raises(tm.CompileError, match="'tile_rocm.direct_loads' op cannot be honoured"):
        tm.compile(kernel, target="rocm:gfx942", parts="mlir")
    with pytest.raises(T.BuildError, match="takes 0 arguments"):
        choices_gemm(lambda: T.rocm.direct_loads(1)).to_mlir()


def test_a_bad_value_is_refused_by_the_backend():
    with pytest.raises(tm.CompileError) as e:
        tm.compile(choices_gemm(lambda: T.cuda.path("fastest")), target="cuda:sm_90a",
                   parts="mlir")
    assert "tile_cuda.path" in str(e.value)


@pytest.mark.parametrize("call, message", [
    (lambda: T.cpu.micro_kernel(4, 1), "missing unroll"),
    (lambda: T.cpu.micro_kernel(4, 1, 2, 3), "takes 3 arguments"),
    (lambda: T.cpu.packing(a=1, b=True), "takes True or False"),
    (lambda: T.rocm.matrix_shape(16, 16, 16.0), "takes a Python int"),
    (lambda: T.cuda.path('a"b'), "takes a name"),
    (lambda: T.cpu.prefetch(distance=1, depth=2), "unexpected or repeated argument 'depth'"),
])
def test_misuse_is_a_build_error(call, message):
    with pytest.raises(T.BuildError, match=message):
        choices_gemm(call).to_mlir()


def test_a_choice_outside_a_kernel_body_is_a_build_error():
    # @T.prim_func builds the function when it is defined.
    with pytest.raises(T.BuildError, match="directly in a `with T.Kernel"):
        @T.prim_func
        def outside(C: T.Tensor((64,), T.f32)):
            T.cpu.prefetch(4)
            with T.Kernel(1, threads=64):
                for i in T.Parallel(64):
                    C[i] = 0.0

    with pytest.raises(T.BuildError, match="directly in a `with T.Kernel"):
        @T.prim_func
        def nested(C: T.Tensor((64,), T.f32)):
            with T.Kernel(1, threads=64):
                for i in T.Parallel(64):
                    T.cpu.prefetch(4)
                    C[i] = 0.0


def row_sums(state, threads):
    """Row sums of a 64 x 32 f32 matrix by blocks of 16 rows, in a kernel
    that states choices through `state`."""

    @T.prim_func
    def sums(X: T.Tensor((64, 32), T.f32), S: T.Tensor((64,), T.f32)):
        with T.Kernel(4, threads=threads) as b:
            state()
            tile = T.alloc_fragment((16, 32), T.f32)
            rows = T.alloc_fragment((16,), T.f32)
            T.copy(X[b * 16, 0], tile)
            T.reduce_sum(tile, rows, dim=1)
            T.copy(rows, S[b * 16])

    return sums


def test_vulkan_subgroup_is_written_and_obeyed():
    kernel = row_sums(lambda: T.vulkan.subgroup(8), 32)
    assert '"tile_vulkan.subgroup"() {size = 8 : i64}' in kernel.to_mlir()
    a = tm.compile(kernel, target="vulkan", parts="spirv-asm")
    assert "OpGroupNonUniformShuffleXor" in a.spirv_asm
    assert "OpGroupNonUniformShuffleXor" not in tm.compile(
        row_sums(lambda: None, 32), target="vulkan", parts="spirv-asm").spirv_asm


def test_vulkan_subgroup_refused_at_its_python_line():
    def partial():
        T.vulkan.subgroup(64)
    line = inspect.getsourcelines(partial)[1] + 1
    with pytest.raises(tm.CompileError) as e:
        tm.compile(row_sums(partial, 96), target="vulkan", parts="spirv")
    assert "test_extensions.py:%d" % line in str(e.value)
    assert "not a whole number of subgroups of 64" in str(e.value)


def test_vulkan_choice_on_another_target_names_vulkan():
    with pytest.raises(tm.CompileError) as e:
        tm.compile(row_sums(lambda: T.vulkan.subgroup(8), 32), target="cpu", parts="mlir")
    assert "needs --target=vulkan" in str(e.value)
