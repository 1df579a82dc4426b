/* Moves an op into a private function of its own, called where the op was
 * (passes/outline.h): tile-cpu-outline-kernels, tile-cpu-outline-ops and
 * tile-gpu-outline-ops. */
#include "passes/outline.h"

#include "ir/builder.h"
#include "ir/ir.h"
#include "support/alloc.h"
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

static bool isInside(MlirValue v, MlirOperation kernel) {
  MlirOperation op =
      mlirValueIsAOpResult(v)
          ? mlirOpResultGetOwner(v)
          : mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  for (; !mlirOperationIsNull(op); op = mlirOperationGetParentOperation(op))
    if (mlirOperationEqual(op, kernel))
      return true;
  return false;
}

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
    if (!isInside(v, c->kernel))
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

MlirOperation tileOutlineOp(MlirOperation func, MlirOperation kernel,
                            MlirOperation after, MlirSymbolTable table,
                            const char *suffix, bool noInline) {
  TileBuilder b = tbAfter(after);
  b.loc = mlirOperationGetLocation(kernel);
  Captures c = {kernel, mlirBlockCreate(0, NULL, NULL), NULL, NULL, 0, 0};
  mlirOperationWalk(kernel, remapOperands, &c, MlirWalkPreOrder);
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
  TileBuilder at = tbBefore(kernel);
  MlirNamedAttribute calleeAttr = tbNamed(&at, "callee", callee);
  tbCreate(&at, "func.call", (intptr_t)n, args, 0, NULL, 1, &calleeAttr);
  mlirOperationRemoveFromParent(kernel);
  mlirBlockAppendOwnedOperation(c.body, kernel);
  TileBuilder end = tbAtEnd(c.body, b.loc);
  tbCreate(&end, "func.return", 0, NULL, 0, NULL, 0, NULL);
  free(args);
  free(types);
  free(c.outside);
  free(c.inside);
  return outlined;
}

typedef struct {
  MlirSymbolTable table;
  MlirOperation func;  /* the function being split */
  MlirOperation after; /* where the next new function goes */
  int64_t maxOps;
  bool (*movable)(MlirOperation);
} Splitter;

/* Splits the blocks inside `block` first, then `block` itself. */
static void splitBlock(Splitter *s, MlirBlock block) {
  TileOpList moving = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
      for (MlirBlock inner =
               mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
           !mlirBlockIsNull(inner); inner = mlirBlockGetNextInRegion(inner))
        splitBlock(s, inner);
    if (s->movable(op))
      tileOpListAppend(&moving, op);
  }
  if ((int64_t)moving.count > s->maxOps)
    for (size_t i = 0; i < moving.count; ++i)
      s->after = tileOutlineOp(s->func, moving.ops[i], s->after, s->table,
                               "_part", true);
  tileOpListFree(&moving);
}

void tileOutlineSplitBlocks(MlirOperation module, const char *funcName,
                            int64_t maxOps, bool (*movable)(MlirOperation)) {
  Splitter s = {mlirSymbolTableCreate(module), {NULL}, {NULL}, maxOps, movable};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation func = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(func); func = mlirOperationGetNextInBlock(func)) {
    if (!tileOpIs(func, funcName))
      continue;
    s.func = s.after = func;
    for (MlirBlock block =
             mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      splitBlock(&s, block);
  }
  mlirSymbolTableDestroy(s.table);
}
