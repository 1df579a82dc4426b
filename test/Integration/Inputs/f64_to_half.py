"""Inputs and the exact check for f64_to_half.mlir.

  f64_to_half.py make DIR    writes DIR/x.npy: f64 values just above, just
                             below and at the halfway points of bf16 and
                             f16 (normal and subnormal), of both signs, and
                             zeros, infinities, NaN and values beyond the
                             largest finite ones
  f64_to_half.py check DIR   reads DIR/{b,h,a,z,u,v}.npy and compares every
                             element with x rounded once, in exact rational
                             arithmetic, in the mode the kernel asked for
"""
import os
import sys
from fractions import Fraction

import numpy as np

N = 4096
# (significant bits, exponent of the smallest normal, largest exponent)
BF16 = (8, -126, 127)
F16 = (11, -14, 15)


def rounded(v, fmt, mode):
    """The float v rounded to fmt in mode ("even", "away", "zero", "up"),
    as a float64 (infinite when it overflows)."""
    bits, emin, emax = fmt
    if v != v or v in (float("inf"), float("-inf")) or v == 0:
        return v
    sign = -1 if v < 0 else 1
    a = Fraction(abs(v))
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    quantum = Fraction(2) ** (max(e, emin) - bits + 1)
    q, r = divmod(a, quantum)
    q = int(q)
    if mode == "even":
        q += r > quantum / 2 or (r == quantum / 2 and q & 1)
    elif mode == "away":
        q += r >= quantum / 2
    elif mode == "up":
        q += sign > 0 and r > 0
    m = q * quantum
    largest = (2 - Fraction(2) ** (1 - bits)) * Fraction(2) ** emax
    if m > largest:  # overflow: infinite, except where the mode stops short
        if mode == "zero" or (mode == "up" and sign < 0):
            m = largest
        else:
            return sign * float("inf")
    return sign * float(m)


def bf16_bits(v):
    return int(np.array(v, np.float32).view(np.uint32)) >> 16


def f16_bits(v):
    return int(np.array(v, np.float16).view(np.uint16))


def inputs(rng):
    values = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 65504.0,
              65520.0, 65519.99, 3.4e38, 3.3961e38, 1e300, -1e300, 2.0**-25,
              2.0**-24 * 1.5, 2.0**-140]
    while len(values) < N:
        bits, emin, emax = (BF16, F16)[len(values) % 2]
        e = int(rng.integers(emin - 5, min(emax, 60)))
        m = int(rng.integers(0, 1 << (bits - 1)))
        quantum = 2.0 ** (max(e, emin) - bits + 1)
        half = ((1 << (bits - 1)) + m + 0.5) * quantum
        for d in (-1, 0, 1):
            values.append(half * (1 + d * 2.0**-40) * (-1) ** len(values))
    return values[:N]


def main():
    what, folder = sys.argv[1:3]
    if what == "make":
        os.makedirs(folder, exist_ok=True)
        rng = np.random.default_rng(5)
        np.save(os.path.join(folder, "x.npy"), np.array(inputs(rng), np.float64))
        return
    x = np.load(os.path.join(folder, "x.npy")).tolist()
    wrong = 0
    for name, fmt, mode in (("b", BF16, "even"), ("h", F16, "even"),
                            ("a", F16, "away"), ("z", F16, "zero"),
                            ("u", BF16, "up"), ("v", F16, "even")):
        got = np.load(os.path.join(folder, name + ".npy")).view(np.uint16)
        bits_of = bf16_bits if fmt is BF16 else f16_bits
        for i, v in enumerate(x):
            want = bits_of(rounded(v, fmt, mode))
            if v != v:  # any NaN
                ok = (int(got[i]) & 0x7fff) > (0x7f80 if fmt is BF16 else 0x7c00)
            else:
                ok = int(got[i]) == want
            if not ok:
                if wrong < 5:
                    print("%s[%d]: %r gave 0x%04x, not 0x%04x" % (name, i, v, got[i], want))
                wrong += 1
    print("%d of %d conversions wrong" % (wrong, 6 * N))
    sys.exit(1 if wrong else 0)


main()
