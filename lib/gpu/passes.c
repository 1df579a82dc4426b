/* The passes of the shared GPU lowering, in the order the cuda, rocm and
 * vulkan pipelines run them. */
#include "passes/pass.h"

extern const TilePassDescriptor tileGpuCheckDialectsPass;
extern const TilePassDescriptor tileGpuCheckArgumentsPass;
extern const TilePassDescriptor tileGpuCheckVectorsPass;
extern const TilePassDescriptor tileGpuHostBuffersPass;
extern const TilePassDescriptor tileGpuSharedFragmentsPass;
extern const TilePassDescriptor tileGpuLayoutPass;
extern const TilePassDescriptor tileGpuLowerPass;
extern const TilePassDescriptor tileGpuBarriersPass;
extern const TilePassDescriptor tileKernelToGpuPass;
extern const TilePassDescriptor tileGpuCheckCallsPass;
extern const TilePassDescriptor tileMergeGpuModulesPass;
extern const TilePassDescriptor tileGpuSharedBytesPass;
extern const TilePassDescriptor tileGpuDeviceCallsPass;
extern const TilePassDescriptor tileGpuCheckDeviceOpsPass;
extern const TilePassDescriptor tileGpuSubgroupOpsPass;
extern const TilePassDescriptor tileGpuHoistAllocasPass;
extern const TilePassDescriptor tileGpuOutlineOpsPass;
extern const TilePassDescriptor tileGpuTransferMasksPass;
extern const TilePassDescriptor tileGpuDropCWrappersPass;
extern const TilePassDescriptor tileGpuAsyncMemoryPass;

static const TilePassDescriptor *const passes[] = {
    &tileGpuCheckDialectsPass,   &tileGpuCheckArgumentsPass,
    &tileGpuCheckVectorsPass,    &tileGpuHostBuffersPass,
    &tileGpuSharedFragmentsPass, &tileGpuLayoutPass,
    &tileGpuLowerPass,           &tileGpuBarriersPass,
    &tileKernelToGpuPass,        &tileGpuCheckCallsPass,
    &tileMergeGpuModulesPass,    &tileGpuSharedBytesPass,
    &tileGpuDeviceCallsPass,     &tileGpuCheckDeviceOpsPass,
    &tileGpuSubgroupOpsPass,     &tileGpuHoistAllocasPass,
    &tileGpuOutlineOpsPass,      &tileGpuTransferMasksPass,
    &tileGpuDropCWrappersPass,   &tileGpuAsyncMemoryPass,
};

const TilePassList tileGpuPasses = {passes, TILE_COUNT(passes)};
