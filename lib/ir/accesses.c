/* How upstream ops touch memory: the access table, views, and writes of a
 * thread's own buffers inside a loop. */
#include "ir/accesses.h"

#include "ir/ir.h"
#include "support/count.h"
#include "tile/dialect.h"

enum { MaxViews = 48 };

/* Rows of one op are adjacent. */
static const TileAccess table[] = {
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
    {"gpu.subgroup_mma_load_matrix", 0, true, false},
    {"gpu.subgroup_mma_store_matrix", 1, false, true},
};

const TileAccess *tileAccessesOf(MlirOperation op, unsigned *count) {
  for (unsigned i = 0; i < TILE_COUNT(table); ++i) {
    if (!tileOpIs(op, table[i].name))
      continue;
    unsigned n = 1;
    while (i + n < TILE_COUNT(table) && tileOpIs(op, table[i + n].name))
      ++n;
    *count = n;
    return &table[i];
  }
  *count = 0;
  return NULL;
}

static const char *const views[] = {
    "memref.subview",          "memref.cast",
    "memref.reinterpret_cast", "memref.collapse_shape",
    "memref.expand_shape",     "memref.view",
    "memref.transpose",        "memref.memory_space_cast",
    "memref.assume_alignment",
};

static const char *const queries[] = {
    "memref.dim",
    "memref.extract_strided_metadata",
    "memref.extract_aligned_pointer_as_index",
};

static bool isView(MlirOperation op) {
  return tileOpIsAny(op, views, TILE_COUNT(views));
}

bool tileTakesBufferOnly(MlirOperation op) {
  return tileOpIsAny(op, queries, TILE_COUNT(queries)) || isView(op);
}

bool tileOpMayWrite(MlirOperation op,
                    bool (*target)(MlirValue buffer, const void *data),
                    const void *data) {
  unsigned count;
  const TileAccess *rows = tileAccessesOf(op, &count);
  for (unsigned i = 0; i < count; ++i)
    if (rows[i].writes &&
        rows[i].operand < (unsigned)mlirOperationGetNumOperands(op) &&
        target(mlirOperationGetOperand(op, rows[i].operand), data))
      return true;
  if (count || tileTakesBufferOnly(op))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (mlirTypeIsAMemRef(mlirValueGetType(v)) && target(v, data))
      return true;
  }
  return false;
}

MlirValue tileViewRoot(MlirValue v) {
  for (int depth = 0; depth < MaxViews && mlirValueIsAOpResult(v); ++depth) {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (!isView(def) || mlirOperationGetNumOperands(def) == 0)
      break;
    v = mlirOperationGetOperand(def, 0);
  }
  return v;
}

bool tileIsThreadPrivate(MlirValue root) {
  MlirType type = mlirValueGetType(root);
  if (!mlirTypeIsAMemRef(type))
    return false;
  TileScope scope = tileMemRefTypeGetScope(type);
  if (scope == TileScopeLocal)
    return true;
  return scope == TileScopeGlobal && mlirValueIsAOpResult(root) &&
         tileOpIs(mlirOpResultGetOwner(root), "memref.alloca");
}

typedef struct {
  MlirOperation loop, found;
} PrivateWrites;

/* Whether `buffer` is thread-private memory made outside the loop. */
static bool privateOutside(MlirValue buffer, const void *data) {
  const PrivateWrites *w = data;
  MlirValue root = tileViewRoot(buffer);
  return tileIsThreadPrivate(root) && !tileValueIsInside(root, w->loop);
}

static MlirWalkResult findWrite(MlirOperation op, void *userData) {
  PrivateWrites *w = userData;
  if (mlirOperationEqual(op, w->loop) || !tileOpMayWrite(op, privateOutside, w))
    return MlirWalkResultAdvance;
  w->found = op;
  return MlirWalkResultInterrupt;
}

MlirOperation tileFirstPrivateWrite(MlirOperation loop) {
  PrivateWrites w = {loop, {NULL}};
  mlirOperationWalk(loop, findWrite, &w, MlirWalkPreOrder);
  return w.found;
}
