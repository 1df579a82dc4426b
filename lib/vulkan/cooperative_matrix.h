/* The cooperative-matrix path of the vulkan backend
 * (tile_vulkan.cooperative_matrix): the plan of one tile.gemm that runs on
 * m x n x k cooperative matrices, and the code that replaces it. */
#ifndef TILE_VULKAN_COOPERATIVE_MATRIX_H
#define TILE_VULKAN_COOPERATIVE_MATRIX_H

#include "ir/builder.h"
#include "support/strbuf.h"

#include <stdbool.h>
#include <stdint.h>

/* One gemm C (+)= op(A) * op(B) on cooperative matrices of m x k (A),
 * k x n (B) and m x n (C). */
typedef struct {
  MlirOperation gemm;
  MlirValue a, b, c; /* as the gemm names them */
  bool transposeA, transposeB, clear;
  int64_t rows, cols, depth; /* M, N, K of op(A) * op(B) */
  int64_t m, n, k;           /* the cooperative matrices */
  MlirType inElem, accElem;  /* f16; f16 or f32 */
} TileVulkanCoopGemm;

/* Fills `plan` for `gemm` with m x n x k matrices, or returns false after
 * saying in `why` why the gemm cannot take them (element types, scopes,
 * tile sizes, the alignment Vulkan asks of matrix loads and stores). */
bool tileVulkanPlanCoopGemm(MlirOperation gemm, int64_t m, int64_t n, int64_t k,
                            TileVulkanCoopGemm *plan, TileStrBuf *why);

/* The bytes of shared memory the path adds for the gemm: its fragment
 * accumulator staged in a shared tile. */
int64_t tileVulkanCoopScratchBytes(const TileVulkanCoopGemm *plan);

/* Replaces the gemm: its fragment accumulator is copied into `scratch` (a
 * shared tile of C's shape and type, unless the gemm clears it), each
 * subgroup of the block accumulates m x n blocks of it over K with
 * gpu.subgroup_mma_* ops, and the result is copied back. tile-gpu-barriers
 * orders the copies and the matrix loads and stores. */
void tileVulkanEmitCoopGemm(const TileVulkanCoopGemm *plan, MlirValue scratch);

#endif
