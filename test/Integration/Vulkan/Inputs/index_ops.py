"""Runs index_ops.mlir on a vulkan device and checks each column against
the index dialect's meaning for 32-bit index values (vulkan's index width):
signed and unsigned division, remainder, ceiling and floor division,
shifts, minima and maxima, comparisons, casts and index.sizeof.

  index_ops.py TILE_RUN KERNEL DIR
"""
import subprocess
import sys

import numpy as np

M = 1 << 32


def signed(v):
    v %= M
    return v - M if v >= 1 << 31 else v


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def expected(x, y0):
    y = y0 | 1
    s = y0 & 15
    ux, uy = x % M, y % M
    return [
        signed(x + y), signed(x - y), signed(x * y), signed(trunc_div(x, y)),
        signed(ux // uy), signed(-((-x) // y)), signed(-((-ux) // uy)),
        signed(x // y), signed(x - trunc_div(x, y) * y), signed(ux % uy),
        max(x, y), signed(max(ux, uy)), min(x, y), signed(min(ux, uy)),
        signed(x << s), x >> s, signed(ux >> s), signed(x ^ y), 32, x,
        int(x < y), int(ux >= uy), int(x == y0), int(x != y0), x, y0]


def main():
    tile_run, kernel, out = sys.argv[1:4]
    rng = np.random.default_rng(5)
    x = rng.integers(-2**31, 2**31, 256).astype(np.int32)
    y = rng.integers(-2**31, 2**31, 256).astype(np.int32)
    # Small values and edges too: equal operands, zero, the extremes (not
    # -2**31 divided by -1, which overflows).
    x[:64] = rng.integers(-9, 9, 64)
    y[:64] = rng.integers(-9, 9, 64)
    x[64:72] = [0, -1, 2**31 - 1, -2**31, 7, -7, 5, 5]
    y[64:72] = [0, -1, -1, 3, 7, 7, 5, -2**31]
    np.save(f"{out}/x.npy", x)
    np.save(f"{out}/y.npy", y)
    subprocess.run([tile_run, "--target=vulkan", kernel,
                    f"--input=0={out}/x.npy", f"--input=1={out}/y.npy",
                    f"--output=2={out}/c.npy"], check=True)
    c = np.load(f"{out}/c.npy")
    names = ["add", "sub", "mul", "divs", "divu", "ceildivs", "ceildivu",
             "floordivs", "rems", "remu", "maxs", "maxu", "mins", "minu",
             "shl", "shrs", "shru", "xor", "sizeof", "castu", "cmp slt",
             "cmp uge", "cmp eq", "bool.constant", "x", "y"]
    wrong = {}
    for i in range(256):
        want = expected(int(x[i]), int(y[i]))
        for col, name in enumerate(names):
            if int(c[i][col]) != want[col]:
                wrong[name] = wrong.get(name, 0) + 1
    print(f"{len(names)} columns of 256 values, {sum(wrong.values())} wrong")
    for name, count in sorted(wrong.items()):
        print(f"  {name}: {count} wrong")


if __name__ == "__main__":
    main()
