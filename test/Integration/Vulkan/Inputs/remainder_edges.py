"""Writes A and B of remainder.mlir for each width: every pair of edge
values (the extremes, their neighbours, small values of both signs) but
zero divisors and the most negative value divided by -1.

  remainder_edges.py DIR
"""
import sys

import numpy as np

for bits in (8, 16, 32, 64):
    low, high = -2**(bits - 1), 2**(bits - 1) - 1
    values = [low, low + 1, -7, -3, -1, 0, 1, 2, 3, 7, high - 1, high]
    pairs = [(a, b) for a in values for b in values
             if b != 0 and not (a == low and b == -1)]
    kind = f"int{bits}"
    np.save(f"{sys.argv[1]}/a{bits}.npy", np.array([a for a, _ in pairs], kind))
    np.save(f"{sys.argv[1]}/b{bits}.npy", np.array([b for _, b in pairs], kind))
