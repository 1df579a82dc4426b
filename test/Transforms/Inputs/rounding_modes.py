"""Runs the kernels of rounding_modes.mlir on a target and checks each
result against exact rounding (fractions.Fraction) of the same inputs:
special values (halfway points, the largest finite values and beyond, the
smallest subnormals, signed zeros, infinities, NaN) and random values.

  rounding_modes.py TILE_RUN KERNELS DIR TARGET
"""
import subprocess
import sys
from fractions import Fraction

import numpy as np

MODES = ["toward_zero", "downward", "upward", "to_nearest_away"]


def inputs(src, dst):
    finfo = np.finfo(dst)
    exact = np.array([1.0, 1.0 + float(finfo.eps), float(finfo.max),
                      float(finfo.tiny), float(finfo.smallest_subnormal),
                      3.0, 0.1], dtype=dst)
    with np.errstate(over="ignore"):
        up = np.nextafter(exact, dst(np.inf))
    halfway = (exact.astype(np.float64) + up.astype(np.float64)) / 2
    special = np.concatenate([
        exact.astype(np.float64), halfway, -halfway,
        [0.0, -0.0, float(finfo.max) * 1.5, -float(finfo.max) * 1.5,
         float(finfo.smallest_subnormal) / 3, np.inf, -np.inf, np.nan]])
    rng = np.random.default_rng(7)
    random = np.concatenate([rng.standard_normal(2000) * 100,
                             rng.standard_normal(1000) * 1e-6])
    with np.errstate(over="ignore"):
        return np.concatenate([special, random]).astype(src)


def magnitude(v, dst, mode):
    """|v| (finite, > 0) rounded to dst toward zero, away from zero or to
    nearest with ties away; inf where it rounds past the largest value."""
    finfo = np.finfo(dst)
    largest = Fraction(float(finfo.max))
    beyond = largest + (largest - Fraction(float(np.nextafter(
        finfo.max, dst(0)))))  # the next value if the exponent went on
    with np.errstate(over="ignore"):
        near = dst(v)
    if np.isinf(near) or Fraction(float(near)) > Fraction(v):
        hi = near
        lo = finfo.max if np.isinf(near) else np.nextafter(near, dst(0))
    else:
        lo = near
        with np.errstate(over="ignore"):
            hi = near if Fraction(float(near)) == Fraction(v) else \
                np.nextafter(near, dst(np.inf))
    if mode == "zero":
        return lo
    if mode == "away":
        return hi
    low = Fraction(float(lo))
    high = beyond if np.isinf(hi) else Fraction(float(hi))
    below, above = Fraction(v) - low, high - Fraction(v)
    return lo if below < above else hi


def rounded(v, dst, mode):
    v = float(v)
    if np.isnan(v) or np.isinf(v) or v == 0:
        return dst(v)
    negative = v < 0
    kind = {"toward_zero": "zero", "to_nearest_away": "nearest",
            "downward": "away" if negative else "zero",
            "upward": "zero" if negative else "away"}[mode]
    m = magnitude(abs(v), dst, kind)
    return -m if negative else m


def main():
    tile_run, kernels, work, target = sys.argv[1:5]
    for entry, src, dst in [("f32_to_f16", np.float32, np.float16),
                            ("f64_to_f32", np.float64, np.float32)]:
        x = inputs(src, dst)
        np.save(f"{work}/{entry}-x.npy", x)
        outputs = [f"--output={i + 1}={work}/{entry}-{m}.npy"
                   for i, m in enumerate(MODES)]
        subprocess.run([tile_run, kernels, f"--target={target}",
                        f"--entry={entry}", f"--input=0={work}/{entry}-x.npy",
                        f"--shape=1,2,3,4={len(x)}"] + outputs, check=True,
                       stdout=subprocess.DEVNULL)
        for m in MODES:
            got = np.load(f"{work}/{entry}-{m}.npy")
            wrong = []
            for v, g in zip(x, got):
                want = dst(rounded(v, dst, m))
                same = (np.isnan(g) and np.isnan(want)) or \
                    g.tobytes() == want.tobytes()
                if not same:
                    wrong.append((float(v), float(g), float(want)))
            print(f"{target} {entry} {m}: {len(x)} values, {len(wrong)} wrong"
                  + (f" (value, got, want: {wrong[:3]})" if wrong else ""))


main()
