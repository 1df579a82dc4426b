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

/* How an op touches the shared buffer of one operand. */
typedef struct {
  const char *name;
  int operand;
  bool reads, writes;
} Access;

static const Access accessTable[] = {
    {"memref.load", 0, true, false},
    {"memref.store", 1, false, true},
    {"memref.atomic_rmw", 1, true, true},
    {"memref.generic_atomic_rmw", 0, true, true},
    {"memref.copy", 0, true, false},
    {"memref.copy", 1, false, true},
    {"vector.load", 0, true, false},
    {"vector.maskedload", 0, true, false},
    {"vector.transfer_read", 0, true, false},
    {"vector.gather", 0, true, false},
    {"vector.expandload", 0, true, false},
    {"vector.store", 1, false, true},
    {"vector.maskedstore", 0, false, true},
    {"vector.transfer_write", 1, false, true},
    {"vector.scatter", 0, false, true},
    {"vector.compressstore", 0, false, true},
    /* A subgroup's matrix moves elements other subgroups' threads may
     * touch, like any other thread's load or store. */
    {"gpu.subgroup_mma_load_matrix", 0, true, false},
    {"gpu.subgroup_mma_store_matrix", 1, false, true},
};

/* Ops that take a shared memref without touching its elements. */
static const char *const viewOps[] = {
    "memref.subview",
    "memref.cast",
    "memref.reinterpret_cast",
    "memref.collapse_shape",
    "memref.expand_shape",
    "memref.view",
    "memref.dim",
    "memref.extract_strided_metadata",
    "memref.memory_space_cast",
    "memref.extract_aligned_pointer_as_index",
    "memref.assume_alignment",
    "memref.transpose",
};

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
  bool known = false;
  for (unsigned i = 0; i < TILE_COUNT(accessTable); ++i) {
    const Access *e = &accessTable[i];
    if (!tileOpIs(op, e->name))
      continue;
    known = true;
    if (e->operand < mlirOperationGetNumOperands(op) &&
        isShared(mlirOperationGetOperand(op, e->operand)))
      touch(a, mlirOperationGetOperand(op, e->operand), e->reads, e->writes);
  }
  return known;
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
  for (unsigned i = 0; i < TILE_COUNT(viewOps); ++i)
    if (tileOpIs(op, viewOps[i]))
      return true;
  return false;
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

static bool isInside(MlirOperation op, MlirOperation ancestor) {
  for (MlirOperation p = op; !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p))
    if (mlirOperationEqual(p, ancestor))
      return true;
  return false;
}

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
    if (mlirOperationEqual(owner, p->kernel) || !isInside(owner, p->kernel))
      return true;
    /* The induction variable of a loop with uniform bounds. */
    return tileOpIs(owner, "scf.for") &&
           mlirBlockArgumentGetArgNumber(v) == 0 &&
           uniformOperands(p, owner, 0, 3, depth);
  }
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!isInside(def, p->kernel))
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
