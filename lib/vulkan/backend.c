/* The vulkan backend's manifest: the one place that assembles it. */
#include "backend/backend.h"
#include "support/count.h"
#include "vulkan/vulkan.h"

static const char *const kinds[] = {"vulkan"};

static const TileTargetAlias aliases[] = {{"spirv", "vulkan"}};

static const TilePipelineEntry pipelines[] = {{"vulkan", "vulkan.pipeline"}};

static const TileDeviceCodegen deviceCodegens[] = {
    {"vulkan", "spirv", tileVulkanDeviceCodegen},
};

static const TileHostCodegen hostCodegens[] = {
    {"cpu", "llvm", tileHostCodegenLLVM, "vulkan-host.pipeline"},
};

static const TileExecutionBackendSpec executionBackends[] = {
    {.name = "jit",
     .isAvailable = tileVulkanRuntimeAvailable,
     .needsHostCodegen = true,
     .needsEagerDeviceCompile = true,
     .runtimeLibrary = "tile_rt_vulkan"},
    {.name = "aot",
     .needsHostCodegen = true,
     .needsEagerDeviceCompile = true,
     .runtimeLibrary = "tile_rt_vulkan"},
};

static const TileToolchainCallback callbacks[] = {
    {"spirv-dis", tileVulkanSpirvDis}};

const TileBackendModule tileVulkanBackend = {
    .name = "vulkan",
    .targetKinds = kinds,
    .numTargetKinds = TILE_COUNT(kinds),
    .aliases = aliases,
    .numAliases = TILE_COUNT(aliases),
    .normalizeTarget = tileVulkanNormalizeTarget,
    .detectTarget = tileVulkanDetectTarget,
    .chips = "v1.1, v1.2, v1.3",
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
    .dialectExtension = "tile_vulkan.irdl.mlir",
};
