"""Runs exp.mlir on a Vulkan device and reports the largest error of exp
in f32 ulps against exact arithmetic (the bound: 2 ulp; subnormal results
within one unit of the smallest subnormal, or flushed to 0; C's special
values exact), then of f16 (the bound: 1 f16 ulp). The arguments: random
ones over all of exp's finite range, and beyond it on both sides, near 0,
near the ends, and the special values. Then the vector<4xf32> kernel must
give the scalar one's results, bit for bit.

  exp.py TILE_RUN KERNEL DIR
"""
import math
import subprocess
import sys

import numpy as np

tile_run, kernel, out = sys.argv[1:4]
rng = np.random.default_rng(7)
x = np.concatenate([
    rng.uniform(-110, 95, 8000), rng.uniform(-1, 1, 2000),
    rng.uniform(-1e-3, 1e-3, 500), rng.uniform(85, 88.8, 1000),
    rng.uniform(-104, -87, 1000),
    [0.0, -0.0, np.inf, -np.inf, np.nan, 88.72283, 88.72284, -87.33654,
     -103.27893, -103.97208, -104.0, 1e-30, -1e-30, 1e30, -1e30, 1.0,
     0.6931472, -0.6931472, 0.3465736, 10.0, -10.0]])
x = np.concatenate([x, np.zeros(-len(x) % 4)]).astype(np.float32)


def run(entry, a, name):
    np.save(f"{out}/{name}-in.npy", a)
    subprocess.run([tile_run, kernel, "--target=vulkan", "--no-cache",
                    f"--entry={entry}", f"--input=0={out}/{name}-in.npy",
                    f"--shape=1={len(a)}", f"--output=1={out}/{name}.npy"],
                   check=True)
    return np.load(f"{out}/{name}.npy")


def check(a, got, ftype, bound):
    """The arguments whose results are beyond the bounds, and the largest
    error of a normal result in ulps of ftype."""
    info = np.finfo(ftype)
    tiny, subnormal = float(info.tiny), float(info.smallest_subnormal)
    bad, worst = [], 0.0
    for u, g in zip(a.astype(np.float64).tolist(),
                    got.astype(np.float64).tolist()):
        w = math.exp(min(u, 709.0))
        with np.errstate(over="ignore"):
            wf = float(ftype(w))
        if math.isnan(u) or math.isinf(wf) or w == 0 or math.isinf(u):
            ok = (math.isnan(w) and math.isnan(g)) or g == wf
        elif wf < tiny:
            ok = g == 0 or abs(g - w) <= subnormal
        else:
            ulps = abs(g - w) / float(np.spacing(ftype(wf)))
            worst = max(worst, ulps)
            ok = ulps <= bound
        if not ok:
            bad.append((u, g, w))
    return bad, worst


got = run("exp", x, "exp")
bad, worst = check(x, got, np.float32, 2)
print(f"exp: {len(bad)} of {len(x)} beyond bounds"
      + "".join(f" exp({u!r})->{g!r} (want {w!r})" for u, g, w in bad[:3]))
print(f"largest error of a normal result: {worst:.2f} ulp", file=sys.stderr)

h = np.concatenate([rng.uniform(-18, 11.1, 4000),
                    [0.0, np.inf, -np.inf, np.nan, 11.09, -9.7]]).astype(np.float16)
bad, worst = check(h, run("exp16", h, "exp16"), np.float16, 1)
print(f"exp f16: {len(bad)} of {len(h)} beyond bounds"
      + "".join(f" exp({u!r})->{g!r} (want {w!r})" for u, g, w in bad[:3]))
print(f"largest error of a normal f16 result: {worst:.2f} ulp",
      file=sys.stderr)

lanes = run("exp4", x, "exp4")
differ = ~((lanes.view(np.uint32) == got.view(np.uint32)) |
           (np.isnan(lanes) & np.isnan(got)))
print(f"vector<4xf32>: {int(differ.sum())} of {differ.size} differ")
