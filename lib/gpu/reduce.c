/* SIMT lowering of tile.reduce. A fragment source is reduced in two steps:
 * each thread combines the elements it holds into per-line partials, then
 * the threads sharing a line combine their partials through a shared
 * scratch buffer (every thread of the line reads all partials in the same
 * order, so replicas of the result agree bit for bit). A row reduction of a
 * grid fragment thus yields a rows vector, a column reduction a cols
 * vector, and reducing a vector yields a scalar on every thread. A shared
 * or local source is read directly by whoever holds each result; so is a
 * grid fragment, staged in shared memory, that is reduced into a local
 * buffer (every thread needs every line).
 *
 * In a kernel that states its subgroup size, the partials of the threads
 * of a line that share a subgroup are first combined with xor shuffles (a
 * butterfly: each step combines the same two values on both lanes, so
 * every lane ends with the same bits); shared memory then only combines
 * one partial per subgroup, and not at all when the line's threads fit in
 * one subgroup. */
#include "gpu/simt.h"

#include "tile/dialect.h"

#include <string.h>

typedef enum { Sum, Max, Min, AbsMax, AbsSum } Kind;

typedef struct {
  MlirOperation op;
  MlirValue src, dst;
  Kind kind;
  int dim;
  bool clear;
  MlirType element;
} Reduce;

static Reduce parse(MlirOperation op) {
  Reduce r;
  r.op = op;
  r.src = mlirOperationGetOperand(op, 0);
  r.dst = mlirOperationGetOperand(op, 1);
  MlirStringRef kind = mlirStringAttrGetValue(tileOpGetAttr(op, "kind"));
  r.kind = tileStrRefEquals(kind, "max")      ? Max
           : tileStrRefEquals(kind, "min")    ? Min
           : tileStrRefEquals(kind, "absmax") ? AbsMax
           : tileStrRefEquals(kind, "abssum") ? AbsSum
                                              : Sum;
  r.dim = (int)mlirIntegerAttrGetValueInt(tileOpGetAttr(op, "dim"));
  bool ok;
  r.clear = tileGetBoolAttr(op, "clear", true, &ok);
  r.element = tileElementType(mlirValueGetType(r.src));
  return r;
}

static MlirValue identity(TileBuilder *b, const Reduce *r) {
  switch (r->kind) {
  case Max:
    return tbLowestOf(b, r->element);
  case Min:
    return tbHighestOf(b, r->element);
  default:
    return tbZeroOf(b, r->element);
  }
}

static MlirValue combine(TileBuilder *b, const Reduce *r, MlirValue acc,
                         MlirValue x) {
  switch (r->kind) {
  case Sum:
  case AbsSum:
    return tbAddAny(b, acc, x);
  case Min:
    return tbMinAny(b, acc, x);
  default:
    return tbMaxAny(b, acc, x);
  }
}

/* Folds one source element into an accumulator. */
static MlirValue fold(TileBuilder *b, const Reduce *r, MlirValue acc,
                      MlirValue x) {
  bool abs = r->kind == AbsMax || r->kind == AbsSum;
  return combine(b, r, acc, abs ? tbAbsAny(b, x) : x);
}

/* The value stored for a result: combined with what dest holds unless
 * `clear`. */
static void storeResult(TileGpuKernel *k, TileBuilder *b, const Reduce *r,
                        MlirValue result, const MlirValue *idx) {
  if (!r->clear)
    result = combine(b, r, tileGpuLoad(k, b, r->dst, idx), result);
  tileGpuStore(k, b, result, r->dst, idx);
}

/*===--- subgroup shuffles -----------------------------------------------===*/

static bool isPowerOfTwo(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }

/* How many of a line's `peers` threads (ids `stride` apart) lie in one
 * subgroup, where a butterfly of xor shuffles combines them: the peer
 * index must be a bit field of the thread id, so both are powers of two.
 * 1 when the kernel states no subgroup size: no shuffles. */
static int64_t peersPerSubgroup(const TileGpuKernel *k, int64_t peers,
                                int64_t stride) {
  if (!k->subgroup || !isPowerOfTwo(peers) || !isPowerOfTwo(stride) ||
      stride >= k->subgroup)
    return 1;
  int64_t span = k->subgroup / stride;
  return span < peers ? span : peers;
}

/* Combines part[slot] over the `span` peers of this thread's subgroup. */
static void butterfly(TileGpuKernel *k, TileBuilder *b, const Reduce *r,
                      MlirValue part, MlirValue slot, int64_t span,
                      int64_t stride) {
  MlirValue v = tbLoad(b, part, 1, &slot);
  for (int64_t step = 1; step < span; step *= 2)
    v = combine(b, r, v,
                tileGpuShuffleXor(b, v, step * stride, k->subgroup, false));
  tbStore(b, v, part, 1, &slot);
}

/* How many of a line's `peers` threads take part in the combine through
 * shared memory: those that hold elements of it (the first `owned`; a grid
 * wider than the tile leaves the others with the identity), in whole
 * subgroups of `span`, at least one subgroup. */
static int64_t peersUsed(int64_t peers, int64_t owned, int64_t span) {
  int64_t used = peers < owned ? peers : owned;
  used = tileCeilDiv(used, span) * span;
  if (used < span)
    used = span;
  return used < peers ? used : peers;
}

/* `then` of `if (me < used)`, or `b` itself when every peer is used. */
static TileBuilder ifPeerUsed(TileBuilder *b, MlirValue me, int64_t used,
                              int64_t peers) {
  if (used >= peers)
    return *b;
  MlirBlock then = tbIf(b, tbCmpI(b, "ult", me, tbConstIndex(b, used)));
  return tbAtTerminator(then, b->loc);
}

/*===--- grid fragment -> rows / cols -------------------------------------===*/

/* Reduces a grid fragment along `dim` into per-line partials `part`
 * (indexed by line slot), then across the `peers` threads of each line. */
static void reduceGrid(TileGpuKernel *k, TileBuilder *b, const Reduce *r,
                       const TileGpuFragment *fs) {
  MlirType type = mlirValueGetType(r->src);
  int64_t shape[2] = {tileDim(type, 0), tileDim(type, 1)};
  bool rows = r->dim == 1; /* results are per row */
  TileGpuLayout line = rows ? TileGpuRows : TileGpuCols;
  int64_t lines = shape[rows ? 0 : 1];
  int64_t peers = rows ? k->tc : k->tr;
  MlirValue part = tileGpuPrivateArray(
      k, tileCeilDiv(lines, rows ? k->tr : k->tc), r->element);
  MlirValue numLines = tbConstIndex(b, lines);
  TileGpuNest init = tileGpuForOwned(k, b, line, 1, &numLines);
  MlirValue slot = tileGpuLineSlot(k, &init.in, init.idx[0], rows);
  tbStore(&init.in, identity(&init.in, r), part, 1, &slot);

  MlirValue extents[2];
  tileGpuStaticExtents(b, type, extents);
  TileGpuNest all = tileGpuForOwned(k, b, TileGpuGrid, 2, extents);
  slot = tileGpuLineSlot(k, &all.in, all.idx[rows ? 0 : 1], rows);
  MlirValue acc = tbLoad(&all.in, part, 1, &slot);
  MlirValue x = tileGpuLoad(k, &all.in, fs->tile, all.idx);
  tbStore(&all.in, fold(&all.in, r, acc, x), part, 1, &slot);

  /* Peers of a row are consecutive thread ids; of a column, tc apart. */
  int64_t span = peersPerSubgroup(k, peers, rows ? 1 : k->tc);
  if (span > 1) {
    TileGpuNest sh = tileGpuForOwned(k, b, line, 1, &numLines);
    butterfly(k, &sh.in, r, part, tileGpuLineSlot(k, &sh.in, sh.idx[0], rows),
              span, rows ? 1 : k->tc);
  }
  if (peers > span) {
    /* scratch[line][peer] for rows, scratch[peer][line] for columns; after
     * the shuffles, peers 0, span, 2 span... hold one subgroup's partial
     * each. Peers past the tile's extent hold nothing and write nothing. */
    int64_t used = peersUsed(peers, shape[rows ? 1 : 0], span);
    int64_t scratchShape[2] = {rows ? lines : used, rows ? used : lines};
    MlirValue scratch = tileGpuScratch(k, 2, scratchShape, r->element);
    MlirValue me = rows ? k->tx : k->ty;
    TileBuilder writers = ifPeerUsed(b, me, used, peers);
    TileGpuNest put = tileGpuForOwned(k, &writers, line, 1, &numLines);
    slot = tileGpuLineSlot(k, &put.in, put.idx[0], rows);
    MlirValue at[2] = {rows ? put.idx[0] : me, rows ? me : put.idx[0]};
    tbStore(&put.in, tbLoad(&put.in, part, 1, &slot), scratch, 2, at);
    tbBarrier(b);
    TileGpuNest get = tileGpuForOwned(k, b, line, 1, &numLines);
    slot = tileGpuLineSlot(k, &get.in, get.idx[0], rows);
    MlirValue first[2] = {rows ? get.idx[0] : tbConstIndex(&get.in, 0),
                          rows ? tbConstIndex(&get.in, 0) : get.idx[0]};
    MlirValue total = tbLoad(&get.in, scratch, 2, first);
    tbStore(&get.in, total, part, 1, &slot);
    TileLoop peer =
        tbFor(&get.in, tbConstIndex(&get.in, span), tbConstIndex(&get.in, used),
              tbConstIndex(&get.in, span));
    TileBuilder in = tbAtTerminator(peer.body, b->loc);
    MlirValue from[2] = {rows ? get.idx[0] : peer.iv,
                         rows ? peer.iv : get.idx[0]};
    MlirValue sum = combine(&in, r, tbLoad(&in, part, 1, &slot),
                            tbLoad(&in, scratch, 2, from));
    tbStore(&in, sum, part, 1, &slot);
  }

  TileBuilder one =
      tileGpuFragmentOf(k, r->dst) ? *b : tileGpuOneReplica(k, b, line);
  TileGpuNest out = tileGpuForOwned(k, &one, line, 1, &numLines);
  slot = tileGpuLineSlot(k, &out.in, out.idx[0], rows);
  storeResult(k, &out.in, r, tbLoad(&out.in, part, 1, &slot), out.idx);
}

/*===--- rows / cols fragment -> scalar -----------------------------------===*/

static void reduceVector(TileGpuKernel *k, TileBuilder *b, const Reduce *r,
                         const TileGpuFragment *fs) {
  MlirValue part = tileGpuPrivateArray(k, 1, r->element);
  MlirValue zero = tbConstIndex(b, 0);
  tbStore(b, identity(b, r), part, 1, &zero);
  MlirValue extent = tbConstIndex(b, tileDim(mlirValueGetType(r->src), 0));
  TileGpuNest all = tileGpuForOwned(k, b, fs->layout, 1, &extent);
  MlirValue acc = tbLoad(&all.in, part, 1, &zero);
  MlirValue x = tileGpuLoad(k, &all.in, fs->tile, all.idx);
  tbStore(&all.in, fold(&all.in, r, acc, x), part, 1, &zero);

  bool rows = fs->layout == TileGpuRows;
  int64_t peers = rows ? k->tr : k->tc;
  /* The holders of a rows vector's elements are tc thread ids apart. */
  int64_t span = peersPerSubgroup(k, peers, rows ? k->tc : 1);
  if (span > 1)
    butterfly(k, b, r, part, zero, span, rows ? k->tc : 1);
  if (peers > span) {
    int64_t used = peersUsed(peers, tileDim(mlirValueGetType(r->src), 0), span);
    MlirValue scratch = tileGpuScratch(k, 1, &used, r->element);
    TileBuilder one = tileGpuOneReplica(k, b, fs->layout);
    MlirValue me = rows ? k->ty : k->tx;
    TileBuilder writer = ifPeerUsed(&one, me, used, peers);
    tbStore(&writer, tbLoad(&writer, part, 1, &zero), scratch, 1, &me);
    tbBarrier(b);
    tbStore(b, tbLoad(b, scratch, 1, &zero), part, 1, &zero);
    TileLoop peer = tbFor(b, tbConstIndex(b, span), tbConstIndex(b, used),
                          tbConstIndex(b, span));
    TileBuilder in = tbAtTerminator(peer.body, b->loc);
    MlirValue sum = combine(&in, r, tbLoad(&in, part, 1, &zero),
                            tbLoad(&in, scratch, 1, &peer.iv));
    tbStore(&in, sum, part, 1, &zero);
  }
  bool shared =
      tileMemRefTypeGetScope(mlirValueGetType(r->dst)) == TileScopeShared;
  TileBuilder one = shared ? tileGpuOneReplica(k, b, TileGpuScalar) : *b;
  storeResult(k, &one, r, tbLoad(&one, part, 1, &zero), NULL);
}

/*===--- shared or local source -------------------------------------------===*/

/* Each result is computed by whoever holds it, reading its whole line. */
static void reduceReadable(TileGpuKernel *k, TileBuilder *b, const Reduce *r) {
  MlirType srcType = mlirValueGetType(r->src);
  int rank = (int)tileRank(srcType);
  MlirValue srcExtents[TILE_MAX_RANK], extents[TILE_MAX_RANK];
  tileGpuStaticExtents(b, srcType, srcExtents);
  for (int d = 0, o = 0; d < rank; ++d)
    if (d != r->dim)
      extents[o++] = srcExtents[d];
  const TileGpuFragment *fd = tileGpuFragmentOf(k, r->dst);
  TileScope dstScope = tileMemRefTypeGetScope(mlirValueGetType(r->dst));
  TileGpuNest n = fd ? tileGpuForOwned(k, b, fd->layout, rank - 1, extents)
                  : dstScope == TileScopeLocal
                      ? tileGpuForAll(b, rank - 1, extents)
                      : tileGpuForCooperative(k, b, rank - 1, extents);
  MlirValue acc = tileGpuPrivateArray(k, 1, r->element);
  MlirValue zero = tbConstIndex(&n.in, 0);
  tbStore(&n.in, identity(&n.in, r), acc, 1, &zero);
  TileLoop line =
      tbFor(&n.in, zero, srcExtents[r->dim], tbConstIndex(&n.in, 1));
  TileBuilder in = tbAtTerminator(line.body, b->loc);
  MlirValue at[TILE_MAX_RANK];
  for (int d = 0, o = 0; d < rank; ++d)
    at[d] = d == r->dim ? line.iv : n.idx[o++];
  MlirValue x = tbLoad(&in, r->src, rank, at);
  tbStore(&in, fold(&in, r, tbLoad(&in, acc, 1, &zero), x), acc, 1, &zero);
  storeResult(k, &n.in, r, tbLoad(&n.in, acc, 1, &zero), n.idx);
}

void tileGpuLowerReduce(TileGpuKernel *k, MlirOperation op) {
  Reduce r = parse(op);
  TileBuilder b = tbBefore(op);
  const TileGpuFragment *fs = tileGpuFragmentOf(k, r.src);
  const TileGpuFragment *fd = tileGpuFragmentOf(k, r.dst);
  TileScope dstScope = tileMemRefTypeGetScope(mlirValueGetType(r.dst));
  TileGpuLayout want = r.dim == 1 ? TileGpuRows : TileGpuCols;
  if (fs && fs->layout == TileGpuGrid &&
      ((fd && fd->layout != want) || dstScope == TileScopeLocal)) {
    /* Each result is needed where the grid's threads do not hold its
     * line (by every thread, for a local buffer): the fragment goes
     * through shared memory. */
    r.src = tileGpuStageFragment(k, &b, fs);
    fs = NULL;
  }
  if (!fs) {
    reduceReadable(k, &b, &r);
  } else if (fs->layout == TileGpuGrid) {
    reduceGrid(k, &b, &r, fs);
  } else {
    reduceVector(k, &b, &r, fs);
  }
  mlirOperationDestroy(op);
}
