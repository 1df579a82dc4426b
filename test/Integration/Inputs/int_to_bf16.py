"""Inputs and the exact check for int_to_bf16.mlir.

  int_to_bf16.py make DIR    writes DIR/{x,l,u}.npy: integers at, next to
                             and between the halfway points of bf16 (where
                             rounding through f32 first went wrong), and
                             random ones of every magnitude
  int_to_bf16.py check DIR   reads DIR/{b,c,d,v}.npy and compares every
                             element with the integer rounded to bf16 once,
                             to nearest even, in exact integer arithmetic
"""
import os
import sys

import numpy as np

N = 4096


def bf16_bits(v):
    """The bits of integer v rounded to bf16 (8 significant bits)."""
    sign = 0x8000 if v < 0 else 0
    a = abs(v)
    if a == 0:
        return sign
    exponent = a.bit_length() - 1
    shift = exponent - 7
    if shift <= 0:
        q = a << -shift
    else:
        q, r = divmod(a, 1 << shift)
        half = 1 << (shift - 1)
        if r > half or (r == half and q & 1):
            q += 1
        if q == 256:  # carried into the next power of two
            q, exponent = 128, exponent + 1
    return sign | ((exponent + 127) << 7) | (q - 128)


def inputs(bits, signed, rng):
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    values = []
    for e in range(9, bits - (1 if signed else 0)):
        for m in rng.integers(128, 256, size=4):
            tie = (int(m) << (e - 8)) + (1 << (e - 9))  # halfway above m * 2^(e-8)
            for d in (-1, 0, 1, 2, -(1 << max(0, e - 32))):
                values.append(tie + d)
    values += [lo, hi, 0, 1, -1 if signed else 2]
    while len(values) < N:
        values.append(int(rng.integers(lo, hi, endpoint=True)) >> int(rng.integers(0, bits)))
    values = [min(max(v, lo), hi) for v in values[:N]]
    if signed:
        values = [v if rng.random() < 0.5 or not lo <= -v <= hi else -v for v in values]
    return values


def main():
    mode, folder = sys.argv[1], sys.argv[2]
    if mode == "make":
        rng = np.random.default_rng(7)
        os.makedirs(folder, exist_ok=True)
        np.save(os.path.join(folder, "x.npy"), np.array(inputs(32, True, rng), np.int32))
        np.save(os.path.join(folder, "l.npy"), np.array(inputs(64, True, rng), np.int64))
        np.save(os.path.join(folder, "u.npy"), np.array(inputs(32, False, rng), np.uint32).view(np.int32))
        return
    x = np.load(os.path.join(folder, "x.npy"))
    l = np.load(os.path.join(folder, "l.npy"))
    u = np.load(os.path.join(folder, "u.npy")).view(np.uint32)
    wrong = 0
    for name, source in (("b", x), ("c", l), ("d", u), ("v", x)):
        got = np.load(os.path.join(folder, name + ".npy")).view(np.uint16)
        for i, v in enumerate(source.tolist()):
            if int(got[i]) != bf16_bits(v):
                if wrong < 5:
                    print("%s[%d]: %d gave 0x%04x, not 0x%04x" % (name, i, v, got[i], bf16_bits(v)))
                wrong += 1
    print("%d of %d conversions wrong" % (wrong, 4 * N))
    sys.exit(1 if wrong else 0)


main()
