/* tile-gpu-check-arguments: function arguments of GPU targets are global
 * buffers. A shared, fragment or local buffer exists only inside a block
 * (tile.alloc makes it there); as an argument it reached the conversion to
 * NVVM/ROCDL/SPIR-V and failed there without a location. The buffers of
 * tile ops hold the element types every target takes: others (ui8, i4,
 * tf32, f80, complex, vectors) failed deep in the lowering without a
 * location, or aborted LLVM's NVPTX back end (f80). (vulkan keeps bf16
 * values as their bits: tile-vulkan-bf16.) */
#include "ir/ir.h"
#include "passes/pass.h"
#include "tile/dialect.h"

#include <stdio.h>
#include <string.h>

enum { OptTarget };

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "gpu",
                   "the target named in messages (cuda, rocm, vulkan)", NULL,
                   NULL},
};

/* The scope of a memref argument, or TileScopeGlobal for anything else. */
static TileScope argumentScope(MlirType type) {
  return mlirTypeIsAMemRef(type) ? tileMemRefTypeGetScope(type)
                                 : TileScopeGlobal;
}

/* Reports `type`, the type of the function's `what` ("argument #0",
 * "result #0"), unless it is a global buffer or no memref. */
static bool checkArgument(MlirOperation func, const char *what, MlirType type,
                          const char *target) {
  TileScope scope = argumentScope(type);
  if (scope == TileScopeGlobal)
    return true;
  if (scope == TileScopeInvalid) {
    TileStrBuf text = TILE_STRBUF_INIT;
    tileEmitOpError(func,
                    "%s has type %s, whose memory space is not a tile scope; "
                    "on the %s target arguments and results are global "
                    "buffers (no memory space)",
                    what, tileTypeStr(&text, type), target);
    tileStrBufFree(&text);
    return false;
  }
  tileEmitOpError(func,
                  "%s is a %s buffer; on the %s target arguments and results "
                  "are global buffers (no memory space)",
                  what, tileScopeGetName(scope), target);
  return false;
}

typedef struct {
  const char *target;
  bool ok;
} ElementCheck;

/* The first memref operand or result of a tile op whose elements no target
 * takes is reported. */
static MlirWalkResult checkElements(MlirOperation op, void *userData) {
  ElementCheck *check = userData;
  if (!tileOpIsTile(op))
    return MlirWalkResultAdvance;
  char what[32];
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType type = mlirValueGetType(mlirOperationGetOperand(op, i));
    snprintf(what, sizeof(what), "operand #%d", (int)i);
    if (mlirTypeIsAMemRef(type) &&
        !tileCheckElement(op, tileElementType(type), what, check->target)) {
      check->ok = false;
      return MlirWalkResultAdvance;
    }
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType type = mlirValueGetType(mlirOperationGetResult(op, i));
    if (mlirTypeIsAMemRef(type) &&
        !tileCheckElement(op, tileElementType(type), "result", check->target)) {
      check->ok = false;
      return MlirWalkResultAdvance;
    }
  }
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  if (!tileOpIs(op, "func.func"))
    return;
  ElementCheck elements = {values[OptTarget].s, true};
  mlirOperationWalk(op, checkElements, &elements, MlirWalkPreOrder);
  if (!elements.ok)
    mlirExternalPassSignalFailure(pass);
  /* The signature, not the entry block: declarations have none. */
  bool ok = true;
  char what[32];
  for (intptr_t i = 0; i < tileSignatureSize(op); ++i) {
    MlirType type = tileSignatureType(op, i, what, sizeof(what));
    ok &= checkArgument(op, what, type, values[OptTarget].s);
  }
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileGpuCheckArgumentsPass = {
    .argument = "tile-gpu-check-arguments",
    .name = "TileGpuCheckArguments",
    .summary = "Report function arguments that are not global buffers "
               "(shared, fragment or local memrefs exist only in a block)",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
