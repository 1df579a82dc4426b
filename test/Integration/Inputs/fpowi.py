"""Runs fpowi.mlir on a target and reports the largest error of fpowi in
f32 ulps against double precision (C's pow of the two as doubles, within
an ulp of a double there). The bound: 2 ulp; subnormal results within one
unit of the smallest subnormal, or flushed to 0 (Vulkan lets a device
flush them); zero, infinite and NaN bases and n = 0 exact. The operands:
random bases over 2^-7..2^7 (both signs) with exponents in [-30, 30],
bases within 0.1% of 1 with exponents up to 8e4, bases a few ulp from 1
with exponents beyond 2^24 (which f32 does not hold), and the special
values. Then the vector<4xf32> kernel must give the scalar one's results
bit for bit, f16 must be within 1 f16 ulp, and an i64 exponent (the same
pairs, then bases a few ulp from 1 and the special values with exponents
beyond 2^31, up to +-2^63) within 2 ulp as well.

  fpowi.py TILE_RUN KERNEL DIR TARGET
"""
import subprocess
import sys

import numpy as np

tile_run, kernel, out, target = sys.argv[1:5]
rng = np.random.default_rng(13)
x = list(np.exp(rng.uniform(-5, 5, 3000)) * rng.choice([-1, 1], 3000))
n = list(rng.integers(-30, 31, 3000))
x += list(1 + rng.uniform(-1e-3, 1e-3, 2000))
n += list(rng.integers(-80000, 80001, 2000))
x += list(1 + rng.integers(-40, 41, 1000) * 2.0**-24)
n += list(rng.integers(2**24, 2**31, 1000) * rng.choice([-1, 1], 1000))
special = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 1e-40, -3e38, 2.0]
exponents = [0, 1, -1, 2, -2, 3, -3, -2**31, 2**31 - 1, 2**24 + 1, -149, 128]
x += [a for a in special for _ in exponents]
n += [e for _ in special for e in exponents]
x += [1.0] * (-len(x) % 4)
n += [0] * (-len(n) % 4)
a = np.array(x, np.float32)
e = np.array(n, np.int32)


def run(entry, base, name, exps=e):
    np.save(f"{out}/{name}-a.npy", base)
    np.save(f"{out}/{name}-n.npy", exps[:len(base)])
    subprocess.run([tile_run, kernel, f"--target={target}", "--no-cache",
                    f"--entry={entry}", f"--input=0={out}/{name}-a.npy",
                    f"--input=1={out}/{name}-n.npy",
                    f"--shape=2={len(base)}", f"--output=2={out}/{name}.npy"],
                   check=True)
    return np.load(f"{out}/{name}.npy")


def check(base, got, ftype, bound, exps=e):
    """The operands whose results are beyond the bounds, and the largest
    error of a normal result in ulps of ftype."""
    info = np.finfo(ftype)
    tiny, subnormal = float(info.tiny), float(info.smallest_subnormal)
    np.seterr(all="ignore")
    n = exps[:len(base)]
    # |x|^n with x's sign where n is odd: n as a double loses its parity
    # beyond 2^53.
    want = np.power(np.abs(base.astype(np.float64)), n.astype(np.float64))
    want = np.where(np.signbit(base) & (n % 2 == 1), -want, want)
    wf = want.astype(ftype).astype(np.float64)
    g = got.astype(np.float64)
    exact = ~np.isfinite(wf) | (want == 0) | ~np.isfinite(base) | (base == 0) \
        | (n == 0)
    same = ((g == wf) & (np.signbit(g) == np.signbit(wf))) | (
        np.isnan(g) & np.isnan(wf))
    small = ~exact & (np.abs(wf) < tiny)
    near = (g == 0) | (np.abs(g - want) <= subnormal)
    normal = ~exact & ~small
    spacing = np.spacing(np.abs(wf).astype(ftype)).astype(np.float64)
    ulps = np.where(normal, np.abs(g - want) / np.where(normal, spacing, 1), 0)
    bad = (exact & ~same) | (small & ~near) | (normal & (ulps > bound))
    return np.nonzero(bad)[0], float(ulps.max())


got = run("fpowi", a, "fpowi")
bad, worst = check(a, got, np.float32, 2)
print(f"fpowi: {len(bad)} of {len(a)} beyond bounds"
      + "".join(f" {a[i]!r}^{e[i]}->{got[i]!r}" for i in bad[:3]))
print(f"largest error of a normal result: {worst:.2f} ulp", file=sys.stderr)

lanes = run("fpowi4", a, "fpowi4")
differ = ~((lanes.view(np.uint32) == got.view(np.uint32)) |
           (np.isnan(lanes) & np.isnan(got)))
print(f"vector<4xf32>: {int(differ.sum())} of {differ.size} differ")

h = a[:3000].astype(np.float16)
got16 = run("fpowi16", h, "fpowi16")
bad, worst = check(h, got16, np.float16, 1)
print(f"fpowi f16: {len(bad)} of {len(h)} beyond bounds"
      + "".join(f" {h[i]!r}^{e[i]}->{got16[i]!r}" for i in bad[:3]))
print(f"largest error of a normal f16 result: {worst:.2f} ulp",
      file=sys.stderr)

wide = [2**31, -2**31 - 1, 2**32 + 1, -2**40, 2**53 + 1, 2**62 + 3, 2**63 - 1,
        -2**63, -2**63 + 1]
a64 = np.concatenate([a[:6000], np.repeat(np.array(special, np.float32), len(wide))])
e64 = np.concatenate([e[:5000].astype(np.int64),
                      rng.integers(2**31, 2**62, 1000) * rng.choice([-1, 1], 1000),
                      np.array(wide * len(special), np.int64)])
got64 = run("fpowi64", a64, "fpowi64", e64)
bad, worst = check(a64, got64, np.float32, 2, e64)
print(f"fpowi i64: {len(bad)} of {len(a64)} beyond bounds"
      + "".join(f" {a64[i]!r}^{e64[i]}->{got64[i]!r}" for i in bad[:3]))
print(f"largest error of a normal result (i64): {worst:.2f} ulp",
      file=sys.stderr)
