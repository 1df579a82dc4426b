/* The rules that the ops of every backend's extension of the tile dialect
 * share (lib/rocm/extension.c, lib/cpu/extension.c): where a choice op
 * stands and what its attributes hold. */
#include "ir/choices.h"

#include "ir/ir.h"

#include <string.h>

bool tileOpHasPrefix(MlirOperation op, const char *prefix) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(prefix);
  return name.length > n && strncmp(name.data, prefix, n) == 0;
}

bool tileCheckChoicePlacement(MlirOperation op) {
  MlirOperation parent = mlirOperationGetParentOperation(op);
  if (mlirOperationIsNull(parent) || !tileIsKernelLoop(parent)) {
    tileEmitOpError(op, "must be directly in a kernel body (an scf.forall "
                        "mapped to #gpu.block ids)");
    return false;
  }
  for (MlirOperation prev =
           mlirBlockGetFirstOperation(mlirOperationGetBlock(op));
       !mlirOperationEqual(prev, op); prev = mlirOperationGetNextInBlock(prev))
    if (mlirIdentifierEqual(mlirOperationGetName(prev),
                            mlirOperationGetName(op))) {
      tileEmitOpError(op, "repeats a choice: a kernel holds at most one "
                          "of this op");
      return false;
    }
  return true;
}

bool tileCheckChoiceInt(MlirOperation op, const char *name, int64_t min) {
  MlirAttribute attr = tileOpGetAttr(op, name);
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAInteger(attr) ||
      !mlirTypeIsAInteger(mlirAttributeGetType(attr)) ||
      mlirIntegerTypeGetWidth(mlirAttributeGetType(attr)) != 64 ||
      !mlirIntegerTypeIsSignless(mlirAttributeGetType(attr))) {
    tileEmitOpError(op, "expects '%s' to be an i64 integer attribute", name);
    return false;
  }
  if (mlirIntegerAttrGetValueInt(attr) < min) {
    tileEmitOpError(op, "expects '%s' to be at least %lld, got %lld", name,
                    (long long)min,
                    (long long)mlirIntegerAttrGetValueInt(attr));
    return false;
  }
  return true;
}

bool tileCheckChoiceBool(MlirOperation op, const char *name) {
  MlirAttribute attr = tileOpGetAttr(op, name);
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsABool(attr)) {
    tileEmitOpError(op, "expects '%s' to be a bool attribute (true or false)",
                    name);
    return false;
  }
  return true;
}
