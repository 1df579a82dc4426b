/* Atomic updates of a thread's own memory as plain loads and stores. */
#include "ir/atomics.h"

#include "ir/accesses.h"
#include "ir/builder.h"
#include "ir/ir.h"
#include "support/count.h"

#include <string.h>

static bool isGeneric(MlirOperation op) {
  return tileOpIs(op, "memref.generic_atomic_rmw");
}

static MlirValue memrefOf(MlirOperation op) {
  return mlirOperationGetOperand(op, isGeneric(op) ? 0 : 1);
}

/* Whether `op` runs in a kernel: in a kernel loop, a gpu.launch or a
 * gpu.func. */
static bool isInKernel(MlirOperation op) {
  for (MlirOperation at = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(at); at = mlirOperationGetParentOperation(at))
    if (tileIsKernelLoop(at) || tileOpIs(at, "gpu.launch") ||
        tileOpIs(at, "gpu.func"))
      return true;
  return false;
}

/* Whether the iterations of `op` may run at the same time on threads that
 * share what is allocated outside it. An scf.forall of threads in a kernel
 * is not one (each thread has its own copy of what its block allocates);
 * any other scf.forall is. */
static bool runsInParallel(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (tileOpIs(op, "scf.forall"))
    return tileIsKernelLoop(op) || !isInKernel(op);
  return tileOpIs(op, "scf.parallel") || tileOpIs(op, "gpu.launch") ||
         (name.length > 4 && strncmp(name.data, "omp.", 4) == 0);
}

bool tileAtomicIsPrivate(MlirOperation op) {
  MlirValue root = tileViewRoot(memrefOf(op));
  if (!tileIsThreadPrivate(root))
    return false;
  if (!mlirValueIsAOpResult(root))
    return true; /* a local tile the function is given */
  MlirBlock home = mlirOperationGetBlock(mlirOpResultGetOwner(root));
  for (MlirOperation at = op; !mlirOperationIsNull(at);
       at = mlirOperationGetParentOperation(at)) {
    if (mlirBlockEqual(mlirOperationGetBlock(at), home))
      return true;
    MlirOperation parent = mlirOperationGetParentOperation(at);
    if (!mlirOperationIsNull(parent) && runsInParallel(parent))
      return false;
  }
  return false;
}

/* The arith op of atomic_rmw kind `kind`: "" for assign, NULL for none. */
static const char *updateOf(const char *kind) {
  static const char *const ops[][2] = {
      {"addf", "arith.addf"},         {"addi", "arith.addi"},
      {"andi", "arith.andi"},         {"assign", ""},
      {"maximumf", "arith.maximumf"}, {"maxnumf", "arith.maxnumf"},
      {"maxs", "arith.maxsi"},        {"maxu", "arith.maxui"},
      {"minimumf", "arith.minimumf"}, {"minnumf", "arith.minnumf"},
      {"mins", "arith.minsi"},        {"minu", "arith.minui"},
      {"mulf", "arith.mulf"},         {"muli", "arith.muli"},
      {"ori", "arith.ori"},           {"xori", "arith.xori"}};
  for (size_t i = 0; kind && i < TILE_COUNT(ops); ++i)
    if (strcmp(kind, ops[i][0]) == 0)
      return ops[i][1];
  return NULL;
}

void tileExpandAtomicInPlace(MlirOperation op) {
  bool generic = isGeneric(op);
  const char *update = generic ? "" : updateOf(tileAtomicKindName(op));
  if (!update)
    return;
  intptr_t first = generic ? 0 : 1;
  intptr_t n = mlirOperationGetNumOperands(op) - first - 1;
  if (n > TILE_MAX_RANK)
    return;
  MlirValue memref = mlirOperationGetOperand(op, first);
  MlirValue indices[TILE_MAX_RANK];
  for (intptr_t i = 0; i < n; ++i)
    indices[i] = mlirOperationGetOperand(op, first + 1 + i);
  TileBuilder b = tbBefore(op);
  MlirValue old = tbLoad(&b, memref, n, indices);
  MlirValue updated;
  if (generic) {
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, 0), old);
    MlirOperation inner = mlirBlockGetFirstOperation(body);
    while (!tileOpIs(inner, "memref.atomic_yield")) {
      MlirOperation next = mlirOperationGetNextInBlock(inner);
      mlirOperationMoveBefore(inner, op);
      inner = next;
    }
    updated = mlirOperationGetOperand(inner, 0);
  } else {
    MlirValue value = mlirOperationGetOperand(op, 0);
    updated = *update ? tbBinary(&b, update, old, value) : value;
  }
  tbStore(&b, updated, memref, n, indices);
  tbReplaceOp(op, old);
}
