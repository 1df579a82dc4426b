/* Kernel resources against a GPU target's limits: threads per block,
 * constant grid sizes, shared memory per block and private memory per
 * thread. Without this check a kernel beyond them compiled (a CUDA launch
 * asking for more shared memory than any chip has), or LLVM refused it
 * with no location ("<unknown>:0:0: local memory (262144) exceeds limit"). */
#include "gpu/limits.h"

#include "gpu/fail.h"
#include "ir/ir.h"
#include "tile/dialect.h"

typedef struct {
  const TileGpuLimits *limits;
  unsigned errors;
} Checker;

typedef struct {
  int64_t shared, privateBytes;
  TileOpList sharedAllocs, localAllocs;
} Usage;

int64_t tileGpuStaticBytes(MlirType type) {
  if (!mlirTypeIsAMemRef(type) || !mlirShapedTypeHasStaticShape(type))
    return -1;
  MlirType elem = mlirShapedTypeGetElementType(type);
  int64_t bits = mlirTypeIsAFloat(elem)     ? mlirFloatTypeGetWidth(elem)
                 : mlirTypeIsAInteger(elem) ? mlirIntegerTypeGetWidth(elem)
                                            : 64;
  const int64_t cap = (int64_t)1 << 62;
  int64_t bytes = (bits + 7) / 8;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d) {
    int64_t size = mlirShapedTypeGetDimSize(type, d);
    bytes = size && bytes > cap / size ? cap : bytes * size;
  }
  return bytes;
}

int64_t tileGpuAddBytes(int64_t a, int64_t b) {
  const int64_t cap = (int64_t)1 << 62;
  return a > cap - b ? cap : a + b;
}

static MlirWalkResult measure(MlirOperation op, void *userData) {
  Usage *u = userData;
  if (tileOpIs(op, "tile.alloc") && mlirOperationGetNumResults(op) == 1) {
    MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
    int64_t bytes = tileGpuStaticBytes(type);
    TileScope scope = tileMemRefTypeGetScope(type);
    if (bytes > 0 && scope == TileScopeShared) {
      u->shared = tileGpuAddBytes(u->shared, bytes);
      tileOpListAppend(&u->sharedAllocs, op);
    } else if (bytes > 0 && scope == TileScopeLocal) {
      u->privateBytes = tileGpuAddBytes(u->privateBytes, bytes);
      tileOpListAppend(&u->localAllocs, op);
    }
  } else if (tileOpIs(op, "memref.alloca") &&
             mlirOperationGetNumResults(op) == 1) {
    int64_t bytes =
        tileGpuStaticBytes(mlirValueGetType(mlirOperationGetResult(op, 0)));
    if (bytes > 0)
      u->privateBytes = tileGpuAddBytes(u->privateBytes, bytes);
  }
  return MlirWalkResultAdvance;
}

int64_t tileGpuSharedTileBytes(MlirOperation kernel) {
  Usage u = {0, 0, {0}, {0}};
  mlirOperationWalk(kernel, measure, &u, MlirWalkPreOrder);
  tileOpListFree(&u.sharedAllocs);
  tileOpListFree(&u.localAllocs);
  return u.shared;
}

/* Reports the first of `allocs` that alone exceeds `limit`; returns whether
 * there was one. */
static bool reportOversizedAlloc(Checker *c, const TileOpList *allocs,
                                 const char *memory, int64_t limit,
                                 const char *unit) {
  for (size_t i = 0; i < allocs->count; ++i) {
    MlirOperation alloc = allocs->ops[i];
    int64_t bytes =
        tileGpuStaticBytes(mlirValueGetType(mlirOperationGetResult(alloc, 0)));
    if (bytes > limit) {
      tileGpuFail(&c->errors, alloc,
                  "allocates %lld bytes of %s memory; %s gives a %s at "
                  "most %lld bytes",
                  (long long)bytes, memory, c->limits->target, unit,
                  (long long)limit);
      return true;
    }
  }
  return false;
}

static void checkShared(Checker *c, MlirOperation kernel, Usage *u) {
  const TileGpuLimits *l = c->limits;
  MlirAttribute placed = tileOpGetAttr(kernel, "tile.dynamic_shared_bytes");
  int64_t total = u->shared;
  if (!mlirAttributeIsNull(placed) && mlirAttributeIsAInteger(placed))
    total = tileGpuAddBytes(total, mlirIntegerAttrGetValueInt(placed));
  if (total <= l->sharedBytes ||
      reportOversizedAlloc(c, &u->sharedAllocs, "shared", l->sharedBytes,
                           "block"))
    return;
  tileGpuFail(&c->errors, kernel,
              "kernel needs %lld bytes of shared memory per block (%s); "
              "%s gives a block at most %lld bytes",
              (long long)total,
              mlirAttributeIsNull(placed)
                  ? "the sum of its shared tiles"
                  : "as laid out: aligned tiles, pipeline stages and "
                    "barriers",
              l->target, (long long)l->sharedBytes);
}

static void checkPrivate(Checker *c, MlirOperation kernel, const Usage *u) {
  const TileGpuLimits *l = c->limits;
  if (!l->privateBytes || u->privateBytes <= l->privateBytes ||
      reportOversizedAlloc(c, &u->localAllocs, "private", l->privateBytes,
                           "thread"))
    return;
  tileGpuFail(&c->errors, kernel,
              "kernel needs %lld bytes of private memory per thread "
              "(local tiles and the registers of fragments); %s gives a "
              "thread at most %lld bytes",
              (long long)u->privateBytes, l->target,
              (long long)l->privateBytes);
}

/* The value of bound `i` of `attrName` when it is static or a constant. */
static bool constantBound(MlirOperation forall, const char *attrName,
                          intptr_t i, intptr_t operand, int64_t *value) {
  int64_t v = mlirDenseI64ArrayGetElement(tileOpGetAttr(forall, attrName), i);
  if (v != INT64_MIN) {
    *value = v;
    return true;
  }
  return tileConstantInt(mlirOperationGetOperand(forall, operand), value);
}

/* The number of blocks along each dimension of a kernel loop whose bounds
 * are constants, or -1 where they are not. */
static void constantTrips(MlirOperation forall, int64_t *trips, intptr_t rank) {
  static const char *const names[] = {"staticLowerBound", "staticUpperBound",
                                      "staticStep"};
  intptr_t next = 0;
  int64_t values[3][3] = {{0}};
  bool known[3][3] = {{false}};
  for (int k = 0; k < 3; ++k)
    for (intptr_t i = 0; i < rank; ++i) {
      bool dynamic = mlirDenseI64ArrayGetElement(
                         tileOpGetAttr(forall, names[k]), i) == INT64_MIN;
      known[k][i] = constantBound(forall, names[k], i, next, &values[k][i]);
      next += dynamic;
    }
  for (intptr_t i = 0; i < rank; ++i) {
    int64_t lb = values[0][i], ub = values[1][i], step = values[2][i];
    if (!known[0][i] || !known[1][i] || !known[2][i] || step <= 0)
      trips[i] = -1;
    else if (ub <= lb)
      trips[i] = 0;
    else /* (ub - lb) as unsigned cannot overflow */
      trips[i] =
          (int64_t)(((uint64_t)ub - (uint64_t)lb - 1) / (uint64_t)step + 1);
  }
}

static int mappedDimension(MlirOperation forall, intptr_t i) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendAttr(&text,
                 mlirArrayAttrGetElement(tileOpGetAttr(forall, "mapping"), i));
  const char *s = tileStrBufGet(&text);
  int d = s[11] == 'y' ? 1 : s[11] == 'z' ? 2 : 0; /* "#gpu.block<x>" */
  tileStrBufFree(&text);
  return d;
}

static void checkGrid(Checker *c, MlirOperation kernel, int64_t threads) {
  const TileGpuLimits *l = c->limits;
  intptr_t rank =
      mlirDenseArrayGetNumElements(tileOpGetAttr(kernel, "staticUpperBound"));
  if (rank > 3)
    return; /* tile-verify reports it */
  int64_t trips[3];
  constantTrips(kernel, trips, rank);
  static const char axes[] = "xyz";
  for (intptr_t i = 0; i < rank; ++i) {
    int d = mappedDimension(kernel, i);
    if (trips[i] > l->grid[d]) {
      tileGpuFail(&c->errors, kernel,
                  "kernel grid has %lld blocks along %c; %s launches at "
                  "most %lld",
                  (long long)trips[i], axes[d], l->target,
                  (long long)l->grid[d]);
    } else if (d == 0 && l->gridWorkItemsX && trips[i] > 0 && threads > 0 &&
               trips[i] > l->gridWorkItemsX / threads) {
      tileGpuFail(&c->errors, kernel,
                  "kernel grid has %lld blocks of %lld threads along x; "
                  "%s launches at most %lld threads along a dimension",
                  (long long)trips[i], (long long)threads, l->target,
                  (long long)l->gridWorkItemsX);
    }
  }
}

static unsigned checkKernel(MlirOperation kernel, void *userData) {
  Checker *c = userData;
  const TileGpuLimits *l = c->limits;
  unsigned before = c->errors;
  int64_t threads = tileKernelThreads(kernel);
  if (threads > l->threads) {
    tileGpuFail(&c->errors, kernel,
                "kernel has %lld threads per block (tile.threads); %s "
                "runs at most %lld",
                (long long)threads, l->target, (long long)l->threads);
  }
  checkGrid(c, kernel, threads);
  Usage u = {0, 0, {0}, {0}};
  mlirOperationWalk(kernel, measure, &u, MlirWalkPreOrder);
  checkShared(c, kernel, &u);
  checkPrivate(c, kernel, &u);
  tileOpListFree(&u.sharedAllocs);
  tileOpListFree(&u.localAllocs);
  return c->errors - before;
}

unsigned tileGpuCheckLimits(MlirOperation root, const TileGpuLimits *limits) {
  Checker c = {limits, 0};
  return tileForEachKernel(root, checkKernel, &c);
}
