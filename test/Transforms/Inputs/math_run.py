"""Runs every kernel of a math_ops.mlir file with tile-run.

    math_run.py DIR FILE TARGET   runs math_<op> of FILE on TARGET over
                                  DIR/<op>-{a,b}.npy into DIR/<op>-TARGET.npy

Every op of math_values.py is run; a failing tile-run stops the run with
its status.
"""
import subprocess
import sys

import numpy as np

OPS = ["erf", "erfc", "cbrt", "atan2", "trunc", "fpowi", "ipowi", "isinf",
       "isnan", "isfinite", "sincos", "expm1", "log1p"]


def main():
    directory, source, target = sys.argv[1:4]
    for op in OPS:
        n = len(np.load("%s/%s-a.npy" % (directory, op)))
        subprocess.run(
            ["tile-run", source, "--target=" + target, "--no-cache",
             "--entry=math_" + op,
             "--input=0=%s/%s-a.npy" % (directory, op),
             "--input=1=%s/%s-b.npy" % (directory, op),
             "--shape=2=%d" % n,
             "--output=2=%s/%s-%s.npy" % (directory, op, target)],
            check=True)


main()
