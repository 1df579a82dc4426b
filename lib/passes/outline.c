/* Moves an op into a private function of its own, called where the op was
 * (passes/outline.h): tile-cpu-outline-kernels, tile-cpu-outline-ops and
 * tile-gpu-outline-ops. */
#include "passes/outline.h"

#include "ir/builder.h"
#include "ir/ir.h"
#include "support/alloc.h"
#include "support/count.h"
#include "support/strbuf.h"

#include <stdlib.h>

/* Values of the enclosing function and what stands for them in the new
 * function. */
typedef struct {
  MlirOperation kernel; /* the op being moved */
  MlirBlock body;
  MlirValue *outside, *inside;
  size_t count, capacity;
} Captures;

static MlirValue capture(Captures *c, MlirValue v) {
  for (size_t i = 0; i < c->count; ++i)
    if (mlirValueEqual(c->outside[i], v))
      return c->inside[i];
  MlirValue in;
  if (mlirValueIsAOpResult(v) &&
      tileOpIs(mlirOpResultGetOwner(v), "arith.constant")) {
    MlirOperation copy = mlirOperationClone(mlirOpResultGetOwner(v));
    mlirBlockAppendOwnedOperation(c->body, copy);
    in = mlirOperationGetResult(copy, 0);
  } else {
    in = mlirBlockAddArgument(c->body, mlirValueGetType(v),
                              mlirOperationGetLocation(c->kernel));
  }
  if (c->count == c->capacity) {
    c->capacity = c->capacity ? 2 * c->capacity : 8;
    c->outside = tileReallocArray(c->outside, c->capacity, sizeof(MlirValue));
    c->inside = tileReallocArray(c->inside, c->capacity, sizeof(MlirValue));
  }
  c->outside[c->count] = v;
  c->inside[c->count++] = in;
  return in;
}

static MlirWalkResult remapOperands(MlirOperation op, void *userData) {
  Captures *c = userData;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!tileValueIsInside(v, c->kernel))
      mlirOperationSetOperand(op, i, capture(c, v));
  }
  return MlirWalkResultAdvance;
}

/* The arguments of the new function, in order: the captured values that
 * are not constants. */
static size_t callOperands(const Captures *c, MlirValue *args,
                           MlirType *types) {
  size_t n = 0;
  for (size_t i = 0; i < c->count; ++i)
    if (mlirValueIsABlockArgument(c->inside[i]) &&
        mlirBlockEqual(mlirBlockArgumentGetOwner(c->inside[i]), c->body)) {
      args[mlirBlockArgumentGetArgNumber(c->inside[i])] = c->outside[i];
      types[mlirBlockArgumentGetArgNumber(c->inside[i])] =
          mlirValueGetType(c->outside[i]);
      ++n;
    }
  return n;
}

MlirOperation tileOutlineOps(MlirOperation func, const MlirOperation *ops,
                             size_t count, MlirOperation after,
                             MlirSymbolTable table, const char *suffix,
                             bool noInline) {
  TileBuilder b = tbAfter(after);
  b.loc = mlirOperationGetLocation(ops[0]);
  Captures c = {ops[0], mlirBlockCreate(0, NULL, NULL), NULL, NULL, 0, 0};
  /* The ops have no results: a value one of them uses is defined inside it
   * or outside all of them. */
  for (size_t i = 0; i < count; ++i) {
    c.kernel = ops[i];
    mlirOperationWalk(ops[i], remapOperands, &c, MlirWalkPreOrder);
  }
  c.kernel = ops[0];
  MlirValue *args = tileCallocArray(c.count, sizeof(MlirValue));
  MlirType *types = tileCallocArray(c.count, sizeof(MlirType));
  size_t n = callOperands(&c, args, types);
  MlirAttribute name =
      mlirOperationGetAttributeByName(func, tileRef("sym_name"));
  TileStrBuf newName = {0};
  tileStrBufAppendRef(&newName, mlirStringAttrGetValue(name));
  tileStrBufAppendStr(&newName, suffix);
  MlirAttribute noInlineAttr =
      mlirArrayAttrGet(b.ctx, 1, (MlirAttribute[]){tbStrAttr(&b, "noinline")});
  /* func-to-llvm gives a private function external linkage: an object
   * would export it (and clash with another object's). */
  MlirAttribute internal = mlirAttributeParseGet(
      b.ctx, mlirStringRefCreateFromCString("#llvm.linkage<internal>"));
  MlirNamedAttribute attrs[] = {
      tbNamed(&b, "sym_name", tbStrAttr(&b, tileStrBufGet(&newName))),
      tbNamed(&b, "sym_visibility", tbStrAttr(&b, "private")),
      tbNamed(&b, "function_type",
              mlirTypeAttrGet(
                  mlirFunctionTypeGet(b.ctx, (intptr_t)n, types, 0, NULL))),
      tbNamed(&b, "llvm.linkage", internal),
      /* Kept by func-to-llvm and its translation as LLVM's noinline. */
      tbNamed(&b, "passthrough", noInlineAttr),
  };
  tileStrBufFree(&newName);
  MlirOperation outlined = tbCreateWithRegions(
      &b, "func.func", 0, NULL, 0, NULL, noInline ? 5 : 4, attrs, 1);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(outlined, 0), c.body);
  MlirAttribute callee = mlirFlatSymbolRefAttrGet(
      b.ctx, mlirStringAttrGetValue(mlirSymbolTableInsert(table, outlined)));
  TileBuilder at = tbBefore(ops[0]);
  MlirNamedAttribute calleeAttr = tbNamed(&at, "callee", callee);
  tbCreate(&at, "func.call", (intptr_t)n, args, 0, NULL, 1, &calleeAttr);
  for (size_t i = 0; i < count; ++i) {
    mlirOperationRemoveFromParent(ops[i]);
    mlirBlockAppendOwnedOperation(c.body, ops[i]);
  }
  TileBuilder end = tbAtEnd(c.body, b.loc);
  tbCreate(&end, "func.return", 0, NULL, 0, NULL, 0, NULL);
  free(args);
  free(types);
  free(c.outside);
  free(c.inside);
  return outlined;
}

MlirOperation tileOutlineOp(MlirOperation func, MlirOperation op,
                            MlirOperation after, MlirSymbolTable table,
                            const char *suffix, bool noInline) {
  return tileOutlineOps(func, &op, 1, after, table, suffix, noInline);
}

typedef struct {
  MlirSymbolTable table;
  MlirOperation func;  /* the function being split */
  MlirOperation after; /* where the next new function goes */
  int64_t maxOps, perFunction;
  bool (*movable)(MlirOperation);
} Splitter;

/* Ops with no memory effects and no regions, which may move up past the
 * loop nests between them and the op before the nests. */
static bool hoistable(MlirOperation op) {
  if (mlirOperationGetNumRegions(op) != 0)
    return false;
  static const char *const dialects[] = {"arith", "index", "math"};
  for (size_t i = 0; i < TILE_COUNT(dialects); ++i)
    if (tileOpInDialect(op, dialects[i]))
      return true;
  return tileOpIs(op, "affine.apply") || tileOpIs(op, "affine.min") ||
         tileOpIs(op, "affine.max") || tileOpIs(op, "memref.dim") ||
         tileOpIs(op, "ub.poison");
}

/* Whether `op` may move: the last op of a block, its terminator (an
 * scf.forall's in_parallel has a region and no results), stays. */
static bool movableIn(const Splitter *s, MlirOperation op) {
  return s->movable(op) &&
         !mlirOperationIsNull(mlirOperationGetNextInBlock(op));
}

/* Moves runs of up to s->perFunction movable ops of `block` into one
 * function each. A run goes on past ops that only compute values (moved
 * before the run's first op, where their operands are already defined:
 * the movable ops between have no results) and ends at any other op. */
static void splitRuns(Splitter *s, MlirBlock block) {
  TileOpList run = {0}, pending = {0};
  MlirOperation op = mlirBlockGetFirstOperation(block);
  for (;;) {
    MlirOperation next =
        mlirOperationIsNull(op) ? op : mlirOperationGetNextInBlock(op);
    bool takes = !mlirOperationIsNull(op) && movableIn(s, op) &&
                 (int64_t)run.count < s->perFunction;
    if (takes) {
      for (size_t i = 0; i < pending.count; ++i)
        mlirOperationMoveBefore(pending.ops[i], run.count ? run.ops[0] : op);
      pending.count = 0;
      tileOpListAppend(&run, op);
    } else if (!mlirOperationIsNull(op) && run.count && hoistable(op) &&
               (int64_t)run.count < s->perFunction) {
      tileOpListAppend(&pending, op);
    } else {
      if (run.count)
        s->after = tileOutlineOps(s->func, run.ops, run.count, s->after,
                                  s->table, "_part", true);
      run.count = pending.count = 0;
      if (mlirOperationIsNull(op))
        break;
      if (movableIn(s, op))
        continue; /* it starts the next run */
    }
    op = next;
  }
  tileOpListFree(&run);
  tileOpListFree(&pending);
}

/* Splits the blocks inside `block` first, then `block` itself. */
static void splitBlock(Splitter *s, MlirBlock block) {
  int64_t movable = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
      for (MlirBlock inner =
               mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
           !mlirBlockIsNull(inner); inner = mlirBlockGetNextInRegion(inner))
        splitBlock(s, inner);
    movable += movableIn(s, op);
  }
  if (movable > s->maxOps)
    splitRuns(s, block);
}

void tileOutlineSplitBlocks(MlirOperation module, const char *funcName,
                            int64_t maxOps, int64_t perFunction,
                            bool (*movable)(MlirOperation)) {
  Splitter s = {mlirSymbolTableCreate(module),     {NULL}, {NULL}, maxOps,
                perFunction > 0 ? perFunction : 1, movable};
  /* The functions of the input only: one made here holds a run of up to
   * perFunction ops, which may be more than maxOps. */
  TileOpList funcs = {0};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation func = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(func); func = mlirOperationGetNextInBlock(func))
    if (tileOpIs(func, funcName))
      tileOpListAppend(&funcs, func);
  for (size_t i = 0; i < funcs.count; ++i) {
    s.func = s.after = funcs.ops[i];
    for (MlirBlock block =
             mlirRegionGetFirstBlock(mlirOperationGetRegion(s.func, 0));
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      splitBlock(&s, block);
  }
  tileOpListFree(&funcs);
  mlirSymbolTableDestroy(s.table);
}
