/* The copies that fill a matrix-core gemm's shared A and B tiles from
 * global windows, without branches per element: the SIMT copy guards every
 * element with its own branch, and on wave64 each branch keeps a 64-bit exec
 * mask in SGPRs (gemm.mlir on gfx942: 50 SGPRs spilled to VGPR lanes). */
#include "rocm/matrix.h"

#include "gpu/layout.h"
#include "ir/builder_gpu.h"
#include "ir/ir.h"
#include "tile/dialect.h"

static MlirValue idx(TileBuilder *b, int64_t v) { return tbConstIndex(b, v); }

typedef struct {
  MlirValue src, dst, off[2], extent[2], pad;
  int64_t rows, cols; /* the copy's tile */
  bool transpose;
} Window;

static Window windowOf(TileBuilder *b, MlirOperation copy, MlirValue dst,
                       bool transpose) {
  Window w;
  w.src = mlirOperationGetOperand(copy, 0);
  w.dst = dst;
  w.transpose = transpose;
  intptr_t first;
  tileOperandGroup(copy, 2, &first);
  for (int i = 0; i < 2; ++i) {
    w.off[i] = mlirOperationGetOperand(copy, first + i);
    w.extent[i] = tbDim(b, w.src, i);
  }
  MlirType dstType = mlirValueGetType(mlirOperationGetOperand(copy, 1));
  w.rows = tileDim(dstType, 0);
  w.cols = tileDim(dstType, 1);
  MlirAttribute pad = tileOpGetAttr(copy, "pad");
  w.pad = mlirAttributeIsNull(pad) ? tbZeroOf(b, tileElementType(dstType))
                                   : tbConstAttr(b, pad);
  return w;
}

static void storeAt(TileBuilder *b, const Window *w, MlirValue v,
                    MlirValue *at) {
  MlirValue swapped[2] = {at[1], at[0]};
  tbStore(b, v, w->dst, 2, w->transpose ? swapped : at);
}

/* Element e of this thread: consecutive threads take consecutive columns
 * (coalesced global reads). Outside the source the load reads the nearest
 * element inside instead (the source is not empty here) and the pad value
 * is selected. */
static void copyElement(TileBuilder *b, const Window *w, MlirValue tid,
                        int64_t threads, int64_t e) {
  MlirValue linear = tbAdd(b, tid, idx(b, e * threads));
  MlirValue at[2] = {tbDivU(b, linear, idx(b, w->cols)),
                     tbRemU(b, linear, idx(b, w->cols))};
  MlirValue src[2], inside = {NULL};
  for (int i = 0; i < 2; ++i) {
    MlirValue g = tbAdd(b, w->off[i], at[i]);
    MlirValue ok = tbCmpI(b, "ult", g, w->extent[i]);
    inside = i ? tbAnd(b, inside, ok) : ok;
    src[i] = tbMinU(b, g, tbSub(b, w->extent[i], idx(b, 1)));
  }
  MlirValue v = tbSelect(b, inside, tbLoad(b, w->src, 2, src), w->pad);
  storeAt(b, w, v, at);
}

bool tileRocmMatrixCopyFits(const TileMmaPlan *p, MlirOperation copy) {
  MlirType dst = mlirValueGetType(mlirOperationGetOperand(copy, 1));
  return (tileDim(dst, 0) * tileDim(dst, 1)) % p->threads == 0;
}

void tileRocmMatrixEmitCopy(const TileMmaPlan *p, const TileMmaThread *t,
                            MlirOperation copy, MlirValue dst, bool transpose) {
  TileBuilder b = tbBefore(copy);
  Window w = windowOf(&b, copy, dst, transpose);
  int64_t perThread = w.rows * w.cols / p->threads;
  /* One uniform branch: an empty source has no element to read. */
  MlirValue nonEmpty = tbAnd(&b, tbCmpI(&b, "ne", w.extent[0], idx(&b, 0)),
                             tbCmpI(&b, "ne", w.extent[1], idx(&b, 0)));
  MlirBlock thenBlock, elseBlock;
  tbIfElse(&b, nonEmpty, &thenBlock, &elseBlock);
  /* Threads write different elements: tile-gpu-barriers puts barriers
   * around the copy, not between its stores. */
  mlirOperationSetDiscardableAttributeByName(
      mlirBlockGetParentOperation(thenBlock),
      mlirStringRefCreateFromCString(TILE_GPU_DISTRIBUTED_ATTR),
      mlirUnitAttrGet(b.ctx));
  TileBuilder load = tbAtTerminator(thenBlock, b.loc);
  TileBuilder fill = tbAtTerminator(elseBlock, b.loc);
  for (int64_t e = 0; e < perThread; ++e) {
    copyElement(&load, &w, t->tid, p->threads, e);
    MlirValue linear = tbAdd(&fill, t->tid, idx(&fill, e * p->threads));
    MlirValue at[2] = {tbDivU(&fill, linear, idx(&fill, w.cols)),
                       tbRemU(&fill, linear, idx(&fill, w.cols))};
    storeAt(&fill, &w, w.pad, at);
  }
  mlirOperationDestroy(copy);
}
