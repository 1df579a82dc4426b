/* Recomputes loop-body values for another iteration: the ops a value depends
 * on are cloned with the induction variable replaced. */
#include "cuda/mma.h"

MlirValue tileSliceRemap(TileBuilder *b, TileSliceMap *m, MlirValue v) {
  if (mlirValueEqual(v, m->iv))
    return m->newIv;
  for (unsigned i = 0; i < m->n; ++i)
    if (mlirValueEqual(m->from[i], v))
      return m->to[i];
  if (!mlirValueIsAOpResult(v))
    return v;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (mlirOperationGetBlock(def).ptr != m->body.ptr ||
      mlirOperationGetNumRegions(def) != 0 || m->n + 1 >= TileSliceMax)
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
