/* Entry signatures: the public functions of a source module as callers see
 * them, memrefs and scalars. */
#include "runtime/runtime.h"
#include "support/alloc.h"

#include "ir/ir.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

struct TileEntryTable {
  TileEntrySignature *entries;
  intptr_t numEntries;
  TileStrBuf *strings; /* one per entry: its name, type names, reason */
};

/* Copies `text` into the per-entry string pool and returns its offset. */
static size_t pool(TileStrBuf *strings, const char *text) {
  size_t offset = strings->size;
  tileStrBufAppend(strings, text, strlen(text) + 1);
  return offset;
}

static bool hasIdentityLayout(MlirType memref) {
  MlirAttribute layout = mlirMemRefTypeGetLayout(memref);
  return mlirAttributeIsNull(layout) ||
         (mlirAttributeIsAAffineMap(layout) &&
          mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout)));
}

/* Fills `arg` from `type`; returns why it is unsupported, or NULL. */
static const char *readArgType(MlirType type, TileArgType *arg) {
  arg->rank = -1;
  if (!mlirTypeIsAMemRef(type)) {
    arg->elementType = tileElementTypeFromMlirType(type);
    return arg->elementType == TileElementInvalid
               ? "is not a memref or a scalar of i1, i8, i16, i32, i64, "
                 "index, f16, bf16, f32 or f64"
               : NULL;
  }
  arg->elementType = tileElementTypeFromMlirType(tileElementType(type));
  if (arg->elementType == TileElementInvalid)
    return "has an element type other than i1, i8, i16, i32, i64, index, "
           "f16, bf16, f32 or f64";
  if (tileRank(type) > TILE_MAX_BUFFER_RANK)
    return "has a rank above 8";
  if (!hasIdentityLayout(type))
    return "has a non-identity layout";
  if (!mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(type)))
    return "has a memory space (only global memrefs are passed)";
  arg->rank = (int)tileRank(type);
  for (int d = 0; d < arg->rank; ++d)
    arg->shape[d] =
        tileIsDynamicDim(type, d) ? TILE_DYNAMIC_SIZE : tileDim(type, d);
  return NULL;
}

/* Reads one function; type names and the reason are offsets into
 * `strings` until the table is complete (the pool may still move). */
static void readEntry(MlirOperation func, TileEntrySignature *e,
                      TileStrBuf *strings, size_t *typeOffsets,
                      size_t *reasonOffset) {
  memset(e, 0, sizeof(*e));
  e->location = mlirOperationGetLocation(func);
  TileStrBuf name = TILE_STRBUF_INIT;
  tileStrBufAppendRef(&name,
                      mlirStringAttrGetValue(tileOpGetAttr(func, "sym_name")));
  pool(strings, tileStrBufGet(&name));
  tileStrBufFree(&name);
  MlirType type = mlirTypeAttrGetValue(tileOpGetAttr(func, "function_type"));
  intptr_t numInputs = mlirFunctionTypeGetNumInputs(type);
  e->numResults = (unsigned)mlirFunctionTypeGetNumResults(type);
  *reasonOffset = SIZE_MAX;
  TileStrBuf reason = TILE_STRBUF_INIT, text = TILE_STRBUF_INIT;
  if (numInputs > TILE_MAX_KERNEL_ARGS)
    tileStrBufPrintf(&reason, "it has %ld arguments (at most %d are passed)",
                     (long)numInputs, TILE_MAX_KERNEL_ARGS);
  else if (e->numResults)
    tileStrBufAppendStr(&reason, "it returns results (entries write their "
                                 "results into memref arguments)");
  for (intptr_t i = 0; i < numInputs && i < TILE_MAX_KERNEL_ARGS; ++i) {
    MlirType input = mlirFunctionTypeGetInput(type, i);
    typeOffsets[i] = pool(strings, tileTypeStr(&text, input));
    const char *why = readArgType(input, &e->args[i]);
    if (why && !reason.size)
      tileStrBufPrintf(&reason, "argument %ld (%s) %s", (long)i,
                       tileStrBufGet(&text), why);
  }
  e->numArgs = numInputs < TILE_MAX_KERNEL_ARGS ? (unsigned)numInputs
                                                : TILE_MAX_KERNEL_ARGS;
  if (reason.size)
    *reasonOffset = pool(strings, tileStrBufGet(&reason));
  tileStrBufFree(&reason);
  tileStrBufFree(&text);
}

/* Whether an op of a function's body puts it on the device: a kernel, or
 * a GPU op (a launch, device memory, a copy or a fill there). */
static bool needsDevice(MlirOperation op) {
  return tileIsKernelLoop(op) || tileOpInDialect(op, "gpu");
}

typedef struct {
  MlirOperation module;
  TileOpList reached; /* the functions to look into, the entry first */
  bool needsDevice;
} DeviceSearch;

static MlirWalkResult markCallees(MlirOperation op, void *userData) {
  DeviceSearch *search = userData;
  if (needsDevice(op)) {
    search->needsDevice = true;
    return MlirWalkResultInterrupt;
  }
  /* A call, or a func.constant taken for a call through a pointer. */
  MlirAttribute callee = tileOpIs(op, "func.constant")
                             ? tileOpGetAttr(op, "value")
                             : tileOpGetAttr(op, "callee");
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return MlirWalkResultAdvance;
  MlirOperation func =
      tileSymbolNamed(search->module, mlirFlatSymbolRefAttrGetValue(callee));
  if (mlirOperationIsNull(func))
    return MlirWalkResultAdvance;
  if (!tileOpListContains(&search->reached, func))
    tileOpListAppend(&search->reached, func);
  return MlirWalkResultAdvance;
}

/* Whether neither `func` nor a function it reaches by calls (or names)
 * needs the device. A worklist, not recursion: call chains may be long. */
static bool isHostOnly(MlirOperation module, MlirOperation func) {
  DeviceSearch search = {module, {0}, false};
  tileOpListAppend(&search.reached, func);
  for (size_t i = 0; !search.needsDevice && i < search.reached.count; ++i)
    mlirOperationWalk(search.reached.ops[i], markCallees, &search,
                      MlirWalkPreOrder);
  tileOpListFree(&search.reached);
  return !search.needsDevice;
}

static bool isPublicDefinedFunc(MlirOperation op) {
  return tileOpIs(op, "func.func") && tileIsPublicSymbol(op) &&
         !mlirBlockIsNull(
             mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

static void addEntry(TileEntryTable *t, MlirOperation module,
                     MlirOperation func) {
  t->entries = tileReallocArray(t->entries, (size_t)t->numEntries + 1,
                                sizeof(*t->entries));
  t->strings = tileReallocArray(t->strings, (size_t)t->numEntries + 1,
                                sizeof(*t->strings));
  TileEntrySignature *e = &t->entries[t->numEntries];
  TileStrBuf *strings = &t->strings[t->numEntries];
  *strings = (TileStrBuf)TILE_STRBUF_INIT;
  ++t->numEntries;
  size_t typeOffsets[TILE_MAX_KERNEL_ARGS], reasonOffset;
  readEntry(func, e, strings, typeOffsets, &reasonOffset);
  e->hostOnly = isHostOnly(module, func);
  /* The pool no longer grows: turn offsets into pointers. */
  e->name = strings->data;
  for (unsigned i = 0; i < e->numArgs; ++i)
    e->args[i].typeName = strings->data + typeOffsets[i];
  e->unsupported =
      reasonOffset == SIZE_MAX ? NULL : strings->data + reasonOffset;
}

TileEntryTable *tileEntryTableCreate(MlirOperation module) {
  TileEntryTable *t = tileCallocArray(1, sizeof(TileEntryTable));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  if (mlirBlockIsNull(body))
    return t;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (isPublicDefinedFunc(op))
      addEntry(t, module, op);
  return t;
}

void tileEntryTableDestroy(TileEntryTable *t) {
  if (!t)
    return;
  for (intptr_t i = 0; i < t->numEntries; ++i)
    tileStrBufFree(&t->strings[i]);
  free(t->strings);
  free(t->entries);
  free(t);
}

intptr_t tileEntryTableGetNumEntries(const TileEntryTable *t) {
  return t->numEntries;
}

const TileEntrySignature *tileEntryTableGetEntry(const TileEntryTable *t,
                                                 intptr_t index) {
  return index >= 0 && index < t->numEntries ? &t->entries[index] : NULL;
}

const TileEntrySignature *tileEntryTableFind(const TileEntryTable *t,
                                             const char *name) {
  for (intptr_t i = 0; i < t->numEntries; ++i)
    if (strcmp(t->entries[i].name, name) == 0)
      return &t->entries[i];
  return NULL;
}
