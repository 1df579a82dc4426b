/* tile-check-memory-spaces: memref memory spaces that a target cannot lower
 * are reported at the op that makes the value. MLIR's conversions to LLVM
 * failed on them without a location ("<unknown>:0: error: conversion of
 * memref memory space ... to integer address space failed"), then LLVM's
 * translation on the casts they left.
 *
 * In the input (where=input), a memory space is none (global buffers), an
 * integer, or a tile scope (#gpu.address_space<workgroup>, #tile.fragment,
 * #gpu.address_space<private>): anything else ("foo",
 * #gpu.address_space<global>, another dialect's attribute) is refused in
 * function signatures, declarations included, op results, block arguments
 * and globals. In the host code of a GPU target once its kernels are
 * outlined (where=host: what is outside gpu.module), a tile scope is refused
 * too: shared, fragment and local buffers exist only on the device. */
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"
#include "tile/dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

enum { OptTarget, OptWhere };

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "cpu",
                   "the target named in messages", NULL, NULL},
    [OptWhere] = {"where", TileOptionString, "input",
                  "input (the memory spaces no target lowers) or host (also "
                  "tile scopes, outside gpu.module)",
                  "input|host", NULL},
};

typedef struct {
  const char *target;
  bool host;
  unsigned errors;
} Check;

static MlirAttribute memorySpaceOf(MlirType type) {
  if (mlirTypeIsAMemRef(type))
    return mlirMemRefTypeGetMemorySpace(type);
  if (mlirTypeIsAUnrankedMemRef(type))
    return mlirUnrankedMemrefGetMemorySpace(type);
  return mlirAttributeGetNull();
}

/* The scope of a memory space: a tile scope, TileScopeGlobal for none or an
 * integer, TileScopeInvalid for anything else. */
static TileScope scopeOf(MlirType type) {
  MlirAttribute space = memorySpaceOf(type);
  if (mlirAttributeIsNull(space) || mlirAttributeIsAInteger(space))
    return TileScopeGlobal;
  if (mlirTypeIsAUnrankedMemRef(type))
    return TileScopeInvalid;
  return tileMemRefTypeGetScope(type);
}

/* Reports `type` of `op`'s `what` when its memory space cannot be lowered
 * here; returns whether it was reported. */
static bool report(Check *c, MlirOperation op, const char *what,
                   MlirType type) {
  TileScope scope = scopeOf(type);
  if (scope == TileScopeGlobal || (scope != TileScopeInvalid && !c->host))
    return false;
  TileStrBuf text = TILE_STRBUF_INIT;
  if (scope == TileScopeInvalid)
    tileEmitOpError(op,
                    "%s has type %s, whose memory space the %s target cannot "
                    "lower: global buffers have none, and the buffers "
                    "tile.alloc makes in kernels are in "
                    "#gpu.address_space<workgroup>, #tile.fragment or "
                    "#gpu.address_space<private>",
                    what, tileTypeStr(&text, type), c->target);
  else
    tileEmitOpError(op,
                    "%s is a %s buffer (%s) in host code; on the %s target "
                    "shared, fragment and local buffers exist only in kernels "
                    "and the functions they call",
                    what, tileScopeGetName(scope), tileTypeStr(&text, type),
                    c->target);
  tileStrBufFree(&text);
  ++c->errors;
  return true;
}

/* The signature of a function, declarations included (its entry block's
 * arguments are the same types). */
static bool checkSignature(Check *c, MlirOperation func) {
  char what[32];
  for (intptr_t i = 0; i < tileSignatureSize(func); ++i) {
    MlirType type = tileSignatureType(func, i, what, sizeof(what));
    if (report(c, func, what, type))
      return true;
  }
  return false;
}

/* The first value of `op` (result, argument of a block of its regions, the
 * type of a global) that cannot be lowered is reported. */
static MlirWalkResult check(MlirOperation op, void *userData) {
  Check *c = userData;
  if (c->host && (tileOpIs(op, "gpu.module") || tileOpIs(op, "gpu.binary")))
    return MlirWalkResultSkip;
  bool isFunc = tileOpIs(op, "func.func");
  if (isFunc && checkSignature(c, op))
    return MlirWalkResultAdvance;
  char what[48];
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    snprintf(what, sizeof what, "result #%d", (int)i);
    if (report(c, op, what, mlirValueGetType(mlirOperationGetResult(op, i))))
      return MlirWalkResultAdvance;
  }
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
    MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    /* A function's entry block has its signature's types. */
    if (isFunc && !mlirBlockIsNull(block))
      block = mlirBlockGetNextInRegion(block);
    for (; !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(block); ++i) {
        snprintf(what, sizeof what, "block argument #%d", (int)i);
        if (report(c, op, what,
                   mlirValueGetType(mlirBlockGetArgument(block, i))))
          return MlirWalkResultAdvance;
      }
  }
  if (tileOpIs(op, "memref.global")) {
    MlirAttribute type = tileOpGetAttr(op, "type");
    if (!mlirAttributeIsNull(type) && mlirAttributeIsAType(type))
      report(c, op, "its type", mlirTypeAttrGetValue(type));
  }
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  Check c = {values[OptTarget].s, !strcmp(values[OptWhere].s, "host"), 0};
  mlirOperationWalk(op, check, &c, MlirWalkPreOrder);
  if (c.errors)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileCheckMemorySpacesPass = {
    .argument = "tile-check-memory-spaces",
    .name = "TileCheckMemorySpaces",
    .summary = "Report memref memory spaces the target cannot lower (and, in "
               "host code, tile scopes) at the op that makes the value",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
