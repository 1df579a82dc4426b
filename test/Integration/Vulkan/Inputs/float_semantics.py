"""Runs float_semantics.mlir on the cpu and on vulkan over every pair of
16 special values (zeros of both signs, infinities, NaN, the largest and
tiny values) and counts the results that differ: NaN matches NaN, and a
zero matches only a zero of the same sign.

  float_semantics.py TILE_RUN KERNEL DIR
"""
import os
import subprocess
import sys

import numpy as np

tile_run, kernel, out = sys.argv[1:4]
special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 1e-40, -1e-40,
                    1.5, -2.5, 3e38, -3e38, 1e-38, 0.5, 2.5], np.float32)
x, y = np.repeat(special, 16), np.tile(special, 16)
np.save(os.path.join(out, "x.npy"), x)
np.save(os.path.join(out, "y.npy"), y)
results = {}
for target in ("cpu", "vulkan"):
    paths = [os.path.join(out, "%s-%d.npy" % (target, i)) for i in range(2, 6)]
    subprocess.run([tile_run, kernel, "--target=" + target, "--input=0=" + os.path.join(out, "x.npy"),
                    "--input=1=" + os.path.join(out, "y.npy"), "--shape=2,3,4,5=256"]
                   + ["--output=%d=%s" % (i + 2, p) for i, p in enumerate(paths)], check=True)
    results[target] = [np.load(p) for p in paths]
for name, a, b in zip(("x - x", "(x + y) - y", "x * 0", "(x - x) / x"), results["cpu"], results["vulkan"]):
    same = ((a == b) & (np.signbit(a) == np.signbit(b))) | (np.isnan(a) & np.isnan(b))
    bad = np.nonzero(~same)[0]
    print("%s: %d differ %s" % (name, len(bad),
                                [(float(x[i]), float(y[i]), float(a[i]), float(b[i])) for i in bad[:3]]))
