/* The vulkan backend: targets, codegen, toolchain. */
#ifndef TILE_VULKAN_VULKAN_H
#define TILE_VULKAN_VULKAN_H

#include "tile/backend.h"

MlirLogicalResult tileVulkanNormalizeTarget(TileTarget *target,
                                            TileErrorSink errors);
bool tileVulkanDetectTarget(TileTarget *target);
bool tileVulkanRuntimeAvailable(const TileTarget *target, TileErrorSink why);
MlirLogicalResult tileVulkanDeviceCodegen(const TileBackendContext *ctx,
                                          MlirOperation module, bool compile,
                                          TileArtifact *artifact);
/* Toolchain callback "spirv-dis": SPIR-V binary in, "spirv-asm" part out. */
MlirLogicalResult tileVulkanSpirvDis(const TileBackendContext *ctx,
                                     MlirStringRef spirv,
                                     TileArtifact *artifact,
                                     TileErrorSink errors);

#endif
