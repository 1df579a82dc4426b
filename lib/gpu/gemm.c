/* SIMT lowering of tile.gemm: each thread computes the part of C it holds
 * as a register micro-tile. Per step of K it loads the column of op(A) for
 * its rows and the row of op(B) for its columns into registers, then
 * multiplies them into its accumulators:
 *
 *   for k < K:
 *     a[r] = op(A)[ty + r*tr, k]      b[c] = op(B)[k, tx + c*tc]
 *     acc[r, c] += a[r] * b[c]
 *
 * A and B are read from shared or local memory, or from a fragment when
 * the grid gives the thread whole rows of A (tc == 1) or whole columns of
 * B (tr == 1); any other fragment operand is first staged through shared
 * memory. A local C is computed whole by every thread. */
#include "gpu/simt.h"

#include "tile/dialect.h"

typedef struct {
  MlirValue a, b, c;
  bool transposeA, transposeB, clear;
  int64_t m, n, kk;
} Gemm;

static Gemm parse(MlirOperation op) {
  Gemm g;
  bool ok;
  g.a = mlirOperationGetOperand(op, 0);
  g.b = mlirOperationGetOperand(op, 1);
  g.c = mlirOperationGetOperand(op, 2);
  g.transposeA = tileGetBoolAttr(op, "transpose_a", false, &ok);
  g.transposeB = tileGetBoolAttr(op, "transpose_b", false, &ok);
  g.clear = tileGetBoolAttr(op, "clear_accum", false, &ok);
  MlirType c = mlirValueGetType(g.c), a = mlirValueGetType(g.a);
  g.m = tileDim(c, 0);
  g.n = tileDim(c, 1);
  g.kk = tileDim(a, g.transposeA ? 0 : 1);
  return g;
}

/* op(A)[i, k] or op(B)[k, j]: `outer` indexes M (or N), `inner` K. */
static MlirValue element(TileGpuKernel *k, TileBuilder *b, MlirValue tile,
                         bool transposed, bool isA, MlirValue outer,
                         MlirValue inner, MlirType to) {
  /* A is M x K (K x M transposed); B is K x N (N x K transposed). */
  bool outerFirst = isA != transposed;
  MlirValue idx[2] = {outerFirst ? outer : inner, outerFirst ? inner : outer};
  return tbConvert(b, tileGpuLoad(k, b, tile, idx), to);
}

/* A fragment operand this thread cannot read whole enough: stage it. */
static MlirValue readable(TileGpuKernel *k, TileBuilder *b, MlirValue tile,
                          bool heldWhole) {
  const TileGpuFragment *f = tileGpuFragmentOf(k, tile);
  if (!f || heldWhole)
    return tile;
  return tileGpuStageFragment(k, b, f);
}

static void zero(TileBuilder *b, MlirValue buffer) {
  MlirType type = mlirValueGetType(buffer);
  MlirValue extents[2];
  tileGpuStaticExtents(b, type, extents);
  TileGpuNest n = tileGpuForAll(b, (int)tileRank(type), extents);
  tbStore(&n.in, tbZeroOf(&n.in, tileElementType(type)), buffer, n.rank, n.idx);
}

static void lowerDistributed(TileGpuKernel *k, TileBuilder *b, const Gemm *g,
                             const TileGpuFragment *fc) {
  MlirType accType = tileElementType(mlirValueGetType(g->c));
  MlirValue a = readable(k, b, g->a, !g->transposeA && k->tc == 1);
  MlirValue bm = readable(k, b, g->b, !g->transposeB && k->tr == 1);
  if (g->clear)
    zero(b, fc->regs);
  MlirValue ra = tileGpuPrivateArray(k, tileCeilDiv(g->m, k->tr), accType);
  MlirValue rb = tileGpuPrivateArray(k, tileCeilDiv(g->n, k->tc), accType);
  MlirValue m = tbConstIndex(b, g->m), n = tbConstIndex(b, g->n);
  TileLoop kl =
      tbFor(b, tbConstIndex(b, 0), tbConstIndex(b, g->kk), tbConstIndex(b, 1));
  TileBuilder in = tbAtTerminator(kl.body, b->loc);
  TileGpuNest rows = tileGpuForOwned(k, &in, TileGpuRows, 1, &m);
  MlirValue r = tileGpuLineSlot(k, &rows.in, rows.idx[0], true);
  tbStore(
      &rows.in,
      element(k, &rows.in, a, g->transposeA, true, rows.idx[0], kl.iv, accType),
      ra, 1, &r);
  TileGpuNest cols = tileGpuForOwned(k, &in, TileGpuCols, 1, &n);
  MlirValue c = tileGpuLineSlot(k, &cols.in, cols.idx[0], false);
  tbStore(&cols.in,
          element(k, &cols.in, bm, g->transposeB, false, cols.idx[0], kl.iv,
                  accType),
          rb, 1, &c);
  MlirValue extents[2] = {m, n};
  TileGpuNest acc = tileGpuForOwned(k, &in, TileGpuGrid, 2, extents);
  MlirValue slot[2];
  tileGpuSlot(k, fc, &acc.in, acc.idx, slot);
  MlirValue x = tbLoad(&acc.in, ra, 1, &slot[0]);
  MlirValue y = tbLoad(&acc.in, rb, 1, &slot[1]);
  MlirValue sum =
      tbMulAddAny(&acc.in, tbLoad(&acc.in, fc->regs, 2, slot), x, y);
  tbStore(&acc.in, sum, fc->regs, 2, slot);
}

/* A local C: every thread computes all of it. */
static void lowerWhole(TileGpuKernel *k, TileBuilder *b, const Gemm *g) {
  MlirType accType = tileElementType(mlirValueGetType(g->c));
  MlirValue a = readable(k, b, g->a, false);
  MlirValue bm = readable(k, b, g->b, false);
  if (g->clear)
    zero(b, g->c);
  MlirValue extents[3] = {tbConstIndex(b, g->m), tbConstIndex(b, g->n),
                          tbConstIndex(b, g->kk)};
  TileGpuNest n = tileGpuForAll(b, 3, extents);
  MlirValue x =
      element(k, &n.in, a, g->transposeA, true, n.idx[0], n.idx[2], accType);
  MlirValue y =
      element(k, &n.in, bm, g->transposeB, false, n.idx[1], n.idx[2], accType);
  MlirValue sum = tbMulAddAny(&n.in, tbLoad(&n.in, g->c, 2, n.idx), x, y);
  tbStore(&n.in, sum, g->c, 2, n.idx);
}

void tileGpuLowerGemm(TileGpuKernel *k, MlirOperation op) {
  Gemm g = parse(op);
  TileBuilder b = tbBefore(op);
  const TileGpuFragment *fc = tileGpuFragmentOf(k, g.c);
  if (fc && fc->layout != TileGpuGrid) {
    tileGpuFail(&k->errors, op,
                "accumulates into a fragment laid out %s; a gemm "
                "accumulator must be laid out over the thread grid",
                tileGpuLayoutName(fc->layout));
    return;
  }
  if (fc)
    lowerDistributed(k, &b, &g, fc);
  else
    lowerWhole(k, &b, &g);
  mlirOperationDestroy(op);
}
