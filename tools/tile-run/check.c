/* Checking results: element-wise comparison and the built-in gemm. */
#include "check.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  double maxAbs, maxRel;
  int64_t checked;
} Stats;

typedef struct {
  double atol, rtol;
} Tolerance;

/* Half-precision results are compared loosely, integers exactly. */
static Tolerance toleranceFor(const Options *o, TileElementType type) {
  Tolerance t = {0, 0};
  if (type == TileElementF16 || type == TileElementBF16)
    t = (Tolerance){1e-2, 1e-2};
  else if (tileElementTypeIsFloat(type))
    t = (Tolerance){1e-4, 1e-3};
  if (o->atol >= 0)
    t.atol = o->atol;
  if (o->rtol >= 0)
    t.rtol = o->rtol;
  return t;
}

/* Whether `got` is close to `expected`; updates the error maxima. */
static bool closeEnough(double got, double expected, Tolerance t,
                        Stats *stats) {
  if (got == expected || (isnan(got) && isnan(expected)))
    return true;
  double diff = fabs(got - expected);
  if (isnan(diff))
    return false;
  if (diff > stats->maxAbs)
    stats->maxAbs = diff;
  /* Relative error means little where the absolute tolerance dominates
   * (sums that cancel to nearly zero): count it above that floor. */
  if (fabs(expected) > t.atol && diff / fabs(expected) > stats->maxRel)
    stats->maxRel = diff / fabs(expected);
  return diff <= t.atol + t.rtol * fabs(expected);
}

/* Prints the multi-index of flat element `k` as "[i, j]". */
static void formatIndex(char *out, size_t size, const TileBuffer *b,
                        int64_t k) {
  int rank = tileBufferGetRank(b);
  const int64_t *sizes = tileBufferGetSizes(b);
  int64_t index[TILE_MAX_BUFFER_RANK];
  for (int d = rank - 1; d >= 0; --d) {
    index[d] = sizes[d] ? k % sizes[d] : 0;
    k = sizes[d] ? k / sizes[d] : 0;
  }
  size_t used = (size_t)snprintf(out, size, "[");
  for (int d = 0; d < rank && used < size; ++d)
    used += (size_t)snprintf(out + used, size - used, "%s%" PRId64,
                             d ? ", " : "", index[d]);
  if (used < size)
    snprintf(out + used, size - used, "]");
}

static bool compareBuffers(const Options *o, const TileEntrySignature *e,
                           unsigned i, const TileBuffer *got,
                           const TileBuffer *expected, Stats *stats) {
  TileElementType type = tileBufferGetElementType(got);
  Tolerance t = toleranceFor(o, type);
  size_t size = tileElementTypeGetSize(type);
  const char *g = tileBufferGetConstData(got);
  const char *x = tileBufferGetConstData(expected);
  int64_t n = tileBufferGetNumElements(got), bad = 0, first = -1;
  for (int64_t k = 0; k < n; ++k) {
    double gv = tileElementLoad(type, g + (size_t)k * size);
    double xv = tileElementLoad(type, x + (size_t)k * size);
    if (!closeEnough(gv, xv, t, stats) && bad++ == 0)
      first = k;
  }
  stats->checked += n;
  if (!bad)
    return true;
  char where[200];
  formatIndex(where, sizeof(where), got, first);
  runError("argument %u of '%s' (%s): %" PRId64 " of %" PRId64
           " elements differ beyond atol %g + rtol %g * |expected|; the "
           "first at %s: got %.9g, expected %.9g",
           i, e->name, e->args[i].typeName, bad, n, t.atol, t.rtol, where,
           tileElementLoad(type, g + (size_t)first * size),
           tileElementLoad(type, x + (size_t)first * size));
  return false;
}

bool checkCompare(const Options *o, const ArgumentSet *got,
                  const ArgumentSet *expected, int only) {
  const TileEntrySignature *e = got->entry;
  Stats stats = {0, 0, 0};
  bool ok = true;
  for (unsigned i = 0; i < e->numArgs; ++i)
    if (got->values[i].buffer && (only < 0 || (unsigned)only == i))
      ok &= compareBuffers(o, e, i, got->values[i].buffer,
                           expected->values[i].buffer, &stats);
  printf("max abs error: %g\nmax rel error: %g\nchecked %" PRId64 " elements\n",
         stats.maxAbs, stats.maxRel, stats.checked);
  fflush(stdout);
  return ok;
}

/* The first three memref arguments, as A, B and C. */
static bool findGemmArguments(const TileEntrySignature *e, GemmProblem *p) {
  unsigned found[3], n = 0;
  for (unsigned i = 0; i < e->numArgs && n < 3; ++i)
    if (e->args[i].rank >= 0)
      found[n++] = i;
  if (n < 3)
    return false;
  p->a = found[0];
  p->b = found[1];
  p->c = found[2];
  return e->args[p->a].rank == 2 && e->args[p->b].rank == 2 &&
         e->args[p->c].rank == 2;
}

bool checkGemmProblem(const Options *o, const ArgumentSet *set,
                      GemmProblem *p) {
  const TileEntrySignature *e = set->entry;
  if (!findGemmArguments(e, p)) {
    runError("--check=gemm needs '%s' to take three rank-2 memrefs "
             "(A, B, C) as its first memref arguments",
             e->name);
    return false;
  }
  const int64_t *a = tileBufferGetSizes(set->values[p->a].buffer);
  const int64_t *b = tileBufferGetSizes(set->values[p->b].buffer);
  const int64_t *c = tileBufferGetSizes(set->values[p->c].buffer);
  p->m = c[0];
  p->n = c[1];
  int64_t am = a[o->transposeA], ak = a[!o->transposeA];
  int64_t bk = b[o->transposeB], bn = b[!o->transposeB];
  if (am == p->m && bn == p->n && ak == bk) {
    p->k = ak;
    return true;
  }
  runError("--check=gemm: A is %" PRId64 "x%" PRId64 "%s, B is %" PRId64
           "x%" PRId64 "%s and C is %" PRId64 "x%" PRId64
           ", which is no (MxK) * (KxN) = (MxN) product",
           a[0], a[1], o->transposeA ? " (transposed)" : "", b[0], b[1],
           o->transposeB ? " (transposed)" : "", c[0], c[1]);
  return false;
}

/* Element (row, col) of a row-major matrix with `cols` columns. */
static double matrixAt(const TileBuffer *m, int64_t row, int64_t col,
                       int64_t cols) {
  TileElementType type = tileBufferGetElementType(m);
  size_t offset = (size_t)(row * cols + col) * tileElementTypeGetSize(type);
  return tileElementLoad(type,
                         (const char *)tileBufferGetConstData(m) + offset);
}

/* Rows of C the reference computes together: each row of op(B) read from
 * memory serves this many rows of A. */
enum { GemmReferenceRows = 8 };

bool checkGemmReference(const Options *o, const GemmProblem *p,
                        ArgumentSet *set) {
  const TileBuffer *a = set->values[p->a].buffer;
  const TileBuffer *b = set->values[p->b].buffer;
  TileBuffer *c = set->values[p->c].buffer;
  int64_t aCols = tileBufferGetSizes(a)[1], bCols = tileBufferGetSizes(b)[1];
  TileElementType cType = tileBufferGetElementType(c);
  size_t cSize = tileElementTypeGetSize(cType);
  char *cData = tileBufferGetData(c);
  size_t n = (size_t)p->n, k = (size_t)p->k;
  /* op(B) once as K x N doubles, and GemmReferenceRows rows of sums: each
   * sum adds its products in K order from +0, as the plain triple loop
   * does, with the loop over N innermost so that it runs on vectors. */
  double *bRows = NULL, *sums = NULL;
  if (!k || n <= SIZE_MAX / sizeof(double) / k)
    bRows = malloc((k && n ? k * n : 1) * sizeof(double));
  if (n <= SIZE_MAX / sizeof(double) / GemmReferenceRows)
    sums = malloc((n ? n : 1) * GemmReferenceRows * sizeof(double));
  if (!bRows || !sums) {
    free(bRows);
    free(sums);
    runError(
        "--check=gemm: not enough memory for the reference of the (%" PRId64
        "x%" PRId64 ") * (%" PRId64 "x%" PRId64 ") product",
        p->m, p->k, p->k, p->n);
    return false;
  }
  for (size_t kk = 0; kk < k; ++kk)
    for (size_t j = 0; j < n; ++j)
      bRows[kk * n + j] = o->transposeB
                              ? matrixAt(b, (int64_t)j, (int64_t)kk, bCols)
                              : matrixAt(b, (int64_t)kk, (int64_t)j, bCols);
  for (int64_t i0 = 0; i0 < p->m; i0 += GemmReferenceRows) {
    int64_t rows =
        p->m - i0 < GemmReferenceRows ? p->m - i0 : GemmReferenceRows;
    memset(sums, 0, (size_t)rows * n * sizeof(double));
    for (size_t kk = 0; kk < k; ++kk) {
      const double *restrict bRow = bRows + kk * n;
      for (int64_t r = 0; r < rows; ++r) {
        double av = o->transposeA ? matrixAt(a, (int64_t)kk, i0 + r, aCols)
                                  : matrixAt(a, i0 + r, (int64_t)kk, aCols);
        double *restrict sum = sums + (size_t)r * n;
        for (size_t j = 0; j < n; ++j)
          sum[j] += av * bRow[j];
      }
    }
    for (int64_t r = 0; r < rows; ++r)
      for (size_t j = 0; j < n; ++j)
        tileElementStore(cType, cData + ((size_t)(i0 + r) * n + j) * cSize,
                         sums[(size_t)r * n + j]);
  }
  free(bRows);
  free(sums);
  return true;
}
