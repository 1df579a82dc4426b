/* Windows of copies and atomic adds: indices and bounds of the tile inside
 * the larger buffer; the runs of elements read and written through them. */
#include "cpu/lowering.h"

TileWindow tileCpuWindow(TileBuilder *b, MlirOperation op, MlirValue buffer,
                         intptr_t firstOffset, intptr_t numOffsets,
                         intptr_t tileDims) {
  TileWindow w;
  MlirType type = mlirValueGetType(buffer);
  w.buffer = buffer;
  w.rank = tileRank(type);
  w.lead = w.rank - tileDims;
  for (intptr_t d = 0; d < w.rank; ++d) {
    w.offsets[d] = numOffsets ? mlirOperationGetOperand(op, firstOffset + d)
                              : tbConstIndex(b, 0);
    w.sizes[d] = tileIsDynamicDim(type, d) ? tbDim(b, buffer, d)
                                           : tbConstIndex(b, tileDim(type, d));
  }
  return w;
}

/* offset + extent <= size, unsigned so that no wrapped offset passes. */
static MlirValue fits(TileBuilder *b, MlirValue offset, int64_t extent,
                      MlirValue size) {
  MlirValue end = tbAdd(b, offset, tbConstIndex(b, extent));
  MlirValue noWrap = tbCmpI(b, "ule", offset, end);
  return tbAnd(b, noWrap, tbCmpI(b, "ule", end, size));
}

MlirValue tileCpuWindowInBounds(TileBuilder *b, const TileWindow *w,
                                const int64_t *shape) {
  MlirValue ok = tbConstInt(b, tbI1(b), 1);
  for (intptr_t d = 0; d < w->rank; ++d) {
    int64_t extent = d < w->lead ? 1 : shape[d - w->lead];
    ok = tbAnd(b, ok, fits(b, w->offsets[d], extent, w->sizes[d]));
  }
  return ok;
}

void tileCpuWindowIndices(TileBuilder *b, const TileWindow *w,
                          const MlirValue *tileIndices, MlirValue *out) {
  for (intptr_t d = 0; d < w->rank; ++d)
    out[d] = d < w->lead ? w->offsets[d]
                         : tbAdd(b, w->offsets[d], tileIndices[d - w->lead]);
}

MlirValue tileCpuWindowRowValid(TileBuilder *b, const TileWindow *w,
                                const MlirValue *outer, intptr_t numOuter) {
  MlirValue ok = tbConstInt(b, tbI1(b), 1);
  for (intptr_t d = 0; d < w->lead + numOuter && d < w->rank; ++d) {
    MlirValue index = d < w->lead ? w->offsets[d]
                                  : tbAdd(b, w->offsets[d], outer[d - w->lead]);
    ok = tbAnd(b, ok, tbCmpI(b, "ult", index, w->sizes[d]));
  }
  return ok;
}

bool tileCpuUnitInnerStride(MlirType t) {
  intptr_t rank = tileRank(t);
  if (rank == 0)
    return true;
  int64_t strides[TILE_MAX_RANK], offset;
  if (rank > TILE_MAX_RANK ||
      mlirLogicalResultIsFailure(
          mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)))
    return false;
  return strides[rank - 1] == 1;
}

MlirValue tileCpuLoadRun(TileBuilder *b, MlirType vectorType, MlirValue memref,
                         intptr_t rank, const MlirValue *indices,
                         MlirValue mask, MlirValue pad) {
  bool contiguous = tileCpuUnitInnerStride(mlirValueGetType(memref));
  if (contiguous && mlirValueIsNull(mask))
    return tbVLoad(b, vectorType, memref, rank, indices);
  if (mlirValueIsNull(pad))
    pad = tileCpuConstant(b, tileElementType(mlirValueGetType(memref)), 0);
  if (!contiguous)
    return tbVTransferRead(b, vectorType, memref, rank, indices, pad, mask);
  return tbVMaskedLoad(b, memref, rank, indices, mask,
                       tbVBroadcast(b, vectorType, pad));
}

void tileCpuStoreRun(TileBuilder *b, MlirValue value, MlirValue memref,
                     intptr_t rank, const MlirValue *indices, MlirValue mask) {
  if (!tileCpuUnitInnerStride(mlirValueGetType(memref)))
    tbVTransferWrite(b, value, memref, rank, indices, mask);
  else if (mlirValueIsNull(mask))
    tbVStore(b, value, memref, rank, indices);
  else
    tbVMaskedStore(b, value, memref, rank, indices, mask);
}
