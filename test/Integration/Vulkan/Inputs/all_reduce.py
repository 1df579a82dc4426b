"""Runs all_reduce.mlir on a vulkan device and checks each thread's
results against the reductions of its block's 100 inputs (small integers
as f32, so that sums in any order are exact; random 32-bit integers).

  all_reduce.py TILE_RUN KERNEL DIR
"""
import subprocess
import sys

import numpy as np


def main():
    tile_run, kernel, out = sys.argv[1:4]
    rng = np.random.default_rng(3)
    a = rng.integers(-1000, 1000, 300).astype(np.float32)
    i = rng.integers(-2**31, 2**31, 300).astype(np.int32)
    np.save(f"{out}/a.npy", a)
    np.save(f"{out}/i.npy", i)
    subprocess.run([tile_run, "--target=vulkan", kernel,
                    f"--input=0={out}/a.npy", f"--input=1={out}/i.npy",
                    f"--output=2={out}/f.npy", f"--output=3={out}/o.npy"],
                   check=True)
    f, o = np.load(f"{out}/f.npy"), np.load(f"{out}/o.npy")
    wrong = 0
    for block in range(3):
        part = slice(block * 100, (block + 1) * 100)
        wrong += int((f[0][part] != a[part].sum()).sum())
        wrong += int((f[1][part] != a[part].max()).sum())
        wrong += int((o[0][part] != i[part].min()).sum())
        wrong += int((o[1][part] != np.bitwise_xor.reduce(i[part])).sum())
    print(f"4 reductions of 3 blocks of 100 threads, {wrong} wrong")


if __name__ == "__main__":
    main()
