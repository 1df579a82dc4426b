#!/usr/bin/env python3
"""Compile time of tile-opt against the number of kernels and of tile ops.

For each target, writes modules of N small kernels (a fill of a 16 x 16
fragment and a copy out), either all in one function ("one") or one
function per kernel ("many"), or one kernel of N such fill-and-copy steps
("ops"), compiles each with `tile-opt --target=T --emit=E` to its final
output, and prints the wall time, the time per kernel (or step) and the
ratio to the previous size: a compile time linear in N doubles when N
doubles (ratio 2.0).

usage: bench/compile_time.py [--targets cpu,vulkan,...] [--sizes 1000,2000,...]
                             [--layouts one,many,ops] [--build DIR]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The final output of each target, as `make run` and tile-run use them.
EMIT = {"cpu": "obj", "vulkan": "spirv", "cuda:sm_80": "ptx",
        "cuda:sm_90a": "ptx", "rocm:gfx942": "isa"}

KERNEL = """  scf.forall (%b) in (4) {{
    %t = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    "tile.fill"(%t, %s) : (memref<16x16xf32, #tile.fragment>, f32) -> ()
    %m = arith.muli %b, %c16 : index
    %o = arith.addi %m, %k{k} : index
    "tile.copy"(%t, %Y, %o, %c0) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}} : (memref<16x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  }} {{mapping = [#gpu.block<x>], tile.threads = 64 : i64}}"""


def module(n, per_function):
    """N kernels, `per_function` of them in each function."""
    lines = []
    for first in range(0, n, per_function):
        lines.append(f"func.func @f{first}(%Y: memref<?x?xf32>, %s: f32) {{")
        lines.append("  %c0 = arith.constant 0 : index")
        lines.append("  %c16 = arith.constant 16 : index")
        for k in range(first, min(n, first + per_function)):
            lines.append(f"  %k{k} = arith.constant {k} : index")
            lines.append(KERNEL.format(k=k))
        lines.append("  return\n}")
    return "\n".join(lines) + "\n"


STEP = """    %t{k} = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    "tile.fill"(%t{k}, %s) : (memref<16x16xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%t{k}, %Y, %m, %c0) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}} : (memref<16x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()"""


def one_kernel(n):
    """One kernel of N fill-and-copy steps, each on a fragment of its own."""
    lines = ["func.func @f(%Y: memref<?x?xf32>, %s: f32) {",
             "  %c0 = arith.constant 0 : index",
             "  %c16 = arith.constant 16 : index",
             "  scf.forall (%b) in (4) {",
             "    %m = arith.muli %b, %c16 : index"]
    lines += [STEP.format(k=k) for k in range(n)]
    lines.append("  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}")
    lines.append("  return\n}")
    return "\n".join(lines) + "\n"


def compile_seconds(tile_opt, target, path):
    start = time.monotonic()
    result = subprocess.run([tile_opt, f"--target={target}",
                             f"--emit={EMIT.get(target, 'mlir')}", path,
                             "-o", os.devnull],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"tile-opt --target={target} {path} failed:\n"
                 f"{result.stderr.decode(errors='replace')}")
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", default=",".join(EMIT))
    parser.add_argument("--sizes", default="1000,2000,4000,8000")
    parser.add_argument("--layouts", default="one,many",
                        help="one: all kernels in one function; "
                             "many: a function per kernel; "
                             "ops: one kernel of N steps")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = parser.parse_args()
    tile_opt = os.path.join(args.build, "bin", "tile-opt")
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"{'target':12} {'layout':6} {'N':>8} {'seconds':>9} "
          f"{'ms/each':>10} {'x prev':>7}")
    with tempfile.TemporaryDirectory() as work:
        for target in args.targets.split(","):
            for layout in args.layouts.split(","):
                previous = None
                for n in sizes:
                    path = os.path.join(work, f"{layout}{n}.mlir")
                    with open(path, "w") as f:
                        f.write(one_kernel(n) if layout == "ops" else
                                module(n, n if layout == "one" else 1))
                    s = compile_seconds(tile_opt, target, path)
                    ratio = f"{s / previous:7.2f}" if previous else " " * 7
                    print(f"{target:12} {layout:6} {n:8d} {s:9.2f} "
                          f"{1000 * s / n:10.2f} {ratio}", flush=True)
                    previous = s


if __name__ == "__main__":
    main()
