/* The AMDGPU matrix instructions per chip and their register layouts. */
#include "rocm/matrix_layout.h"

#include "support/count.h"

#include <stdbool.h>
#include <string.h>

/* Layouts: "AMD Instinct MI300 (CDNA3) Instruction Set Architecture",
 * section 7.1 "Matrix fused-multiply-add (MFMA)" and its dependency tables,
 * as printed by AMD's matrix instruction calculator
 * (github.com/ROCm/amd_matrix_instruction_calculator) for
 * v_mfma_f32_32x32x8_f16 and v_mfma_f32_16x16x16_f16 (the bf16_1k forms
 * share them). For 32x32x8: lanes 0-31 hold K 0-3 of row/column lane % 32,
 * lanes 32-63 K 4-7; accumulator register r holds row 8 * (r / 4) +
 * 4 * (lane / 32) + r % 4. For 16x16x16: lane / 16 picks K 4 * (lane / 16)
 * .. + 3; register r holds row 4 * (lane / 16) + r.
 * WMMA: "RDNA3 Instruction Set Architecture", section 7.9 "Wave Matrix
 * Multiply Accumulate": lanes 0-15 and 16-31 both hold all 16 K values of
 * row/column lane % 16; register r of an f32 D holds row 2 * r + lane / 16.
 * "RDNA4 Instruction Set Architecture", section 7.9: lanes 16-31 hold K 8-15;
 * register r holds row r + 8 * (lane / 16).
 * Accumulator budgets, measured with examples/gemm.mlir (128 x 128 f32 per
 * block): 128 per lane (128 threads) compiled for gfx942 with no spills;
 * for gfx1100 WMMA 128 per lane spilled 74 VGPRs to scratch (its SIMT
 * lowering spills none) and 64 per lane (256 threads) none. */

/* The four register layouts: an instruction names its mnemonic and, for
 * MFMA, its K and the operand elements each lane holds (8 for the i8 forms
 * of CDNA3, 4 otherwise). */
#define MFMA_32X32(mnemonic, kSize, perLane)                                   \
  {.name = mnemonic,                                                           \
   .op = "amdgpu.mfma",                                                        \
   .m = 32,                                                                    \
   .n = 32,                                                                    \
   .k = kSize,                                                                 \
   .wave = 64,                                                                 \
   .operandLen = perLane,                                                      \
   .kGroups = 2,                                                               \
   .accLen = 16,                                                               \
   .rowBlock = 4,                                                              \
   .rowBlockStride = 8,                                                        \
   .laneRowStride = 4,                                                         \
   .regRowStride = 1,                                                          \
   .maxAccPerLane = 128}
#define MFMA_16X16(mnemonic, kSize, perLane)                                   \
  {.name = mnemonic,                                                           \
   .op = "amdgpu.mfma",                                                        \
   .m = 16,                                                                    \
   .n = 16,                                                                    \
   .k = kSize,                                                                 \
   .wave = 64,                                                                 \
   .operandLen = perLane,                                                      \
   .kGroups = 4,                                                               \
   .accLen = 4,                                                                \
   .rowBlock = 4,                                                              \
   .rowBlockStride = 16,                                                       \
   .laneRowStride = 4,                                                         \
   .regRowStride = 1,                                                          \
   .maxAccPerLane = 128}
#define WMMA_RDNA3(mnemonic)                                                   \
  {.name = mnemonic,                                                           \
   .op = "amdgpu.wmma",                                                        \
   .m = 16,                                                                    \
   .n = 16,                                                                    \
   .k = 16,                                                                    \
   .wave = 32,                                                                 \
   .operandLen = 16,                                                           \
   .kGroups = 1,                                                               \
   .accLen = 8,                                                                \
   .rowBlock = 8,                                                              \
   .rowBlockStride = 16,                                                       \
   .laneRowStride = 1,                                                         \
   .regRowStride = 2,                                                          \
   .maxAccPerLane = 64}
#define WMMA_RDNA4(mnemonic)                                                   \
  {.name = mnemonic,                                                           \
   .op = "amdgpu.wmma",                                                        \
   .m = 16,                                                                    \
   .n = 16,                                                                    \
   .k = 16,                                                                    \
   .wave = 32,                                                                 \
   .operandLen = 8,                                                            \
   .kGroups = 2,                                                               \
   .accLen = 8,                                                                \
   .rowBlock = 8,                                                              \
   .rowBlockStride = 16,                                                       \
   .laneRowStride = 8,                                                         \
   .regRowStride = 1,                                                          \
   .maxAccPerLane = 64}

static const TileRocmMatrixInstr mfma32F16 =
    MFMA_32X32("v_mfma_f32_32x32x8_f16", 8, 4);
static const TileRocmMatrixInstr mfma16F16 =
    MFMA_16X16("v_mfma_f32_16x16x16_f16", 16, 4);
static const TileRocmMatrixInstr mfma32BF16 =
    MFMA_32X32("v_mfma_f32_32x32x8_bf16_1k", 8, 4);
static const TileRocmMatrixInstr mfma16BF16 =
    MFMA_16X16("v_mfma_f32_16x16x16_bf16_1k", 16, 4);
static const TileRocmMatrixInstr wmma11F16 =
    WMMA_RDNA3("v_wmma_f32_16x16x16_f16");
static const TileRocmMatrixInstr wmma11BF16 =
    WMMA_RDNA3("v_wmma_f32_16x16x16_bf16");
static const TileRocmMatrixInstr wmma12F16 =
    WMMA_RDNA4("v_wmma_f32_16x16x16_f16");
static const TileRocmMatrixInstr wmma12BF16 =
    WMMA_RDNA4("v_wmma_f32_16x16x16_bf16");

/* i8: "AMD Instinct MI300 (CDNA3) ISA" section 7.1 and the calculator for
 * v_mfma_i32_32x32x16_i8 and v_mfma_i32_16x16x32_i8: the f16 layouts with
 * 8 elements per lane (lanes 0-31 hold K 0-7, lanes 32-63 K 8-15; in 16x16,
 * lane / 16 picks K 8 * (lane / 16) .. + 7) and the same i32 accumulator
 * rows. CDNA1/2 (gfx908, gfx90a) have the 4-element forms
 * v_mfma_i32_32x32x8i8 and v_mfma_i32_16x16x16i8, laid out as the f16 ones.
 * RDNA3 v_wmma_i32_16x16x16_iu8 and RDNA4's form lay out their 16 / 8 i8
 * per lane and their i32 D as the f16/f32 forms do. */
static const TileRocmMatrixInstr mfma32I8 =
    MFMA_32X32("v_mfma_i32_32x32x16_i8", 16, 8);
static const TileRocmMatrixInstr mfma16I8 =
    MFMA_16X16("v_mfma_i32_16x16x32_i8", 32, 8);
static const TileRocmMatrixInstr mfma32I8Cdna2 =
    MFMA_32X32("v_mfma_i32_32x32x8i8", 8, 4);
static const TileRocmMatrixInstr mfma16I8Cdna2 =
    MFMA_16X16("v_mfma_i32_16x16x16i8", 16, 4);
static const TileRocmMatrixInstr wmma11I8 =
    WMMA_RDNA3("v_wmma_i32_16x16x16_iu8");
static const TileRocmMatrixInstr wmma12I8 =
    WMMA_RDNA4("v_wmma_i32_16x16x16_iu8");

static const TileRocmMatrixInstr *const cdnaF16[] = {&mfma32F16, &mfma16F16};
static const TileRocmMatrixInstr *const cdnaBF16[] = {&mfma32BF16, &mfma16BF16};
static const TileRocmMatrixInstr *const rdna3F16[] = {&wmma11F16};
static const TileRocmMatrixInstr *const rdna3BF16[] = {&wmma11BF16};
static const TileRocmMatrixInstr *const rdna4F16[] = {&wmma12F16};
static const TileRocmMatrixInstr *const rdna4BF16[] = {&wmma12BF16};
static const TileRocmMatrixInstr *const cdna2I8[] = {&mfma32I8Cdna2,
                                                     &mfma16I8Cdna2};
static const TileRocmMatrixInstr *const cdna3I8[] = {&mfma32I8, &mfma16I8};
static const TileRocmMatrixInstr *const rdna3I8[] = {&wmma11I8};
static const TileRocmMatrixInstr *const rdna4I8[] = {&wmma12I8};

typedef struct {
  const char *chip;
  const TileRocmMatrixInstr *const *f16, *const *bf16, *const *i8;
  int numF16, numBF16, numI8;
} ChipInstrs;

/* gfx908 has bf16 MFMA only in forms of 2 elements per lane (not the _1k
 * ones), which amdgpu.mfma on vector<4xbf16> cannot select there. */
static const ChipInstrs chips[] = {
    {"gfx908", cdnaF16, NULL, cdna2I8, 2, 0, 2},
    {"gfx90a", cdnaF16, cdnaBF16, cdna2I8, 2, 2, 2},
    {"gfx942", cdnaF16, cdnaBF16, cdna3I8, 2, 2, 2},
    {"gfx950", cdnaF16, cdnaBF16, cdna3I8, 2, 2, 2},
    {"gfx1100", rdna3F16, rdna3BF16, rdna3I8, 1, 1, 1},
    {"gfx1201", rdna4F16, rdna4BF16, rdna4I8, 1, 1, 1},
};

const TileRocmMatrixInstr *const *
tileRocmMatrixInstrs(const char *chip, TileRocmElem elem, int *count) {
  for (unsigned i = 0; i < TILE_COUNT(chips); ++i) {
    if (strcmp(chips[i].chip, chip))
      continue;
    switch (elem) {
    case TileRocmElemF16:
      *count = chips[i].numF16;
      return chips[i].f16;
    case TileRocmElemBF16:
      *count = chips[i].numBF16;
      return chips[i].bf16;
    case TileRocmElemI8:
      *count = chips[i].numI8;
      return chips[i].i8;
    }
  }
  *count = 0;
  return NULL;
}

int64_t tileRocmOperandK(const TileRocmMatrixInstr *in, int64_t lane,
                         int64_t v) {
  return ((lane / in->m) % in->kGroups) * in->operandLen + v;
}

int64_t tileRocmAccRow(const TileRocmMatrixInstr *in, int64_t lane, int64_t r) {
  return (r / in->rowBlock) * in->rowBlockStride +
         (lane / in->n) * in->laneRowStride +
         (r % in->rowBlock) * in->regRowStride;
}

int64_t tileRocmSwizzleRows(int64_t chunks) {
  return chunks >= TileRocmLdsBankPairs ? 1 : TileRocmLdsBankPairs / chunks;
}

int64_t tileRocmSwizzleModulus(int64_t chunks) {
  return chunks < TileRocmLdsBankPairs ? chunks : TileRocmLdsBankPairs;
}

int64_t tileRocmSwizzleMask(int64_t row, int64_t chunks) {
  return (row / tileRocmSwizzleRows(chunks)) % tileRocmSwizzleModulus(chunks);
}
