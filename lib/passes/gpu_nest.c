/* Loop nests and element access shared by the SIMT lowerings of tile ops:
 * every element on every thread, every element once over the block, the
 * elements a thread holds, and windows with bounds checks. */
#include "passes/gpu_simt.h"

#include "tile/dialect.h"

#include <stdarg.h>

/* Right after the kernel's thread ids: each caller creates one op, so
 * their order does not matter. */
TileBuilder tileGpuEntry(TileGpuKernel *k) { return tbAfter(k->anchor); }

const TileGpuFragment *tileGpuFragmentOf(const TileGpuKernel *k,
                                         MlirValue tile) {
  for (unsigned i = 0; i < k->numFrags; ++i)
    if (mlirValueEqual(k->frags[i].tile, tile))
      return &k->frags[i];
  return NULL;
}

MlirValue tileGpuScratch(TileGpuKernel *k, intptr_t rank, const int64_t *shape,
                         MlirType element) {
  TileBuilder b = tileGpuEntry(k);
  MlirType type = tbMemRefTypeIn(
      &b, rank, shape, element, tileScopeGetMemorySpace(b.ctx, TileScopeShared));
  return tbResult(tbCreate(&b, "tile.alloc", 0, NULL, 1, &type, 0, NULL));
}

void tileGpuFail(TileGpuKernel *k, MlirOperation op, const char *fmt, ...) {
  TileStrBuf text = TILE_STRBUF_INIT;
  va_list args;
  va_start(args, fmt);
  tileStrBufVPrintf(&text, fmt, args);
  va_end(args);
  tileEmitOpError(op, "%s", tileStrBufGet(&text));
  tileStrBufFree(&text);
  ++k->errors;
}

/*===--- loop nests -------------------------------------------------------===*/

/* Adds scf.for lb..ub step `step` to the nest and moves inside it. */
static MlirValue nestLoop(TileGpuNest *n, MlirValue lb, MlirValue ub,
                          MlirValue step) {
  TileLoop loop = tbFor(&n->in, lb, ub, step);
  if (mlirOperationIsNull(n->outer))
    n->outer = loop.op;
  n->in = tbAtTerminator(loop.body, n->in.loc);
  return loop.iv;
}

static TileGpuNest emptyNest(TileBuilder *b, int rank) {
  TileGpuNest n;
  n.in = *b;
  n.outer = (MlirOperation){NULL};
  n.rank = rank;
  return n;
}

TileGpuNest tileGpuForAll(TileBuilder *b, int rank, const MlirValue *extents) {
  TileGpuNest n = emptyNest(b, rank);
  MlirValue zero = tbConstIndex(b, 0), one = tbConstIndex(b, 1);
  for (int d = 0; d < rank; ++d)
    n.idx[d] = nestLoop(&n, zero, extents[d], one);
  return n;
}

TileGpuNest tileGpuForCooperative(TileGpuKernel *k, TileBuilder *b, int rank,
                                  const MlirValue *extents) {
  TileGpuNest n = emptyNest(b, rank);
  if (rank == 0) {
    /* One element: thread 0 handles it. */
    MlirValue first = tbCmpI(b, "eq", k->tid, tbConstIndex(b, 0));
    MlirOperation guard;
    MlirBlock then = tbIf(b, first);
    guard = mlirBlockGetParentOperation(then);
    n.outer = guard;
    n.in = tbAtTerminator(then, b->loc);
    return n;
  }
  MlirValue total = extents[0];
  for (int d = 1; d < rank; ++d)
    total = tbMul(b, total, extents[d]);
  MlirValue e = nestLoop(&n, k->tid, total, k->cThreads);
  for (int d = rank; d-- > 0;) {
    n.idx[d] = d ? tbRemU(&n.in, e, extents[d]) : e;
    if (d)
      e = tbDivU(&n.in, e, extents[d]);
  }
  return n;
}

TileGpuNest tileGpuForOwned(TileGpuKernel *k, TileBuilder *b,
                            TileGpuLayout layout, int rank,
                            const MlirValue *extents) {
  TileGpuNest n = emptyNest(b, rank);
  switch (layout) {
  case TileGpuGrid:
    n.idx[0] = nestLoop(&n, k->ty, extents[0], k->cTr);
    n.idx[1] = nestLoop(&n, k->tx, extents[1], k->cTc);
    break;
  case TileGpuRows:
    n.idx[0] = nestLoop(&n, k->ty, extents[0], k->cTr);
    break;
  case TileGpuCols:
    n.idx[0] = nestLoop(&n, k->tx, extents[0], k->cTc);
    break;
  default:
    break;
  }
  return n;
}

TileBuilder tileGpuOneReplica(TileGpuKernel *k, TileBuilder *b,
                              TileGpuLayout layout) {
  MlirValue who = layout == TileGpuRows   ? k->tx
                  : layout == TileGpuCols ? k->ty
                  : layout == TileGpuGrid ? (MlirValue){NULL}
                                          : k->tid;
  if (mlirValueIsNull(who))
    return *b;
  MlirBlock then = tbIf(b, tbCmpI(b, "eq", who, tbConstIndex(b, 0)));
  return tbAtTerminator(then, b->loc);
}

void tileGpuStaticExtents(TileBuilder *b, MlirType shaped, MlirValue *out) {
  for (int64_t d = 0; d < tileRank(shaped); ++d)
    out[d] = tbConstIndex(b, tileDim(shaped, d));
}

void tileGpuExtents(TileBuilder *b, MlirValue memref, MlirValue *out) {
  MlirType type = mlirValueGetType(memref);
  for (int64_t d = 0; d < tileRank(type); ++d)
    out[d] = tileIsDynamicDim(type, d) ? tbDim(b, memref, d)
                                       : tbConstIndex(b, tileDim(type, d));
}

/*===--- element access ---------------------------------------------------===*/

int tileGpuSlot(const TileGpuKernel *k, const TileGpuFragment *f,
                TileBuilder *b, const MlirValue *idx, MlirValue *slot) {
  switch (f->layout) {
  case TileGpuGrid:
    slot[0] = tbDivU(b, idx[0], k->cTr);
    slot[1] = tbDivU(b, idx[1], k->cTc);
    return 2;
  case TileGpuRows:
    slot[0] = tbDivU(b, idx[0], k->cTr);
    return 1;
  case TileGpuCols:
    slot[0] = tbDivU(b, idx[0], k->cTc);
    return 1;
  default:
    return 0;
  }
}

MlirValue tileGpuLoad(TileGpuKernel *k, TileBuilder *b, MlirValue tile,
                      const MlirValue *idx) {
  const TileGpuFragment *f = tileGpuFragmentOf(k, tile);
  if (!f)
    return tbLoad(b, tile, tileRank(mlirValueGetType(tile)), idx);
  MlirValue slot[2];
  int n = tileGpuSlot(k, f, b, idx, slot);
  return tbLoad(b, f->regs, n, slot);
}

void tileGpuStore(TileGpuKernel *k, TileBuilder *b, MlirValue value,
                  MlirValue tile, const MlirValue *idx) {
  const TileGpuFragment *f = tileGpuFragmentOf(k, tile);
  if (!f) {
    tbStore(b, value, tile, tileRank(mlirValueGetType(tile)), idx);
    return;
  }
  MlirValue slot[2];
  int n = tileGpuSlot(k, f, b, idx, slot);
  tbStore(b, value, f->regs, n, slot);
}

MlirValue tileGpuWindow(TileBuilder *b, MlirValue buffer,
                        const MlirValue *offsets, int innerRank,
                        const MlirValue *idx, MlirValue *out) {
  MlirType type = mlirValueGetType(buffer);
  int rank = (int)tileRank(type);
  int lead = rank - innerRank;
  MlirValue extents[TILE_MAX_RANK];
  tileGpuExtents(b, buffer, extents);
  MlirValue inside = (MlirValue){NULL};
  for (int d = 0; d < rank; ++d) {
    out[d] = d < lead ? offsets[d] : tbAdd(b, offsets[d], idx[d - lead]);
    MlirValue ok = tbCmpI(b, "ult", out[d], extents[d]);
    inside = mlirValueIsNull(inside) ? ok : tbAnd(b, inside, ok);
  }
  return mlirValueIsNull(inside) ? tbConstInt(b, tbI1(b), 1) : inside;
}
