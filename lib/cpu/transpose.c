/* In-register transposes of square blocks of vectors, for packing operands
 * stored the other way round. */
#include "cpu/lowering.h"

/* One butterfly stage: rows i and i + d (i & d == 0) exchange blocks of d
 * lanes, so that after the stages d = n/2, ..., 1 row i holds column i. */
static void stage(TileBuilder *b, int64_t n, int64_t d, MlirValue *rows) {
  int64_t low[64], high[64];
  for (int64_t p = 0; p < n; ++p) {
    int64_t q = p % (2 * d), start = p - q;
    low[p] = q < d ? start + q : n + start + q - d;
    high[p] = q < d ? start + d + q : n + start + q;
  }
  for (int64_t i = 0; i < n; ++i) {
    if (i & d)
      continue;
    MlirValue x = rows[i], y = rows[i + d];
    rows[i] = tbVShuffle(b, x, y, n, low);
    rows[i + d] = tbVShuffle(b, x, y, n, high);
  }
}

bool tileCpuTranspose(TileBuilder *b, int64_t n, MlirValue *rows) {
  if (n < 2 || n > 64 || (n & (n - 1)))
    return false;
  for (int64_t d = n / 2; d >= 1; d /= 2)
    stage(b, n, d, rows);
  return true;
}
