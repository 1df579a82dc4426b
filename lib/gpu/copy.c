/* SIMT lowering of tile.copy: fragments move the elements each thread
 * holds, shared and global tiles move cooperatively (elements strided over
 * the block), local tiles move whole on every thread. A fragment goes
 * through a shared scratch tile where other threads than its holders need
 * its elements: into a local tile, through a window, into a fragment laid
 * out differently. Reads outside the source give the pad value; writes
 * outside the destination are dropped. */
#include "gpu/simt.h"

#include "tile/dialect.h"

typedef struct {
  MlirValue src, dst;
  MlirValue srcOffsets[TILE_MAX_RANK], dstOffsets[TILE_MAX_RANK];
  intptr_t numSrcOffsets, numDstOffsets;
  int rank; /* of the tile side */
  MlirAttribute pad;
} Copy;

static Copy parse(MlirOperation op) {
  Copy c;
  c.src = mlirOperationGetOperand(op, 0);
  c.dst = mlirOperationGetOperand(op, 1);
  intptr_t first;
  c.numSrcOffsets = tileOperandGroup(op, 2, &first);
  for (intptr_t i = 0; i < c.numSrcOffsets; ++i)
    c.srcOffsets[i] = mlirOperationGetOperand(op, first + i);
  c.numDstOffsets = tileOperandGroup(op, 3, &first);
  for (intptr_t i = 0; i < c.numDstOffsets; ++i)
    c.dstOffsets[i] = mlirOperationGetOperand(op, first + i);
  MlirValue tile = c.numSrcOffsets ? c.dst : c.src;
  c.rank = (int)tileRank(mlirValueGetType(tile));
  c.pad = tileOpGetAttr(op, "pad");
  return c;
}

static TileScope scopeOf(MlirValue v) {
  return tileMemRefTypeGetScope(mlirValueGetType(v));
}

static MlirValue padValue(TileBuilder *b, const Copy *c) {
  MlirType element = tileElementType(mlirValueGetType(c->src));
  return mlirAttributeIsNull(c->pad) ? tbZeroOf(b, element)
                                     : tbConstAttr(b, c->pad);
}

/* The source element at tile index `idx`, or the pad value outside. */
static MlirValue readSource(TileGpuKernel *k, TileBuilder *b, const Copy *c,
                            const MlirValue *idx) {
  if (!c->numSrcOffsets)
    return tileGpuLoad(k, b, c->src, idx);
  MlirValue at[TILE_MAX_RANK];
  MlirValue inside = tileGpuWindow(b, c->src, c->srcOffsets, c->rank, idx, at);
  MlirType element = tileElementType(mlirValueGetType(c->src));
  TileIfValue branch = tbIfValue(b, inside, element);
  TileBuilder then = tbInto(branch.thenBlock, b->loc);
  tbYieldValue(&then, tbLoad(&then, c->src, c->numSrcOffsets, at));
  TileBuilder otherwise = tbInto(branch.elseBlock, b->loc);
  tbYieldValue(&otherwise, padValue(&otherwise, c));
  return tbResult(branch.op);
}

static void writeDest(TileGpuKernel *k, TileBuilder *b, const Copy *c,
                      MlirValue value, const MlirValue *idx) {
  if (!c->numDstOffsets) {
    tileGpuStore(k, b, value, c->dst, idx);
    return;
  }
  MlirValue at[TILE_MAX_RANK];
  MlirValue inside = tileGpuWindow(b, c->dst, c->dstOffsets, c->rank, idx, at);
  TileBuilder then = tbAtTerminator(tbIf(b, inside), b->loc);
  tbStore(&then, value, c->dst, c->numDstOffsets, at);
}

/* Which elements this thread moves; NULL-outer nests run inline. A
 * fragment side is whole here (tileGpuLowerCopy stages windows of
 * fragments), and two fragments are laid out alike. */
static TileGpuNest chooseNest(TileGpuKernel *k, const Copy *c, TileBuilder *b,
                              const MlirValue *extents) {
  const TileGpuFragment *fs = tileGpuFragmentOf(k, c->src);
  const TileGpuFragment *fd = tileGpuFragmentOf(k, c->dst);
  if (fd)
    return tileGpuForOwned(k, b, fd->layout, c->rank, extents);
  if (fs) {
    TileBuilder one = tileGpuOneReplica(k, b, fs->layout);
    return tileGpuForOwned(k, &one, fs->layout, c->rank, extents);
  }
  if (scopeOf(c->src) == TileScopeLocal || scopeOf(c->dst) == TileScopeLocal)
    return tileGpuForAll(b, c->rank, extents);
  return tileGpuForCooperative(k, b, c->rank, extents);
}

/* Copies the whole of `staged`, a shared tile, into fragment `f`. */
static void unstage(TileGpuKernel *k, TileBuilder *b, MlirValue staged,
                    const TileGpuFragment *f) {
  MlirType type = mlirValueGetType(staged);
  int rank = (int)tileRank(type);
  MlirValue extents[TILE_MAX_RANK];
  tileGpuStaticExtents(b, type, extents);
  TileGpuNest n = tileGpuForOwned(k, b, f->layout, rank, extents);
  tileGpuStore(k, &n.in, tbLoad(&n.in, staged, rank, n.idx), f->tile, n.idx);
}

void tileGpuLowerCopy(TileGpuKernel *k, MlirOperation op) {
  Copy c = parse(op);
  TileBuilder b = tbBefore(op);
  /* A fragment's elements are held by some threads only: it goes through
   * shared memory where other threads need them. A fragment source does
   * when it is read through a window, when every thread writes the whole
   * of a local tile, and when the destination fragment is laid out
   * differently. A fragment destination written through a window keeps
   * its other elements: it is staged, written there, and copied back. */
  const TileGpuFragment *fs = tileGpuFragmentOf(k, c.src);
  const TileGpuFragment *fd = tileGpuFragmentOf(k, c.dst);
  if (fs && (c.numSrcOffsets || scopeOf(c.dst) == TileScopeLocal ||
             (fd && fd->layout != fs->layout)))
    c.src = tileGpuStageFragment(k, &b, fs);
  MlirValue staged = {NULL};
  if (fd && c.numDstOffsets)
    c.dst = staged = tileGpuStageFragment(k, &b, fd);
  MlirValue extents[TILE_MAX_RANK];
  tileGpuStaticExtents(&b, mlirValueGetType(c.numSrcOffsets ? c.dst : c.src),
                       extents);
  TileGpuNest nest = chooseNest(k, &c, &b, extents);
  MlirValue value = readSource(k, &nest.in, &c, nest.idx);
  value = tbConvert(&nest.in, value, tileElementType(mlirValueGetType(c.dst)));
  writeDest(k, &nest.in, &c, value, nest.idx);
  if (!mlirValueIsNull(staged)) {
    tbBarrier(&b);
    unstage(k, &b, staged, fd);
  }
  mlirOperationDestroy(op);
}

MlirValue tileGpuStageFragment(TileGpuKernel *k, TileBuilder *b,
                               const TileGpuFragment *f) {
  MlirType type = mlirValueGetType(f->tile);
  int rank = (int)tileRank(type);
  int64_t shape[TILE_MAX_RANK];
  for (int d = 0; d < rank; ++d)
    shape[d] = tileDim(type, d);
  MlirValue staged = tileGpuScratch(k, rank, shape, tileElementType(type));
  MlirValue extents[TILE_MAX_RANK];
  tileGpuStaticExtents(b, type, extents);
  TileBuilder one = tileGpuOneReplica(k, b, f->layout);
  TileGpuNest n = tileGpuForOwned(k, &one, f->layout, rank, extents);
  tbStore(&n.in, tileGpuLoad(k, &n.in, f->tile, n.idx), staged, rank, n.idx);
  tbBarrier(b);
  return staged;
}
