/* The cuda backend's manifest: the one place that assembles it. */
#include "backend/backend.h"
#include "cuda/cuda.h"
#include "support/count.h"

static const char *const kinds[] = {"cuda"};

static const TileTargetAlias aliases[] = {{"nvptx", "cuda"}};

static const TilePipelineEntry pipelines[] = {{"cuda", "cuda.pipeline"}};

static const TileDeviceCodegen deviceCodegens[] = {
    {"cuda", "ptx", tileCudaDeviceCodegen},
};

static const TileHostCodegen hostCodegens[] = {
    {"cpu", "llvm", tileHostCodegenLLVM, "gpu-host.pipeline"},
};

static const TileExecutionBackendSpec executionBackends[] = {
    {.name = "jit",
     .isAvailable = tileCudaDriverAvailable,
     .needsHostCodegen = true,
     .runtimeLibrary = "tile_rt_cuda",
     .argumentsInDeviceMemory = true},
    {.name = "aot", .needsHostCodegen = true, .runtimeLibrary = "tile_rt_cuda"},
};

static const TileToolchainCallback callbacks[] = {{"ptxas", tileCudaPtxas}};

const TileBackendModule tileCudaBackend = {
    .name = "cuda",
    .targetKinds = kinds,
    .numTargetKinds = TILE_COUNT(kinds),
    .aliases = aliases,
    .numAliases = TILE_COUNT(aliases),
    .normalizeTarget = tileCudaNormalizeTarget,
    .detectTarget = tileCudaDetectTarget,
    .chips = TILE_CUDA_CHIPS,
    .pipelines = pipelines,
    .numPipelines = TILE_COUNT(pipelines),
    .deviceCodegens = deviceCodegens,
    .numDeviceCodegens = TILE_COUNT(deviceCodegens),
    .hostCodegens = hostCodegens,
    .numHostCodegens = TILE_COUNT(hostCodegens),
    .executionBackends = executionBackends,
    .numExecutionBackends = TILE_COUNT(executionBackends),
    .callbacks = callbacks,
    .numCallbacks = TILE_COUNT(callbacks),
    .dialectExtension = "tile_cuda.irdl.mlir",
};
