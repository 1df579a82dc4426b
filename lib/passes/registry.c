/* The list of tile passes and their creation as MLIR external passes. */
#include "passes/pass.h"
#include "tile/passes.h"

#include "support/alloc.h"
#include "support/count.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

extern const TilePassDescriptor tileVerifyPass;
extern const TilePassDescriptor tileKernelToGpuPass;
extern const TilePassDescriptor tileExpectLoweredPass;
extern const TilePassDescriptor tileGpuCheckCallsPass;
extern const TilePassDescriptor tileGpuCheckArgumentsPass;
extern const TilePassDescriptor tileGpuCheckDialectsPass;
extern const TilePassDescriptor tileVulkanEntryAbiPass;
extern const TilePassDescriptor tileGpuLayoutPass;
extern const TilePassDescriptor tileGpuLowerPass;
extern const TilePassDescriptor tileGpuBarriersPass;
extern const TilePassDescriptor tileVulkanKernelAbiPass;
extern const TilePassDescriptor tileVulkanMemorySpacesPass;
extern const TilePassDescriptor tileVulkanLaunchAbiPass;
extern const TilePassDescriptor tileVulkanIndexWidthPass;
extern const TilePassDescriptor tileCudaLineInfoPass;
extern const TilePassDescriptor tileCudaMmaPass;
extern const TilePassDescriptor tileCudaWgmmaPass;
extern const TilePassDescriptor tileCudaWgmmaWsPass;
extern const TilePassDescriptor tileCudaRegisterCapPass;
extern const TilePassDescriptor tileCudaDynamicSharedPass;
extern const TilePassDescriptor tileCudaLaunchSharedPass;
extern const TilePassDescriptor tileCudaLimitsPass;
extern const TilePassDescriptor tileRocmLimitsPass;
extern const TilePassDescriptor tileRocmMatrixPass;
extern const TilePassDescriptor tileVulkanLimitsPass;
extern const TilePassDescriptor tileCudaExternSharedPass;
extern const TilePassDescriptor tileMergeGpuModulesPass;
extern const TilePassDescriptor tileCudaMathPass;
extern const TilePassDescriptor tileCpuAllocPass;
extern const TilePassDescriptor tileCpuGemmPass;
extern const TilePassDescriptor tileCpuCopyPass;
extern const TilePassDescriptor tileCpuFillPass;
extern const TilePassDescriptor tileCpuReducePass;
extern const TilePassDescriptor tileCpuAtomicAddPass;
extern const TilePassDescriptor tileCpuKernelsPass;
extern const TilePassDescriptor tileCpuOutlineKernelsPass;
extern const TilePassDescriptor tileCpuOutlineOpsPass;
extern const TilePassDescriptor tileCpuMathPass;
extern const TilePassDescriptor tileCpuNarrowFloatsPass;
extern const TilePassDescriptor tileCpuHalfMovesPass;
extern const TilePassDescriptor tileCpuLibcallsPass;
extern const TilePassDescriptor tileCpuTargetPass;

/* Every tile pass, in the order --list-passes shows them. Adding a pass
 * means adding its descriptor here; nothing else enumerates passes. */
const TilePassDescriptor *const tilePassDescriptors[] = {
    &tileVerifyPass,
    &tileKernelToGpuPass,
    &tileExpectLoweredPass,
    &tileGpuCheckCallsPass,
    &tileGpuCheckArgumentsPass,
    &tileGpuCheckDialectsPass,
    &tileVulkanEntryAbiPass,
    &tileGpuLayoutPass,
    &tileGpuLowerPass,
    &tileGpuBarriersPass,
    &tileVulkanKernelAbiPass,
    &tileVulkanMemorySpacesPass,
    &tileVulkanLaunchAbiPass,
    &tileVulkanIndexWidthPass,
    &tileCudaLineInfoPass,
    &tileCudaMmaPass,
    &tileCudaWgmmaPass,
    &tileCudaWgmmaWsPass,
    &tileCudaRegisterCapPass,
    &tileCudaDynamicSharedPass,
    &tileCudaLaunchSharedPass,
    &tileCudaLimitsPass,
    &tileRocmLimitsPass,
    &tileRocmMatrixPass,
    &tileVulkanLimitsPass,
    &tileCudaExternSharedPass,
    &tileMergeGpuModulesPass,
    &tileCudaMathPass,
    &tileCpuAllocPass,
    &tileCpuGemmPass,
    &tileCpuCopyPass,
    &tileCpuFillPass,
    &tileCpuReducePass,
    &tileCpuAtomicAddPass,
    &tileCpuKernelsPass,
    &tileCpuOutlineKernelsPass,
    &tileCpuOutlineOpsPass,
    &tileCpuMathPass,
    &tileCpuNarrowFloatsPass,
    &tileCpuHalfMovesPass,
    &tileCpuLibcallsPass,
    &tileCpuTargetPass,
};
const unsigned tilePassDescriptorsCount = TILE_COUNT(tilePassDescriptors);

const TilePassDescriptor *tileFindPassDescriptor(MlirStringRef argument) {
  intptr_t index = tileFindPass(argument);
  return index < 0 ? NULL : tilePassDescriptors[index];
}

intptr_t tileGetNumPasses(void) { return tilePassDescriptorsCount; }

static const TilePassDescriptor *at(intptr_t index) {
  return index >= 0 && index < (intptr_t)tilePassDescriptorsCount
             ? tilePassDescriptors[index]
             : NULL;
}

static MlirStringRef ref(const char *s) {
  return mlirStringRefCreateFromCString(s ? s : "");
}

MlirStringRef tilePassGetArgument(intptr_t index) {
  return ref(at(index) ? at(index)->argument : NULL);
}

MlirStringRef tilePassGetSummary(intptr_t index) {
  return ref(at(index) ? at(index)->summary : NULL);
}

MlirStringRef tilePassGetAnchor(intptr_t index) {
  return ref(at(index) ? at(index)->anchor : NULL);
}

void tilePassPrintOptions(intptr_t index, MlirStringCallback callback,
                          void *userData) {
  const TilePassDescriptor *desc = at(index);
  if (!desc)
    return;
  TileStrBuf buf = TILE_STRBUF_INIT;
  for (unsigned i = 0; i < desc->numOptions; ++i) {
    const TilePassOption *o = &desc->options[i];
    const char *type = o->kind == TileOptionBool  ? "bool"
                       : o->kind == TileOptionInt ? "int"
                       : o->choices               ? o->choices
                                                  : "string";
    tileStrBufPrintf(&buf, "%s=<%s> (default %s): %s\n", o->name, type,
                     o->defaultValue, o->help);
  }
  callback(mlirStringRefCreate(tileStrBufGet(&buf), buf.size), userData);
  tileStrBufFree(&buf);
}

intptr_t tileFindPass(MlirStringRef argument) {
  for (unsigned i = 0; i < tilePassDescriptorsCount; ++i)
    if (tileStrRefEquals(argument, tilePassDescriptors[i]->argument))
      return i;
  return -1;
}

/* One pass instance: the descriptor and the option values it owns. */
typedef struct {
  const TilePassDescriptor *desc;
  TileOptionValue *values;
} PassInstance;

static void construct(void *userData) { (void)userData; }

static void destruct(void *userData) {
  PassInstance *instance = userData;
  tileFreePassOptions(instance->desc, instance->values);
  free(instance);
}

static void *clone(void *userData) {
  const PassInstance *from = userData;
  PassInstance *to = tileMalloc(sizeof(PassInstance));
  unsigned n = from->desc->numOptions;
  to->desc = from->desc;
  to->values = tileCallocArray(n, sizeof(TileOptionValue));
  for (unsigned i = 0; i < n; ++i) {
    to->values[i] = from->values[i];
    if (from->values[i].s)
      to->values[i].s = tileStrDup(from->values[i].s);
  }
  return to;
}

static void run(MlirOperation op, MlirExternalPass pass, void *userData) {
  PassInstance *instance = userData;
  instance->desc->run(op, pass, instance->values);
}

MlirPass tileCreatePassFromDescriptor(const TilePassDescriptor *desc,
                                      TileOptionValue *values) {
  PassInstance *instance = tileMalloc(sizeof(PassInstance));
  instance->desc = desc;
  instance->values = values;
  MlirDialectHandle handles[8];
  unsigned numHandles = desc->numDependentDialects;
  if (numHandles > 8)
    numHandles = 8;
  for (unsigned i = 0; i < numHandles; ++i)
    handles[i] = desc->dependentDialects[i]();
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clone, run};
  /* The descriptor's address is unique per pass and suitably aligned, so it
   * serves as the pass TypeID. */
  return mlirCreateExternalPass(mlirTypeIDCreate(desc), ref(desc->name),
                                ref(desc->argument), ref(desc->summary),
                                ref(desc->anchor), numHandles, handles,
                                callbacks, instance);
}

MlirPass tileCreatePass(MlirStringRef argument, MlirStringRef options,
                        MlirStringCallback errorCallback, void *userData) {
  const TilePassDescriptor *desc = tileFindPassDescriptor(argument);
  if (!desc) {
    TileStrBuf buf = TILE_STRBUF_INIT;
    tileStrBufPrintf(&buf, "'%.*s' is not a tile pass", (int)argument.length,
                     argument.data);
    if (errorCallback)
      errorCallback(mlirStringRefCreate(buf.data, buf.size), userData);
    tileStrBufFree(&buf);
    return (MlirPass){NULL};
  }
  TileOptionValue *values =
      tileParsePassOptions(desc, options, errorCallback, userData);
  if (!values)
    return (MlirPass){NULL};
  return tileCreatePassFromDescriptor(desc, values);
}
