"""Runs subgroup_ops.mlir on a vulkan device and checks every result
against one computed here from the inputs and the subgroup size the device
ran (which the kernel writes): the reductions of each subgroup or cluster,
the shuffles and a rotation within groups of 4 lanes and whether each was
valid, the broadcasts, and the subgroup size, id and count.

  subgroup_ops.py TILE_RUN KERNEL DIR
"""
import subprocess
import sys

import numpy as np

THREADS, BLOCKS = 64, 2
N = THREADS * BLOCKS


def groups(lane, span, stride=1):
    """The lanes of `lane`'s cluster of `span` lanes `stride` apart."""
    first = lane - (lane % (span * stride)) + lane % stride
    return [first + k * stride for k in range(span)]


def shuffle(values, lane, mode, offset, width=4):
    place = lane % width
    source = {"up": place - offset, "down": place + offset,
              "idx": offset, "xor": place ^ offset}[mode]
    if 0 <= source < width:
        return values[lane - place + source], True
    return values[lane], False


def main():
    tile_run, kernel, out = sys.argv[1:4]
    rng = np.random.default_rng(11)
    # Small integers as f32: sums in any order are exact.
    a = rng.integers(-64, 64, N).astype(np.float32)
    i = rng.integers(-2**31, 2**31 - 1, N, dtype=np.int64).astype(np.int32)
    lo = rng.integers(-2**62, 2**62, N, dtype=np.int64)
    np.save(f"{out}/a.npy", a)
    np.save(f"{out}/i.npy", i)
    np.save(f"{out}/l.npy", lo)
    subprocess.run([tile_run, "--target=vulkan", kernel,
                    f"--input=0={out}/a.npy", f"--input=1={out}/i.npy",
                    f"--input=2={out}/l.npy", f"--output=3={out}/f.npy",
                    f"--output=4={out}/o.npy", f"--output=5={out}/ol.npy"],
                   check=True)
    f, o, ol = (np.load(f"{out}/{n}.npy") for n in ("f", "o", "ol"))
    size = int(o[5][0])
    wrong = {}

    def check(name, got, want):
        if got != want:
            wrong.setdefault(name, 0)
            wrong[name] += 1

    u = i.view(np.uint32)
    for t in range(N):
        block, local = divmod(t, THREADS)
        lane = local % size
        sub = [block * THREADS + local - lane + k for k in range(size)]
        cl4 = [block * THREADS + g for g in groups(local, 4)]
        cl2s2 = [block * THREADS + g for g in groups(local, 2, 2)]
        cl2 = [block * THREADS + g for g in groups(local, 2)]
        check("add f32", f[0][t], np.float32(sum(a[sub])))
        check("maxnumf f32 cluster 4", f[1][t], a[cl4].max())
        check("add f32 cluster 2 stride 2", f[2][t], a[cl2s2].sum())
        check("minimumf f32 uniform", f[3][t], a[sub].min())
        here = a[block * THREADS:(block + 1) * THREADS]
        bits = 0
        for row, (mode, offset) in enumerate(
                [("up", 1), ("down", 2), ("idx", 3), ("xor", 2)]):
            value, valid = shuffle(here, local, mode, offset)
            bits |= valid << row
            if valid:
                check(f"shuffle {mode} {offset}", f[4 + row][t], value)
        with np.errstate(over="ignore"):
            check("add i32", o[0][t], np.add.reduce(i[sub], dtype=np.int32))
        check("minsi i32", o[1][t], i[sub].min())
        check("maxui i32 cluster 4", np.uint32(o[2][t]), u[cl4].max())
        check("xor i32", o[3][t], np.bitwise_xor.reduce(i[sub]))
        value, valid = shuffle(lo[block * THREADS:(block + 1) * THREADS],
                               local, "down", 1)
        bits |= valid << 4
        # gpu.rotate 3 within 4: lane k reads (k + 3) mod 4 of its group,
        # valid where its lane id (in the subgroup) is below 4.
        bits |= (lane < 4) << 5
        check("broadcast from lane 2", f[9][t], here[local - lane + 2])
        check("broadcast from the first active lane", f[10][t],
              here[local - lane + 1] if lane else here[local])
        if lane < 4:
            check("rotate 3 within 4", f[8][t],
                  here[local - local % 4 + (local % 4 + 3) % 4])
        if valid:
            check("shuffle down 1 i64", ol[2][t], value)
        check("valid", o[4][t], bits)
        check("subgroup size", o[5][t], size)
        check("subgroup id", o[6][t], local // size)
        check("num subgroups", o[7][t], -(-THREADS // size))
        check("lane id", o[8][t], lane)
        with np.errstate(over="ignore"):
            check("add i64", ol[0][t], np.add.reduce(lo[sub]))
        check("and i64 cluster 2", ol[1][t], np.bitwise_and.reduce(lo[cl2]))
    print(f"subgroups of {size} lanes", file=sys.stderr)
    print(f"{N} threads, {sum(wrong.values())} wrong")
    for name, count in sorted(wrong.items()):
        print(f"  {name}: {count} wrong")


if __name__ == "__main__":
    main()
