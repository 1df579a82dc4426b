/* The AMDGPU matrix instructions (MFMA on CDNA, WMMA on RDNA) the rocm
 * backend emits, and where each lane's operand and accumulator elements sit
 * in the tiles they multiply. Plain C with no MLIR: the host-side model test
 * checks these same formulas. */
#ifndef TILE_ROCM_MATRIX_LAYOUT_H
#define TILE_ROCM_MATRIX_LAYOUT_H

#include <stdint.h>

typedef enum { TileRocmElemF16, TileRocmElemBF16, TileRocmElemI8 } TileRocmElem;

/* One m x n x k instruction, D = A * B + C, A m x k, B k x n, C/D f32 (i32
 * for i8 operands).
 *
 * A element v (0 <= v < operandLen) of lane l is
 *   A[l % m][kOf(l, v)],  kOf(l, v) = ((l / m) % kGroups) * operandLen + v
 * and B element v of lane l is B[kOf(l, v)][l % n]; kGroups == 1 means the
 * lanes past m hold copies (WMMA on gfx11).
 * Accumulator element r (0 <= r < accLen) of lane l is D[row][l % n] with
 *   row = (r / rowBlock) * rowBlockStride + (l / n) * laneRowStride
 *       + (r % rowBlock) * regRowStride. */
typedef struct {
  const char *name; /* the ISA mnemonic, for diagnostics and docs */
  const char *op;   /* "amdgpu.mfma" or "amdgpu.wmma" */
  int64_t m, n, k;
  int64_t wave; /* lanes that execute one instruction */
  int64_t operandLen, kGroups;
  int64_t accLen;
  int64_t rowBlock, rowBlockStride, laneRowStride, regRowStride;
  /* The most accumulator elements per lane the path gives a kernel: the
   * rest of the lane's registers hold operands and the copies' values
   * (CDNA lanes have 512 VGPRs and AGPRs together, RDNA wave32 lanes 256). */
  int64_t maxAccPerLane;
} TileRocmMatrixInstr;

/* The instructions `chip` has for `elem` operands and f32 (i8: i32)
 * accumulation,
 * largest first; *count is 0 for a chip without matrix cores (or without
 * them for that type). The tables are static and immutable. */
const TileRocmMatrixInstr *const *
tileRocmMatrixInstrs(const char *chip, TileRocmElem elem, int *count);

/* The K index of operand element v of `lane` (A and B alike). */
int64_t tileRocmOperandK(const TileRocmMatrixInstr *in, int64_t lane,
                         int64_t v);

/* The row of D that accumulator element r of `lane` holds; its column is
 * lane % n. */
int64_t tileRocmAccRow(const TileRocmMatrixInstr *in, int64_t lane, int64_t r);

/* XOR-swizzled rows in LDS, for the tiles that direct-to-LDS loads fill: a
 * wave's load writes 64 lanes' bytes contiguously, so rows cannot be padded.
 * A row is split into chunks of TileRocmSwizzleChunk bytes (one MFMA operand
 * read, 4 f16 or 8 i8); logical chunk c of row r is stored at chunk
 * c ^ tileRocmSwizzleMask(r, chunks), where `chunks` (the chunks per row) is
 * a power of two. LDS serves 128 bytes (16 bank pairs) per cycle: the 16
 * consecutive rows that 16 lanes read at one logical chunk (rows from a
 * multiple of 16) land on 16 different bank pairs. */
enum { TileRocmSwizzleChunk = 8, TileRocmLdsBankPairs = 16 };

int64_t tileRocmSwizzleMask(int64_t row, int64_t chunks);

/* The rows that share one mask value (rows of fewer than 16 chunks share a
 * 128-byte line), and the mask's modulus: tileRocmSwizzleMask(r, chunks) is
 * (r / rows) % modulus. The emitted IR computes the same. */
int64_t tileRocmSwizzleRows(int64_t chunks);
int64_t tileRocmSwizzleModulus(int64_t chunks);

#endif
