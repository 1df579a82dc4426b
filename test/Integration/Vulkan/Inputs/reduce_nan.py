"""Runs reduce_nan.mlir on a target and checks each row's max, min and
absmax against numpy's, NaN for NaN (a row with a NaN reduces to NaN):

  reduce_nan.py TILE_RUN KERNEL TARGET DIR
"""
import os
import subprocess
import sys

import numpy as np

tile_run, kernel, target, out = sys.argv[1:5]
x = np.random.RandomState(0).uniform(-1, 1, (4, 32)).astype(np.float32)
x[0, 5] = np.nan          # a NaN among finite values
x[1, 31] = np.nan         # the last element
x[2, 0], x[2, 7] = -np.inf, np.inf
x[3, :] = -0.0            # only negative zeros
x[3, 9] = 0.0
np.save(os.path.join(out, "x.npy"), x)
outputs = [os.path.join(out, "%s-%d.npy" % (target.replace(":", "_"), i)) for i in (1, 2, 3)]
subprocess.run([tile_run, kernel, "--target=" + target, "--input=0=" + os.path.join(out, "x.npy"),
                "--shape=1,2,3=4"] + ["--output=%d=%s" % (i + 1, p) for i, p in enumerate(outputs)],
               check=True)
expected = {"max": x.max(axis=1), "min": x.min(axis=1), "absmax": np.abs(x).max(axis=1)}
for (name, want), path in zip(expected.items(), outputs):
    got = np.load(path)
    wrong = [(i, float(g), float(w)) for i, (g, w) in enumerate(zip(got, want))
             if not (np.isnan(g) and np.isnan(w)) and not (g == w)]
    print("%s: %d wrong %s" % (name, len(wrong), wrong if wrong else ""))
