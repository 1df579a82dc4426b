/*===-- matrix-model.c - Host model of the AMDGPU matrix layouts ----------===*\
|*                                                                            *|
|* No AMD GPU runs here, so the register layouts of rocm/matrix_layout.c are  *|
|* checked on the host: against the ISA's own description of each            *|
|* instruction, and by simulating one instruction over a wave and a whole     *|
|* 128x128x32 block of waves, compared with a plain matmul. Then the XOR      *|
|* swizzle of the rows that direct-to-LDS loads fill: the bank pairs the      *|
|* operand reads hit, and where the loads put each element.                   *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-rocm-matrix-model | FileCheck %s

#include "rocm/matrix_layout.h"
#include "support/count.h"

#include <stdio.h>
#include <string.h>

/* The ISA's wording for each mnemonic, written out separately from the
 * table's coefficients (sources in rocm/matrix_layout.c). */
static void isaOperand(const TileRocmMatrixInstr *in, const char *chip,
                       int64_t lane, int64_t v, int64_t *mn, int64_t *k) {
  if (in->m == 32) { /* 32x32xK: lanes 32-63 hold the upper half of K */
    *mn = lane % 32;
    *k = (lane < 32 ? 0 : in->k / 2) + v;
  } else if (in->wave == 64) { /* 16x16xK: 16-lane group g holds quarter g */
    *mn = lane % 16;
    *k = in->k / 4 * (lane / 16) + v;
  } else if (!strcmp(chip, "gfx1100")) { /* lanes 16-31 repeat lanes 0-15 */
    *mn = lane & 15;
    *k = v;
  } else { /* gfx12: lanes 16-31 hold K 8-15 */
    *mn = lane & 15;
    *k = (lane >= 16 ? 8 : 0) + v;
  }
}

static void isaAcc(const TileRocmMatrixInstr *in, const char *chip,
                   int64_t lane, int64_t r, int64_t *row, int64_t *col) {
  *col = lane % in->n;
  if (in->m == 32)
    *row = 8 * (r / 4) + (lane >= 32 ? 4 : 0) + r % 4;
  else if (in->wave == 64)
    *row = 4 * (lane / 16) + r;
  else if (!strcmp(chip, "gfx1100"))
    *row = 2 * r + (lane >= 16);
  else
    *row = r + (lane >= 16 ? 8 : 0);
}

enum { Max = 32 };

/* Small integers: every sum is exact in double. */
static double valueA(int64_t i, int64_t k) {
  return (double)((i * 7 + k * 3) % 11) - 5;
}
static double valueB(int64_t k, int64_t j) {
  return (double)((k * 5 + j * 2) % 13) - 6;
}

/* One instruction: lanes take their operands by the table's layout; the
 * hardware (the ISA's layout) multiplies; lanes read D by the table's
 * layout. Returns the number of wrong or missing elements of D. */
static int simulateOne(const TileRocmMatrixInstr *in, const char *chip) {
  double regA[64][16], regB[64][16], regD[64][16];
  for (int64_t l = 0; l < in->wave; ++l)
    for (int64_t v = 0; v < in->operandLen; ++v) {
      int64_t k = tileRocmOperandK(in, l, v);
      regA[l][v] = valueA(l % in->m, k);
      regB[l][v] = valueB(k, l % in->n);
    }
  /* The hardware gathers A and B from the lanes the ISA names. */
  double a[Max][Max], b[Max][Max];
  for (int64_t l = 0; l < in->wave; ++l)
    for (int64_t v = 0; v < in->operandLen; ++v) {
      int64_t mn, k;
      isaOperand(in, chip, l, v, &mn, &k);
      a[mn][k] = regA[l][v];
      b[k][mn] = regB[l][v];
    }
  for (int64_t l = 0; l < in->wave; ++l)
    for (int64_t r = 0; r < in->accLen; ++r) {
      int64_t i, j;
      isaAcc(in, chip, l, r, &i, &j);
      double sum = 0;
      for (int64_t k = 0; k < in->k; ++k)
        sum += a[i][k] * b[k][j];
      regD[l][r] = sum;
    }
  int seen[Max][Max] = {{0}}, bad = 0;
  for (int64_t l = 0; l < in->wave; ++l)
    for (int64_t r = 0; r < in->accLen; ++r) {
      int64_t i = tileRocmAccRow(in, l, r), j = l % in->n;
      double want = 0;
      for (int64_t k = 0; k < in->k; ++k)
        want += valueA(i, k) * valueB(k, j);
      bad += i >= in->m || regD[l][r] != want;
      if (i < in->m)
        ++seen[i][j];
    }
  for (int64_t i = 0; i < in->m; ++i)
    for (int64_t j = 0; j < in->n; ++j)
      bad += seen[i][j] != 1;
  return bad;
}

/* A 128x128x32 block (examples/gemm.mlir) on `threads` threads: waves in a
 * wm x wn grid, each wave a (128/wm) x (128/wn) tile of instruction tiles,
 * K in instruction steps; thread-local element i is instruction tile
 * i / accLen (row-major), register i % accLen, as rocm/matrix_emit.c
 * places it. Returns the number of wrong or missing elements of C. */
static int simulateBlock(const TileRocmMatrixInstr *in, const char *chip,
                         int64_t threads, int64_t wm, int64_t wn) {
  enum { BM = 128, BN = 128, BK = 32 };
  static double c[BM][BN];
  static int seen[BM][BN];
  memset(c, 0, sizeof(c));
  memset(seen, 0, sizeof(seen));
  int64_t warpM = BM / wm, warpN = BN / wn;
  int64_t tilesN = warpN / in->n;
  int64_t local = BM * BN / threads;
  for (int64_t tid = 0; tid < threads; ++tid) {
    int64_t lane = tid % in->wave, wave = tid / in->wave;
    int64_t rowBase = (wave / wn) * warpM, colBase = (wave % wn) * warpN;
    for (int64_t i = 0; i < local; ++i) {
      int64_t tile = i / in->accLen, r = i % in->accLen;
      int64_t row =
          rowBase + (tile / tilesN) * in->m + tileRocmAccRow(in, lane, r);
      int64_t col = colBase + (tile % tilesN) * in->n + lane % in->n;
      /* The instruction tile at (row - row % m, col - col % n), stepped
       * through K: the value this lane's register ends with. */
      int64_t i0 = row - (row - rowBase) % in->m,
              j0 = col - (col - colBase) % in->n;
      double sum = 0;
      for (int64_t k0 = 0; k0 < BK; k0 += in->k) {
        double a[Max][Max], b[Max][Max];
        for (int64_t l = 0; l < in->wave; ++l)
          for (int64_t v = 0; v < in->operandLen; ++v) {
            int64_t mn, kk;
            isaOperand(in, chip, l, v, &mn, &kk);
            int64_t k = k0 + tileRocmOperandK(in, l, v);
            a[mn][kk] = valueA(i0 + l % in->m, k);
            b[kk][mn] = valueB(k, j0 + l % in->n);
          }
        int64_t ii, jj;
        isaAcc(in, chip, lane, r, &ii, &jj);
        for (int64_t kk = 0; kk < in->k; ++kk)
          sum += a[ii][kk] * b[kk][jj];
      }
      c[row][col] = sum;
      ++seen[row][col];
    }
  }
  int bad = 0;
  for (int64_t i = 0; i < BM; ++i)
    for (int64_t j = 0; j < BN; ++j) {
      double want = 0;
      for (int64_t k = 0; k < BK; ++k)
        want += valueA(i, k) * valueB(k, j);
      bad += seen[i][j] != 1 || c[i][j] != want;
    }
  return bad;
}

/* The most lanes of one 16-lane group (one LDS cycle of 8-byte reads) that
 * read the same bank pair (8 bytes of the 128 LDS serves per cycle), over
 * every K step and instruction tile of a 64-row tile with rows of
 * `rowBytes`, swizzled or not. 1: conflict-free. */
static int worstBankPair(const TileRocmMatrixInstr *in, int64_t elemBytes,
                         int64_t rowBytes, int swizzled) {
  int64_t chunks = rowBytes / TileRocmSwizzleChunk;
  int worst = 0;
  for (int64_t step = 0; step < rowBytes / elemBytes / in->k; ++step)
    for (int64_t tile = 0; tile < 64; tile += in->m)
      for (int64_t group = 0; group < in->wave; group += 16) {
        int hits[TileRocmLdsBankPairs] = {0};
        for (int64_t lane = group; lane < group + 16; ++lane) {
          int64_t row = tile + lane % in->m;
          int64_t byte =
              (step * in->k + tileRocmOperandK(in, lane, 0)) * elemBytes;
          int64_t chunk = byte / TileRocmSwizzleChunk;
          if (swizzled)
            chunk ^= tileRocmSwizzleMask(row, chunks);
          int64_t at = row * rowBytes + chunk * TileRocmSwizzleChunk +
                       byte % TileRocmSwizzleChunk;
          int n = ++hits[at / TileRocmSwizzleChunk % TileRocmLdsBankPairs];
          worst = n > worst ? n : worst;
        }
      }
  return worst;
}

/* The direct-to-LDS loads of a rows x cols tile over `threads`: load j of
 * thread t writes 4 bytes at byte 4 (t + j threads) of the tile, the
 * logical bytes that the swizzle stores there. Returns the elements not
 * written exactly once plus those an operand read (the swizzled place of a
 * logical element) would not find there. */
static int directWrong(int64_t rows, int64_t cols, int64_t elemBytes,
                       int64_t threads) {
  enum { Max = 256 };
  static int written[Max][Max];
  static int64_t logical[Max][Max];
  int64_t rowBytes = cols * elemBytes;
  int64_t chunks = rowBytes / TileRocmSwizzleChunk;
  memset(written, 0, sizeof(written));
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t j = 0; j < rows * rowBytes / (4 * threads); ++j) {
      int64_t byte = 4 * (t + j * threads);
      int64_t row = byte / rowBytes, inRow = byte % rowBytes;
      int64_t chunk =
          inRow / TileRocmSwizzleChunk ^ tileRocmSwizzleMask(row, chunks);
      int64_t from =
          chunk * TileRocmSwizzleChunk + inRow % TileRocmSwizzleChunk;
      for (int64_t b = 0; b < 4; b += elemBytes) {
        int64_t col = (from + b) / elemBytes;
        ++written[row][col];
        logical[row][(inRow + b) / elemBytes] = col;
      }
    }
  int wrong = 0;
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t col = 0; col < cols; ++col) {
      int64_t byte = col * elemBytes;
      int64_t chunk =
          byte / TileRocmSwizzleChunk ^ tileRocmSwizzleMask(row, chunks);
      int64_t at =
          (chunk * TileRocmSwizzleChunk + byte % TileRocmSwizzleChunk) /
          elemBytes;
      wrong += written[row][col] != 1 || logical[row][at] != col;
    }
  return wrong;
}

static void swizzleChecks(void) {
  const char *chips[] = {"gfx942", "gfx950"};
  for (unsigned c = 0; c < TILE_COUNT(chips); ++c)
    for (int e = 0; e < 3; ++e) {
      int count;
      const TileRocmMatrixInstr *const *instrs =
          tileRocmMatrixInstrs(chips[c], (TileRocmElem)e, &count);
      int64_t elemBytes = e == TileRocmElemI8 ? 1 : 2;
      for (int i = 0; i < count; ++i)
        for (int64_t rowBytes = 32; rowBytes <= 256; rowBytes *= 2) {
          if (rowBytes / elemBytes % instrs[i]->k)
            continue;
          printf("%s %s, rows of %lld bytes: %d per bank pair swizzled, %d "
                 "unswizzled\n",
                 chips[c], instrs[i]->name, (long long)rowBytes,
                 worstBankPair(instrs[i], elemBytes, rowBytes, 1),
                 worstBankPair(instrs[i], elemBytes, rowBytes, 0));
        }
    }
  static const int64_t tiles[][4] = {{128, 32, 2, 128}, {128, 32, 2, 256},
                                     {64, 64, 2, 128},  {128, 128, 2, 256},
                                     {128, 64, 1, 128}, {32, 256, 2, 64}};
  for (unsigned i = 0; i < TILE_COUNT(tiles); ++i)
    printf("direct %lldx%lld of %lld-byte elements over %lld threads: %d "
           "wrong\n",
           (long long)tiles[i][0], (long long)tiles[i][1],
           (long long)tiles[i][2], (long long)tiles[i][3],
           directWrong(tiles[i][0], tiles[i][1], tiles[i][2], tiles[i][3]));
}

int main(void) {
  const char *chips[] = {"gfx908", "gfx90a",  "gfx942",
                         "gfx950", "gfx1100", "gfx1201"};
  for (unsigned c = 0; c < TILE_COUNT(chips); ++c)
    for (int e = 0; e < 3; ++e) {
      int count;
      const TileRocmMatrixInstr *const *instrs =
          tileRocmMatrixInstrs(chips[c], (TileRocmElem)e, &count);
      for (int i = 0; i < count; ++i) {
        const TileRocmMatrixInstr *in = instrs[i];
        int64_t waves = 128 / in->wave;
        printf("%s %s: one %d wrong, block %d wrong\n", chips[c], in->name,
               simulateOne(in, chips[c]),
               simulateBlock(in, chips[c], 128, waves, 1) +
                   simulateBlock(in, chips[c], 128, 1, waves));
      }
    }
  /* Chips and types without an instruction keep the SIMT path. */
  int none, noBF16;
  tileRocmMatrixInstrs("gfx1030", TileRocmElemF16, &none);
  tileRocmMatrixInstrs("gfx908", TileRocmElemBF16, &noBF16);
  printf("gfx1030 f16: %d, gfx908 bf16: %d\n", none, noBF16);
  swizzleChecks();
  return 0;
}

// CHECK: gfx908 v_mfma_f32_32x32x8_f16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx908 v_mfma_f32_16x16x16_f16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx908 v_mfma_i32_32x32x8i8: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx908 v_mfma_i32_16x16x16i8: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx90a v_mfma_f32_32x32x8_f16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx90a v_mfma_f32_16x16x16_f16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx90a v_mfma_f32_32x32x8_bf16_1k: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx90a v_mfma_f32_16x16x16_bf16_1k: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx90a v_mfma_i32_32x32x8i8: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx90a v_mfma_i32_16x16x16i8: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx942 v_mfma_f32_32x32x8_f16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx942 v_mfma_f32_16x16x16_f16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx942 v_mfma_f32_32x32x8_bf16_1k: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx942 v_mfma_f32_16x16x16_bf16_1k: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx942 v_mfma_i32_32x32x16_i8: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx942 v_mfma_i32_16x16x32_i8: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx950 v_mfma_f32_32x32x8_f16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx950 v_mfma_f32_16x16x16_f16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx950 v_mfma_f32_32x32x8_bf16_1k: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx950 v_mfma_f32_16x16x16_bf16_1k: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx950 v_mfma_i32_32x32x16_i8: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx950 v_mfma_i32_16x16x32_i8: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx1100 v_wmma_f32_16x16x16_f16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx1100 v_wmma_f32_16x16x16_bf16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx1100 v_wmma_i32_16x16x16_iu8: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx1201 v_wmma_f32_16x16x16_f16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx1201 v_wmma_f32_16x16x16_bf16: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx1201 v_wmma_i32_16x16x16_iu8: one 0 wrong, block 0 wrong
// CHECK-NEXT: gfx1030 f16: 0, gfx908 bf16: 0
// clang-format off
// CHECK-NEXT: gfx942 v_mfma_f32_32x32x8_f16, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_32x32x8_f16, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_32x32x8_f16, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_32x32x8_f16, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_16x16x16_f16, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_16x16x16_f16, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_16x16x16_f16, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_16x16x16_f16, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_32x32x8_bf16_1k, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_32x32x8_bf16_1k, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_32x32x8_bf16_1k, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_32x32x8_bf16_1k, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_16x16x16_bf16_1k, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_16x16x16_bf16_1k, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_16x16x16_bf16_1k, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx942 v_mfma_f32_16x16x16_bf16_1k, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx942 v_mfma_i32_32x32x16_i8, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx942 v_mfma_i32_32x32x16_i8, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx942 v_mfma_i32_32x32x16_i8, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx942 v_mfma_i32_32x32x16_i8, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx942 v_mfma_i32_16x16x32_i8, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx942 v_mfma_i32_16x16x32_i8, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx942 v_mfma_i32_16x16x32_i8, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx942 v_mfma_i32_16x16x32_i8, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_32x32x8_f16, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_32x32x8_f16, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_32x32x8_f16, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_32x32x8_f16, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_16x16x16_f16, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_16x16x16_f16, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_16x16x16_f16, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_16x16x16_f16, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_32x32x8_bf16_1k, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_32x32x8_bf16_1k, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_32x32x8_bf16_1k, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_32x32x8_bf16_1k, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_16x16x16_bf16_1k, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_16x16x16_bf16_1k, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_16x16x16_bf16_1k, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_f32_16x16x16_bf16_1k, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_i32_32x32x16_i8, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx950 v_mfma_i32_32x32x16_i8, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx950 v_mfma_i32_32x32x16_i8, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_i32_32x32x16_i8, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_i32_16x16x32_i8, rows of 32 bytes: 1 per bank pair swizzled, 4 unswizzled
// CHECK-NEXT: gfx950 v_mfma_i32_16x16x32_i8, rows of 64 bytes: 1 per bank pair swizzled, 8 unswizzled
// CHECK-NEXT: gfx950 v_mfma_i32_16x16x32_i8, rows of 128 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: gfx950 v_mfma_i32_16x16x32_i8, rows of 256 bytes: 1 per bank pair swizzled, 16 unswizzled
// CHECK-NEXT: direct 128x32 of 2-byte elements over 128 threads: 0 wrong
// CHECK-NEXT: direct 128x32 of 2-byte elements over 256 threads: 0 wrong
// CHECK-NEXT: direct 64x64 of 2-byte elements over 128 threads: 0 wrong
// CHECK-NEXT: direct 128x128 of 2-byte elements over 256 threads: 0 wrong
// CHECK-NEXT: direct 128x64 of 1-byte elements over 128 threads: 0 wrong
// CHECK-NEXT: direct 32x256 of 2-byte elements over 64 threads: 0 wrong
// clang-format on
