/* SIMT lowering of thread-parallel loops. A loop that touches fragments
 * iterates over the elements this thread holds (grid: i from ty step tr, j
 * from tx step tc; rows; cols), which is what makes elementwise code on
 * fragments (epilogues, softmax) correct; a loop that writes a thread's
 * own buffer (a local tile) runs every iteration on every thread, so that
 * every copy gets every value; any other loop spreads its iterations over
 * all threads. No barrier follows: tile-gpu-barriers
 * places them where shared memory needs one. */
#include "gpu/simt.h"

typedef struct {
  unsigned rank;
  MlirValue lb[TILE_MAX_RANK], ub[TILE_MAX_RANK], step[TILE_MAX_RANK];
} Bounds;

static void mixed(TileBuilder *b, MlirOperation forall, const char *attrName,
                  intptr_t *next, unsigned rank, MlirValue *out) {
  MlirAttribute statics = tileOpGetAttr(forall, attrName);
  for (unsigned i = 0; i < rank; ++i) {
    int64_t v = mlirDenseI64ArrayGetElement(statics, i);
    out[i] = v == INT64_MIN ? mlirOperationGetOperand(forall, (*next)++)
                            : tbConstIndex(b, v);
  }
}

static Bounds boundsOf(TileBuilder *b, MlirOperation loop) {
  Bounds bounds;
  bounds.rank = tileGpuLoopRank(loop);
  if (tileOpIs(loop, "scf.parallel")) {
    for (unsigned i = 0; i < bounds.rank; ++i) {
      bounds.lb[i] = mlirOperationGetOperand(loop, i);
      bounds.ub[i] = mlirOperationGetOperand(loop, bounds.rank + i);
      bounds.step[i] = mlirOperationGetOperand(loop, 2 * bounds.rank + i);
    }
    return bounds;
  }
  intptr_t next = 0;
  mixed(b, loop, "staticLowerBound", &next, bounds.rank, bounds.lb);
  mixed(b, loop, "staticUpperBound", &next, bounds.rank, bounds.ub);
  mixed(b, loop, "staticStep", &next, bounds.rank, bounds.step);
  return bounds;
}

/* Spreads the iterations over all threads:
 *   for e = tid; e < trips; e += threads { ivs = lb + delinearize(e) * step }
 * or, `replicated`, runs every iteration on every thread. */
static TileGpuNest spread(TileGpuKernel *k, TileBuilder *b,
                          const Bounds *bounds, bool replicated) {
  MlirValue trips[TILE_MAX_RANK];
  for (unsigned i = 0; i < bounds->rank; ++i)
    trips[i] = tbTripCount(b, bounds->lb[i], bounds->ub[i], bounds->step[i]);
  TileGpuNest n = replicated
                      ? tileGpuForAll(b, (int)bounds->rank, trips)
                      : tileGpuForCooperative(k, b, (int)bounds->rank, trips);
  for (unsigned i = 0; i < bounds->rank; ++i)
    n.idx[i] =
        tbAdd(&n.in, bounds->lb[i], tbMul(&n.in, n.idx[i], bounds->step[i]));
  return n;
}

void tileGpuLowerParallel(TileGpuKernel *k, MlirOperation loop) {
  TileGpuLayout dist =
      tileGpuLayoutFromAttr(tileOpGetAttr(loop, TILE_GPU_DISTRIBUTE_ATTR));
  if (dist == TileGpuNone) {
    tileGpuFail(&k->errors, loop,
                "has no distribution; run tile-gpu-layout first");
    return;
  }
  TileBuilder b = tbBefore(loop);
  Bounds bounds = boundsOf(&b, loop);
  TileGpuNest n =
      dist == TileGpuThreads ? spread(k, &b, &bounds, false)
      : dist == TileGpuReplicated
          ? spread(k, &b, &bounds, true)
          : tileGpuForOwned(k, &b, dist, (int)bounds.rank, bounds.ub);
  /* The nest's innermost block ends in a terminator; the body goes before
   * it. */
  tileInlineLoopBody(loop, n.in.before, n.idx);
  mlirOperationDestroy(loop);
}
