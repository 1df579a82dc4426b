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
