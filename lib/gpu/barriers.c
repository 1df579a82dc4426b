/* tile-gpu-barriers: places gpu.barrier between accesses of shared
 * (workgroup) memory that different threads may make in either order: a
 * read after a write, a write after a read, a write after a write, since
 * the last barrier on every path. Loops (scf.for, scf.while) are followed
 * around their back edge, and scf.if, scf.index_switch and
 * scf.execute_region into their regions. Barriers go only where control
 * flow is uniform across the block (or holds ops that the whole block
 * reaches together, which tile ops and thread-parallel loops are, whatever
 * holds them): an op whose regions depend on the thread id, and a loop nest
 * that tile-gpu-lower distributed over the threads (simt.distributed), is one
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

static MlirWalkResult findCollective(MlirOperation op, void *userData) {
  bool *found = userData;
  if (tileOpIs(op, "gpu.barrier") ||
      !mlirAttributeIsNull(tileOpGetAttr(op, TILE_GPU_DISTRIBUTED_ATTR)) ||
      !mlirAttributeIsNull(tileOpGetAttr(op, TILE_GPU_SYNCHRONISED_ATTR))) {
    *found = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* Whether `op` holds what every thread of the block reaches together: a
 * barrier, or a thread-parallel loop or tile op that tile-gpu-lower made
 * into a distributed or self-synchronised loop. Whatever control flow holds
 * them then runs the same way on every thread. */
static bool holdsCollective(MlirOperation op) {
  bool found = false;
  mlirOperationWalk(op, findCollective, &found, MlirWalkPreOrder);
  return found;
}

/* Whether the regions of `op` run the same way on every thread, so that
 * barriers may go inside them: scf ops whose control is uniform (their
 * results, such as a loop's carried values, may vary) or holds collective
 * ops. */
static bool uniformControl(const Pass *p, MlirOperation op) {
  if (!mlirAttributeIsNull(tileOpGetAttr(op, TILE_GPU_DISTRIBUTED_ATTR)) ||
      !mlirAttributeIsNull(tileOpGetAttr(op, TILE_GPU_SYNCHRONISED_ATTR)))
    return false;
  bool loop = tileOpIs(op, "scf.for"),
       choice = tileOpIs(op, "scf.if") || tileOpIs(op, "scf.index_switch");
  bool once = tileOpIs(op, "scf.execute_region");
  if (!loop && !choice && !once && !tileOpIs(op, "scf.while"))
    return false;
  if (loop && uniformOperands(p, op, 0, 3, 0))
    return true;
  if (choice && uniformValue(p, mlirOperationGetOperand(op, 0), 0))
    return true;
  /* One block runs straight through on every thread that enters it. */
  if (once && mlirBlockIsNull(mlirBlockGetNextInRegion(
                  mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)))))
    return true;
  /* Last: it walks the whole op. */
  return holdsCollective(op);
}

/*===--- placement --------------------------------------------------------===*/

static void visitBlock(Pass *p, MlirBlock block, Accesses *state);

static void barrierBefore(Pass *p, MlirOperation op, Accesses *state) {
  TileBuilder b = tbBefore(op);
  tbBarrier(&b);
  memset(state, 0, sizeof(*state));
  ++p->inserted;
}

/* A region of several blocks, whose branches may run them in any order:
 * each block starts from all that the region may have done. */
static void visitRegion(Pass *p, MlirRegion region, Accesses *state) {
  MlirBlock first = mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(first))
    return;
  if (mlirBlockIsNull(mlirBlockGetNextInRegion(first))) {
    visitBlock(p, first, state);
    return;
  }
  Accesses entry = *state;
  for (MlirBlock b = first; !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b))
    for (MlirOperation op = mlirBlockGetFirstOperation(b);
         !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
      Accesses here = accessesOf(op);
      merge(&entry, &here);
    }
  Accesses exit = entry;
  for (MlirBlock b = first; !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b)) {
    Accesses s = entry;
    visitBlock(p, b, &s);
    merge(&exit, &s);
  }
  *state = exit;
}

/* The regions of `op` one after the other (a loop's body, or a while's
 * condition and body). */
static void visitRegions(Pass *p, MlirOperation op, Accesses *state) {
  for (intptr_t i = 0; i < mlirOperationGetNumRegions(op); ++i)
    visitRegion(p, mlirOperationGetRegion(op, i), state);
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
  if (tileOpIs(op, "scf.for") || tileOpIs(op, "scf.while")) {
    /* Twice: the second time the state includes the previous iteration. */
    Accesses once = *state;
    visitRegions(p, op, &once);
    Accesses again = *state;
    merge(&again, &once);
    visitRegions(p, op, &again);
    merge(state, &again);
    return;
  }
  /* scf.if and scf.index_switch: one of the regions runs (none, for an
   * scf.if without an else region); scf.execute_region: its only one. */
  Accesses out;
  memset(&out, 0, sizeof(out));
  for (intptr_t i = 0; i < mlirOperationGetNumRegions(op); ++i) {
    Accesses s = *state;
    visitRegion(p, mlirOperationGetRegion(op, i), &s);
    merge(&out, &s);
  }
  *state = out;
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
