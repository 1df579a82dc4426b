"""Runs the kernels of float_edges.mlir on a vulkan device over every pair
of edge values (signed zeros, small and large values, integers odd and
even, the largest finite values, infinities, NaN) and checks:

- remf of f32 and f64 against C's fmod (NumPy's), bit for bit, the sign
  of zeros too;
- powf against C's pow: exactly where that is 0, infinite or NaN (with
  the sign of zeros and infinities) and where x is 1 or y is 0, within
  1e-4 elsewhere;
  subnormal operands and results are left out (devices may flush them);
- atan2: the sign of the result is y's, zeros included;
- tanh, sinh, asinh, atanh, atan, asin and acosh: exact at zeros (their
  sign), tiny values (x itself below 2^-12), infinities and NaN, within
  1e-3 elsewhere (the device's precision; asinh and acosh of the largest
  values included);
- cmpf true and false: 1 and 0 for every pair, NaN too.

  float_edges.py TILE_RUN KERNELS DIR
"""
import subprocess
import sys

import numpy as np

VALUES = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, -3.0, 2.0,
          -2.0, 1e-30, 3.4e38, -3.4e38, np.inf, -np.inf, np.nan, 7.0, -7.0,
          100.0, 0.1, 2.0**31, -2.0**31, 2.0**24 + 2, 65504.0]


def run(tile_run, kernels, out, entry, a, b):
    subprocess.run([tile_run, "--target=vulkan", kernels, f"--entry={entry}",
                    f"--input=0={out}/a.npy", f"--input=1={out}/b.npy",
                    f"--shape=2={len(a)}", f"--output=2={out}/{entry}.npy"],
                   check=True)
    return np.load(f"{out}/{entry}.npy")


def same_bits(got, want):
    return (np.isnan(got) & np.isnan(want)) | (
        (got == want) & (np.signbit(got) == np.signbit(want)))


def main():
    tile_run, kernels, out = sys.argv[1:4]
    v = np.array(VALUES, np.float32)
    a, b = np.repeat(v, len(v)), np.tile(v, len(v))
    with np.errstate(all="ignore"):
        for kind, entry in ((np.float32, "remf"), (np.float64, "remf_f64")):
            np.save(f"{out}/a.npy", a.astype(kind))
            np.save(f"{out}/b.npy", b.astype(kind))
            rem = run(tile_run, kernels, out, entry, a, b)
            wrong = int((~same_bits(rem, np.fmod(a, b).astype(kind))).sum())
            print(f"{entry}: {wrong} wrong")

        np.save(f"{out}/a.npy", a)
        np.save(f"{out}/b.npy", b)
        got = run(tile_run, kernels, out, "powf", a, b)
        want = np.power(a.astype(np.float64), b.astype(np.float64))
        want = want.astype(np.float32)
        tiny = np.finfo(np.float32).tiny
        normal = ~((np.abs(want) < tiny) & (want != 0))
        special = (np.isnan(want) | np.isinf(want) | (want == 0) | (a == 1) |
                   (b == 0))
        exact = same_bits(got, want)
        close = np.isclose(got, want, rtol=1e-4, atol=0) & (
            np.signbit(got) == np.signbit(want))
        wrong = normal & np.where(special, ~exact, ~(exact | close))
        print(f"powf: {int(wrong.sum())} wrong")

        got = run(tile_run, kernels, out, "atan2", a, b)
        signed = ~np.isnan(a) & ~np.isnan(b)
        wrong = signed & (np.signbit(got) != np.signbit(a))
        print(f"atan2 sign: {int(wrong.sum())} wrong")

        for name in ("tanh", "sinh", "asinh", "atanh", "atan", "asin",
                     "acosh"):
            got = run(tile_run, kernels, out, name, a, b)
            want = getattr(np, "arc" + name[1:] if name.startswith("a")
                           else name)(a.astype(np.float64)).astype(np.float32)
            tiny = (np.abs(a) < 2.0**-12) & (a != 0)
            edge = np.isnan(want) | np.isinf(want) | (want == 0) | tiny
            close = np.isclose(got, want, rtol=1e-3, atol=0) & (
                np.signbit(got) == np.signbit(want))
            wrong = np.where(edge, ~same_bits(got, want), ~close)
            print(f"{name}: {int(wrong.sum())} wrong")

        got = run(tile_run, kernels, out, "compare_constants", a, b)
        print(f"cmpf true and false: {int((got != 1).sum())} wrong")
    print(f"{len(a)} pairs")


if __name__ == "__main__":
    main()
