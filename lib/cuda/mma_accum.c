/* Rewrites the uses of a tensor-core accumulator fragment (fill, copies out,
 * thread-parallel loops) to this thread's accumulator array. */
#include "cuda/mma.h"

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
        !coversAccumulator(loop, p) || !indexedByLoop(user, loop, isLoad ? 1 : 2))
      return false;
  }
  return true;
}

static MlirValue idx(TileBuilder *b, int64_t v) { return tbConstIndex(b, v); }

static bool isInside(MlirOperation op, MlirOperation ancestor) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (mlirOperationEqual(p, ancestor))
      return true;
  return false;
}

static void rewriteFill(MlirOperation fill, MlirValue acc,
                        const TileMmaPlan *p) {
  TileBuilder b = tbBefore(fill);
  MlirValue value = mlirOperationGetOperand(fill, 1);
  MlirType v4 = tbParseType(&b, "vector<4xf32>");
  MlirValue splat =
      tbResult(tbCreate(&b, "vector.broadcast", 1, &value, 1, &v4, 0, NULL));
  TileLoop loop = tbFor(&b, idx(&b, 0), idx(&b, p->local), idx(&b, 4));
  TileBuilder in = tbAtTerminator(loop.body, b.loc);
  MlirValue operands[] = {splat, acc, loop.iv};
  tbCreate(&in, "vector.store", 3, operands, 0, NULL, 0, NULL);
  mlirOperationDestroy(fill);
}

/* acc -> destination: each thread stores its own elements; a global window
 * drops what falls outside. */
static void rewriteCopyOut(MlirOperation copy, MlirValue acc,
                           const TileMmaPlan *p, const TileMmaThread *t) {
  TileBuilder b = tbBefore(copy);
  MlirValue dst = mlirOperationGetOperand(copy, 1);
  intptr_t first;
  intptr_t numOffsets = tileOperandGroup(copy, 3, &first);
  MlirValue off[2] = {idx(&b, 0), idx(&b, 0)}, extent[2];
  for (intptr_t i = 0; i < numOffsets && i < 2; ++i)
    off[i] = mlirOperationGetOperand(copy, first + i);
  for (int i = 0; i < 2; ++i)
    extent[i] = tbDim(&b, dst, i);
  TileLoop loop = tbFor(&b, idx(&b, 0), idx(&b, p->local), idx(&b, 1));
  TileBuilder in = tbAtTerminator(loop.body, b.loc);
  MlirValue row, col;
  tileMmaElementPosition(&in, p, t, loop.iv, &row, &col);
  MlirValue at[2] = {tbAdd(&in, off[0], row), tbAdd(&in, off[1], col)};
  MlirValue inside = tbAnd(&in, tbCmpI(&in, "ult", at[0], extent[0]),
                           tbCmpI(&in, "ult", at[1], extent[1]));
  MlirBlock then = tbIf(&in, inside);
  TileBuilder store = tbAtTerminator(then, b.loc);
  MlirValue v = tbLoad(&store, acc, 1, &loop.iv);
  v = tbConvert(&store, v, tileElementType(mlirValueGetType(dst)));
  tbStore(&store, v, dst, 2, at);
  mlirOperationDestroy(copy);
}

/* A thread-parallel loop over the accumulator runs over this thread's
 * elements; accumulator accesses become accesses of its array. */
static void rewriteParallelLoop(MlirOperation forall, MlirValue acc,
                                const TileMmaPlan *p, const TileMmaThread *t) {
  TileBuilder b = tbBefore(forall);
  TileLoop loop = tbFor(&b, idx(&b, 0), idx(&b, p->local), idx(&b, 1));
  TileBuilder in = tbAtTerminator(loop.body, b.loc);
  MlirValue ivs[2];
  tileMmaElementPosition(&in, p, t, loop.iv, &ivs[0], &ivs[1]);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(forall, 0));
  MlirOperation terminator = mlirBlockGetTerminator(body);
  MlirOperation dest = mlirBlockGetTerminator(loop.body);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op) && !mlirOperationEqual(op, terminator);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, dest);
    op = next;
  }
  /* Accesses of the accumulator index the thread's array by element. */
  for (MlirOpOperand use = mlirValueGetFirstUse(p->acc);
       !mlirOpOperandIsNull(use);) {
    MlirOpOperand next = mlirOpOperandGetNextUse(use);
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (isInside(user, loop.op)) {
      bool isLoad = tileOpIs(user, "memref.load");
      TileBuilder at = tbBefore(user);
      if (isLoad) {
        MlirValue v = tbLoad(&at, acc, 1, &loop.iv);
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(user, 0), v);
      } else {
        tbStore(&at, mlirOperationGetOperand(user, 0), acc, 1, &loop.iv);
      }
      mlirOperationDestroy(user);
    }
    use = next;
  }
  for (int i = 0; i < 2; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, i), ivs[i]);
  /* Other threads may read what the body wrote to shared memory. */
  TileBuilder after = tbAfter(loop.op);
  tbCreate(&after, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  mlirOperationDestroy(forall);
}

bool tileMmaRewriteAccumulatorUses(const TileMmaPlan *p,
                                   const TileMmaThread *t, MlirValue acc) {
  /* Collect first: rewriting changes the use list. */
  MlirOperation users[64];
  unsigned n = 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(p->acc);
       !mlirOpOperandIsNull(use) && n < 64; use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (tileOpIs(user, "memref.load") || tileOpIs(user, "memref.store"))
      user = parallelLoopOf(user, p->kernel);
    bool seen = false;
    for (unsigned i = 0; i < n; ++i)
      seen |= mlirOperationEqual(users[i], user);
    if (!seen && !mlirOperationEqual(user, p->gemms[0]))
      users[n++] = user;
  }
  for (unsigned i = 0; i < n; ++i) {
    if (tileOpIs(users[i], "tile.fill"))
      rewriteFill(users[i], acc, p);
    else if (tileOpIs(users[i], "tile.copy"))
      rewriteCopyOut(users[i], acc, p, t);
    else if (tileOpIs(users[i], "scf.forall"))
      rewriteParallelLoop(users[i], acc, p, t);
  }
  return true;
}
