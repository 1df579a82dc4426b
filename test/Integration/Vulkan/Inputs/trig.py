"""Runs trig.mlir on a Vulkan device and reports the largest error of sin,
cos and tan in f32 ulps against double precision (the bound: 8 ulp;
special values exact, results below f32's smallest normal value may be
flushed to 0). The arguments: signed zeros, infinities, NaN, a sweep of
every magnitude up to 3.4e38, and the f32 values nearest to multiples of
pi/2 (k pi/2 for k up to 2^100), where the results are near 0 or tan's are
huge and only an exact argument reduction keeps their digits. Then the
vector<4xf32> kernel must give the scalar one's results, bit for bit.

  trig.py TILE_RUN KERNEL DIR
"""
import math
import subprocess
import sys

import numpy as np

tile_run, kernel, out = sys.argv[1:4]
rng = np.random.default_rng(7)
special = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.7853981,
           0.7853982, 0.7853983, 3.4028235e38, -3.4028235e38, 1e-45, 2.4e7,
           3.25e7, 1e10, -1e10, 1.3861314e10]
pos = np.exp(np.linspace(np.log(1e-30), np.log(3.4e38), 3000))
ks = ([k for k in range(1, 200)] +
      [int(v) for v in np.exp(rng.uniform(np.log(200), np.log(2.0**100),
                                          1800))])
near = [float(np.float32(k * math.pi / 2)) for k in ks]
values = special + list(pos) + list(-pos) + near + [-v for v in near[::2]]
values += [0.0] * (-len(values) % 4)
a = np.array(values, np.float32)
np.save(f"{out}/a.npy", a)
subprocess.run([tile_run, kernel, "--target=vulkan", "--no-cache",
                "--entry=trig", f"--input=0={out}/a.npy",
                f"--shape=1={len(a)}x3", f"--output=1={out}/c.npy"],
               check=True)
got = np.load(f"{out}/c.npy").astype(np.float64)
tiny = float(np.finfo(np.float32).tiny)


def reference(f, v):
    return math.nan if not math.isfinite(v) else f(v)


for col, (name, f) in enumerate([("sin", math.sin), ("cos", math.cos),
                                  ("tan", math.tan)]):
    want = np.array([reference(f, v) for v in a.astype(np.float64)])
    want = want.astype(np.float32).astype(np.float64)
    g = got[:, col]
    same = ((g == want) & (np.signbit(g) == np.signbit(want))) | (
        np.isnan(g) & np.isnan(want))
    finite = np.isfinite(want) & np.isfinite(g) & (np.abs(want) >= tiny)
    spacing = np.spacing(np.abs(want).astype(np.float32)).astype(np.float64)
    with np.errstate(all="ignore"):
        ulps = np.where(finite, np.abs(g - want) / spacing, 0)
    flushed = (g == 0) & (np.abs(want) < tiny)
    bad = ~same & ~flushed & (~finite | (ulps > 8))
    x = a.astype(np.float64)
    print(f"{name}: {int(bad.sum())} of {len(a)} beyond bounds"
          + "".join(f" {x[i]!r}->{g[i]!r} (want {want[i]!r})"
                    for i in np.nonzero(bad)[0][:3]))

subprocess.run([tile_run, kernel, "--target=vulkan", "--no-cache",
                "--entry=trig4", f"--input=0={out}/a.npy",
                f"--shape=1={len(a)}", f"--shape=2={len(a)}",
                f"--shape=3={len(a)}", f"--output=1={out}/s.npy",
                f"--output=2={out}/c4.npy", f"--output=3={out}/t.npy"],
               check=True)
lanes = np.stack([np.load(f"{out}/{f}.npy") for f in ("s", "c4", "t")], 1)
scalar = np.load(f"{out}/c.npy")
differ = ~((lanes.view(np.uint32) == scalar.view(np.uint32)) |
           (np.isnan(lanes) & np.isnan(scalar)))
print(f"vector<4xf32>: {int(differ.sum())} of {differ.size} differ")
