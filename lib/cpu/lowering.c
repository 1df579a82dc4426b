/* Structure shared by the cpu lowering passes: target width from pass
 * options, op collection, block buffer placement, loop nests and chunks. */
#include "cpu/lowering.h"

#include <stdlib.h>

int tileCpuOptionsVectorBits(const TileOptionValue *options) {
  return tileCpuVectorBits(options[0].s, options[1].s);
}

void tileCpuLowerEach(MlirOperation root, MlirExternalPass pass,
                      const TileOptionValue *options, const char *name,
                      bool (*lower)(MlirOperation op, int vectorBits)) {
  int vectorBits = tileCpuOptionsVectorBits(options);
  TileOpList ops = {0};
  tileCollectOps(root, name, &ops);
  bool ok = true;
  for (size_t i = 0; i < ops.count; ++i)
    ok &= lower(ops.ops[i], vectorBits);
  tileOpListFree(&ops);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

int64_t tileCpuLanes(int vectorBits, MlirType type) {
  int64_t lanes = vectorBits / (int64_t)tileCpuBitWidth(type);
  return lanes > 0 ? lanes : 1;
}

TileBuilder tileCpuScopeStart(MlirOperation op) {
  MlirOperation scope = tileEnclosingKernel(op);
  if (mlirOperationIsNull(scope))
    for (scope = mlirOperationGetParentOperation(op);
         !mlirOperationIsNull(scope) && !tileOpIs(scope, "func.func");)
      scope = mlirOperationGetParentOperation(scope);
  if (mlirOperationIsNull(scope))
    return tbBefore(op);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(scope, 0));
  TileBuilder b = tbAtEnd(body, mlirOperationGetLocation(op));
  b.before = mlirBlockGetFirstOperation(body);
  return b;
}

TileBuilder tileCpuLoopNest(TileBuilder *b, intptr_t n, const int64_t *extents,
                            MlirValue *ivs) {
  TileBuilder at = *b;
  for (intptr_t i = 0; i < n; ++i) {
    TileLoop loop = tbFor(&at, tbConstIndex(&at, 0),
                          tbConstIndex(&at, extents[i]), tbConstIndex(&at, 1));
    ivs[i] = loop.iv;
    at = tbAtTerminator(loop.body, b->loc);
  }
  return at;
}

void tileCpuForEachChunk(TileBuilder *b, int64_t extent, int64_t lanes,
                         TileChunkFn body, void *userData) {
  int64_t full = extent / lanes * lanes;
  if (full == lanes) {
    body(b, tbConstIndex(b, 0), lanes, userData);
  } else if (full > 0) {
    TileLoop loop = tbFor(b, tbConstIndex(b, 0), tbConstIndex(b, full),
                          tbConstIndex(b, lanes));
    TileBuilder in = tbAtTerminator(loop.body, b->loc);
    body(&in, loop.iv, lanes, userData);
  }
  if (extent > full)
    body(b, tbConstIndex(b, full), extent - full, userData);
}

/* clamp(v, 0, lanes), signed. */
static MlirValue clampLanes(TileBuilder *b, MlirValue v, int64_t lanes) {
  return tbMinS(b, tbMaxS(b, v, tbConstIndex(b, 0)), tbConstIndex(b, lanes));
}

MlirValue tileCpuTailMask(TileBuilder *b, int64_t lanes, MlirValue at,
                          MlirValue limit) {
  return tbVCreateMask(b, lanes, clampLanes(b, tbSub(b, limit, at), lanes));
}

MlirValue tileCpuLaneMask(TileBuilder *b, int64_t lanes, MlirValue at,
                          MlirValue limit, MlirValue rowValid) {
  MlirValue below = clampLanes(b, tbSub(b, limit, at), lanes);
  if (!mlirValueIsNull(rowValid))
    below = tbSelect(b, rowValid, below, tbConstIndex(b, 0));
  /* Lanes [before, below): a window that starts before the buffer (a
   * negative offset) has its first lanes off too. */
  MlirValue before = clampLanes(b, tbSub(b, tbConstIndex(b, 0), at), lanes);
  MlirValue belowMask = tbVCreateMask(b, lanes, below);
  MlirValue beforeMask = tbVCreateMask(b, lanes, before);
  return tbBinary(b, "arith.xori", belowMask, beforeMask);
}

MlirValue tileCpuBoundsMask(TileBuilder *b, int64_t lanes, MlirValue at,
                            MlirValue limit) {
  return tileCpuLaneMask(b, lanes, at, limit, (MlirValue){NULL});
}
