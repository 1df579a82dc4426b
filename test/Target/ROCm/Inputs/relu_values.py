"""Inputs for relu.mlir and the check of its outputs.

    relu_values.py make DIR        writes DIR/{f32,f16,bf16}.npy
    relu_values.py check DIR OUT   checks DIR/OUT-{f32,f16,bf16}.npy

The f16 and bf16 inputs are every bit pattern; the f32 one every sign and
exponent with a set of mantissas (zero, one, the top bit, all ones, and
others), so every class is there: zeros, subnormals, normals, infinities,
quiet and signalling NaNs of both signs. The check wants max(x, +0.0) as
arith.maximumf defines it: a NaN for a NaN, +0.0 for -0.0 and for every
negative number, x itself otherwise, bit for bit.
"""
import sys

import numpy as np

MANTISSAS = [0, 1, 2, 0x3FF, 0x400000, 0x400001, 0x7FFFFF, 0x123456, 0x654321]


def inputs():
    f32 = np.array([(s << 31) | (e << 23) | m for s in (0, 1) for e in range(256)
                    for m in MANTISSAS], dtype=np.uint32)
    every16 = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16)
    return {"f32": (f32, 32), "f16": (every16, 16), "bf16": (every16, 16)}


def is_nan(bits, kind):
    exponent, mantissa = {"f32": (0x7F800000, 0x7FFFFF), "f16": (0x7C00, 0x3FF),
                          "bf16": (0x7F80, 0x7F)}[kind]
    return ((bits & exponent) == exponent) & ((bits & mantissa) != 0)


def main():
    mode, directory = sys.argv[1], sys.argv[2]
    failures = 0
    for kind, (bits, width) in inputs().items():
        if mode == "make":
            array = bits.view(np.float32 if kind == "f32" else
                              np.float16 if kind == "f16" else np.uint16)
            np.save("%s/%s.npy" % (directory, kind), array)
            continue
        out = np.load("%s/%s-%s.npy" % (directory, sys.argv[3], kind))
        got = out.view(np.uint32 if width == 32 else np.uint16)
        sign = bits >> (width - 1) == 1
        nan = is_nan(bits, kind)
        want = np.where(sign, 0, bits).astype(bits.dtype)
        bad = np.where(nan, ~is_nan(got, kind), (got != want) & ~nan)
        for i in np.flatnonzero(bad)[:5]:
            print("%s: max(0x%x, +0.0) gave 0x%x" % (kind, bits[i], got[i]))
        failures += int(bad.sum())
        if mode == "check":
            print("%s: %d values, %d wrong" % (kind, bits.size, int(bad.sum())))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
