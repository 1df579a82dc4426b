"""Inputs and references shared by the Python bindings' tests."""

import os
import subprocess
import sys

import numpy as np

from conftest import SOURCE_ROOT

sys.path.insert(0, os.path.join(SOURCE_ROOT, "examples", "python"))

# The tools of the build (or of an installed copy: $TILE_MLIR_TOOLS).
TOOLS = os.environ.get("TILE_MLIR_TOOLS") or os.path.join(
    os.environ.get("TILE_MLIR_BUILD_DIR", os.path.join(SOURCE_ROOT, "build")), "bin")


def tile_opt(*args, text):
    """Runs build/bin/tile-opt on `text`; returns the CompletedProcess."""
    return subprocess.run([os.path.join(TOOLS, "tile-opt")] + list(args), input=text,
                          capture_output=True, text=True)


def uniform(rng, shape, dtype):
    return rng.uniform(-1, 1, shape).astype(dtype)


def gemm_inputs(rng, m, n, k):
    return (uniform(rng, (m, k), np.float16), uniform(rng, (k, n), np.float16),
            np.zeros((m, n), np.float32))


def gemm_reference(A, B):
    return A.astype(np.float64) @ B.astype(np.float64)


def attention_reference(Q, K, V, scale):
    s = np.einsum("hqd,hkd->hqk", Q.astype(np.float64), K.astype(np.float64)) * scale
    p = np.exp(s - s.max(axis=2, keepdims=True))
    p /= p.sum(axis=2, keepdims=True)
    return np.einsum("hqk,hkd->hqd", p, V.astype(np.float64))
