/* The code that replaces a gemm on the cooperative-matrix path: the block's
 * subgroups take the m x n blocks of C in turn (block i goes to subgroup
 * i mod the subgroup count, so the code holds for any subgroup size), and
 * each accumulates its block over K in steps of k with gpu.subgroup_mma_*
 * ops, which convert-gpu-to-spirv makes OpCooperativeMatrix*KHR. A
 * fragment accumulator is staged through a shared tile: tile.copy in and
 * out, lowered by the SIMT path like any copy. */
#include "vulkan/cooperative_matrix.h"

#include "ir/builder_gpu.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"

#include <stdio.h>

/* !gpu.mma_matrix<ROWSxCOLSxELEM, "USE"> */
static MlirType matrixType(TileBuilder *b, int64_t rows, int64_t cols,
                           MlirType elem, const char *use) {
  char text[96];
  snprintf(text, sizeof(text), "!gpu.mma_matrix<%lldx%lldx%s, \"%s\">",
           (long long)rows, (long long)cols,
           mlirTypeIsAF16(elem) ? "f16" : "f32", use);
  return tbParseType(b, text);
}

/* The `transpose` unit attribute makes a load or store column-major. */
static intptr_t matrixAttrs(TileBuilder *b, int64_t lead, bool columnMajor,
                            MlirNamedAttribute *attrs) {
  attrs[0] = tbNamed(b, "leadDimension", mlirIntegerAttrGet(tbIndex(b), lead));
  if (!columnMajor)
    return 1;
  attrs[1] = tbNamed(b, "transpose", mlirUnitAttrGet(b->ctx));
  return 2;
}

/* gpu.subgroup_mma_load_matrix of the matrix at (row, col) of `tile`,
 * whose rows are `lead` elements long. */
static MlirValue loadMatrix(TileBuilder *b, MlirValue tile, MlirValue row,
                            MlirValue col, int64_t lead, bool columnMajor,
                            MlirType type) {
  MlirNamedAttribute attrs[2];
  intptr_t n = matrixAttrs(b, lead, columnMajor, attrs);
  MlirValue operands[3] = {tile, row, col};
  return tbResult(tbCreate(b, "gpu.subgroup_mma_load_matrix", 3, operands, 1,
                           &type, n, attrs));
}

static void storeMatrix(TileBuilder *b, MlirValue matrix, MlirValue tile,
                        MlirValue row, MlirValue col, int64_t lead) {
  MlirNamedAttribute attrs[2];
  intptr_t n = matrixAttrs(b, lead, false, attrs);
  MlirValue operands[4] = {matrix, tile, row, col};
  tbCreate(b, "gpu.subgroup_mma_store_matrix", 4, operands, 0, NULL, n, attrs);
}

/* A's m x k matrix at (row, kk) of op(A); A^T is stored K x M. */
static MlirValue loadA(TileBuilder *b, const TileVulkanCoopGemm *p,
                       MlirValue row, MlirValue kk) {
  MlirType type = matrixType(b, p->m, p->k, p->inElem, "AOp");
  if (p->transposeA)
    return loadMatrix(b, p->a, kk, row, p->rows, true, type);
  return loadMatrix(b, p->a, row, kk, p->depth, false, type);
}

/* B's k x n matrix at (kk, col) of op(B); B^T is stored N x K. */
static MlirValue loadB(TileBuilder *b, const TileVulkanCoopGemm *p,
                       MlirValue kk, MlirValue col) {
  MlirType type = matrixType(b, p->k, p->n, p->inElem, "BOp");
  if (p->transposeB)
    return loadMatrix(b, p->b, col, kk, p->depth, true, type);
  return loadMatrix(b, p->b, kk, col, p->cols, false, type);
}

/* The accumulator of block (row, col): zero, or the staged C's. */
static MlirValue initialAccumulator(TileBuilder *b, const TileVulkanCoopGemm *p,
                                    MlirValue scratch, MlirValue row,
                                    MlirValue col) {
  MlirType type = matrixType(b, p->m, p->n, p->accElem, "COp");
  if (!p->clear)
    return loadMatrix(b, scratch, row, col, p->cols, false, type);
  MlirValue zero = tbZeroOf(b, p->accElem);
  return tbResult(tbCreate(b, "gpu.subgroup_mma_constant_matrix", 1, &zero, 1,
                           &type, 0, NULL));
}

/* C[row:row+m, col:col+n] (+)= sum over K of A * B, in one subgroup. */
static void emitBlock(TileBuilder *b, const TileVulkanCoopGemm *p,
                      MlirValue scratch, MlirValue row, MlirValue col) {
  MlirValue acc = initialAccumulator(b, p, scratch, row, col);
  TileLoop k = tbForIter(b, tbConstIndex(b, 0), tbConstIndex(b, p->depth),
                         tbConstIndex(b, p->k), 1, &acc);
  TileBuilder in = tbAtEnd(k.body, b->loc);
  MlirValue a = loadA(&in, p, row, k.iv);
  MlirValue b2 = loadB(&in, p, k.iv, col);
  MlirValue operands[3] = {a, b2, tbIterArg(k, 0)};
  MlirType accType = mlirValueGetType(acc);
  MlirValue sum = tbResult(tbCreate(&in, "gpu.subgroup_mma_compute", 3,
                                    operands, 1, &accType, 0, NULL));
  tbYield(&in, 1, &sum);
  storeMatrix(b, tbLoopResult(k, 0), scratch, row, col, p->cols);
}

static MlirValue gpuIndex(TileBuilder *b, const char *name) {
  MlirType index = tbIndex(b);
  return tbResult(tbCreate(b, name, 0, NULL, 1, &index, 0, NULL));
}

/* Block i of C (row-major over the blocks) goes to subgroup i mod S. */
static void emitBlocks(TileBuilder *b, const TileVulkanCoopGemm *p,
                       MlirValue scratch) {
  int64_t across = p->cols / p->n, blocks = (p->rows / p->m) * across;
  MlirValue first = gpuIndex(b, "gpu.subgroup_id");
  MlirValue step = gpuIndex(b, "gpu.num_subgroups");
  TileLoop loop = tbFor(b, first, tbConstIndex(b, blocks), step);
  TileBuilder in = tbAtTerminator(loop.body, b->loc);
  MlirValue cAcross = tbConstIndex(&in, across);
  MlirValue row = tbDivU(&in, loop.iv, cAcross);
  row = tbMul(&in, row, tbConstIndex(&in, p->m));
  MlirValue col = tbRemU(&in, loop.iv, cAcross);
  col = tbMul(&in, col, tbConstIndex(&in, p->n));
  emitBlock(&in, p, scratch, row, col);
}

/* tile.copy of a whole tile into another of its shape. */
static void copyTile(TileBuilder *b, MlirValue from, MlirValue to) {
  MlirValue operands[2] = {from, to};
  MlirNamedAttribute segments =
      tbNamed(b, "operandSegmentSizes",
              mlirDenseI32ArrayGet(b->ctx, 4, (const int32_t[]){1, 1, 0, 0}));
  tbCreate(b, "tile.copy", 2, operands, 0, NULL, 1, &segments);
}

void tileVulkanEmitCoopGemm(const TileVulkanCoopGemm *p, MlirValue scratch) {
  TileBuilder b = tbBefore(p->gemm);
  if (!p->clear)
    copyTile(&b, p->c, scratch);
  emitBlocks(&b, p, scratch);
  copyTile(&b, scratch, p->c);
  mlirOperationDestroy(p->gemm);
}
