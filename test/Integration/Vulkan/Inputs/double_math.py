"""Runs the kernels of double_math.mlir on a target over edge values (signed
zeros, halves, the largest integers below 2^52, subnormals, the smallest
normal values of f64, f32 and f16, the largest finite values, infinities,
NaN) and checks each op against its meaning, computed with NumPy:

- absf, ceil, floor, round (halves away from zero), roundeven, trunc,
  copysign, fpowi (x^3), isnan, isinf, isfinite, isnormal, clampf: exactly,
  the sign of zeros included;
- sqrt within 1 ulp, rsqrt within 2 ulp, fma within 1 ulp of a * b + d
  computed exactly (where that is not a cancellation);
- isnormal and clampf of f32 and f16 values, exactly.

clampf(x, lo, hi) is maximumf(minimumf(x, hi), lo): x within [lo, hi], NaN
where an operand is NaN. Where an operand is subnormal, the result for that
operand flushed to a zero of its sign is accepted too (devices may flush
subnormals).

  double_math.py TILE_RUN KERNELS DIR TARGET
"""
import subprocess
import sys

import numpy as np

VALUES = [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.5, 0.49999999999999994,
          -0.49999999999999994, 4503599627370495.5, -4503599627370495.5,
          2.0**52 + 1, 2.0**53, 3.7, -3.7, 1e300, -1e300, 1.7976931348623157e308,
          -1.7976931348623157e308, 2.2250738585072014e-308,
          -2.2250738585072014e-308, 1e-310, -1e-310, 5e-324,
          1.1754943508222875e-38, 1e-39, -1e-39, 6.103515625e-05, 1e-05,
          -1e-05, 65504.0, 65520.0, 3.4028234663852886e38, 123456.789,
          np.inf, -np.inf, np.nan, 7.0, -7.0, 1e-200, 2.0]


def same(got, want):
    return (np.isnan(got) & np.isnan(want)) | (
        (got == want) & (np.signbit(got) == np.signbit(want)))


def ulps(got, want):
    """Distance in units in the last place of `want` (0 where both agree,
    NaN ones included)."""
    spacing = np.spacing(np.abs(want).astype(want.dtype))
    with np.errstate(all="ignore"):
        d = np.abs(got - want) / spacing
    return np.where(same(got, want), 0.0, np.where(np.isfinite(d), d, np.inf))


def minimum(x, y):
    """IEEE 754-2019 minimum: NaN if either is, -0 below +0."""
    r = np.where(x < y, x, y)
    r = np.where((x == y) & np.signbit(x), x, r)
    return np.where(np.isnan(x) | np.isnan(y), np.nan, r)


def maximum(x, y):
    r = np.where(x > y, x, y)
    r = np.where((x == y) & ~np.signbit(x), x, r)
    return np.where(np.isnan(x) | np.isnan(y), np.nan, r)


def round_half_away(x):
    f = np.floor(np.abs(x))
    r = f + (np.abs(x) - f >= 0.5)
    return np.copysign(r, x)


def isnormal(x):
    tiny = np.finfo(x.dtype).tiny
    return ((np.abs(x) >= tiny) & np.isfinite(x)).astype(x.dtype)


def clampf(x, lo, hi):
    return maximum(minimum(x, hi), lo)


def flushed(x):
    """x with subnormals made zeros of their sign."""
    sub = (x != 0) & (np.abs(x) < np.finfo(x.dtype).tiny)
    return np.where(sub, np.copysign(np.zeros_like(x), x), x)


def run(tile_run, kernels, out, target, entry, columns, operands):
    for name, v in zip("abd", operands):
        np.save(f"{out}/{name}.npy", v)
    n = len(operands[0])
    subprocess.run([tile_run, f"--target={target}", kernels, f"--entry={entry}",
                    f"--input=0={out}/a.npy", f"--input=1={out}/b.npy",
                    f"--input=2={out}/d.npy", f"--shape=3={n}x{columns}",
                    f"--output=3={out}/{entry}.npy"],
                   check=True)
    return np.load(f"{out}/{entry}.npy")


def report(name, got, want_of, operands, exact=True, bound=0):
    """Compares `got` with want_of(*operands), or with its value on the
    operands with subnormals flushed."""
    wants = [want_of(*operands), want_of(*[flushed(v) for v in operands])]
    ok = np.zeros(got.shape, bool)
    for want in wants:
        ok |= same(got, want) if exact else ulps(got, want) <= bound
    wrong = np.nonzero(~ok)[0]
    print(f"{name}: {len(wrong)} wrong")
    for i in wrong[:4]:
        print(f"  {name}{tuple(float(v[i]) for v in operands)} = "
              f"{float(got[i])!r}, want {float(wants[0][i])!r}")
    return len(wrong)


def main():
    tile_run, kernels, out, target = sys.argv[1:5]
    v = np.array(VALUES, np.float64)
    a = np.repeat(v, 5)
    rng = np.random.default_rng(7)
    b = rng.permutation(np.tile(v, 5))
    d = rng.permutation(np.tile(v, 5))
    wrong = 0
    with np.errstate(all="ignore"):
        c = run(tile_run, kernels, out, target, "double", 16, [a, b, d])
        unary = [("absf", np.abs), ("ceil", np.ceil), ("floor", np.floor),
                 ("round", round_half_away), ("roundeven", np.rint),
                 ("trunc", np.trunc)]
        for k, (name, f) in enumerate(unary):
            wrong += report(name, c[:, k], f, [a])
        wrong += report("sqrt", c[:, 6], np.sqrt, [a], False, 1)
        wrong += report("rsqrt", c[:, 7], lambda x: 1 / np.sqrt(x), [a],
                        False, 2)
        # fma within 1 ulp of the exact a * b + d, where the product does not
        # cancel with d (an unfused fma may lose everything there).
        fma = np.longdouble(a) * np.longdouble(b) + np.longdouble(d)
        calm = ~(np.abs(fma) < 1e-3 * np.abs(np.longdouble(a) * b))
        wrong += report("fma", c[calm, 8], lambda x, y, z: (
            np.longdouble(x) * y + z).astype(np.float64),
            [a[calm], b[calm], d[calm]], False, 1)
        wrong += report("copysign", c[:, 9], np.copysign, [a, b])
        classes = [("isnan", lambda x: np.isnan(x).astype(x.dtype)),
                   ("isinf", lambda x: np.isinf(x).astype(x.dtype)),
                   ("isfinite", lambda x: np.isfinite(x).astype(x.dtype)),
                   ("isnormal", isnormal)]
        for k, (name, f) in enumerate(classes):
            wrong += report(name, c[:, 10 + k], f, [a])
        wrong += report("clampf", c[:, 14],
                        lambda x, y, z: clampf(x, minimum(y, z), maximum(y, z)),
                        [a, b, d])
        wrong += report("fpowi", c[:, 15], lambda x: x * x * x, [a])

        a32, b32, d32 = (x.astype(np.float32) for x in (a, b, d))
        c = run(tile_run, kernels, out, target, "narrow", 4, [a32, b32, d32])
        wrong += report("isnormal f32", c[:, 0], isnormal, [a32])
        clamp = lambda x, y, z: clampf(x, minimum(y, z), maximum(y, z))
        wrong += report("clampf f32", c[:, 1], clamp, [a32, b32, d32])
        a16, b16, d16 = (x.astype(np.float16) for x in (a32, b32, d32))
        wrong += report("isnormal f16", c[:, 2],
                        lambda x: isnormal(x).astype(np.float32), [a16])
        wrong += report("clampf f16", c[:, 3],
                        lambda x, y, z: clamp(x, y, z).astype(np.float32),
                        [a16, b16, d16])
    print(f"{len(a)} rows, {wrong} wrong")


main()
