/* Compiling tile-run's input for a target. */
#include "compile.h"

#include "common/bytecode_guard.h"
#include "ir/ir.h"
#include "options.h"
#include "support/alloc.h"

#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printRunError(MlirStringRef message, void *userData) {
  (void)userData;
  runError("%.*s", (int)message.length, message.data);
}

TileErrorSink runErrorSink(void) {
  return (TileErrorSink){printRunError, NULL};
}

bool sessionCreate(Session *s, const char *fileName) {
  memset(s, 0, sizeof(*s));
  s->fileName = fileName;
  s->text = tileReadFile(fileName, &s->size);
  if (!s->text) {
    runError("cannot read input file '%s': %s", fileName, strerror(errno));
    return false;
  }
  s->ctx = mlirContextCreate();
  s->printer = (TileDiagnosticPrinter){
      .out = stderr, .sourceName = fileName, .sourceText = s->text};
  s->handler = tileDiagnosticPrinterAttach(s->ctx, &s->printer);
  return mlirLogicalResultIsSuccess(tileContextLoadDialects(s->ctx)) &&
         mlirLogicalResultIsSuccess(tileContextLoadBackendDialects(s->ctx));
}

static void ignoreError(MlirStringRef message, void *userData) {
  (void)message;
  (void)userData;
}

bool sessionOpenCache(Session *s, const char *directory, bool off, bool info) {
  s->cacheInfo = info;
  if (off)
    return true;
  s->cache =
      tileCacheOpen(directory, directory ? runErrorSink()
                                         : (TileErrorSink){ignoreError, NULL});
  return s->cache || !directory;
}

void sessionDestroy(Session *s) {
  tileCacheClose(s->cache);
  if (!mlirContextIsNull(s->ctx)) {
    mlirContextDetachDiagnosticHandler(s->ctx, s->handler);
    mlirContextDestroy(s->ctx);
  }
  free(s->text);
}

MlirOperation sessionParse(Session *s) {
  MlirStringRef text = mlirStringRefCreate(s->text, s->size);
  MlirStringRef name = mlirStringRefCreateFromCString(s->fileName);
  if (!tileToolReadsBytecode(s->ctx, text, name, true))
    return (MlirOperation){NULL};
  return tileParseInput(s->ctx, text, name);
}

static bool isPublicFunction(MlirOperation op) {
  return tileOpIs(op, "func.func") && tileIsPublicSymbol(op);
}

typedef struct {
  MlirStringRef name;
  bool used;
} SymbolUse;

/* Marks `use` when an attribute of `op` refers to its symbol. */
static MlirWalkResult findSymbolUse(MlirOperation op, void *userData) {
  SymbolUse *use = userData;
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i) {
    MlirAttribute attr = mlirOperationGetAttribute(op, i).attribute;
    if (mlirAttributeIsAFlatSymbolRef(attr) &&
        mlirStringRefEqual(mlirFlatSymbolRefAttrGetValue(attr), use->name)) {
      use->used = true;
      return MlirWalkResultInterrupt;
    }
  }
  return MlirWalkResultAdvance;
}

static bool isErased(MlirOperation op, const char *name, bool keepOnly) {
  return isPublicFunction(op) &&
         tileStrRefEquals(mlirStringAttrGetValue(tileOpGetAttr(op, "sym_name")),
                          name) != keepOnly;
}

/* Whether an op of `ops` that stays (not `erased`) refers to the symbol of
 * `op`. */
static bool isUsed(const TileOpList *ops, const bool *erased,
                   MlirOperation op) {
  SymbolUse use = {mlirStringAttrGetValue(tileOpGetAttr(op, "sym_name")),
                   false};
  for (size_t i = 0; i < ops->count && !use.used; ++i)
    if (!erased[i])
      mlirOperationWalk(ops->ops[i], findSymbolUse, &use, MlirWalkPreOrder);
  return use.used;
}

void moduleEraseFunctions(MlirOperation module, const char *name,
                          bool keepOnly) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  TileOpList ops = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    tileOpListAppend(&ops, op);
  bool *erased = tileCallocArray(ops.count ? ops.count : 1, sizeof(bool));
  for (size_t i = 0; i < ops.count; ++i)
    erased[i] = isErased(ops.ops[i], name, keepOnly);
  /* A function that what stays calls stays too, and so on. */
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < ops.count; ++i)
      if (erased[i] && isUsed(&ops, erased, ops.ops[i]))
        erased[i] = false, changed = true;
  }
  for (size_t i = 0; i < ops.count; ++i)
    if (erased[i]) {
      mlirOperationRemoveFromParent(ops.ops[i]);
      mlirOperationDestroy(ops.ops[i]);
    }
  free(erased);
  tileOpListFree(&ops);
}

bool compileModule(Session *s, MlirOperation module, const char *target,
                   const char *targetHost, const char *exec,
                   const char *wantedParts, Compiled *out) {
  out->artifact = NULL;
  out->backend =
      tileBackendContextCreate(target, targetHost, exec, runErrorSink());
  if (!out->backend)
    return false;
  unsigned errorsBefore = s->printer.numErrors;
  TileCompileOptions options = {wantedParts, NULL, NULL, false};
  bool hit = false;
  out->artifact =
      tileCompileCached(s->cache, out->backend, module, &options, &hit);
  if (out->artifact && s->cacheInfo && s->cache)
    fprintf(stderr, "cache: %s (%s)\n", hit ? "hit" : "miss",
            tileCacheGetDirectory(s->cache));
  else if (out->artifact && s->cacheInfo)
    fputs("cache: off\n", stderr);
  if (!out->artifact && s->printer.numErrors == errorsBefore)
    runError("compiling '%s' for target '%s' failed", s->fileName,
             target ? target : "auto");
  return out->artifact != NULL;
}

void compiledDestroy(Compiled *c) {
  tileArtifactDestroy(c->artifact);
  tileBackendContextDestroy(c->backend);
  c->artifact = NULL;
  c->backend = NULL;
}
