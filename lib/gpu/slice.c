/* Recomputes loop-body values for another iteration: the ops a value depends
 * on are cloned with the induction variable replaced. */
#include "gpu/slice.h"

#include "ir/ir.h"
#include "support/count.h"

#include <string.h>

TileSliceMap tileSliceMapFor(MlirOperation loop, MlirValue newIv) {
  TileSliceMap m;
  memset(&m, 0, sizeof(m));
  m.body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  m.iv = mlirBlockGetArgument(m.body, 0);
  m.newIv = newIv;
  return m;
}

/* Ops that compute a value from their operands alone. */
static bool recomputable(MlirOperation op) {
  static const char *const prefixes[] = {"arith.", "index."};
  static const char *const names[] = {"affine.apply", "affine.min",
                                      "affine.max", "memref.dim"};
  if (mlirOperationGetNumRegions(op) != 0)
    return false;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  for (size_t i = 0; i < TILE_COUNT(prefixes); ++i)
    if (name.length > strlen(prefixes[i]) &&
        strncmp(name.data, prefixes[i], strlen(prefixes[i])) == 0)
      return true;
  return tileOpIsAny(op, names, TILE_COUNT(names));
}

/* Counts the body ops of `v`'s slice into `seen` (distinct ops, at most
 * TileSliceMax); false when one cannot be recomputed or there are more. */
static bool collect(MlirBlock body, MlirValue v, MlirOperation *seen,
                    unsigned *n, int depth) {
  if (!mlirValueIsAOpResult(v))
    return true;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (mlirOperationGetBlock(def).ptr != body.ptr)
    return true;
  for (unsigned i = 0; i < *n; ++i)
    if (mlirOperationEqual(seen[i], def))
      return true;
  if (!recomputable(def) || *n == TileSliceMax || depth > TileSliceMax)
    return false;
  seen[(*n)++] = def;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (!collect(body, mlirOperationGetOperand(def, i), seen, n, depth + 1))
      return false;
  return true;
}

bool tileSliceRemappable(MlirOperation loop, const MlirValue *values,
                         unsigned n) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirOperation seen[TileSliceMax];
  unsigned count = 0;
  for (unsigned i = 0; i < n; ++i)
    if (!collect(body, values[i], seen, &count, 0))
      return false;
  /* Each op of the slice may have several results to map. */
  unsigned results = 0;
  for (unsigned i = 0; i < count; ++i)
    results += (unsigned)mlirOperationGetNumResults(seen[i]);
  return results < TileSliceMax;
}

MlirValue tileSliceRemap(TileBuilder *b, TileSliceMap *m, MlirValue v) {
  if (mlirValueEqual(v, m->iv))
    return m->newIv;
  for (unsigned i = 0; i < m->n; ++i)
    if (mlirValueEqual(m->from[i], v))
      return m->to[i];
  if (!mlirValueIsAOpResult(v))
    return v;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (mlirOperationGetBlock(def).ptr != m->body.ptr)
    return v;
  MlirOperation copy = mlirOperationClone(def);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(copy); ++i)
    mlirOperationSetOperand(
        copy, i, tileSliceRemap(b, m, mlirOperationGetOperand(def, i)));
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, copy);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, copy);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(def); ++i) {
    m->from[m->n] = mlirOperationGetResult(def, i);
    m->to[m->n++] = mlirOperationGetResult(copy, i);
  }
  return tileSliceRemap(b, m, v);
}
