/* Loop nests and element access shared by the SIMT lowerings of tile ops:
 * every element on every thread, every element once over the block, the
 * elements a thread holds, and windows with bounds checks. */
#include "gpu/simt.h"

#include "tile/dialect.h"

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
  MlirType type =
      tbMemRefTypeIn(&b, rank, shape, element,
                     tileScopeGetMemorySpace(b.ctx, TileScopeShared));
  return tbResult(tbCreate(&b, "tile.alloc", 0, NULL, 1, &type, 0, NULL));
}

MlirValue tileGpuPrivateArray(TileGpuKernel *k, int64_t n, MlirType element) {
  TileBuilder b = tileGpuEntry(k);
  MlirType type = tbMemRefTypeIn(
      &b, 1, &n, element, tileScopeGetMemorySpace(b.ctx, TileScopeLocal));
  return tbAllocaType(&b, type);
}

/*===--- loop nests -------------------------------------------------------===*/

/* Adds scf.for lb..ub step `step` to the nest and moves inside it. */
static MlirValue nestLoop(TileGpuNest *n, MlirValue lb, MlirValue ub,
                          MlirValue step) {
  TileLoop loop = tbFor(&n->in, lb, ub, step);
  if (mlirOperationIsNull(n->outer)) {
    n->outer = loop.op;
    mlirOperationSetDiscardableAttributeByName(
        loop.op, tileRef(TILE_GPU_DISTRIBUTED_ATTR),
        mlirUnitAttrGet(n->in.ctx));
  }
  n->in = tbAtTerminator(loop.body, n->in.loc);
  return loop.iv;
}

static int64_t constantOf(MlirValue v) {
  int64_t value;
  return tileConstantInt(v, &value) ? value : -1;
}

/* i = first + r * step for r < ceil(extent / step), with first < step, and
 * a guard i < extent unless every i is inside. The trip count is the same
 * on every thread: loops whose trip count depends on the thread run
 * atomics wrongly on some drivers (lavapipe), and uniform trip counts
 * unroll. */
static MlirValue nestStrided(TileGpuNest *n, MlirValue first, MlirValue extent,
                             int64_t step) {
  TileBuilder *b = &n->in;
  int64_t e = constantOf(extent);
  /* (No iteration where a dynamic extent is 0 or negative.) */
  MlirValue trips =
      tbTripCount(b, tbConstIndex(b, 0), extent, tbConstIndex(b, step));
  MlirValue r = nestLoop(n, tbConstIndex(b, 0), trips, tbConstIndex(b, 1));
  MlirValue i =
      tbAdd(&n->in, first, tbMul(&n->in, r, tbConstIndex(&n->in, step)));
  if (e < 0 || e % step) {
    MlirBlock then = tbIf(&n->in, tbCmpI(&n->in, "ult", i, extent));
    n->in = tbAtTerminator(then, n->in.loc);
  }
  return i;
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
    MlirBlock then = tbIf(b, tbCmpI(b, "eq", k->tid, tbConstIndex(b, 0)));
    n.outer = mlirBlockGetParentOperation(then);
    mlirOperationSetDiscardableAttributeByName(
        n.outer, tileRef(TILE_GPU_DISTRIBUTED_ATTR), mlirUnitAttrGet(b->ctx));
    n.in = tbAtTerminator(then, b->loc);
    return n;
  }
  /* A static total lets the strided loop drop its bounds check. */
  int64_t size = 1;
  MlirValue total = extents[0];
  for (int d = 0; d < rank; ++d) {
    int64_t e = constantOf(extents[d]);
    size = size < 0 || e < 0 ? -1 : size * e;
    if (d)
      total = tbMul(b, total, extents[d]);
  }
  if (size >= 0)
    total = tbConstIndex(b, size);
  MlirValue e = nestStrided(&n, k->tid, total, k->threads);
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
    n.idx[0] = nestStrided(&n, k->ty, extents[0], k->tr);
    n.idx[1] = nestStrided(&n, k->tx, extents[1], k->tc);
    break;
  case TileGpuRows:
    n.idx[0] = nestStrided(&n, k->ty, extents[0], k->tr);
    break;
  case TileGpuCols:
    n.idx[0] = nestStrided(&n, k->tx, extents[0], k->tc);
    break;
  default:
    break;
  }
  return n;
}

MlirValue tileGpuIsFirstReplica(TileGpuKernel *k, TileBuilder *b,
                                TileGpuLayout layout) {
  MlirValue who = layout == TileGpuRows   ? k->tx
                  : layout == TileGpuCols ? k->ty
                  : layout == TileGpuGrid ? (MlirValue){NULL}
                                          : k->tid;
  if (mlirValueIsNull(who))
    return who;
  return tbCmpI(b, "eq", who, tbConstIndex(b, 0));
}

TileBuilder tileGpuOneReplica(TileGpuKernel *k, TileBuilder *b,
                              TileGpuLayout layout) {
  MlirValue first = tileGpuIsFirstReplica(k, b, layout);
  if (mlirValueIsNull(first))
    return *b;
  return tbAtTerminator(tbIf(b, first), b->loc);
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

/* `index` / `step` where `first` < `step`. When the index is the
 * first + r * step of an owned loop, that is its trip counter r: no
 * division, and slots that a compiler sees are loop counters (so register
 * arrays unroll into registers). */
static MlirValue slotOf(TileBuilder *b, MlirValue index, MlirValue first,
                        MlirValue step) {
  if (mlirValueIsAOpResult(index) &&
      tileOpIs(mlirOpResultGetOwner(index), "arith.addi")) {
    MlirOperation add = mlirOpResultGetOwner(index);
    MlirValue base = mlirOperationGetOperand(add, 0);
    MlirValue offset = mlirOperationGetOperand(add, 1);
    if (mlirValueEqual(base, first) && mlirValueIsAOpResult(offset) &&
        tileOpIs(mlirOpResultGetOwner(offset), "arith.muli")) {
      MlirOperation mul = mlirOpResultGetOwner(offset);
      if (constantOf(mlirOperationGetOperand(mul, 1)) == constantOf(step))
        return mlirOperationGetOperand(mul, 0);
    }
  }
  return tbDivU(b, index, step);
}

MlirValue tileGpuLineSlot(const TileGpuKernel *k, TileBuilder *b,
                          MlirValue index, bool row) {
  return row ? slotOf(b, index, k->ty, k->cTr)
             : slotOf(b, index, k->tx, k->cTc);
}

int tileGpuSlot(const TileGpuKernel *k, const TileGpuFragment *f,
                TileBuilder *b, const MlirValue *idx, MlirValue *slot) {
  switch (f->layout) {
  case TileGpuGrid:
    slot[0] = slotOf(b, idx[0], k->ty, k->cTr);
    slot[1] = slotOf(b, idx[1], k->tx, k->cTc);
    return 2;
  case TileGpuRows:
    slot[0] = slotOf(b, idx[0], k->ty, k->cTr);
    return 1;
  case TileGpuCols:
    slot[0] = slotOf(b, idx[0], k->tx, k->cTc);
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
