"""Runs accuracy.mlir on a Vulkan device over signed zeros, infinities,
NaN, tiny and huge values and a sweep of the range, and reports the largest
error of each function in f32 ulps against double precision. The bound:
8 ulp (the exp that sinh and cosh take above 1 is tile-vulkan-math's, not
GLSL's, which Vulkan allows 3 + 2|x| ulp); special values exact.

  accuracy.py TILE_RUN KERNEL DIR
"""
import subprocess
import sys

import numpy as np

tile_run, kernel, out = sys.argv[1:4]
special = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, 88.0, 89.0,
           -89.0, 4096.0, 5000.0, -5000.0, 3.4e38, -3.4e38, 0.9999, -0.9999]
pos = np.exp(np.linspace(np.log(1e-30), np.log(1e5), 3000))
# Next to 1, where log and acosh cancel: steps of 2^-24 and 2^-23, then a
# sweep of +-1%.
near_one = ([1 - k * 2.0**-24 for k in range(1, 64)] +
            [1 + k * 2.0**-23 for k in range(1, 64)] +
            list(1 + np.linspace(-0.01, 0.01, 401)))
a = np.array(special + list(pos) + list(-pos) + list(np.linspace(-3, 3, 1001))
             + near_one, np.float32)
np.save(f"{out}/a.npy", a)
subprocess.run([tile_run, kernel, "--target=vulkan", "--no-cache",
                f"--input=0={out}/a.npy", f"--shape=1={len(a)}x12",
                f"--output=1={out}/c.npy"], check=True)
got = np.load(f"{out}/c.npy").astype(np.float64)
x = a.astype(np.float64)
tiny = float(np.finfo(np.float32).tiny)
with np.errstate(all="ignore"):
    refs = [np.tanh(x), np.sinh(x), np.cosh(x), np.arcsinh(x), np.arctanh(x),
            np.arctan(x), np.arcsin(x), np.arccos(x), np.arccosh(x),
            np.log(x), np.log2(x), np.log10(x)]
    names = ["tanh", "sinh", "cosh", "asinh", "atanh", "atan", "asin", "acos",
             "acosh", "log", "log2", "log10"]
    for col, (name, ref) in enumerate(zip(names, refs)):
        want = ref.astype(np.float32).astype(np.float64)
        g = got[:, col]
        same = ((g == want) & (np.signbit(g) == np.signbit(want))) | (
            np.isnan(g) & np.isnan(want))
        finite = np.isfinite(want) & np.isfinite(g) & (np.abs(want) >= tiny)
        spacing = np.spacing(np.abs(want).astype(np.float32)).astype(
            np.float64)
        ulps = np.where(finite, np.abs(g - want) / spacing, 0)
        bound = 8
        flushed = (g == 0) & (np.abs(want) < tiny)
        bad = ~same & ~flushed & (~finite | (ulps > bound))
        print(f"{name}: {int(bad.sum())} of {len(a)} beyond bounds"
              + "".join(f" {x[i]!r}->{g[i]!r} (want {want[i]!r})"
                        for i in np.nonzero(bad)[0][:3]))
        print(f"{name}: largest error {ulps.max():.2f} ulp", file=sys.stderr)
