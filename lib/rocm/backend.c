/* The rocm backend's manifest: the one place that assembles it. */
#include "backend/backend.h"
#include "rocm/rocm.h"
#include "support/count.h"

static const char *const kinds[] = {"rocm"};

static const TileTargetAlias aliases[] = {{"hip", "rocm"}, {"amdgpu", "rocm"}};

static const TilePipelineEntry pipelines[] = {{"rocm", "rocm.pipeline"}};

static const TileDeviceCodegen deviceCodegens[] = {
    {"rocm", "amdgcn", tileRocmDeviceCodegen},
};

static const TileHostCodegen hostCodegens[] = {
    {"cpu", "llvm", tileHostCodegenLLVM, "gpu-host.pipeline"},
};

static const TileExecutionBackendSpec executionBackends[] = {
    {.name = "jit",
     .isAvailable = tileRocmDriverAvailable,
     .needsHostCodegen = true,
     .needsEagerDeviceCompile = true,
     .runtimeLibrary = "tile_rt_hip",
     .argumentsInDeviceMemory = true},
    {.name = "aot",
     .needsHostCodegen = true,
     .needsEagerDeviceCompile = true,
     .runtimeLibrary = "tile_rt_hip"},
};

const TileBackendModule tileRocmBackend = {
    .name = "rocm",
    .targetKinds = kinds,
    .numTargetKinds = TILE_COUNT(kinds),
    .aliases = aliases,
    .numAliases = TILE_COUNT(aliases),
    .normalizeTarget = tileRocmNormalizeTarget,
    .detectTarget = tileRocmDetectTarget,
    .chips = TILE_ROCM_CHIPS,
    .pipelines = pipelines,
    .numPipelines = TILE_COUNT(pipelines),
    .deviceCodegens = deviceCodegens,
    .numDeviceCodegens = TILE_COUNT(deviceCodegens),
    .hostCodegens = hostCodegens,
    .numHostCodegens = TILE_COUNT(hostCodegens),
    .executionBackends = executionBackends,
    .numExecutionBackends = TILE_COUNT(executionBackends),
    .dialectExtension = "tile_rocm.irdl.mlir",
};
