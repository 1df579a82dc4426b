/* The cpu backend's manifest: the one place that assembles it. */
#include "backend/backend.h"
#include "cpu/chips.h"
#include "cpu/cpu.h"
#include "support/count.h"

static const char *const kinds[] = {"cpu"};

static const TileTargetAlias aliases[] = {
    {"llvm", "cpu"},
    {"host", "cpu"},
};

static const TilePipelineEntry pipelines[] = {
    {"cpu", "cpu.pipeline"},
};

static const TileDeviceCodegen deviceCodegens[] = {
    {"cpu", "cpu-kernels", tileCpuDeviceCodegen},
};

static const TileHostCodegen hostCodegens[] = {
    {"cpu", "llvm", tileHostCodegenLLVM, NULL},
};

/* Kernel grids run on host threads through OpenMP: libomp.so. */
static const TileExecutionBackendSpec executionBackends[] = {
    {.name = "jit",
     .isAvailable = tileCpuJitAvailable,
     .needsHostCodegen = true,
     .runtimeLibrary = "omp"},
    {.name = "aot", .needsHostCodegen = true, .runtimeLibrary = "omp"},
};

const TileBackendModule tileCpuBackend = {
    .name = "cpu",
    .targetKinds = kinds,
    .numTargetKinds = TILE_COUNT(kinds),
    .aliases = aliases,
    .numAliases = TILE_COUNT(aliases),
    .normalizeTarget = tileCpuNormalizeTarget,
    .detectTarget = tileCpuDetectTarget,
    .chips = tileCpuChipList,
    .pipelines = pipelines,
    .numPipelines = TILE_COUNT(pipelines),
    .deviceCodegens = deviceCodegens,
    .numDeviceCodegens = TILE_COUNT(deviceCodegens),
    .hostCodegens = hostCodegens,
    .numHostCodegens = TILE_COUNT(hostCodegens),
    .executionBackends = executionBackends,
    .numExecutionBackends = TILE_COUNT(executionBackends),
    .dialectExtension = "tile_cpu.irdl.mlir",
};
