/* Finds the gemm of a kernel that a matrix-unit path can take: one
 * f16/bf16 gemm into an f32 fragment (or i8 into i32), in a K loop that
 * fills its shared A and B by one global-window copy each. */
#include "gpu/matrix.h"

#include "gpu/slice.h"
#include "ir/accesses.h"
#include "ir/ir.h"
#include "ir/verify.h"
#include "tile/dialect.h"

#include <string.h>

typedef struct {
  TileMmaPlan *plan;
  bool ok;
} Scan;

static MlirWalkResult findGemms(MlirOperation op, void *userData) {
  Scan *scan = userData;
  if (!tileOpIs(op, "tile.gemm"))
    return MlirWalkResultAdvance;
  if (scan->plan->numGemms == TileMmaMaxGemms)
    scan->ok = false;
  else
    scan->plan->gemms[scan->plan->numGemms++] = op;
  return MlirWalkResultAdvance;
}

/* The tile.alloc defining `v` inside the kernel, in scope `scope`. */
static bool isAllocIn(MlirValue v, TileScope scope) {
  if (!mlirValueIsAOpResult(v) ||
      !tileOpIs(mlirOpResultGetOwner(v), "tile.alloc"))
    return false;
  return tileMemRefTypeGetScope(mlirValueGetType(v)) == scope;
}

static bool is16Bit(MlirType t) {
  return mlirTypeIsAF16(t) || mlirTypeIsABF16(t);
}

static bool isI8(MlirType t) {
  return mlirTypeIsAInteger(t) && mlirIntegerTypeIsSignless(t) &&
         mlirIntegerTypeGetWidth(t) == 8;
}

static int64_t dim(MlirValue v, int64_t i) {
  return tileDim(mlirValueGetType(v), i);
}

/* The single copy in `loop`'s body that writes `buffer`, or a null op. */
static MlirOperation copyInto(MlirOperation loop, MlirValue buffer) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirOperation found = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!tileOpIs(op, "tile.copy") ||
        !mlirValueEqual(mlirOperationGetOperand(op, 1), buffer))
      continue;
    if (!mlirOperationIsNull(found))
      return (MlirOperation){NULL};
    found = op;
  }
  return found;
}

/* A copy from a 2-d global window into a whole shared tile. */
static bool isGlobalWindowCopy(MlirOperation copy) {
  if (mlirOperationIsNull(copy))
    return false;
  MlirValue src = mlirOperationGetOperand(copy, 0);
  MlirType srcType = mlirValueGetType(src);
  intptr_t first;
  return tileMemRefTypeGetScope(srcType) == TileScopeGlobal &&
         tileRank(srcType) == 2 && tileOperandGroup(copy, 2, &first) == 2 &&
         tileOperandGroup(copy, 3, &first) == 0 &&
         mlirTypeEqual(tileElementType(srcType),
                       tileElementType(
                           mlirValueGetType(mlirOperationGetOperand(copy, 1))));
}

/* The two window offsets of a global-window copy. */
static void copyOffsets(MlirOperation copy, MlirValue off[2]) {
  intptr_t first;
  tileOperandGroup(copy, 2, &first);
  off[0] = mlirOperationGetOperand(copy, first);
  off[1] = mlirOperationGetOperand(copy, first + 1);
}

/* Whether `buffer` is global memory: a buffer of global scope that is no
 * thread's own array. */
static bool isGlobalMemory(MlirValue buffer, const void *data) {
  (void)data;
  return tileMemRefTypeGetScope(mlirValueGetType(buffer)) == TileScopeGlobal &&
         !tileIsThreadPrivate(tileViewRoot(buffer));
}

/* Whether `op` may write global memory: a tile op into a global buffer,
 * or another op that may write one (tileOpMayWrite: a store, transfer or
 * atomic, a call). */
static bool writesGlobal(MlirOperation op) {
  if (tileOpIsTile(op)) {
    int dest = tileOpIs(op, "tile.fill") ? 0 : 1;
    return !tileOpIs(op, "tile.gemm") && !tileOpIs(op, "tile.reduce") &&
           dest < mlirOperationGetNumOperands(op) &&
           tileMemRefTypeGetScope(mlirValueGetType(
               mlirOperationGetOperand(op, dest))) == TileScopeGlobal;
  }
  return tileOpMayWrite(op, isGlobalMemory, NULL);
}

static MlirWalkResult findGlobalWrite(MlirOperation op, void *userData) {
  bool *found = userData;
  if (!writesGlobal(op))
    return MlirWalkResultAdvance;
  *found = true;
  return MlirWalkResultInterrupt;
}

/* Whether an op of the K loop's body other than the copies into A and B
 * and the gemm writes global memory: `between` is set when one does so
 * after a copy and before the gemm. A path that moves the copies to the
 * gemm would then read after it, and one that issues the copies of later
 * iterations early would read before the writes of earlier ones; the
 * loop's result is that of its iterations in order. */
static bool bodyWritesGlobal(const TileMmaPlan *p, bool *between) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(p->loop, 0));
  bool any = false, afterCopy = false, beforeGemm = true;
  *between = false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (mlirOperationEqual(op, p->copyA) || mlirOperationEqual(op, p->copyB)) {
      afterCopy = true;
      continue;
    }
    if (mlirOperationEqual(op, p->gemms[0])) {
      beforeGemm = false;
      continue;
    }
    bool found = false;
    mlirOperationWalk(op, findGlobalWrite, &found, MlirWalkPreOrder);
    any |= found;
    *between |= found && afterCopy && beforeGemm;
  }
  return any;
}

/* Every use of `buffer` is `allowedA`, `allowedB` or one of the gemms. */
static bool usedOnlyBy(MlirValue buffer, const TileMmaPlan *p,
                       MlirOperation allowed) {
  for (MlirOpOperand use = mlirValueGetFirstUse(buffer);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    bool ok = mlirOperationEqual(user, allowed);
    for (unsigned i = 0; i < p->numGemms; ++i)
      ok |= mlirOperationEqual(user, p->gemms[i]);
    if (!ok)
      return false;
  }
  return true;
}

/* A, B and the accumulator are static 2-d tiles of at least one element
 * whose shapes make a gemm: bm x bk times bk x bn (bn x bk transposed) into
 * bm x bn. tile-verify guarantees it; a pass run without it does not plan
 * from other shapes (the kernel is left to tile-gpu-layout, which reports
 * them). */
static bool shapesAgree(const TileMmaPlan *p) {
  MlirValue tiles[] = {p->a, p->b, p->acc};
  for (int i = 0; i < 3; ++i) {
    MlirType type = mlirValueGetType(tiles[i]);
    if (tileRank(type) != 2 || !mlirShapedTypeHasStaticShape(type) ||
        dim(tiles[i], 0) < 1 || dim(tiles[i], 1) < 1)
      return false;
  }
  int64_t bk = p->transposeB ? dim(p->b, 1) : dim(p->b, 0);
  int64_t bn = p->transposeB ? dim(p->b, 0) : dim(p->b, 1);
  return dim(p->a, 0) == dim(p->acc, 0) && dim(p->a, 1) == bk &&
         bn == dim(p->acc, 1);
}

bool tileMmaPlanGemm(MlirOperation kernel, TileMmaPlan *p) {
  memset(p, 0, sizeof(*p));
  p->kernel = kernel;
  Scan scan = {p, true};
  mlirOperationWalk(kernel, findGemms, &scan, MlirWalkPreOrder);
  if (!scan.ok || p->numGemms != 1)
    return false;
  MlirOperation gemm = p->gemms[0];
  p->a = mlirOperationGetOperand(gemm, 0);
  p->b = mlirOperationGetOperand(gemm, 1);
  p->acc = mlirOperationGetOperand(gemm, 2);
  if (!isAllocIn(p->a, TileScopeShared) || !isAllocIn(p->b, TileScopeShared) ||
      !isAllocIn(p->acc, TileScopeFragment))
    return false;
  bool ok, transposeA = tileGetBoolAttr(gemm, "transpose_a", false, &ok);
  /* clear_accum zeroes C at every call: left to the SIMT path. */
  if (tileGetBoolAttr(gemm, "clear_accum", false, &ok))
    return false;
  p->transposeB = tileGetBoolAttr(gemm, "transpose_b", false, &ok);
  p->accElem = tileElementType(mlirValueGetType(p->acc));
  p->elem = tileElementType(mlirValueGetType(p->a));
  MlirType elemB = tileElementType(mlirValueGetType(p->b));
  bool floats = is16Bit(p->elem) && mlirTypeIsAF32(p->accElem);
  bool ints = isI8(p->elem) && mlirIntegerTypeIsSignless(p->accElem) &&
              mlirIntegerTypeGetWidth(p->accElem) == 32;
  if (transposeA || !mlirTypeEqual(p->elem, elemB) || !(floats || ints))
    return false;
  if (!shapesAgree(p))
    return false;
  p->bm = dim(p->acc, 0);
  p->bn = dim(p->acc, 1);
  p->bk = dim(p->a, 1);
  p->threads = tileKernelThreads(kernel);
  /* The K loop: the gemm's parent, filling A and B by one copy each. */
  MlirOperation loop = mlirOperationGetParentOperation(gemm);
  if (!tileOpIs(loop, "scf.for") || mlirOperationGetNumResults(loop) != 0)
    return false;
  p->loop = loop;
  p->copyA = copyInto(loop, p->a);
  p->copyB = copyInto(loop, p->b);
  if (!isGlobalWindowCopy(p->copyA) || !isGlobalWindowCopy(p->copyB) ||
      !usedOnlyBy(p->a, p, p->copyA) || !usedOnlyBy(p->b, p, p->copyB))
    return false;
  bool writesBetween;
  bool writes = bodyWritesGlobal(p, &writesBetween);
  if (writesBetween)
    return false;
  MlirAttribute stages = tileOpGetAttr(loop, "tile.num_stages");
  p->stages = mlirAttributeIsNull(stages) ? 1
              : !mlirAttributeIsAInteger(stages)
                  ? 0
                  : mlirIntegerAttrGetValueInt(stages);
  if (p->stages < 1 || p->stages > TILE_MAX_STAGES)
    return false;
  /* A pipeline issues the copies of later iterations early. */
  if (p->stages > 1 && writes) {
    p->stages = 1;
    p->unpipelined = "the loop writes global memory, which the copies of "
                     "later iterations could read";
    return true;
  }
  MlirValue offsets[4];
  copyOffsets(p->copyA, offsets);
  copyOffsets(p->copyB, offsets + 2);
  if (p->stages > 1 && !tileSliceRemappable(loop, offsets, 4)) {
    p->stages = 1;
    p->unpipelined = "the copies' window offsets depend on values that "
                     "cannot be recomputed for a later iteration (a load, "
                     "or more than 64 ops)";
  }
  return true;
}

void tileMmaOffsetsAt(TileBuilder *b, const TileMmaPlan *p, MlirValue iv,
                      MlirValue offA[2], MlirValue offB[2]) {
  TileSliceMap map = tileSliceMapFor(p->loop, iv);
  MlirValue offsets[4];
  copyOffsets(p->copyA, offsets);
  copyOffsets(p->copyB, offsets + 2);
  for (int i = 0; i < 2; ++i) {
    offA[i] = tileSliceRemap(b, &map, offsets[i]);
    offB[i] = tileSliceRemap(b, &map, offsets[2 + i]);
  }
}
