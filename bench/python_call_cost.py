#!/usr/bin/env python3
"""What a Python call of a compiled kernel costs beyond the kernel.

Calls examples/vector_add.mlir on the cpu with NumPy arrays of N floats
(16 by default, where the kernel itself takes microseconds) and prints, per
call: the wall time, the CPU time of the calling thread (less sensitive to
other load on the machine), and the time inside the runtime's call alone
(Function.time: the same arrays, copied in once), with the ratio of the
call to that anchor.

usage: bench/python_call_cost.py [--size N] [--calls C] [--build DIR]
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=16)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    options = parser.parse_args()
    os.environ.setdefault("TILE_MLIR_BUILD_DIR", options.build)
    sys.path.insert(0, os.path.join(ROOT, "python-bindings"))
    import numpy as np
    import tile_mlir as tm

    with open(os.path.join(ROOT, "examples", "vector_add.mlir"), encoding="utf-8") as f:
        function = tm.compile(f.read(), target="cpu").function()
    x = np.ones(options.size, np.float32)
    y = np.zeros(options.size, np.float32)
    for _ in range(50):
        function(x, x, y)
    wall, cpu = time.perf_counter(), time.thread_time()
    for _ in range(options.calls):
        function(x, x, y)
    wall = (time.perf_counter() - wall) / options.calls
    cpu = (time.thread_time() - cpu) / options.calls
    inside = sorted(function.time(x, x, y, repeat=options.calls))[options.calls // 2]
    print("vector_add, %d floats, %d calls" % (options.size, options.calls))
    print("call (wall)             %8.1f us" % (wall * 1e6))
    print("call (calling thread)   %8.1f us" % (cpu * 1e6))
    print("inside the runtime      %8.1f us" % (inside * 1e6))
    print("call / inside           %8.1f" % (wall / inside))


if __name__ == "__main__":
    main()
