/* mgpuLaunchKernel: binds each (address, size) parameter pair as a storage
 * buffer in host-visible memory, copies the host data in, dispatches the
 * grid (in slices where it exceeds the device's group count limits), waits,
 * and copies every buffer back. Parameters naming the same host range share
 * one buffer, so a kernel that reads and writes it in place sees one copy.
 * Ranges that overlap otherwise (strided views of one matrix, such as its
 * even and its odd columns) get buffers of their own, and each copies back
 * only the bytes its kernel changed: a whole copy of one would put back the
 * old values of what the kernel wrote through the other. */
#include "shim.h"
#include "tile_rt_vulkan.h"

#include "support/alloc.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  void *host;
  VkDeviceSize bytes;
  int alias; /* index of an earlier parameter with the same range, or -1 */
  unsigned char *before; /* the host bytes at the launch, where the range
                            overlaps another buffer's; else NULL */
  VkBuffer buffer;
  VkDeviceMemory memory;
  void *mapped;
  bool coherent;
  /* How many bytes after the data are watched: a kernel that writes there
   * wrote past the end of its argument. */
  VkDeviceSize watched;
} Binding;

/* The bytes after each buffer's data that a launch watches for writes (up
 * to 4 KiB past its rounding to 32-bit words), as the host buffers of
 * tile-run and Python end at a page that faults. They hold a 32-bit
 * pattern that is a signalling NaN on each word, so that a read past the
 * end gives NaN rather than a plausible 0. */
enum { WatchedBytes = 4096 };
static const uint32_t WatchPattern = 0x7fbadbadu;

/* The pattern's byte at `offset` from the start of the buffer. */
static unsigned char watchByte(VkDeviceSize offset) {
  return (unsigned char)(WatchPattern >> (8 * (offset % 4)));
}

typedef struct {
  TileRtVulkanDevice *d;
  TileRtVulkanFunction *f;
  Binding *bindings;
  uint32_t count;
  Binding guard; /* the loop guard's buffer, in a guarded module */
  VkDescriptorPool pool;
  VkCommandBuffer commands;
  VkFence fence;
} Launch;

static uint32_t memoryType(const TileRtVulkanDevice *d, uint32_t allowed,
                           bool *coherent) {
  const VkMemoryPropertyFlags visible = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
  const VkMemoryPropertyFlags both =
      visible | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  for (int pass = 0; pass < 2; ++pass)
    for (uint32_t i = 0; i < d->memory.memoryTypeCount; ++i) {
      VkMemoryPropertyFlags flags = d->memory.memoryTypes[i].propertyFlags;
      VkMemoryPropertyFlags want = pass == 0 ? both : visible;
      if ((allowed & (1u << i)) && (flags & want) == want) {
        *coherent = (flags & both) == both;
        return i;
      }
    }
  tileRtVulkanFatal(
      "the Vulkan device '%s' has no host-visible memory for buffers",
      d->properties.deviceName);
}

static void createBuffer(Launch *l, Binding *b) {
  TileRtVulkanDevice *d = l->d;
  if (b->bytes > d->properties.limits.maxStorageBufferRange)
    tileRtVulkanFatal(
        "kernel '%s' binds a buffer of %llu bytes; the Vulkan device "
        "'%s' binds at most %u bytes per buffer",
        l->f->name, (unsigned long long)b->bytes, d->properties.deviceName,
        d->properties.limits.maxStorageBufferRange);
  /* An empty buffer still needs a valid, non-empty Vulkan buffer. */
  VkDeviceSize data = b->bytes ? (b->bytes + 3) & ~(VkDeviceSize)3 : 4;
  VkDeviceSize range = d->properties.limits.maxStorageBufferRange;
  VkDeviceSize room = data < range ? range - data : 0;
  VkDeviceSize size =
      data + (room < WatchedBytes ? room & ~(VkDeviceSize)3 : WatchedBytes);
  b->watched = size - b->bytes;
  VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = size,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                             .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
  tileRtVulkanCheck(d->api.vkCreateBuffer(d->device, &info, NULL, &b->buffer),
                    "vkCreateBuffer");
  VkMemoryRequirements needs;
  d->api.vkGetBufferMemoryRequirements(d->device, b->buffer, &needs);
  VkMemoryAllocateInfo alloc = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = needs.size,
      .memoryTypeIndex = memoryType(d, needs.memoryTypeBits, &b->coherent)};
  tileRtVulkanCheck(
      d->api.vkAllocateMemory(d->device, &alloc, NULL, &b->memory),
      "vkAllocateMemory");
  tileRtVulkanCheck(
      d->api.vkBindBufferMemory(d->device, b->buffer, b->memory, 0),
      "vkBindBufferMemory");
  tileRtVulkanCheck(
      d->api.vkMapMemory(d->device, b->memory, 0, VK_WHOLE_SIZE, 0, &b->mapped),
      "vkMapMemory");
  unsigned char *mapped = b->mapped;
  for (VkDeviceSize k = b->bytes; k < size; ++k)
    mapped[k] = watchByte(k);
  if (b->bytes && b->host)
    memcpy(b->mapped, b->host, b->bytes);
  else if (b->bytes)
    memset(b->mapped, 0, b->bytes);
  if (!b->coherent) {
    VkMappedMemoryRange range = {.sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
                                 .memory = b->memory,
                                 .size = VK_WHOLE_SIZE};
    tileRtVulkanCheck(d->api.vkFlushMappedMemoryRanges(d->device, 1, &range),
                      "vkFlushMappedMemoryRanges");
  }
}

static bool overlap(const Binding *a, const Binding *b) {
  const char *x = a->host, *y = b->host;
  return x && y && x < y + b->bytes && y < x + a->bytes;
}

/* Keeps the host bytes of every buffer whose range overlaps another's
 * (not the same range, which shares one buffer). */
static void keepOverlapping(Launch *l) {
  for (uint32_t i = 0; i < l->count; ++i) {
    Binding *b = &l->bindings[i];
    for (uint32_t j = 0; b->alias < 0 && !b->before && j < l->count; ++j) {
      const Binding *c = &l->bindings[j];
      if (j != i && c->alias < 0 && overlap(b, c)) {
        b->before = tileMalloc(b->bytes);
        memcpy(b->before, b->host, b->bytes);
      }
    }
  }
}

static void readParameters(Launch *l, void **params) {
  for (uint32_t i = 0; i < l->count; ++i) {
    Binding *b = &l->bindings[i];
    b->host = *(void **)params[2 * i];
    int64_t bytes = *(int64_t *)params[2 * i + 1];
    if (bytes < 0)
      tileRtVulkanFatal("kernel '%s' got a buffer of negative size %lld",
                        l->f->name, (long long)bytes);
    b->bytes = (VkDeviceSize)bytes;
    b->alias = -1;
    for (uint32_t j = 0; j < i && b->alias < 0; ++j)
      if (l->bindings[j].host == b->host && l->bindings[j].bytes == b->bytes)
        b->alias = (int)j;
  }
  keepOverlapping(l);
  for (uint32_t i = 0; i < l->count; ++i)
    if (l->bindings[i].alias < 0)
      createBuffer(l, &l->bindings[i]);
}

static VkBuffer bufferOf(const Launch *l, uint32_t i) {
  const Binding *b = &l->bindings[i];
  return b->alias < 0 ? b->buffer : l->bindings[b->alias].buffer;
}

static VkDescriptorSet bindBuffers(Launch *l, const TileRtVulkanPipeline *p) {
  TileRtVulkanDevice *d = l->d;
  bool guarded = l->f->module->guarded;
  VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                               (l->count + guarded) ? l->count + guarded : 1};
  VkDescriptorPoolCreateInfo poolInfo = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1,
      .poolSizeCount = 1,
      .pPoolSizes = &size};
  tileRtVulkanCheck(
      d->api.vkCreateDescriptorPool(d->device, &poolInfo, NULL, &l->pool),
      "vkCreateDescriptorPool");
  VkDescriptorSetAllocateInfo setInfo = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = l->pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &p->setLayout};
  VkDescriptorSet set;
  tileRtVulkanCheck(d->api.vkAllocateDescriptorSets(d->device, &setInfo, &set),
                    "vkAllocateDescriptorSets");
  VkDescriptorBufferInfo infos[65];
  VkWriteDescriptorSet writes[65];
  for (uint32_t i = 0; i < l->count + guarded; ++i) {
    bool guard = i == l->count;
    infos[i] = (VkDescriptorBufferInfo){
        guard ? l->guard.buffer : bufferOf(l, i), 0, VK_WHOLE_SIZE};
    writes[i] = (VkWriteDescriptorSet){
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = set,
        .dstBinding = guard ? TILE_RT_VULKAN_GUARD_BINDING : i,
        .descriptorCount = 1,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        .pBufferInfo = &infos[i]};
  }
  d->api.vkUpdateDescriptorSets(d->device, l->count + guarded, writes, 0, NULL);
  return set;
}

static uint32_t minU(uint64_t a, uint64_t b) {
  return (uint32_t)(a < b ? a : b);
}

/* Records the dispatch of `grid` groups, sliced to the device limits. */
static void record(Launch *l, const TileRtVulkanPipeline *p,
                   VkDescriptorSet set, const uint64_t grid[3]) {
  TileRtVulkanDevice *d = l->d;
  VkCommandBufferAllocateInfo info = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = d->commandPool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1};
  tileRtVulkanCheck(
      d->api.vkAllocateCommandBuffers(d->device, &info, &l->commands),
      "vkAllocateCommandBuffers");
  VkCommandBufferBeginInfo begin = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
  tileRtVulkanCheck(d->api.vkBeginCommandBuffer(l->commands, &begin),
                    "vkBeginCommandBuffer");
  d->api.vkCmdBindPipeline(l->commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                           p->pipeline);
  d->api.vkCmdBindDescriptorSets(l->commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                                 p->layout, 0, 1, &set, 0, NULL);
  const uint32_t *limit = d->properties.limits.maxComputeWorkGroupCount;
  for (uint64_t z = 0; z < grid[2]; z += limit[2])
    for (uint64_t y = 0; y < grid[1]; y += limit[1])
      for (uint64_t x = 0; x < grid[0]; x += limit[0])
        d->api.vkCmdDispatchBase(l->commands, (uint32_t)x, (uint32_t)y,
                                 (uint32_t)z, minU(grid[0] - x, limit[0]),
                                 minU(grid[1] - y, limit[1]),
                                 minU(grid[2] - z, limit[2]));
  VkMemoryBarrier toHost = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                            .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                            .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
  d->api.vkCmdPipelineBarrier(l->commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                              VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &toHost, 0,
                              NULL, 0, NULL);
  tileRtVulkanCheck(d->api.vkEndCommandBuffer(l->commands),
                    "vkEndCommandBuffer");
}

static void submitAndWait(Launch *l) {
  TileRtVulkanDevice *d = l->d;
  VkFenceCreateInfo fenceInfo = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  tileRtVulkanCheck(
      d->api.vkCreateFence(d->device, &fenceInfo, NULL, &l->fence),
      "vkCreateFence");
  VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                         .commandBufferCount = 1,
                         .pCommandBuffers = &l->commands};
  tileRtVulkanCheck(d->api.vkQueueSubmit(d->queue, 1, &submit, l->fence),
                    "vkQueueSubmit");
  VkResult result =
      d->api.vkWaitForFences(d->device, 1, &l->fence, VK_TRUE, UINT64_MAX);
  if (result != VK_SUCCESS)
    tileRtVulkanFatal("kernel '%s' did not complete: %s", l->f->name,
                      tileRtVulkanResultName(result));
}

/* Makes what the device wrote to `b` visible to the host. */
static void invalidate(const Launch *l, const Binding *b) {
  if (b->coherent)
    return;
  VkMappedMemoryRange range = {.sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
                               .memory = b->memory,
                               .size = VK_WHOLE_SIZE};
  tileRtVulkanCheck(
      l->d->api.vkInvalidateMappedMemoryRanges(l->d->device, 1, &range),
      "vkInvalidateMappedMemoryRanges");
}

/* Whether a loop of the kernel ended without taking an exit: the device
 * cut it short, and every result may be wrong. */
static bool loopsCut(Launch *l) {
  if (!l->f->module->guarded)
    return false;
  invalidate(l, &l->guard);
  return ((const uint32_t *)l->guard.mapped)[0] != 0;
}

/* Makes what the device wrote visible to the host, buffer by buffer, up to
 * the first buffer parameter the kernel wrote past the end of: true with
 * it and the first byte it wrote there; false, every buffer made visible
 * (for copyBack), when it wrote none. */
static bool wrotePastAnEnd(Launch *l, uint32_t *parameter, uint64_t *byte) {
  for (uint32_t i = 0; i < l->count; ++i) {
    Binding *b = &l->bindings[i];
    if (b->alias >= 0)
      continue;
    invalidate(l, b);
    const unsigned char *mapped = b->mapped;
    for (VkDeviceSize k = b->bytes; k < b->bytes + b->watched; ++k)
      if (mapped[k] != watchByte(k)) {
        *parameter = i;
        *byte = k;
        return true;
      }
  }
  return false;
}

/* Refused once the launch has let go of everything, its results unread. */
static void refuseCutLoops(const Launch *l) {
  tileRtVulkanRefuse(
      "kernel '%s' ran longer loops than the Vulkan device '%s' runs: it "
      "ends a shader's loops once they have run 65535 iterations in all, "
      "so the results would be wrong (each thread must loop less, e.g. "
      "with more threads or smaller local tiles, or run the kernel on "
      "another device or target)",
      l->f->name, l->d->properties.deviceName);
}

/* The device's bytes go back to the host where they differ, a block at a
 * time: memory the kernel only read is not written, so a constant global
 * (a memref.get_global of host code, in read-only memory) can be an
 * argument; writing it back whole faulted. */
static void copyChanged(unsigned char *host, const unsigned char *now,
                        VkDeviceSize bytes) {
  enum { Block = 4096 };
  for (VkDeviceSize k = 0; k < bytes; k += Block) {
    size_t n = bytes - k < Block ? (size_t)(bytes - k) : Block;
    if (memcmp(host + k, now + k, n) != 0)
      memcpy(host + k, now + k, n);
  }
}

/* Once wrotePastAnEnd has made the device's writes visible. */
static void copyBack(Launch *l) {
  for (uint32_t i = 0; i < l->count; ++i) {
    Binding *b = &l->bindings[i];
    if (b->alias >= 0 || !b->bytes || !b->host)
      continue;
    if (!b->before) {
      copyChanged(b->host, b->mapped, b->bytes);
      continue;
    }
    const unsigned char *now = b->mapped;
    unsigned char *host = b->host;
    for (VkDeviceSize k = 0; k < b->bytes; ++k)
      if (now[k] != b->before[k])
        host[k] = now[k];
  }
}

static void release(Launch *l) {
  TileRtVulkanDevice *d = l->d;
  d->api.vkDestroyFence(d->device, l->fence, NULL);
  if (l->commands != VK_NULL_HANDLE)
    d->api.vkFreeCommandBuffers(d->device, d->commandPool, 1, &l->commands);
  d->api.vkDestroyDescriptorPool(d->device, l->pool, NULL);
  for (uint32_t i = 0; i <= l->count; ++i) {
    Binding *b = i < l->count ? &l->bindings[i] : &l->guard;
    if (b->alias >= 0 || !b->buffer)
      continue;
    free(b->before);
    d->api.vkUnmapMemory(d->device, b->memory);
    d->api.vkDestroyBuffer(d->device, b->buffer, NULL);
    d->api.vkFreeMemory(d->device, b->memory, NULL);
  }
  free(l->bindings);
}

static void checkShape(const TileRtVulkanFunction *f, const intptr_t grid[3],
                       const intptr_t block[3], int32_t sharedBytes,
                       size_t paramsCount) {
  if (paramsCount % 2)
    tileRtVulkanRefuse(
        "kernel '%s' got %zu parameters; the vulkan runtime takes "
        "(buffer, byte size) pairs (compile the host code for the "
        "vulkan target)",
        f->name, paramsCount);
  if (paramsCount / 2 > 64)
    tileRtVulkanRefuse(
        "kernel '%s' takes %zu buffers; at most 64 are supported", f->name,
        paramsCount / 2);
  /* Block ids are 32-bit indices in the kernels. */
  for (int i = 0; i < 3; ++i)
    if (grid[i] < 0 || grid[i] > INT32_MAX)
      tileRtVulkanRefuse(
          "kernel '%s' launched with a grid of %ld x %ld x %ld blocks; "
          "vulkan kernels take at most %d blocks along a dimension",
          f->name, (long)grid[0], (long)grid[1], (long)grid[2], INT32_MAX);
  for (int i = 0; i < 3; ++i)
    if (block[i] != (intptr_t)f->localSize[i])
      tileRtVulkanRefuse(
          "kernel '%s' launched with blocks of %ld x %ld x %ld threads; "
          "its SPIR-V workgroup size is %u x %u x %u",
          f->name, (long)block[0], (long)block[1], (long)block[2],
          f->localSize[0], f->localSize[1], f->localSize[2]);
  if (sharedBytes != 0)
    tileRtVulkanRefuse(
        "kernel '%s' asks for %d bytes of dynamic shared memory; "
        "vulkan kernels declare their shared memory statically",
        f->name, sharedBytes);
}

/* What the kernel asks of a workgroup against what the device gives one:
 * beyond it, pipeline creation may fail or the kernel misbehave. */
static void checkDeviceLimits(const TileRtVulkanDevice *d,
                              const TileRtVulkanFunction *f) {
  const VkPhysicalDeviceLimits *limits = &d->properties.limits;
  if (f->sharedBytes > d->sharedLimit)
    tileRtVulkanRefuse(
        "kernel '%s' uses %llu bytes of shared memory; the Vulkan "
        "device '%s' gives a workgroup at most %llu "
        "(maxComputeSharedMemorySize%s)",
        f->name, (unsigned long long)f->sharedBytes, d->properties.deviceName,
        (unsigned long long)d->sharedLimit,
        getenv("TILE_VULKAN_SHARED_LIMIT")
            ? ", as TILE_VULKAN_SHARED_LIMIT says"
            : "");
  uint64_t threads =
      (uint64_t)f->localSize[0] * f->localSize[1] * f->localSize[2];
  if (f->localSize[0] > limits->maxComputeWorkGroupSize[0] ||
      f->localSize[1] > limits->maxComputeWorkGroupSize[1] ||
      f->localSize[2] > limits->maxComputeWorkGroupSize[2] ||
      threads > limits->maxComputeWorkGroupInvocations)
    tileRtVulkanRefuse(
        "kernel '%s' has workgroups of %u x %u x %u threads; the Vulkan "
        "device '%s' runs at most %u threads per workgroup (%u x %u x "
        "%u)",
        f->name, f->localSize[0], f->localSize[1], f->localSize[2],
        d->properties.deviceName, limits->maxComputeWorkGroupInvocations,
        limits->maxComputeWorkGroupSize[0], limits->maxComputeWorkGroupSize[1],
        limits->maxComputeWorkGroupSize[2]);
}

/* Each buffer's size against what the device binds, before the launch
 * takes the device (createBuffer checks again). */
static void checkBufferSizes(const TileRtVulkanDevice *d,
                             const TileRtVulkanFunction *f, void **params,
                             size_t count) {
  uint32_t range = d->properties.limits.maxStorageBufferRange;
  for (size_t i = 0; i < count; ++i) {
    int64_t bytes = *(int64_t *)params[2 * i + 1];
    if (bytes < 0)
      tileRtVulkanRefuse("kernel '%s' got a buffer of negative size %lld",
                         f->name, (long long)bytes);
    if ((uint64_t)bytes > range)
      tileRtVulkanRefuse(
          "kernel '%s' binds a buffer of %llu bytes (parameter %zu); the "
          "Vulkan device '%s' binds at most %u bytes per buffer "
          "(maxStorageBufferRange)",
          f->name, (unsigned long long)bytes, i, d->properties.deviceName,
          range);
  }
}

TILE_RT_VULKAN_EXPORT void
mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                 intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                 int32_t sharedBytes, void *stream, void **params, void **extra,
                 size_t paramsCount) {
  (void)stream;
  (void)extra;
  TileRtVulkanFunction *f = function;
  if (!f)
    tileRtVulkanFatal("mgpuLaunchKernel got no kernel");
  intptr_t grid[3] = {gridX, gridY, gridZ}, block[3] = {blockX, blockY, blockZ};
  /* What the host code told of this launch is taken before any check, so
   * that a refused launch leaves none of it to the next. */
  uint32_t subgroup = tileRtVulkanTakeSubgroupSize();
  uint32_t lanes = tileRtVulkanTakeMinSubgroupSize();
  tileRtVulkanCheckIndexArguments(f);
  checkShape(f, grid, block, sharedBytes, paramsCount);
  if (!gridX || !gridY || !gridZ)
    return;
  Launch l = {0};
  l.d = tileRtVulkanDevice();
  checkDeviceLimits(l.d, f);
  checkBufferSizes(l.d, f, params, paramsCount / 2);
  tileRtVulkanCheckSubgroupSize(l.d, f, subgroup);
  tileRtVulkanCheckMinSubgroupSize(l.d, f, lanes);
  l.f = f;
  l.count = (uint32_t)(paramsCount / 2);
  l.bindings = tileCallocArray(l.count, sizeof(Binding));
  pthread_mutex_lock(&l.d->lock);
  /* The same for every launch of the kernel; the pipeline is made with
   * it. */
  if (subgroup)
    f->subgroupSize = subgroup;
  if (lanes)
    f->minSubgroupSize = lanes;
  TileRtVulkanPipeline *p = tileRtVulkanPipelineFor(l.d, f, l.count);
  readParameters(&l, params);
  l.guard = (Binding){.bytes = 8, .alias = -1};
  if (f->module->guarded)
    createBuffer(&l, &l.guard);
  VkDescriptorSet set = bindBuffers(&l, p);
  uint64_t groups[3] = {(uint64_t)gridX, (uint64_t)gridY, (uint64_t)gridZ};
  record(&l, p, set, groups);
  submitAndWait(&l);
  bool cut = loopsCut(&l);
  uint32_t parameter = 0;
  uint64_t byte = 0, bytes = 0;
  bool past = !cut && wrotePastAnEnd(&l, &parameter, &byte);
  if (past)
    bytes = l.bindings[parameter].bytes;
  if (!cut && !past)
    copyBack(&l);
  release(&l);
  pthread_mutex_unlock(&l.d->lock);
  if (cut)
    refuseCutLoops(&l);
  if (past)
    tileRtVulkanRefuse(
        "kernel '%s' wrote byte %llu of its buffer parameter %u, which has "
        "%llu bytes (past its end); do the sizes of the arguments agree "
        "with what the kernel reads and writes?",
        f->name, (unsigned long long)byte, parameter,
        (unsigned long long)bytes);
}
