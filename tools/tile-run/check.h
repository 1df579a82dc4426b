/* Checking a run against a reference: element-wise comparison with
 * tolerances, and the built-in gemm reference. */
#ifndef TILE_RUN_CHECK_H
#define TILE_RUN_CHECK_H

#include "arguments.h"

/* The sizes --check=gemm works with, read off the first three memref
 * arguments (A, B, C) of `set`. Prints an error and returns false when they
 * do not form a gemm. */
typedef struct {
  unsigned a, b, c; /* argument positions */
  int64_t m, n, k;
} GemmProblem;

bool checkGemmProblem(const Options *o, const ArgumentSet *set, GemmProblem *p);

/* Computes C = op(A) * op(B) in double precision into the C buffer of
 * `set`, rounding to C's element type. Prints an error and returns false
 * when there is no memory for it. */
bool checkGemmReference(const Options *o, const GemmProblem *p,
                        ArgumentSet *set);

/* Compares the memref arguments of `got` with those of `expected` (only
 * argument `only` when it is not -1), prints the maximum absolute and
 * relative errors and the number of elements checked, and an error for
 * every argument beyond tolerance. Returns whether all are within it. */
bool checkCompare(const Options *o, const ArgumentSet *got,
                  const ArgumentSet *expected, int only);

#endif
