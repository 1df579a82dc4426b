/* SIMT lowering of tile.atomic_add: every source element is added with
 * memref.atomic_rmw into the window of the global or shared destination,
 * by the thread that holds it (the first replica of a replicated fragment,
 * under a condition inside the loops that every replica runs; every
 * element of a shared or global source once over the block; all of a local
 * source on every thread, which holds its own copy). Elements outside the
 * destination are dropped. */
#include "gpu/simt.h"

#include "tile/dialect.h"

void tileGpuLowerAtomicAdd(TileGpuKernel *k, MlirOperation op) {
  MlirValue src = mlirOperationGetOperand(op, 0);
  MlirValue dst = mlirOperationGetOperand(op, 1);
  MlirValue offsets[TILE_MAX_RANK];
  intptr_t numOffsets = mlirOperationGetNumOperands(op) - 2;
  for (intptr_t i = 0; i < numOffsets && i < TILE_MAX_RANK; ++i)
    offsets[i] = mlirOperationGetOperand(op, 2 + i);
  MlirType srcType = mlirValueGetType(src);
  int rank = (int)tileRank(srcType);
  TileBuilder b = tbBefore(op);
  MlirValue extents[TILE_MAX_RANK];
  tileGpuStaticExtents(&b, srcType, extents);
  const TileGpuFragment *f = tileGpuFragmentOf(k, src);
  TileGpuNest n;
  MlirValue first = {NULL};
  if (f) {
    /* Every replica runs the loops and the first one adds: loops that only
     * some threads of a subgroup run, around atomics with acquire-release
     * semantics, stopped those threads for good on lavapipe (the rest of
     * the kernel too), which lost adds and stores. */
    first = tileGpuIsFirstReplica(k, &b, f->layout);
    n = tileGpuForOwned(k, &b, f->layout, rank, extents);
  } else if (tileMemRefTypeGetScope(srcType) == TileScopeLocal) {
    n = tileGpuForAll(&b, rank, extents);
  } else {
    n = tileGpuForCooperative(k, &b, rank, extents);
  }
  MlirValue at[TILE_MAX_RANK];
  MlirValue inside = tileGpuWindow(&n.in, dst, offsets, rank, n.idx, at);
  if (!mlirValueIsNull(first))
    inside = tbAnd(&n.in, first, inside);
  MlirValue value = tileGpuLoad(k, &n.in, src, n.idx);
  TileBuilder then = tbAtTerminator(tbIf(&n.in, inside), n.in.loc);
  bool isFloat = mlirTypeIsAFloat(tileElementType(srcType));
  tbAtomicRmw(&then, isFloat ? "addf" : "addi", value, dst, numOffsets, at);
  mlirOperationDestroy(op);
}
