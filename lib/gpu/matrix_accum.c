/* Rewrites the uses of a matrix-unit accumulator fragment (fill, copies
 * out, thread-parallel loops) to this thread's accumulator array. */
#include "gpu/matrix.h"

#include <stdio.h>

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
        !coversAccumulator(loop, p) ||
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

/* Values of a cloned loop body: originals and what they became. */
typedef struct {
  MlirValue from[256], to[256];
  unsigned n;
} ValueMap;

static void mapValue(ValueMap *m, MlirValue from, MlirValue to) {
  if (m->n < 256) {
    m->from[m->n] = from;
    m->to[m->n++] = to;
  }
}

static MlirWalkResult remapOperands(MlirOperation op, void *userData) {
  ValueMap *m = userData;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    for (unsigned j = 0; j < m->n; ++j)
      if (mlirValueEqual(v, m->from[j])) {
        mlirOperationSetOperand(op, i, m->to[j]);
        break;
      }
  }
  return MlirWalkResultAdvance;
}

typedef struct {
  MlirOperation ops[1024];
  unsigned n;
} Doomed;

static MlirWalkResult collectAccesses(MlirOperation op, void *userData) {
  Doomed *d = userData;
  if ((tileOpIs(op, "memref.load") || tileOpIs(op, "memref.store")) &&
      d->n < 1024)
    d->ops[d->n++] = op;
  return MlirWalkResultAdvance;
}

/* A thread-parallel loop over the accumulator runs its body once per
 * element this thread holds, at that element's position. */
static void rewriteParallelLoop(MlirOperation forall, MlirValue acc,
                                const TileMmaPlan *p, const TileMmaThread *t) {
  TileBuilder b = tbBefore(forall);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(forall, 0));
  MlirOperation terminator = mlirBlockGetTerminator(body);
  for (int64_t i = 0; i < p->local; ++i) {
    MlirValue slot = idx(&b, i), ivs[2];
    p->position(&b, p, t, slot, &ivs[0], &ivs[1]);
    ValueMap map = {{{0}}, {{0}}, 0};
    mapValue(&map, mlirBlockGetArgument(body, 0), ivs[0]);
    mapValue(&map, mlirBlockGetArgument(body, 1), ivs[1]);
    for (MlirOperation op = mlirBlockGetFirstOperation(body);
         !mlirOperationIsNull(op) && !mlirOperationEqual(op, terminator);
         op = mlirOperationGetNextInBlock(op)) {
      MlirOperation copy = mlirOperationClone(op);
      mlirBlockInsertOwnedOperationBefore(b.block, b.before, copy);
      mlirOperationWalk(copy, remapOperands, &map, MlirWalkPreOrder);
      for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
        mapValue(&map, mlirOperationGetResult(op, r),
                 mlirOperationGetResult(copy, r));
      /* Accesses of the accumulator go to its registers. */
      Doomed accesses = {{{0}}, 0};
      mlirOperationWalk(copy, collectAccesses, &accesses, MlirWalkPostOrder);
      for (unsigned k = 0; k < accesses.n; ++k) {
        MlirOperation access = accesses.ops[k];
        bool isLoad = tileOpIs(access, "memref.load");
        if (!mlirValueEqual(mlirOperationGetOperand(access, isLoad ? 0 : 1),
                            p->acc))
          continue;
        TileBuilder at = tbBefore(access);
        if (isLoad) {
          MlirValue old = mlirOperationGetResult(access, 0);
          MlirValue v = tbLoad(&at, acc, 1, &slot);
          mlirValueReplaceAllUsesOfWith(old, v);
          /* Later clones refer to the original load's result. */
          for (unsigned j = 0; j < map.n; ++j)
            if (mlirValueEqual(map.to[j], old))
              map.to[j] = v;
        } else {
          tbStore(&at, mlirOperationGetOperand(access, 0), acc, 1, &slot);
        }
        mlirOperationDestroy(access);
      }
    }
  }
  /* Other threads may read what the body wrote to shared memory. */
  tbCreate(&b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  mlirOperationDestroy(forall);
}

bool tileMmaRewriteAccumulatorUses(const TileMmaPlan *p, const TileMmaThread *t,
                                   MlirValue acc) {
  /* Collect first: rewriting changes the use list. */
  MlirOperation users[64];
  unsigned n = 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(p->acc);
       !mlirOpOperandIsNull(use) && n < 64;
       use = mlirOpOperandGetNextUse(use)) {
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
