/* SIMT lowering of tile.fill: a fragment fills its registers on every
 * thread, a local tile on every thread, shared and global buffers
 * cooperatively. */
#include "gpu/simt.h"

#include "tile/dialect.h"

void tileGpuLowerFill(TileGpuKernel *k, MlirOperation op) {
  MlirValue dst = mlirOperationGetOperand(op, 0);
  MlirValue value = mlirOperationGetOperand(op, 1);
  TileBuilder b = tbBefore(op);
  MlirValue extents[TILE_MAX_RANK];
  const TileGpuFragment *f = tileGpuFragmentOf(k, dst);
  if (f) {
    /* Every register, padding included: simpler, and padding is never
     * read as an element. */
    MlirType regs = mlirValueGetType(f->regs);
    tileGpuStaticExtents(&b, regs, extents);
    TileGpuNest n = tileGpuForAll(&b, (int)tileRank(regs), extents);
    tbStore(&n.in, value, f->regs, n.rank, n.idx);
    mlirOperationDestroy(op);
    return;
  }
  MlirType type = mlirValueGetType(dst);
  int rank = (int)tileRank(type);
  tileGpuExtents(&b, dst, extents);
  TileGpuNest n = tileMemRefTypeGetScope(type) == TileScopeLocal
                      ? tileGpuForAll(&b, rank, extents)
                      : tileGpuForCooperative(k, &b, rank, extents);
  tbStore(&n.in, value, dst, rank, n.idx);
  mlirOperationDestroy(op);
}
