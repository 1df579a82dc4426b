/* The passes of the vulkan backend, in the order pipelines/vulkan.pipeline
 * and vulkan-host.pipeline run them (tile-vulkan-emulate-cooperative-matrix,
 * which no pipeline runs, for tests, beside the pass whose code it runs). */
#include "passes/pass.h"

extern const TilePassDescriptor tileVulkanVerifyPass;
extern const TilePassDescriptor tileVulkanSubgroupPass;
extern const TilePassDescriptor tileVulkanShufflesPass;
extern const TilePassDescriptor tileVulkanLimitsPass;
extern const TilePassDescriptor tileVulkanIndexWidthPass;
extern const TilePassDescriptor tileVulkanCooperativeMatrixPass;
extern const TilePassDescriptor tileVulkanEmulateCooperativeMatrixPass;
extern const TilePassDescriptor tileVulkanIndexSwitchPass;
extern const TilePassDescriptor tileVulkanLoopResultsPass;
extern const TilePassDescriptor tileVulkanUnrollVectorsPass;
extern const TilePassDescriptor tileVulkanVectorMemoryPass;
extern const TilePassDescriptor tileVulkanViewsPass;
extern const TilePassDescriptor tileVulkanBF16Pass;
extern const TilePassDescriptor tileVulkanBoolBuffersPass;
extern const TilePassDescriptor tileVulkanKernelAbiPass;
extern const TilePassDescriptor tileVulkanEntryAbiPass;
extern const TilePassDescriptor tileVulkanMemorySpacesPass;
extern const TilePassDescriptor tileVulkanMathPass;
extern const TilePassDescriptor tileVulkanCooperativeMatrixEnvPass;
extern const TilePassDescriptor tileVulkanDoubleMathPass;
extern const TilePassDescriptor tileVulkanMarkFloatAtomicsPass;
extern const TilePassDescriptor tileVulkanFloatAtomicsPass;
extern const TilePassDescriptor tileVulkanHalfAtomicsPass;
extern const TilePassDescriptor tileVulkanBuiltinCapabilitiesPass;
extern const TilePassDescriptor tileVulkanLaunchAbiPass;
extern const TilePassDescriptor tileVulkanHostMemoryPass;

static const TilePassDescriptor *const passes[] = {
    &tileVulkanVerifyPass,
    &tileVulkanSubgroupPass,
    &tileVulkanShufflesPass,
    &tileVulkanLimitsPass,
    &tileVulkanIndexWidthPass,
    &tileVulkanCooperativeMatrixPass,
    &tileVulkanEmulateCooperativeMatrixPass,
    &tileVulkanIndexSwitchPass,
    &tileVulkanLoopResultsPass,
    &tileVulkanUnrollVectorsPass,
    &tileVulkanVectorMemoryPass,
    &tileVulkanViewsPass,
    &tileVulkanBF16Pass,
    &tileVulkanBoolBuffersPass,
    &tileVulkanKernelAbiPass,
    &tileVulkanEntryAbiPass,
    &tileVulkanMemorySpacesPass,
    &tileVulkanMathPass,
    &tileVulkanCooperativeMatrixEnvPass,
    &tileVulkanDoubleMathPass,
    &tileVulkanMarkFloatAtomicsPass,
    &tileVulkanFloatAtomicsPass,
    &tileVulkanHalfAtomicsPass,
    &tileVulkanBuiltinCapabilitiesPass,
    &tileVulkanHostMemoryPass,
    &tileVulkanLaunchAbiPass,
};

const TilePassList tileVulkanPasses = {passes, TILE_COUNT(passes)};
