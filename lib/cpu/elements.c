/* Element types on the cpu target: which ones, conversions, constants and
 * the multiply-add of a GEMM. */
#include "cpu/lowering.h"

bool tileCpuCheckElement(MlirOperation op, MlirType type, const char *what) {
  return tileCheckElement(op, type, what, "cpu");
}

bool tileCpuIsFloat(MlirType type) { return mlirTypeIsAFloat(type); }

unsigned tileCpuBitWidth(MlirType type) {
  if (mlirTypeIsAFloat(type))
    return mlirFloatTypeGetWidth(type);
  if (mlirTypeIsAInteger(type))
    return mlirIntegerTypeGetWidth(type);
  return 64;
}

/* `to` shaped like `v`: a vector of `to` when `v` is a vector. */
/* `to` in the shape of `v`. */
static MlirType like(MlirValue v, MlirType to) {
  return tbShapedLike(mlirValueGetType(v), to);
}

static MlirType elementOf(MlirValue v) {
  return tbScalarOf(mlirValueGetType(v));
}

MlirValue tileCpuConvert(TileBuilder *b, MlirValue v, MlirType to) {
  MlirType from = elementOf(v);
  if (mlirTypeEqual(from, to))
    return v;
  unsigned fw = tileCpuBitWidth(from), tw = tileCpuBitWidth(to);
  if (tileCpuIsFloat(from) && tileCpuIsFloat(to)) {
    if (fw == tw) /* f16 <-> bf16 */
      return tileCpuConvert(b, tileCpuConvert(b, v, tbF32(b)), to);
    return tbConvertOp(b, tw > fw ? "arith.extf" : "arith.truncf", v,
                       like(v, to));
  }
  if (!tileCpuIsFloat(from) && !tileCpuIsFloat(to))
    return tbConvertOp(b, tw > fw ? "arith.extsi" : "arith.trunci", v,
                       like(v, to));
  return tbConvertOp(b, tileCpuIsFloat(from) ? "arith.fptosi" : "arith.sitofp",
                     v, like(v, to));
}

MlirValue tileCpuConstant(TileBuilder *b, MlirType type, double value) {
  if (tileCpuIsFloat(type))
    return tbConstFloat(b, type, value);
  return tbConstInt(b, type, (int64_t)value);
}

MlirValue tileCpuPadValue(TileBuilder *b, MlirOperation copy, MlirType type) {
  MlirAttribute pad = tileOpGetAttr(copy, "pad");
  if (mlirAttributeIsNull(pad))
    return tileCpuConstant(b, type, 0);
  return tileCpuConvert(b, tbConstAttr(b, pad), type);
}

/* A float op that LLVM may fuse with its neighbour (fastmath contract). */
static MlirValue contractible(TileBuilder *b, const char *op, MlirValue x,
                              MlirValue y) {
  MlirValue v = tbBinary(b, op, x, y);
  mlirOperationSetAttributeByName(mlirOpResultGetOwner(v), tileRef("fastmath"),
                                  tbParseAttr(b, "#arith.fastmath<contract>"));
  return v;
}

MlirValue tileCpuFusedMulAdd(TileBuilder *b, MlirValue x, MlirValue y,
                             MlirValue acc) {
  if (mlirTypeIsAVector(mlirValueGetType(acc)))
    return tbVFma(b, x, y, acc);
  return contractible(b, "arith.addf", contractible(b, "arith.mulf", x, y),
                      acc);
}

MlirValue tileCpuMulAdd(TileBuilder *b, MlirValue x, MlirValue y,
                        MlirValue acc) {
  if (!tileCpuIsFloat(elementOf(acc)))
    return tbAdd(b, acc, tbMul(b, x, y));
  return tileCpuFusedMulAdd(b, x, y, acc);
}

MlirValue tileCpuAddValues(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, tileCpuIsFloat(elementOf(x)) ? "arith.addf" : "arith.addi",
                  x, y);
}
