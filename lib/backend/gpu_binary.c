/* Device codegen shared by GPU backends: serialise gpu.module ops with
 * upstream gpu-module-to-binary and collect the objects. */
#include "backend/backend.h"

#include "ir/ir.h"

#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/RegisterEverything.h"

#include <string.h>

typedef struct {
  TileStrBuf *bytes;
  unsigned count;
} Objects;

static MlirWalkResult collectObjects(MlirOperation op, void *userData) {
  if (!tileOpIs(op, "gpu.binary"))
    return MlirWalkResultAdvance;
  Objects *objects = userData;
  MlirAttribute list = tileOpGetAttr(op, "objects");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(list); ++i) {
    MlirAttribute object = mlirArrayAttrGetElement(list, i);
    if (!mlirAttributeIsAGPUObjectAttr(object))
      continue;
    tileStrBufAppendRef(objects->bytes, mlirGPUObjectAttrGetObject(object));
    ++objects->count;
  }
  return MlirWalkResultSkip;
}

typedef struct {
  const char *prefix;
  TileLibraryCallFn report;
  void *userData;
  unsigned count;
  TileOpList reported; /* one call per callee and location */
} LibraryCalls;

bool tileLlvmCallee(MlirOperation op, MlirStringRef *name) {
  if (!tileOpIs(op, "llvm.call"))
    return false;
  MlirAttribute callee = tileOpGetAttr(op, "callee");
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return false;
  *name = mlirFlatSymbolRefAttrGetValue(callee);
  return true;
}

/* Whether a call of `name` at op's location was reported: the lowering of
 * one op may call a function several times (gpu.all_reduce's steps), and
 * one error says it. */
static bool reportedBefore(const LibraryCalls *calls, MlirOperation op,
                           MlirStringRef name) {
  MlirLocation loc = mlirOperationGetLocation(op);
  for (size_t i = 0; i < calls->reported.count; ++i) {
    MlirOperation other = calls->reported.ops[i];
    MlirStringRef otherName;
    if (mlirLocationEqual(mlirOperationGetLocation(other), loc) &&
        tileLlvmCallee(other, &otherName) &&
        mlirStringRefEqual(otherName, name))
      return true;
  }
  return false;
}

static MlirWalkResult findLibraryCall(MlirOperation op, void *userData) {
  LibraryCalls *calls = userData;
  MlirStringRef name;
  if (!tileLlvmCallee(op, &name))
    return MlirWalkResultAdvance;
  if (tileStrRefHasPrefix(name, calls->prefix)) {
    ++calls->count;
    if (calls->report && !reportedBefore(calls, op, name)) {
      tileOpListAppend(&calls->reported, op);
      calls->report(op, name, calls->userData);
    }
  }
  return MlirWalkResultAdvance;
}

unsigned tileLibraryCalls(MlirOperation module, const char *prefix,
                          TileLibraryCallFn report, void *userData) {
  LibraryCalls calls = {prefix, report, userData, 0, {0}};
  mlirOperationWalk(module, findLibraryCall, &calls, MlirWalkPreOrder);
  tileOpListFree(&calls.reported);
  return calls.count;
}

MlirLogicalResult tileSerializeGpuModules(MlirOperation module,
                                          const char *format,
                                          TileArtifact *artifact,
                                          const char *part) {
  mlirRegisterAllLLVMTranslations(mlirOperationGetContext(module));
  TileStrBuf pipeline = TILE_STRBUF_INIT;
  tileStrBufPrintf(&pipeline, "builtin.module(gpu-module-to-binary{format=%s})",
                   format);
  MlirLogicalResult result =
      tileRunPipeline(artifact, module, pipeline.data, "device codegen");
  tileStrBufFree(&pipeline);
  if (mlirLogicalResultIsFailure(result))
    return result;
  TileStrBuf bytes = TILE_STRBUF_INIT;
  Objects objects = {&bytes, 0};
  mlirOperationWalk(module, collectObjects, &objects, MlirWalkPreOrder);
  if (objects.count)
    tileArtifactSetPart(artifact, part,
                        mlirStringRefCreate(bytes.data, bytes.size));
  tileStrBufFree(&bytes);
  return mlirLogicalResultSuccess();
}
