/* The rocm backend's manifest: the one place that assembles it. */
#include "backend/backend.h"
#include "rocm/rocm.h"

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
    .numTargetKinds = 1,
    .aliases = aliases,
    .numAliases = 2,
    .normalizeTarget = tileRocmNormalizeTarget,
    .detectTarget = tileRocmDetectTarget,
    .chips = "gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1201",
    .pipelines = pipelines,
    .numPipelines = 1,
    .deviceCodegens = deviceCodegens,
    .numDeviceCodegens = 1,
    .hostCodegens = hostCodegens,
    .numHostCodegens = 1,
    .executionBackends = executionBackends,
    .numExecutionBackends = 2,
};
