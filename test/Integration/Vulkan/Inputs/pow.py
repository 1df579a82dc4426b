"""Runs pow.mlir on a Vulkan device and reports the largest error of powf
in f32 ulps against exact arithmetic (the bound: 2 ulp; subnormal results
within one unit of the smallest subnormal, or flushed to 0; C's special
values exact). The pairs: random bases over 2^-30..2^30 with exponents in
[-30, 30], bases within 0.1% of 1 with exponents up to 8e4 (where
y log2 x needs more than f32 precision), negative bases with integer
exponents, and C's special cases. Then the vector<4xf32> kernel must give
the scalar one's results, bit for bit.

  pow.py TILE_RUN KERNEL DIR
"""
from fractions import Fraction
import math
import subprocess
import sys

import numpy as np

tile_run, kernel, out = sys.argv[1:4]
rng = np.random.default_rng(11)
n = 6000
x = list(np.exp(rng.uniform(-21, 21, n)))
y = list(rng.uniform(-30, 30, n))
x += list(1 + rng.uniform(-1e-3, 1e-3, 2000))
y += list(rng.uniform(-8e4, 8e4, 2000))
x += list(-np.exp(rng.uniform(-5, 5, 500)))
y += list(rng.integers(-20, 21, 500).astype(float))
special = [(0.0, 0.0), (0.0, -1.0), (-0.0, -3.0), (-0.0, 3.0), (0.0, 2.5),
           (np.inf, 0.5), (-np.inf, 3.0), (-np.inf, -3.0), (1.0, np.nan),
           (np.nan, 0.0), (-1.0, np.inf), (0.5, np.inf), (2.0, -np.inf),
           (-2.0, 0.5), (-8.0, 1 / 3), (2.0, 127.0), (2.0, 128.0),
           (2.0, -149.0), (2.0, -150.0), (0.9999999, 1e7), (1.0000001, -1e7),
           (1e-45, 0.5), (3e-39, 2.0), (10.0, 38.0), (1.5, -200.0)]
x += [a for a, _ in special]
y += [b for _, b in special]
x += [1.0] * (-len(x) % 4)
y += [1.0] * (-len(y) % 4)
a = np.array(x, np.float32)
b = np.array(y, np.float32)
np.save(f"{out}/a.npy", a)
np.save(f"{out}/b.npy", b)
subprocess.run([tile_run, kernel, "--target=vulkan", "--no-cache",
                "--entry=pow", f"--input=0={out}/a.npy",
                f"--input=1={out}/b.npy", f"--shape=2={len(a)}",
                f"--output=2={out}/c.npy"], check=True)
got = np.load(f"{out}/c.npy")


def reference(u, v):
    """C's powf of f32 values u and v, in double precision."""
    with np.errstate(all="ignore"):
        return float(np.power(np.float64(u), np.float64(v)))


tiny = float(np.finfo(np.float32).tiny)
subnormal = float(np.finfo(np.float32).smallest_subnormal)
bad = []
worst = 0.0
for u, v, g in zip(a.tolist(), b.tolist(), got.astype(np.float64).tolist()):
    w = reference(u, v)
    with np.errstate(over="ignore"):
        wf = float(np.float32(w))  # inf beyond f32's range
    if math.isnan(w) or math.isinf(wf) or w == 0:
        ok = (math.isnan(w) and math.isnan(g)) or (
            g == wf and math.copysign(1, g) == math.copysign(1, wf))
    elif abs(wf) < tiny:
        ok = g == 0 or abs(Fraction(g) - Fraction(w)) <= subnormal
    else:
        ulps = abs(g - w) / float(np.spacing(np.float32(abs(wf))))
        worst = max(worst, ulps)
        ok = ulps <= 2
    if not ok:
        bad.append((u, v, g, w))
print(f"powf: {len(bad)} of {len(a)} beyond bounds"
      + "".join(f" {u!r}^{v!r}->{g!r} (want {w!r})" for u, v, g, w in bad[:3]))
print(f"largest error of a normal result: {worst:.2f} ulp", file=sys.stderr)

subprocess.run([tile_run, kernel, "--target=vulkan", "--no-cache",
                "--entry=pow4", f"--input=0={out}/a.npy",
                f"--input=1={out}/b.npy", f"--shape=2={len(a)}",
                f"--output=2={out}/c4.npy"], check=True)
lanes = np.load(f"{out}/c4.npy")
differ = ~((lanes.view(np.uint32) == got.view(np.uint32)) |
           (np.isnan(lanes) & np.isnan(got)))
print(f"vector<4xf32>: {int(differ.sum())} of {differ.size} differ")
