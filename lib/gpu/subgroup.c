/* Subgroups in the SIMT lowering: the thread numbering of a kernel that
 * states its subgroup size (tile.subgroup_size), and xor shuffles of any
 * element type over 32-bit lanes. */
#include "gpu/simt.h"

#include "ir/builder_gpu.h"
#include "ir/builder_vector.h"

MlirValue tileGpuSubgroupThreadId(TileBuilder *b, int64_t size) {
  MlirType index = tbIndex(b);
  MlirValue subgroup =
      tbResult(tbCreate(b, "gpu.subgroup_id", 0, NULL, 1, &index, 0, NULL));
  /* The size travels on the lane id, which outlining keeps in the kernel
   * body: the host side of a launch reads it there. */
  MlirNamedAttribute marker =
      tbNamed(b, TILE_GPU_SUBGROUP_ATTR, tbI64Attr(b, size));
  MlirValue lane =
      tbResult(tbCreate(b, "gpu.lane_id", 0, NULL, 1, &index, 1, &marker));
  return tbAdd(b, tbMul(b, subgroup, tbConstIndex(b, size)), lane);
}

MlirValue tileGpuLaneId32(TileBuilder *b) {
  MlirType index = tbIndex(b);
  MlirValue lane =
      tbResult(tbCreate(b, "gpu.lane_id", 0, NULL, 1, &index, 0, NULL));
  return tbConvertOp(b, "arith.index_cast", lane, tbI32(b));
}

bool tileGpuBroadcastsFromLane(MlirOperation broadcast) {
  MlirAttribute specific =
      mlirAttributeParseGet(mlirOperationGetContext(broadcast),
                            tileRef("#gpu<broadcast specific_lane>"));
  return mlirAttributeEqual(tileOpGetAttr(broadcast, "broadcast_type"),
                            specific);
}

typedef struct {
  int64_t offset, width;
  bool guarded;
} XorShuffle;

/* gpu.shuffle xor of an i32. */
static MlirValue shuffle32(TileBuilder *b, MlirValue v, void *userData) {
  const XorShuffle *x = userData;
  MlirType i32 = tbI32(b);
  MlirValue operands[] = {v, tbConstInt(b, i32, x->offset),
                          tbConstInt(b, i32, x->width)};
  MlirType results[] = {i32, tbI1(b)};
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "mode", tbParseAttr(b, "#gpu<shuffle_mode xor>")),
      tbNamed(b, TILE_GPU_GUARDED_SHUFFLE_ATTR, mlirUnitAttrGet(b->ctx))};
  return tbResult(tbCreate(b, "gpu.shuffle", 3, operands, 2, results,
                           x->guarded ? 2 : 1, attrs));
}

MlirValue tileGpuShuffleXor(TileBuilder *b, MlirValue v, int64_t offset,
                            int64_t width, bool guarded) {
  XorShuffle x = {offset, width, guarded};
  return tileGpuShuffleWords(b, v, shuffle32, &x);
}

bool tileGpuShufflesWords(MlirType type) {
  if (mlirTypeIsAFloat(type))
    return mlirFloatTypeGetWidth(type) <= 64;
  return mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) <= 64;
}

MlirValue tileGpuShuffleWords(TileBuilder *b, MlirValue v,
                              TileGpuWordShuffle shuffle, void *userData) {
  MlirType type = mlirValueGetType(v);
  bool isFloat = mlirTypeIsAFloat(type);
  unsigned bits =
      isFloat ? mlirFloatTypeGetWidth(type) : mlirIntegerTypeGetWidth(type);
  MlirType bitsType = mlirIntegerTypeGet(b->ctx, bits);
  MlirValue x = isFloat ? tbConvertOp(b, "arith.bitcast", v, bitsType) : v;
  MlirType i32 = tbI32(b);
  MlirValue y;
  if (bits == 32) {
    y = shuffle(b, x, userData);
  } else if (bits < 32) {
    /* Lanes move 32 bits: 8- and 16-bit shuffles need a device feature
     * (shaderSubgroupExtendedTypes) that 32-bit ones do not. */
    MlirValue wide = tbConvertOp(b, "arith.extui", x, i32);
    y = tbConvertOp(b, "arith.trunci", shuffle(b, wide, userData), bitsType);
  } else {
    MlirValue shift = tbConstInt(b, bitsType, 32);
    MlirValue low = tbConvertOp(b, "arith.trunci", x, i32);
    MlirValue high = tbConvertOp(b, "arith.trunci",
                                 tbBinary(b, "arith.shrui", x, shift), i32);
    low = tbConvertOp(b, "arith.extui", shuffle(b, low, userData), bitsType);
    high = tbConvertOp(b, "arith.extui", shuffle(b, high, userData), bitsType);
    y = tbBinary(b, "arith.ori", tbBinary(b, "arith.shli", high, shift), low);
  }
  return isFloat ? tbConvertOp(b, "arith.bitcast", y, type) : y;
}
