"""Runs vector_memory.mlir on a target and checks every lane of its results
against what the vector ops mean (the kernel's comment):

  vector_memory.py TILE_RUN KERNEL DIR TARGET N
"""
import subprocess
import sys

import numpy as np

tile_run, kernel, out, target, n = sys.argv[1:6]
n = int(n)
a = (np.arange(n, dtype=np.float32) * 1.25 + 3).astype(np.float32)
np.save(f"{out}/a.npy", a)
np.save(f"{out}/w.npy", np.zeros((64, 4), np.float32))
np.save(f"{out}/s.npy", np.zeros(256, np.float32))
np.save(f"{out}/t.npy", np.zeros(256, np.float32))
subprocess.run([tile_run, kernel, f"--target={target}", "--no-cache",
                f"--input=0={out}/a.npy", f"--input=2={out}/w.npy",
                f"--input=3={out}/s.npy", f"--input=4={out}/t.npy",
                f"--output=1={out}/r.npy", f"--output=2={out}/w.npy",
                f"--output=3={out}/s.npy", f"--output=4={out}/t.npy"],
               check=True)
r, w, s, t = (np.load(f"{out}/{x}.npy") for x in "rwst")

er = np.zeros((64, 20), np.float32)
et = np.zeros(256, np.float32)
ew = np.zeros((64, 4), np.float32)
es = np.zeros(256, np.float32)
for i in range(64):
    for k in range(4):
        er[i, k] = a[i + k] if i + k < n else -1
        j = min(i, n - 4)
        er[i, 4 + k] = a[j + k] if k < i % 5 else 2
    offsets = [i % n, 2 * i % n, (3 * i + 1) % n, n - 1 - i % n]
    mask = [True, i % 2 == 0, True, i % 3 == 0]
    for k in range(4):
        er[i, 8 + k] = a[offsets[k]] if mask[k] else 7
    er[i, 12:14] = a[i % n]
    er[i, 14:16] = a[i % (n - 1):i % (n - 1) + 2]
    c = i % 3
    for k in range(4 - i % 2):
        if c + k < 4:
            ew[i, c + k] = i + 0.5 * k
    for k, v in enumerate([i, -i, 2 * i, 3 * i]):
        if [True, False, True, i % 2 == 0][k]:
            es[4 * i + k] = v
    at = i % (n - 4)
    for k, on in enumerate([i % 2 == 0, True, i % 3 == 0, False]):
        er[i, 16 + k] = a[at] if on else 4
        at += on
    at = 4 * i
    for k, on in enumerate([True, i % 2 == 1, False, True]):
        if on:
            et[at] = i + 0.25 * k
            at += 1

pairs = (("R", r, er), ("W", w, ew), ("S", s, es), ("T", t, et))
wrong = sum(int((x != e).sum()) for _, x, e in pairs)
for name, x, e in pairs:
    for idx in list(zip(*np.nonzero(x != e)))[:5]:
        print(f"{name}{list(idx)}: {x[idx]} (expected {e[idx]})")
print(f"{r.size + w.size + s.size + t.size} lanes, {wrong} wrong")
