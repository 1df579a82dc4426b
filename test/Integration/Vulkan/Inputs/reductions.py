"""Runs reductions.mlir on a target over rows of edge values (signed zeros,
infinities, NaN) and random integers, and checks every reduction against
its meaning: minimumf and maximumf propagate NaN and order -0 below +0, add
and mul go lane by lane in order, the accumulator first; and the scalar
arith.maximumf and minimumf of the first two lanes.

  reductions.py TILE_RUN KERNEL DIR TARGET
"""
import subprocess
import sys

import numpy as np

tile_run, kernel, out, target = sys.argv[1:5]
edges = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 2.5, -3.5],
                 np.float32)
rng = np.random.default_rng(7)
f = rng.choice(edges, (256, 4)).astype(np.float32)
n = rng.integers(-2**31, 2**31, (256, 4), dtype=np.int64).astype(np.int32)
np.save(f"{out}/f.npy", f)
np.save(f"{out}/n.npy", n)
subprocess.run([tile_run, kernel, f"--target={target}", "--no-cache",
                f"--input=0={out}/f.npy", f"--input=1={out}/n.npy",
                f"--output=2={out}/r.npy", f"--output=3={out}/s.npy"],
               check=True)
r, s = np.load(f"{out}/r.npy"), np.load(f"{out}/s.npy")


def minimum(x, y):
    if np.isnan(x) or np.isnan(y):
        return np.float32(np.nan)
    if x == y:
        return x if np.signbit(x) else y
    return min(x, y)


def maximum(x, y):
    if np.isnan(x) or np.isnan(y):
        return np.float32(np.nan)
    if x == y:
        return y if np.signbit(x) else x
    return max(x, y)


def chain(op, lanes, acc=None):
    v = lanes[0] if acc is None else op(acc, lanes[0])
    for x in lanes[1 if acc is None else 1:]:
        v = op(v, x)
    return v


def same(x, y):
    return (np.isnan(x) and np.isnan(y)) or (x == y and
                                             np.signbit(x) == np.signbit(y))


wrong = 0
with np.errstate(all="ignore"):
    for i in range(256):
        row = list(f[i])
        want = [chain(minimum, row), chain(maximum, row),
                chain(lambda x, y: np.float32(x + y), row),
                chain(lambda x, y: np.float32(x * y), row),
                chain(minimum, row, np.float32(1)),
                chain(maximum, row, np.float32(1)),
                maximum(row[0], row[1]), minimum(row[0], row[1])]
        for k, w in enumerate(want):
            if not same(r[i, k], w):
                wrong += 1
                if wrong <= 5:
                    print(f"R[{i}, {k}] of {row}: {r[i, k]} (expected {w})")
        u = [int(x) & 0xFFFFFFFF for x in n[i]]
        ints = [u[0] & u[1] & u[2] & u[3], u[0] | u[1] | u[2] | u[3],
                u[0] ^ u[1] ^ u[2] ^ u[3], int(min(n[i])) & 0xFFFFFFFF,
                max(u), sum(u) & 0xFFFFFFFF, 7 ^ u[0] ^ u[1] ^ u[2] ^ u[3]]
        for k, w in enumerate(ints):
            if int(s[i, k]) & 0xFFFFFFFF != w:
                wrong += 1
                if wrong <= 5:
                    print(f"S[{i}, {k}]: {s[i, k]} (expected {w})")
print(f"{r.size + s.size} reductions, {wrong} wrong")
