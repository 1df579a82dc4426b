/* Kernel checks, host-side TMA descriptors and alignment, shared views:
 * the parts the two TMA + wgmma paths share. */
#include "cuda/tma.h"

#include "cuda/cuda.h"

#include "ir/ir.h"
#include "tile/dialect.h"

#include <stdio.h>
#include <string.h>

static MlirValue idx(TileBuilder *b, int64_t v) { return tbConstIndex(b, v); }

enum { DescriptorFencePtx = 83 };

TileTmaTarget tileTmaTargetOf(const char *chip, const char *features) {
  return (TileTmaTarget){chip, tileCudaPtxVersion(features)};
}

bool tileTmaTargetFits(const TileTmaTarget *target, const char *what,
                       TileStrBuf *why) {
  if (strcmp(target->chip, "sm_90a") != 0)
    return tileCudaRefuse(why, "%s need sm_90a", what);
  if (target->ptx < DescriptorFencePtx)
    return tileCudaRefuse(
        why,
        "its TMA descriptors, written by the host, are fenced before use "
        "(fence.proxy.tensormap), which needs PTX ISA 8.3 (features=+ptx83)");
  return true;
}

static bool zeroFillBefore(const TileMmaPlan *p) {
  for (MlirOpOperand use = mlirValueGetFirstUse(p->acc);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (!tileOpIs(user, "tile.fill"))
      continue;
    MlirValue v = mlirOperationGetOperand(user, 1);
    if (!mlirValueIsAOpResult(v) ||
        !tileOpIs(mlirOpResultGetOwner(v), "arith.constant"))
      return false;
    MlirAttribute value = tileOpGetAttr(mlirOpResultGetOwner(v), "value");
    return mlirAttributeIsAFloat(value) &&
           mlirFloatAttrGetValueDouble(value) == 0.0 &&
           mlirOperationGetBlock(user).ptr ==
               mlirOperationGetBlock(p->loop).ptr;
  }
  return false;
}

typedef struct {
  MlirValue exclude[2];
  bool other;
} SharedScan;

static MlirWalkResult findOtherShared(MlirOperation op, void *userData) {
  SharedScan *scan = userData;
  if (!tileOpIs(op, "tile.alloc"))
    return MlirWalkResultAdvance;
  MlirValue v = mlirOperationGetResult(op, 0);
  for (int i = 0; i < 2; ++i)
    if (mlirValueEqual(v, scan->exclude[i]))
      return MlirWalkResultAdvance;
  scan->other |= tileMemRefTypeGetScope(mlirValueGetType(v)) == TileScopeShared;
  return MlirWalkResultAdvance;
}

static bool onlyOperandTiles(const TileMmaPlan *p) {
  SharedScan scan = {{p->a, p->b}, false};
  mlirOperationWalk(p->kernel, findOtherShared, &scan, MlirWalkPreOrder);
  return !scan.other;
}

bool tileTmaPipelineFits(const TileMmaPlan *p, TileStrBuf *why) {
  if (p->unpipelined)
    return tileCudaRefuse(why, "its K loop cannot be pipelined: %s",
                          p->unpipelined);
  if (p->stages < 2)
    return tileCudaRefuse(why,
                          "its K loop has %lld stage; the path needs 2 or "
                          "more (tile.num_stages)",
                          (long long)p->stages);
  if (!zeroFillBefore(p))
    return tileCudaRefuse(why, "its accumulator is not filled with 0.0 just "
                               "before the K loop");
  if (!onlyOperandTiles(p))
    return tileCudaRefuse(why, "it has shared tiles besides A and B");
  return true;
}

MlirValue tileTmaDescriptor(TileBuilder *b, MlirValue global, int64_t rows,
                            int64_t cols, const char *type) {
  TileStrBuf text = {0};
  char unranked[48];
  snprintf(unranked, sizeof(unranked), "memref<*x%s>",
           tileTypeStr(&text, tileElementType(mlirValueGetType(global))));
  tileStrBufFree(&text);
  MlirType castType = tbParseType(b, unranked);
  MlirValue cast =
      tbResult(tbCreate(b, "memref.cast", 1, &global, 1, &castType, 0, NULL));
  MlirValue operands[] = {cast, idx(b, rows), idx(b, cols)};
  MlirType descType = tbParseType(b, type);
  return tbResult(tbCreate(b, "nvgpu.tma.create.descriptor", 3, operands, 1,
                           &descType, 0, NULL));
}

void tileTmaFenceDescriptor(TileBuilder *b, MlirValue desc) {
  tbCreate(b, "nvgpu.tma.fence.descriptor", 1, &desc, 0, NULL, 0, NULL);
}

void tileTmaFenceAndPrefetchDescriptor(TileBuilder *b, MlirValue desc) {
  tileTmaFenceDescriptor(b, desc);
  tbCreate(b, "nvgpu.tma.prefetch.descriptor", 1, &desc, 0, NULL, 0, NULL);
}

void tileTmaFenceToAsyncProxy(TileBuilder *b) {
  MlirNamedAttribute fence[] = {
      tbNamed(b, "kind", tbParseAttr(b, "#nvvm.proxy_kind<async.shared>")),
      tbNamed(b, "space", tbParseAttr(b, "#nvvm.shared_space<cta>")),
  };
  tbCreate(b, "nvvm.fence.proxy", 0, NULL, 0, NULL, 2, fence);
}

static int64_t elementBytes(MlirValue memref) {
  MlirType elem = tileElementType(mlirValueGetType(memref));
  return mlirTypeIsAFloat(elem) ? mlirFloatTypeGetWidth(elem) / 8
                                : mlirIntegerTypeGetWidth(elem) / 8;
}

/* Whether the 2-d global `memref` is one TMA can describe: contiguous rows,
 * the rows' stride and the address of its first element multiples of 16
 * bytes, and no dimension of 0 (cuTensorMapEncodeTiled refuses each). */
static MlirValue describable(TileBuilder *b, MlirValue memref) {
  MlirType index = tbIndex(b);
  MlirOperation meta = tbStridedMetadata(b, memref);
  MlirValue offset = mlirOperationGetResult(meta, 1);
  MlirValue rows = mlirOperationGetResult(meta, 2);
  MlirValue cols = mlirOperationGetResult(meta, 3);
  MlirValue rowStride = mlirOperationGetResult(meta, 4);
  MlirValue colStride = mlirOperationGetResult(meta, 5);
  int64_t bytes = elementBytes(memref);
  MlirValue aligned =
      tbResult(tbCreate(b, "memref.extract_aligned_pointer_as_index", 1,
                        &memref, 1, &index, 0, NULL));
  MlirValue first = tbAdd(b, aligned, tbMul(b, offset, idx(b, bytes)));
  MlirValue zero = idx(b, 0);
  MlirValue ok = tbCmpI(b, "eq", colStride, idx(b, 1));
  ok = tbAnd(b, ok,
             tbCmpI(b, "eq", tbRemU(b, rowStride, idx(b, 16 / bytes)), zero));
  ok = tbAnd(b, ok, tbCmpI(b, "eq", tbRemU(b, first, idx(b, 16)), zero));
  ok = tbAnd(b, ok, tbCmpI(b, "ne", rows, zero));
  return tbAnd(b, ok, tbCmpI(b, "ne", cols, zero));
}

MlirValue tileTmaRowsAligned(TileBuilder *b, const MlirValue *globals,
                             int count) {
  MlirValue aligned = {NULL};
  for (int i = 0; i < count; ++i) {
    MlirValue ok = describable(b, globals[i]);
    aligned = i ? tbAnd(b, aligned, ok) : ok;
  }
  return aligned;
}

MlirValue tileTmaView(TileBuilder *b, MlirValue dynamic, MlirValue offset,
                      int64_t rows, int64_t cols, const char *elem) {
  char text[96];
  snprintf(text, sizeof(text),
           "memref<%lldx%lldx%s, #gpu.address_space<workgroup>>",
           (long long)rows, (long long)cols, elem);
  MlirValue operands[] = {dynamic, offset};
  MlirType t = tbParseType(b, text);
  return tbResult(tbCreate(b, "memref.view", 2, operands, 1, &t, 0, NULL));
}

const char *tileTmaElementName(MlirType elem) {
  return mlirTypeIsABF16(elem) ? "bf16" : "f16";
}
