/* Streams and events: every launch completes before it returns, so they
 * only need to be distinct, valid handles. */
#include "shim.h"
#include "tile_rt_vulkan.h"

static char stream, event;

TILE_RT_VULKAN_EXPORT void *mgpuStreamCreate(void) { return &stream; }
TILE_RT_VULKAN_EXPORT void mgpuStreamDestroy(void *s) { (void)s; }
TILE_RT_VULKAN_EXPORT void mgpuStreamSynchronize(void *s) { (void)s; }
TILE_RT_VULKAN_EXPORT void mgpuStreamWaitEvent(void *s, void *e) {
  (void)s;
  (void)e;
}
TILE_RT_VULKAN_EXPORT void *mgpuEventCreate(void) { return &event; }
TILE_RT_VULKAN_EXPORT void mgpuEventDestroy(void *e) { (void)e; }
TILE_RT_VULKAN_EXPORT void mgpuEventSynchronize(void *e) { (void)e; }
TILE_RT_VULKAN_EXPORT void mgpuEventRecord(void *e, void *s) {
  (void)e;
  (void)s;
}
