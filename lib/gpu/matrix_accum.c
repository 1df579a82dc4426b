/* Rewrites the uses of a matrix-unit accumulator fragment (fill, copies
 * out, thread-parallel loops) to this thread's accumulator array. */
#include "gpu/matrix.h"

#include <stdio.h>

#include "gpu/layout.h"
#include "ir/ir.h"
#include "tile/dialect.h"

/* Whether a thread-parallel loop walks exactly the accumulator's elements:
 * an scf.forall over (0..bm, 0..bn) in steps of 1. */
static bool coversAccumulator(MlirOperation forall, const TileMmaPlan *p) {
  MlirAttribute lbs = tileOpGetAttr(forall, "staticLowerBound");
  MlirAttribute ubs = tileOpGetAttr(forall, "staticUpperBound");
  MlirAttribute steps = tileOpGetAttr(forall, "staticStep");
  if (mlirDenseArrayGetNumElements(ubs) != 2 ||
      mlirOperationGetNumResults(forall) != 0)
    return false;
  int64_t shape[] = {p->bm, p->bn};
  for (intptr_t i = 0; i < 2; ++i)
    if (mlirDenseI64ArrayGetElement(lbs, i) != 0 ||
        mlirDenseI64ArrayGetElement(steps, i) != 1 ||
        mlirDenseI64ArrayGetElement(ubs, i) != shape[i])
      return false;
  return true;
}

/* A load or store of the accumulator inside `forall` at exactly its
 * induction variables, in order. */
static bool indexedByLoop(MlirOperation access, MlirOperation forall,
                          intptr_t firstIndex) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(forall, 0));
  if (mlirOperationGetNumOperands(access) != firstIndex + 2)
    return false;
  for (intptr_t i = 0; i < 2; ++i)
    if (!mlirValueEqual(mlirOperationGetOperand(access, firstIndex + i),
                        mlirBlockGetArgument(body, i)))
      return false;
  return true;
}

/* The thread-parallel loop (inside the kernel) an op sits in, if any. */
static MlirOperation parallelLoopOf(MlirOperation op, MlirOperation kernel) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, kernel);
       p = mlirOperationGetParentOperation(p))
    if (tileOpIs(p, "scf.forall"))
      return p;
  return (MlirOperation){NULL};
}

static MlirWalkResult findParallelLoop(MlirOperation op, void *userData) {
  MlirOperation *found = userData;
  if (mlirOperationEqual(op, found[0]) || !tileGpuIsParallelLoop(op))
    return MlirWalkResultAdvance;
  found[1] = op;
  return MlirWalkResultInterrupt;
}

/* Whether another thread-parallel loop sits inside `loop` or between it and
 * the kernel. The rewrite below runs the loop's body once per element this
 * thread holds, which gives a loop nested either way another number of
 * runs; the SIMT path refuses such nests with a diagnostic. */
static bool nestsParallelLoops(MlirOperation loop, MlirOperation kernel) {
  for (MlirOperation p = mlirOperationGetParentOperation(loop);
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, kernel);
       p = mlirOperationGetParentOperation(p))
    if (tileGpuIsParallelLoop(p))
      return true;
  MlirOperation found[2] = {loop, {NULL}};
  mlirOperationWalk(loop, findParallelLoop, found, MlirWalkPreOrder);
  return !mlirOperationIsNull(found[1]);
}

bool tileMmaAccumulatorUsesSupported(const TileMmaPlan *p) {
  for (MlirOpOperand use = mlirValueGetFirstUse(p->acc);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    unsigned operand = mlirOpOperandGetOperandNumber(use);
    if (mlirOperationEqual(user, p->gemms[0]))
      continue;
    if (tileOpIs(user, "tile.fill"))
      continue;
    if (tileOpIs(user, "tile.copy") && operand == 0) {
      intptr_t first;
      MlirValue dst = mlirOperationGetOperand(user, 1);
      TileScope scope = tileMemRefTypeGetScope(mlirValueGetType(dst));
      if (tileOperandGroup(user, 2, &first) == 0 &&
          tileRank(mlirValueGetType(dst)) == 2 &&
          (scope == TileScopeGlobal || scope == TileScopeShared))
        continue;
      return false;
    }
    bool isLoad = tileOpIs(user, "memref.load");
    bool isStore = tileOpIs(user, "memref.store");
    if (!isLoad && !isStore)
      return false;
    MlirOperation loop = parallelLoopOf(user, p->kernel);
    if (mlirOperationIsNull(loop) ||
        mlirOperationEqual(mlirOperationGetParentOperation(loop), p->loop) ||
        !coversAccumulator(loop, p) || nestsParallelLoops(loop, p->kernel) ||
        !indexedByLoop(user, loop, isLoad ? 1 : 2))
      return false;
  }
  return true;
}

static MlirValue idx(TileBuilder *b, int64_t v) { return tbConstIndex(b, v); }

/* The accumulator array must stay in registers: every access below uses a
 * constant index, so the loops over a thread's elements are unrolled here
 * rather than left to LLVM. */
static void rewriteFill(MlirOperation fill, MlirValue acc,
                        const TileMmaPlan *p) {
  TileBuilder b = tbBefore(fill);
  MlirValue value = mlirOperationGetOperand(fill, 1);
  MlirType v4 = mlirVectorTypeGet(1, (const int64_t[]){4}, p->accElem);
  MlirValue splat =
      tbResult(tbCreate(&b, "vector.broadcast", 1, &value, 1, &v4, 0, NULL));
  for (int64_t i = 0; i < p->local; i += 4) {
    MlirValue operands[] = {splat, acc, idx(&b, i)};
    tbCreate(&b, "vector.store", 3, operands, 0, NULL, 0, NULL);
  }
  mlirOperationDestroy(fill);
}

/* acc -> destination: each thread stores its own elements; a global window
 * drops what falls outside. */
static void rewriteCopyOut(MlirOperation copy, MlirValue acc,
                           const TileMmaPlan *p, const TileMmaThread *t) {
  TileBuilder b = tbBefore(copy);
  MlirValue dst = mlirOperationGetOperand(copy, 1);
  MlirType elem = tileElementType(mlirValueGetType(dst));
  intptr_t first;
  intptr_t numOffsets = tileOperandGroup(copy, 3, &first);
  MlirValue off[2] = {idx(&b, 0), idx(&b, 0)}, extent[2];
  for (intptr_t i = 0; i < numOffsets && i < 2; ++i)
    off[i] = mlirOperationGetOperand(copy, first + i);
  for (int i = 0; i < 2; ++i)
    extent[i] = tbDim(&b, dst, i);
  for (int64_t i = 0; i < p->local; ++i) {
    MlirValue slot = idx(&b, i), row, col;
    p->position(&b, p, t, slot, &row, &col);
    MlirValue at[2] = {tbAdd(&b, off[0], row), tbAdd(&b, off[1], col)};
    MlirValue inside = tbAnd(&b, tbCmpI(&b, "ult", at[0], extent[0]),
                             tbCmpI(&b, "ult", at[1], extent[1]));
    MlirValue v = tbConvert(&b, tbLoad(&b, acc, 1, &slot), elem);
    MlirBlock then = tbIf(&b, inside);
    TileBuilder store = tbAtTerminator(then, b.loc);
    tbStore(&store, v, dst, 2, at);
  }
  mlirOperationDestroy(copy);
}

typedef struct {
  MlirValue acc;
  TileOpList *accesses;
} AccessCollector;

/* The loads and stores of the accumulator fragment. */
static MlirWalkResult collectAccesses(MlirOperation op, void *userData) {
  AccessCollector *c = userData;
  bool isLoad = tileOpIs(op, "memref.load");
  if ((isLoad || tileOpIs(op, "memref.store")) &&
      mlirValueEqual(mlirOperationGetOperand(op, isLoad ? 0 : 1), c->acc))
    tileOpListAppend(c->accesses, op);
  return MlirWalkResultAdvance;
}

/* A thread-parallel loop over the accumulator runs its body once per
 * element this thread holds, at that element's position. */
static void rewriteParallelLoop(MlirOperation forall, MlirValue acc,
                                const TileMmaPlan *p, const TileMmaThread *t) {
  TileBuilder b = tbBefore(forall);
  TileOpList accesses = {0};
  for (int64_t i = 0; i < p->local; ++i) {
    MlirValue slot = idx(&b, i), ivs[2];
    p->position(&b, p, t, slot, &ivs[0], &ivs[1]);
    /* A copy of the loop, whose body moves here with the element's
     * position for the induction variables. */
    MlirOperation copy = mlirOperationClone(forall);
    mlirBlockInsertOwnedOperationBefore(b.block, b.before, copy);
    accesses.count = 0;
    AccessCollector c = {p->acc, &accesses};
    mlirOperationWalk(copy, collectAccesses, &c, MlirWalkPostOrder);
    tileInlineLoopBody(copy, forall, ivs);
    mlirOperationDestroy(copy);
    /* Accesses of the accumulator go to its registers. */
    for (size_t k = 0; k < accesses.count; ++k) {
      MlirOperation access = accesses.ops[k];
      TileBuilder at = tbBefore(access);
      if (tileOpIs(access, "memref.load"))
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(access, 0),
                                      tbLoad(&at, acc, 1, &slot));
      else
        tbStore(&at, mlirOperationGetOperand(access, 0), acc, 1, &slot);
      mlirOperationDestroy(access);
    }
  }
  tileOpListFree(&accesses);
  /* Other threads may read what the body wrote to shared memory. */
  tbCreate(&b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  mlirOperationDestroy(forall);
}

bool tileMmaRewriteAccumulatorUses(const TileMmaPlan *p, const TileMmaThread *t,
                                   MlirValue acc) {
  /* Collect first: rewriting changes the use list. */
  TileOpList users = {0};
  for (MlirOpOperand use = mlirValueGetFirstUse(p->acc);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (tileOpIs(user, "memref.load") || tileOpIs(user, "memref.store"))
      user = parallelLoopOf(user, p->kernel);
    if (!mlirOperationEqual(user, p->gemms[0]) &&
        !tileOpListContains(&users, user))
      tileOpListAppend(&users, user);
  }
  for (size_t i = 0; i < users.count; ++i) {
    MlirOperation user = users.ops[i];
    if (tileOpIs(user, "tile.fill"))
      rewriteFill(user, acc, p);
    else if (tileOpIs(user, "tile.copy"))
      rewriteCopyOut(user, acc, p, t);
    else if (tileOpIs(user, "scf.forall"))
      rewriteParallelLoop(user, acc, p, t);
  }
  tileOpListFree(&users);
  return true;
}

MlirValue tileMmaAllocAccumulator(TileBuilder *b, int64_t elements,
                                  MlirType elem) {
  MlirType type = mlirMemRefTypeGet(elem, 1, &elements, mlirAttributeGetNull(),
                                    mlirAttributeGetNull());
  MlirNamedAttribute segments =
      tbNamed(b, "operandSegmentSizes",
              mlirDenseI32ArrayGet(b->ctx, 2, (const int32_t[]){0, 0}));
  return tbResult(
      tbCreate(b, "memref.alloca", 0, NULL, 1, &type, 1, &segments));
}
