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

/* gpu.shuffle xor of an i32. */
static MlirValue shuffle32(TileBuilder *b, MlirValue v, int64_t offset,
                           int64_t width) {
  MlirType i32 = tbI32(b);
  MlirValue operands[] = {v, tbConstInt(b, i32, offset),
                          tbConstInt(b, i32, width)};
  MlirType results[] = {i32, tbI1(b)};
  MlirNamedAttribute mode =
      tbNamed(b, "mode", tbParseAttr(b, "#gpu<shuffle_mode xor>"));
  return tbResult(
      tbCreate(b, "gpu.shuffle", 3, operands, 2, results, 1, &mode));
}

MlirValue tileGpuShuffleXor(TileBuilder *b, MlirValue v, int64_t offset,
                            int64_t width) {
  MlirType type = mlirValueGetType(v);
  bool isFloat = mlirTypeIsAFloat(type);
  unsigned bits =
      isFloat ? mlirFloatTypeGetWidth(type) : mlirIntegerTypeGetWidth(type);
  MlirType bitsType = mlirIntegerTypeGet(b->ctx, bits);
  MlirValue x = isFloat ? tbConvertOp(b, "arith.bitcast", v, bitsType) : v;
  MlirType i32 = tbI32(b);
  MlirValue y;
  if (bits == 32) {
    y = shuffle32(b, x, offset, width);
  } else if (bits < 32) {
    /* Lanes move 32 bits: 8- and 16-bit shuffles need a device feature
     * (shaderSubgroupExtendedTypes) that 32-bit ones do not. */
    MlirValue wide = tbConvertOp(b, "arith.extui", x, i32);
    y = tbConvertOp(b, "arith.trunci", shuffle32(b, wide, offset, width),
                    bitsType);
  } else {
    MlirValue shift = tbConstInt(b, bitsType, 32);
    MlirValue low = tbConvertOp(b, "arith.trunci", x, i32);
    MlirValue high = tbConvertOp(b, "arith.trunci",
                                 tbBinary(b, "arith.shrui", x, shift), i32);
    low = tbConvertOp(b, "arith.extui", shuffle32(b, low, offset, width),
                      bitsType);
    high = tbConvertOp(b, "arith.extui", shuffle32(b, high, offset, width),
                       bitsType);
    y = tbBinary(b, "arith.ori", tbBinary(b, "arith.shli", high, shift), low);
  }
  return isFloat ? tbConvertOp(b, "arith.bitcast", y, type) : y;
}
