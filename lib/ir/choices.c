/* The rules that the ops of every backend's extension of the tile dialect
 * share (lib/{rocm,cpu,cuda}/extension.c): where a choice op
 * stands and what its attributes hold. */
#include "ir/choices.h"

#include "ir/ir.h"
#include "support/strbuf.h"

#include <stdarg.h>
#include <string.h>

bool tileOpHasPrefix(MlirOperation op, const char *prefix) {
  return tileStrRefHasPrefix(mlirIdentifierStr(mlirOperationGetName(op)),
                             prefix);
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

int64_t tileChoiceI64(MlirOperation op, const char *name) {
  return mlirIntegerAttrGetValueInt(tileOpGetAttr(op, name));
}

bool tileCheckChoiceI64(MlirOperation op, const char *name, int64_t *value) {
  MlirAttribute attr = tileOpGetAttr(op, name);
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAInteger(attr) ||
      !mlirTypeIsAInteger(mlirAttributeGetType(attr)) ||
      mlirIntegerTypeGetWidth(mlirAttributeGetType(attr)) != 64 ||
      !mlirIntegerTypeIsSignless(mlirAttributeGetType(attr))) {
    tileEmitOpError(op, "expects '%s' to be an i64 integer attribute", name);
    return false;
  }
  *value = mlirIntegerAttrGetValueInt(attr);
  return true;
}

bool tileCheckChoiceInt(MlirOperation op, const char *name, int64_t min) {
  int64_t value;
  if (!tileCheckChoiceI64(op, name, &value))
    return false;
  if (value < min) {
    tileEmitOpError(op, "expects '%s' to be at least %lld, got %lld", name,
                    (long long)min, (long long)value);
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

unsigned tileRefuseChoice(MlirOperation op, const char *fmt, ...) {
  TileStrBuf text = TILE_STRBUF_INIT;
  va_list args;
  va_start(args, fmt);
  tileStrBufVPrintf(&text, fmt, args);
  va_end(args);
  tileEmitOpError(op, "cannot be honoured: %s", tileStrBufGet(&text));
  tileStrBufFree(&text);
  return 1;
}

typedef struct {
  const char *prefix;
  bool (*check)(MlirOperation op);
  unsigned errors;
} ChoiceWalk;

static MlirWalkResult checkChoiceOp(MlirOperation op, void *userData) {
  ChoiceWalk *w = userData;
  if (tileOpHasPrefix(op, w->prefix) && !w->check(op))
    ++w->errors;
  return MlirWalkResultAdvance;
}

unsigned tileCheckChoiceOps(MlirOperation root, const char *prefix,
                            bool (*check)(MlirOperation op)) {
  ChoiceWalk w = {prefix, check, 0};
  mlirOperationWalk(root, checkChoiceOp, &w, MlirWalkPreOrder);
  return w.errors;
}
