"""Shared fixtures of the Python bindings' tests."""

import os

import pytest

SOURCE_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = os.path.join(SOURCE_ROOT, "examples")


@pytest.fixture
def example():
    """example("gemm") is the text of examples/gemm.mlir."""

    def read(name):
        with open(os.path.join(EXAMPLES, name + ".mlir"), encoding="utf-8") as f:
            return f.read()

    return read
