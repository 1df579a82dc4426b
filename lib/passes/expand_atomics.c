/* tile-expand-atomics{target=}: the atomic updates that MLIR 22 lowers to
 * LLVM only through a compare-and-swap loop. LLVM's atomicrmw has no
 * multiplication: memref.atomic_rmw muli becomes memref.generic_atomic_rmw
 * (a cmpxchg loop) multiplying the value in memory. That loop MLIR 22
 * builds for integers only (its cmpxchg of a float is invalid LLVM IR), so
 * atomic_rmw mulf and generic_atomic_rmw of floats are reported at the op:
 * both failed with "'llvm.cmpxchg' op operand #1 must be signless integer
 * or LLVM pointer type" or an unrealized cast LLVM's translation refused.
 * Atomic updates of a thread's own memory (local tiles, allocas no parallel
 * loop shares) need no atomicity: they become a load, the update and a
 * store first, whatever their kind and type. For the targets that lower
 * through LLVM (cpu, cuda, rocm) and their host code. */
#include "ir/atomics.h"
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/MemRef.h"

#include <string.h>

enum { OptTarget, OptPrivateOnly };

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "cpu",
                   "the target named in messages", NULL, NULL},
    [OptPrivateOnly] = {"private-only", TileOptionBool, "false",
                        "only make the updates of a thread's own memory "
                        "loads and stores (vulkan, whose SPIR-V lowering "
                        "takes the others)",
                        NULL, NULL},
};

static MlirType elementOf(MlirOperation op) {
  return mlirValueGetType(mlirOperationGetResult(op, 0));
}

typedef struct {
  TileOpList privates; /* atomics of a thread's own memory */
  TileOpList muls;     /* atomic_rmw muli, to rewrite */
  const char *target;
  bool privateOnly;
  unsigned errors;
} Expand;

static MlirWalkResult visit(MlirOperation op, void *userData) {
  Expand *e = userData;
  bool generic = tileOpIs(op, "memref.generic_atomic_rmw");
  if (!generic && !tileOpIs(op, "memref.atomic_rmw"))
    return MlirWalkResultAdvance;
  bool isFloat = mlirTypeIsAFloat(elementOf(op));
  const char *kind = generic ? "" : tileAtomicKindName(op);
  if (kind && tileAtomicIsPrivate(op)) {
    tileOpListAppend(&e->privates, op);
  } else if (e->privateOnly) {
    return MlirWalkResultAdvance;
  } else if (kind && strcmp(kind, "muli") == 0) {
    tileOpListAppend(&e->muls, op);
  } else if (isFloat && (generic || (kind && strcmp(kind, "mulf") == 0))) {
    tileEmitOpError(op,
                    "%s floats atomically, which the %s target cannot "
                    "compile: MLIR 22 builds the compare-and-swap loop this "
                    "needs for integers only; integers, and addf, assign, "
                    "maximumf, minimumf, maxnumf and minnumf of floats work",
                    generic ? "updates" : "multiplies", e->target);
    ++e->errors;
  }
  return MlirWalkResultAdvance;
}

/* memref.atomic_rmw muli %v, %m[%i] as memref.generic_atomic_rmw %m[%i]
 * whose body multiplies the value in memory by %v. */
static void rewriteMul(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  MlirType element = elementOf(op);
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue operands[1 + TILE_MAX_RANK];
  intptr_t count = 0;
  for (intptr_t i = 1; i < n && count < 1 + TILE_MAX_RANK; ++i)
    operands[count++] = mlirOperationGetOperand(op, i);
  MlirOperation generic =
      tbCreateWithRegions(&b, "memref.generic_atomic_rmw", count, operands, 1,
                          &element, 0, NULL, 1);
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirBlock body = mlirBlockCreate(1, &element, &loc);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(generic, 0), body);
  TileBuilder inside = tbAtEnd(body, loc);
  MlirValue product = tbMul(&inside, mlirBlockGetArgument(body, 0),
                            mlirOperationGetOperand(op, 0));
  tbCreate(&inside, "memref.atomic_yield", 1, &product, 0, NULL, 0, NULL);
  tbReplaceOp(op, mlirOperationGetResult(generic, 0));
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *values) {
  Expand e = {{0}, {0}, values[OptTarget].s, values[OptPrivateOnly].b, 0};
  mlirOperationWalk(root, visit, &e, MlirWalkPostOrder);
  for (size_t i = 0; i < e.privates.count; ++i)
    tileExpandAtomicInPlace(e.privates.ops[i]);
  tileOpListFree(&e.privates);
  for (size_t i = 0; i < e.muls.count; ++i)
    rewriteMul(e.muls.ops[i]);
  tileOpListFree(&e.muls);
  if (e.errors)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__memref__,
};

const TilePassDescriptor tileExpandAtomicsPass = {
    .argument = "tile-expand-atomics",
    .name = "TileExpandAtomics",
    .summary = "Update a thread's own memory with a load and a store; "
               "multiply integers atomically through a compare-and-swap "
               "loop (LLVM's atomicrmw has no multiplication); report the "
               "float updates MLIR 22 cannot loop over",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
