# RUN: %pytest %s
# REQUIRES: python-bindings
"""autotune() on the cpu: compiles configurations in worker processes,
drops wrong and failing ones, picks the fastest correct one, and remembers
it in the cache directory."""

import os

import numpy as np
import pytest

import tile_mlir as tm
from tunable import make_gemm, reference

CONFIGS = [
    {"block_M": 32, "block_N": 32},
    {"block_M": 64, "block_N": 64},
    {"block_M": 32, "block_N": 64, "block_K": 64},
    {"block_M": 64, "block_N": 32, "wrong": True},    # computes the wrong thing
    {"block_M": 64, "block_N": 64, "threads": 4096},  # does not compile
]


def inputs(rng):
    A = rng.uniform(-1, 1, (96, 80)).astype(np.float32)
    B = rng.uniform(-1, 1, (80, 112)).astype(np.float32)
    return [A, B, np.zeros((96, 112), np.float32)]


def test_autotune_picks_the_fastest_correct_config(tmp_path):
    args = inputs(np.random.default_rng(0))
    before = [a.copy() for a in args]
    result = tm.autotune(make_gemm, CONFIGS, args, reference, target="cpu", repeat=3,
                         jobs=2, cache=tmp_path)
    status = {tuple(sorted(t.config.items())): t.status for t in result.trials}
    assert sorted(status.values()) == ["compile error", "ok", "ok", "ok", "wrong"]
    correct = [t for t in result.trials if t.status == "ok"]
    assert result.best in correct and result.time == min(t.time for t in correct)
    assert not result.config.get("wrong")
    # Compiled in worker processes, not here.
    assert all(t.compiled_by not in (None, os.getpid()) for t in result.trials)
    # The inputs are left alone; the winner runs.
    for a, b in zip(args, before):
        np.testing.assert_array_equal(a, b)
    C = np.zeros_like(args[2])
    result.artifact(args[0], args[1], C)
    np.testing.assert_allclose(C, args[0].astype(np.float64) @ args[1], atol=1e-4, rtol=1e-3)
    table = result.table()
    assert "compile error" in table and "wrong" in table and "tile.threads must be" in table
    assert table.count("*") == 1
    # Again: remembered, nothing compiled or timed.
    again = tm.autotune(make_gemm, CONFIGS, args, reference, target="cpu", repeat=3,
                        cache=tmp_path)
    assert again.from_cache and again.config == result.config
    assert [t.status for t in again.trials] == [t.status for t in result.trials]


def test_expected_arrays_instead_of_a_function(tmp_path):
    args = inputs(np.random.default_rng(1))
    expected = [None, None, args[0].astype(np.float64) @ args[1]]
    result = tm.autotune(make_gemm, CONFIGS[:2], args, expected, target="cpu", repeat=2,
                         jobs=1, cache=False)
    assert {t.status for t in result.trials} == {"ok"}
    assert not result.from_cache


def test_a_faulting_config_ends_only_its_process(tmp_path):
    """A configuration whose kernel faults ran in this process and ended it
    (SIGFPE), with the whole tuning; it runs in a process of its own now and
    is a run error in the table."""
    args = inputs(np.random.default_rng(4))
    configs = [CONFIGS[0], {"block_M": 32, "block_N": 32, "fault": True}]
    result = tm.autotune(make_gemm, configs, args, reference, target="cpu", repeat=2,
                         jobs=2, cache=tmp_path)
    faulted = [t for t in result.trials if t.config.get("fault")][0]
    assert faulted.status == "run error", result.table()
    # AddressSanitizer's handler may report the fault and exit with status 1.
    sanitized = "asan" in os.environ.get("LD_PRELOAD", "")
    assert ("the trial process died of SIGFPE" in faulted.message or
            sanitized and "ended with exit status 1" in faulted.message), result.table()
    assert result.config == CONFIGS[0]


def test_nothing_correct(tmp_path):
    args = inputs(np.random.default_rng(2))
    with pytest.raises(RuntimeError, match="no configuration is correct"):
        tm.autotune(make_gemm, [CONFIGS[3]], args, reference, target="cpu", jobs=1,
                    cache=tmp_path)


def test_autotune_on_vulkan():
    """The same on lavapipe (or whatever Vulkan device there is)."""
    args = inputs(np.random.default_rng(3))
    try:
        tm.compile(make_gemm(), target="vulkan", cache=False)(*[a.copy() for a in args])
    except tm.TileRuntimeError as e:
        pytest.skip("no Vulkan device: %s" % e)
    configs = [CONFIGS[0], CONFIGS[1], CONFIGS[3]]
    result = tm.autotune(make_gemm, configs, args, reference, target="vulkan", repeat=2,
                         jobs=2, cache=False)
    assert sorted(t.status for t in result.trials) == ["ok", "ok", "wrong"]
    assert result.artifact.target.startswith("vulkan")


def static_gemm(M, N, K, block_M=None, block_N=64, wrong=False):
    """make_gemm's kernel with static shapes, as TileLang's factories have."""
    import tile_mlir.language as T

    @T.prim_func
    def gemm(A: T.Tensor((M, K), "float32"), B: T.Tensor((K, N), "float32"),
             C: T.Tensor((M, N), "float32")):
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=64) as (bn, bm):
            A_s = T.alloc_shared((block_M, 16), "float32")
            B_s = T.alloc_shared((16, block_N), "float32")
            acc = T.alloc_fragment((block_M, block_N), "float32")
            T.clear(acc)
            for k in T.serial(T.ceildiv(K, 16) - (1 if wrong else 0)):
                T.copy(A[bm * block_M, k * 16], A_s)
                T.copy(B[k * 16, bn * block_N], B_s)
                T.gemm(A_s, B_s, acc)
            T.copy(acc, C[bm * block_M, bn * block_N])
    return gemm


def test_autotune_decorates_a_jit_factory(tmp_path):
    configs = [{"block_M": 32, "wrong": True}, {"block_M": 32}, {"block_M": 64}]

    # TileLang's ref_prog: the inputs in, the output out.
    @tm.autotune(configs=configs, warmup=1, rep=2, cache=tmp_path,
                 reference=lambda A, B: A.astype(np.float64) @ B.astype(np.float64))
    @tm.jit(out_idx=[-1], target="cpu")
    def gemm(M, N, K, block_M=None, block_N=64, wrong=False):
        return static_gemm(M, N, K, block_M, block_N, wrong)

    kernel = gemm(96, 80, 48)
    statuses = sorted(t.status for t in kernel.autotune_result.trials)
    assert statuses == ["ok", "ok", "wrong"] and not kernel.config.get("wrong")
    assert kernel.latency == kernel.autotune_result.time * 1e3 > 0
    assert gemm(96, 80, 48) is kernel  # kept per arguments
    rng = np.random.default_rng(5)
    A = rng.uniform(-1, 1, (96, 48)).astype(np.float32)
    B = rng.uniform(-1, 1, (48, 80)).astype(np.float32)
    np.testing.assert_allclose(kernel(A, B), A @ B, atol=1e-4)

    # Without a reference nothing is checked, as in TileLang.
    unchecked = tm.autotune(configs=configs, rep=1, cache=tmp_path)(gemm.__wrapped__)
    assert [t.status for t in unchecked(64, 64, 32).autotune_result.trials] == ["ok"] * 3

    # Given arguments keep the configurations that agree with them.
    only = gemm(96, 80, 48, block_M=32)
    assert [t.config for t in only.autotune_result.trials] == [{"wrong": True}, {}]
    assert only.config == {}
    fixed = gemm(96, 80, 48, block_M=64, wrong=False)  # nothing left to tune
    assert fixed.config == {} and fixed.autotune_result is None
    np.testing.assert_allclose(fixed(A, B), A @ B, atol=1e-4)
    with pytest.raises(TypeError, match=r"no configuration agrees with the arguments given "
                                        r"\(block_M=16\)"):
        gemm(96, 80, 48, block_M=16)
    with pytest.raises(TypeError, match="decorates a function decorated with @tile_mlir.jit"):
        tm.autotune(configs=configs)(static_gemm)
    with pytest.raises(TypeError, match="cannot make an argument for 'A' .* whose shape is "
                                        "dynamic: give inputs="):
        tm.autotune(configs=[{"block_M": 32}])(tm.jit(target="cpu")(
            lambda block_M: make_gemm(block_M=block_M)))()
