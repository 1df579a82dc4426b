"""Inputs for math_ops.mlir and the check of its outputs.

    math_values.py make DIR          writes DIR/<op>-a.npy and DIR/<op>-b.npy
    math_values.py check DIR LABEL   checks DIR/<op>-LABEL.npy
        [--vulkan]                   with Vulkan's precision rules (below)

Each op gets its special values (signed zeros, infinities, NaN, subnormals,
the edges of its formulas) and a dense sweep of its range. The check
compares every output with the function computed in double precision and
reports the largest error in f32 ulps (a NaN must be a NaN, an exact op
must be exact); each op has a bound, so a formula that drifts fails.
"""
import math
import sys

import numpy as np

F32 = np.float32
SPECIAL = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e-45, -1e-45, 1e-38,
           -1e-38, 1.0, -1.0, 0.5, -0.5, 3.4e38, -3.4e38]


def sweep(lo, hi, n=4000):
    return list(np.linspace(lo, hi, n))


def sample_log(lo, hi, n=2000):
    pos = list(np.exp(np.linspace(math.log(lo), math.log(hi), n)))
    return pos + [-v for v in pos]


def erfc(x):
    return math.erfc(x)


def cbrt(x):
    if math.isnan(x) or math.isinf(x) or x == 0:
        return x
    return math.copysign(abs(x) ** (1.0 / 3.0), x)


def expm1(x):
    if math.isnan(x) or x == math.inf:
        return x
    try:
        y = math.expm1(x)
    except OverflowError:
        return math.inf
    return math.inf if y > float(np.finfo(F32).max) else y


def log1p(x):
    if math.isnan(x) or x < -1:
        return math.nan
    if x == -1:
        return -math.inf
    return x if math.isinf(x) else math.log1p(x)


def ipowi(x, n):
    x, n = int(x), int(n)
    if n < 0:
        return 1 if x == 1 else ((-1 if n & 1 else 1) if x == -1 else 0)
    r = pow(x, n, 1 << 32)
    return float(F32(r - (1 << 32) if r >= 1 << 31 else r))  # as sitofp


def fpowi(x, n):
    try:
        return float(np.float64(x) ** int(n)) if not (x == 0 and n < 0) else (
            math.copysign(math.inf, x) if int(n) & 1 else math.inf)
    except OverflowError:
        return math.inf


def sincos(x):
    return math.sin(x) - math.cos(x) if math.isfinite(x) else math.nan


# op: (inputs a, inputs b, reference, bound in ulps (0: exact)); b None: 1.0.
# sin(x) - cos(x) cancels near its roots: its error is counted in ulps of
# 1.0 (ABSOLUTE), the scale of sin and cos.
ABSOLUTE = {"sincos"}
OPS = {
    "erf": (SPECIAL + sweep(-6, 6) + sample_log(1e-30, 4), None, math.erf, 4),
    "erfc": (SPECIAL + sweep(-6, 10) + sample_log(1e-30, 10), None, erfc, 8),
    "cbrt": (SPECIAL + sample_log(1e-44, 3e38), None, cbrt, 3),
    "atan2": (
        [y for y in [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan,
                     1e-30, 1e30] for _ in range(9)] + sweep(-4, 4, 800),
        [x for _ in range(9) for x in [0.0, -0.0, 2.0, -2.0, math.inf,
                                       -math.inf, math.nan, 1e-30, 1e30]] +
        list(np.random.RandomState(1).uniform(-4, 4, 800)),
        math.atan2, 4),
    "trunc": (SPECIAL + sweep(-1e3, 1e3, 3001) + [8388607.5, -8388607.5,
                                                   16777217.0, 2.5, -2.5],
              None, lambda x: float(np.trunc(x)), 0),
    "fpowi": ([1.5, -1.5, 0.5, 2.0, -2.0, 0.0, -0.0, math.inf, math.nan, 1.0001,
               0.9] * 13,
              [float(n) for n in range(-6, 7) for _ in range(11)],
              fpowi, 2),
    "ipowi": ([float(x) for x in range(-5, 6) for _ in range(13)] + [7.0, 3.0],
              [float(n) for _ in range(-5, 6) for n in range(-3, 10)] +
              [11.0, 31.0],
              ipowi, 0),
    "isinf": (SPECIAL, None, lambda x: 1.0 if math.isinf(x) else 0.0, 0),
    "isnan": (SPECIAL, None, lambda x: 1.0 if math.isnan(x) else 0.0, 0),
    "isfinite": (SPECIAL, None, lambda x: 1.0 if math.isfinite(x) else 0.0, 0),
    "sincos": ([0.0, 1.0, -1.0, 3.0, 0.25, 100.0] + sweep(-10, 10), None,
               sincos, 4),
    "expm1": (SPECIAL + [0.4999, -0.4999, 88.0, 89.0, -100.0] +
              sample_log(1e-30, 88) + sweep(-2, 2), None, expm1, 2),
    "log1p": (SPECIAL + [0.4999, -0.4999, -0.99999, -1.5, 2.0] +
              sample_log(1e-30, 3e38) + sweep(-0.999, 3), None, log1p, 3),
}


def ulps(got, want):
    """|got - want| in ulps of f32 at want; 0 when both are the same NaN or
    infinity, inf when only one is."""
    if math.isnan(want) or math.isnan(got):
        return 0.0 if math.isnan(want) and math.isnan(got) else math.inf
    if math.isinf(want) or math.isinf(got):
        return 0.0 if got == want else math.inf
    w = F32(want)
    spacing = float(np.spacing(abs(w))) if w != 0 else float(np.spacing(F32(0)))
    return abs(got - want) / max(spacing, float(np.spacing(F32(0))))


# On the Vulkan device the bounds are the same: the exp and log that the
# formulas use are tile-vulkan-math's (within about 1 ulp), not GLSL's
# (Vulkan allows exp 3 + 2|x| ulp, and log an absolute 2^-21 on [0.5, 2]);
# a device may flush subnormal results to zero.


def flushed(got, want):
    """Whether `got` is `want` flushed to zero: Vulkan lets a device flush
    subnormal results (its float controls), and lavapipe does."""
    return got == 0 and want != 0 and abs(want) < float(np.finfo(F32).tiny)


def main():
    mode, directory = sys.argv[1], sys.argv[2]
    vulkan = "--vulkan" in sys.argv
    for op, (a, b, ref, bound) in OPS.items():
        a = np.array(a, dtype=F32)
        b = np.ones_like(a) if b is None else np.array(b, dtype=F32)
        if mode == "make":
            np.save("%s/%s-a.npy" % (directory, op), a)
            np.save("%s/%s-b.npy" % (directory, op), b)
            continue
        got = np.load("%s/%s-%s.npy" % (directory, op, sys.argv[3]))
        worst, where = 0.0, None
        for i in range(len(a)):
            want = ref(float(a[i])) if op not in ("atan2", "fpowi", "ipowi") \
                else ref(float(a[i]), float(b[i]))
            error = ulps(float(got[i]), float(want))
            if vulkan and flushed(float(got[i]), float(want)):
                error = 0.0
            if op in ABSOLUTE and math.isfinite(want):
                error = abs(float(got[i]) - want) / float(np.spacing(F32(1)))
            if error > worst:
                worst, where = error, (float(a[i]), float(b[i]), float(got[i]),
                                       want)
        if worst <= bound:
            print("%s: %d values within bounds" % (op, len(a)))
        else:
            print("%s: beyond its bound at a=%r b=%r: got %r, want %r" %
                  ((op,) + where))
        if "-v" in sys.argv:
            print("  %s: worst %g of %g" % (op, worst, bound))


main()
