/* tile-gpu-barriers: places gpu.barrier between accesses of shared
 * (workgroup) memory that different threads may make in either order: a
 * read after a write, a write after a read, a write after a write, since
 * the last barrier on every path. Loops are followed around their back
 * edge. Barriers go only where control flow is uniform across the block:
 * an op whose regions depend on the thread id, and a loop nest that
 * tile-gpu-lower distributed over the threads (simt.distributed), is one
 * unit, and the barrier goes before it; so is a loop that places its own
 * barriers (simt.synchronised). Accesses of fragment registers,
 * local and global memory need none. Accesses are memref and vector loads,
 * stores and transfers, memref.copy, atomics and the cooperative-matrix
 * loads and stores of a subgroup (gpu.subgroup_mma_load/store_matrix); any
 * other op that takes a shared buffer (a call, an unlowered tile op) reads
 * and writes it, except views and the matrix-unit paths' own nvgpu/amdgpu
 * ops, which synchronise themselves. */
#include "gpu/layout.h"
#include "ir/accesses.h"
#include "ir/builder_gpu.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"
#include "tile/dialect.h"

#include "mlir-c/Dialect/GPU.h"

#include <string.h>

enum { MaxBuffers = 64, MaxDepth = 48 };

/* Shared buffers read and written since the last barrier. */
typedef struct {
  MlirValue reads[MaxBuffers], writes[MaxBuffers];
  unsigned numReads, numWrites;
  bool anyRead, anyWrite; /* a set overflowed: assume every buffer */
} Accesses;

static bool contains(const MlirValue *set, unsigned n, bool any, MlirValue v) {
  if (any)
    return true;
  for (unsigned i = 0; i < n; ++i)
    if (mlirValueEqual(set[i], v))
      return true;
  return false;
}

static void add(MlirValue *set, unsigned *n, bool *any, MlirValue v) {
  if (contains(set, *n, *any, v))
    return;
  if (*n == MaxBuffers)
    *any = true;
  else
    set[(*n)++] = v;
}

static void merge(Accesses *into, const Accesses *from) {
  for (unsigned i = 0; i < from->numReads; ++i)
    add(into->reads, &into->numReads, &into->anyRead, from->reads[i]);
  for (unsigned i = 0; i < from->numWrites; ++i)
    add(into->writes, &into->numWrites, &into->anyWrite, from->writes[i]);
  into->anyRead |= from->anyRead;
  into->anyWrite |= from->anyWrite;
}

static bool empty(const Accesses *a) {
  return !a->numReads && !a->numWrites && !a->anyRead && !a->anyWrite;
}

static bool intersects(const MlirValue *a, unsigned na, bool anyA,
                       const MlirValue *b, unsigned nb, bool anyB) {
  if ((anyA && (nb || anyB)) || (anyB && na))
    return true;
  for (unsigned i = 0; i < na; ++i)
    if (contains(b, nb, false, a[i]))
      return true;
  return false;
}

/* Whether running `next` after `done` (without a barrier) races. */
static bool conflicts(const Accesses *done, const Accesses *next) {
  return intersects(next->reads, next->numReads, next->anyRead, done->writes,
                    done->numWrites, done->anyWrite) ||
         intersects(next->writes, next->numWrites, next->anyWrite, done->writes,
                    done->numWrites, done->anyWrite) ||
         intersects(next->writes, next->numWrites, next->anyWrite, done->reads,
                    done->numReads, done->anyRead);
}

/*===--- what an op touches -----------------------------------------------===*/

static bool isShared(MlirValue v) {
  MlirType type = mlirValueGetType(v);
  return mlirTypeIsAMemRef(type) &&
         tileMemRefTypeGetScope(type) == TileScopeShared;
}

/* The buffer a shared view is taken of. */
static MlirValue rootOf(MlirValue v) {
  for (int depth = 0; depth < MaxDepth && mlirValueIsAOpResult(v); ++depth) {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (mlirOperationGetNumOperands(def) == 0 ||
        !isShared(mlirOperationGetOperand(def, 0)))
      break;
    v = mlirOperationGetOperand(def, 0);
  }
  return v;
}

static void touch(Accesses *a, MlirValue buffer, bool reads, bool writes) {
  MlirValue root = rootOf(buffer);
  if (reads)
    add(a->reads, &a->numReads, &a->anyRead, root);
  if (writes)
    add(a->writes, &a->numWrites, &a->anyWrite, root);
}

/* Adds what `op` touches when the table lists it (memref.copy has two
 * rows); returns whether it does. */
static bool listed(MlirOperation op, Accesses *a) {
  unsigned count;
  const TileAccess *rows = tileAccessesOf(op, &count);
  for (unsigned i = 0; i < count; ++i)
    if (rows[i].operand < (unsigned)mlirOperationGetNumOperands(op) &&
        isShared(mlirOperationGetOperand(op, rows[i].operand)))
      touch(a, mlirOperationGetOperand(op, rows[i].operand), rows[i].reads,
            rows[i].writes);
  return count != 0;
}

/* The matrix-unit paths' own ops (nvgpu, amdgpu, nvvm, rocdl, gpu) come
 * with the synchronisation they need. */
static bool selfSynchronised(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  static const char *const dialects[] = {"nvgpu.", "amdgpu.", "nvvm.", "rocdl.",
                                         "gpu."};
  for (unsigned i = 0; i < TILE_COUNT(dialects); ++i) {
    size_t n = strlen(dialects[i]);
    if (name.length > n && !memcmp(name.data, dialects[i], n))
      return true;
  }
  return tileTakesBufferOnly(op);
}

/* What one op reads and writes of shared memory: loads and stores (memref
 * and vector) by the table; unlowered tile ops and any other op with a
 * shared operand (a call, an op of another dialect) read and write every
 * shared operand. */
static MlirWalkResult gather(MlirOperation op, void *userData) {
  Accesses *a = userData;
  if (listed(op, a) || selfSynchronised(op))
    return MlirWalkResultAdvance;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (isShared(v))
      touch(a, v, true, true);
  }
  return MlirWalkResultAdvance;
}

static Accesses accessesOf(MlirOperation op) {
  Accesses a;
  memset(&a, 0, sizeof(a));
  mlirOperationWalk(op, gather, &a, MlirWalkPreOrder);
  return a;
}

/*===--- uniformity -------------------------------------------------------===*/

typedef struct {
  MlirOperation kernel;
  unsigned inserted;
} Pass;

static bool uniformValue(const Pass *p, MlirValue v, int depth);

static bool uniformOperands(const Pass *p, MlirOperation op, intptr_t first,
                            intptr_t count, int depth) {
  for (intptr_t i = first; i < first + count; ++i)
    if (!uniformValue(p, mlirOperationGetOperand(op, i), depth + 1))
      return false;
  return true;
}

/* Whether `v` is the same on every thread of the block: defined outside
 * the kernel, a block id, or pure arithmetic on such values. Conservative:
 * loads and results of region ops count as varying. */
static bool uniformValue(const Pass *p, MlirValue v, int depth) {
  if (depth > MaxDepth)
    return false;
  if (mlirValueIsABlockArgument(v)) {
    MlirOperation owner =
        mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
    if (mlirOperationEqual(owner, p->kernel) ||
        !tileOpIsInside(owner, p->kernel))
      return true;
    /* The induction variable of a loop with uniform bounds. */
    return tileOpIs(owner, "scf.for") &&
           mlirBlockArgumentGetArgNumber(v) == 0 &&
           uniformOperands(p, owner, 0, 3, depth);
  }
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!tileOpIsInside(def, p->kernel))
    return true;
  if (mlirOperationGetNumRegions(def) || tileOpIs(def, "memref.load") ||
      tileOpIs(def, "memref.atomic_rmw"))
    return false;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(def));
  if (name.length > 4 && strncmp(name.data, "gpu.", 4) == 0)
    return false;
  return uniformOperands(p, def, 0, mlirOperationGetNumOperands(def), depth);
}

/* Whether the regions of `op` run the same way on every thread, so that
 * barriers may go inside them. */
static bool uniformControl(const Pass *p, MlirOperation op) {
  if (!mlirAttributeIsNull(tileOpGetAttr(op, TILE_GPU_DISTRIBUTED_ATTR)) ||
      !mlirAttributeIsNull(tileOpGetAttr(op, TILE_GPU_SYNCHRONISED_ATTR)))
    return false;
  if (tileOpIs(op, "scf.for"))
    return mlirOperationGetNumResults(op) == 0 &&
           uniformOperands(p, op, 0, 3, 0);
  if (tileOpIs(op, "scf.if"))
    return mlirOperationGetNumResults(op) == 0 &&
           uniformValue(p, mlirOperationGetOperand(op, 0), 0);
  return false;
}

/*===--- placement --------------------------------------------------------===*/

static void visitBlock(Pass *p, MlirBlock block, Accesses *state);

static void barrierBefore(Pass *p, MlirOperation op, Accesses *state) {
  TileBuilder b = tbBefore(op);
  tbBarrier(&b);
  memset(state, 0, sizeof(*state));
  ++p->inserted;
}

static void visitOp(Pass *p, MlirOperation op, Accesses *state) {
  if (tileOpIs(op, "gpu.barrier")) {
    memset(state, 0, sizeof(*state));
    return;
  }
  Accesses here = accessesOf(op);
  if (empty(&here))
    return;
  /* Outermost first: one barrier before a loop, not one per iteration. */
  if (conflicts(state, &here))
    barrierBefore(p, op, state);
  if (!uniformControl(p, op)) {
    merge(state, &here);
    return;
  }
  MlirBlock first = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (tileOpIs(op, "scf.for")) {
    /* Twice: the second time the state includes the previous iteration. */
    Accesses once = *state;
    visitBlock(p, first, &once);
    Accesses again = *state;
    merge(&again, &once);
    visitBlock(p, first, &again);
    merge(state, &again);
    return;
  }
  Accesses thenState = *state, elseState = *state;
  visitBlock(p, first, &thenState);
  MlirBlock other = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 1));
  if (!mlirBlockIsNull(other))
    visitBlock(p, other, &elseState);
  *state = thenState;
  merge(state, &elseState);
}

static void visitBlock(Pass *p, MlirBlock block, Accesses *state) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    visitOp(p, op, state);
}

/*===--- the pass ---------------------------------------------------------===*/

static MlirWalkResult placeInKernel(MlirOperation op, void *userData) {
  (void)userData;
  if (!tileIsKernelLoop(op))
    return MlirWalkResultAdvance;
  Pass p = {op, 0};
  Accesses state;
  memset(&state, 0, sizeof(state));
  visitBlock(&p, mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)),
             &state);
  return MlirWalkResultSkip;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  mlirOperationWalk(op, placeInKernel, NULL, MlirWalkPreOrder);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__gpu__};

const TilePassDescriptor tileGpuBarriersPass = {
    .argument = "tile-gpu-barriers",
    .name = "TileGpuBarriers",
    .summary = "Place gpu.barrier between conflicting accesses of shared "
               "memory, only where control flow is uniform",
    .anchor = "func.func",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
