/* Modules and kernels: mgpuModuleLoad keeps a copy of the SPIR-V,
 * mgpuModuleGetFunction names a kernel of it, and each kernel gets one
 * compute pipeline per number of buffer bindings, created on its first
 * launch and kept until the module is unloaded. */
#include "../common/fatal.h"
#include "shim.h"
#include "tile_rt_vulkan.h"

#include "support/alloc.h"
#include "support/count.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t modulesLock = PTHREAD_MUTEX_INITIALIZER;
static TileRtVulkanModule *modules;

TILE_RT_VULKAN_EXPORT void *mgpuModuleLoad(const void *data, size_t size) {
  if (!data || size % 4)
    tileRtVulkanFatal(
        "mgpuModuleLoad got %zu bytes, not a SPIR-V module (a whole "
        "number of 32-bit words)",
        size);
  TileRtVulkanModule *m = tileCallocArray(1, sizeof(*m));
  m->numWords = size / 4;
  m->words = tileMalloc(size);
  memcpy(m->words, data, size);
  tileRtVulkanCheckSpirv(m->words, m->numWords);
  pthread_mutex_lock(&modulesLock);
  m->next = modules;
  modules = m;
  pthread_mutex_unlock(&modulesLock);
  return m;
}

static void destroyPipelines(TileRtVulkanDevice *d, TileRtVulkanFunction *f) {
  for (unsigned i = 0; i < f->numPipelines; ++i) {
    TileRtVulkanPipeline *p = &f->pipelines[i];
    d->api.vkDestroyPipeline(d->device, p->pipeline, NULL);
    d->api.vkDestroyPipelineLayout(d->device, p->layout, NULL);
    d->api.vkDestroyDescriptorSetLayout(d->device, p->setLayout, NULL);
  }
  f->numPipelines = 0;
}

/* Frees a module (unlinked already); `d` is null when no launch ever
 * created a device. */
static void destroyModule(TileRtVulkanDevice *d, TileRtVulkanModule *m) {
  for (unsigned i = 0; i < m->numFunctions; ++i) {
    if (d)
      destroyPipelines(d, m->functions[i]);
    free(m->functions[i]->name);
    free(m->functions[i]);
  }
  if (d && m->shader != VK_NULL_HANDLE)
    d->api.vkDestroyShaderModule(d->device, m->shader, NULL);
  free(m->functions);
  free(m->words);
  free(m);
}

static bool unlinkModule(TileRtVulkanModule *m) {
  pthread_mutex_lock(&modulesLock);
  TileRtVulkanModule **at = &modules;
  while (*at && *at != m)
    at = &(*at)->next;
  bool found = *at != NULL;
  if (found)
    *at = m->next;
  pthread_mutex_unlock(&modulesLock);
  return found;
}

TILE_RT_VULKAN_EXPORT void mgpuModuleUnload(void *module) {
  TileRtVulkanModule *m = module;
  if (!m || tileRtFailing() || !unlinkModule(m))
    return;
  bool created = false;
  for (unsigned i = 0; i < m->numFunctions && !created; ++i)
    created = m->functions[i]->numPipelines > 0;
  TileRtVulkanDevice *d = created || m->shader ? tileRtVulkanDevice() : NULL;
  if (d)
    pthread_mutex_lock(&d->lock);
  destroyModule(d, m);
  if (d)
    pthread_mutex_unlock(&d->lock);
}

void tileRtVulkanReleaseModules(TileRtVulkanDevice *d) {
  pthread_mutex_lock(&modulesLock);
  while (modules) {
    TileRtVulkanModule *m = modules;
    modules = m->next;
    destroyModule(d, m);
  }
  pthread_mutex_unlock(&modulesLock);
}

TILE_RT_VULKAN_EXPORT void *mgpuModuleGetFunction(void *module,
                                                  const char *name) {
  TileRtVulkanModule *m = module;
  if (!m || !name)
    tileRtVulkanFatal("mgpuModuleGetFunction got no module or no kernel name");
  pthread_mutex_lock(&modulesLock);
  TileRtVulkanFunction *f = NULL;
  for (unsigned i = 0; i < m->numFunctions && !f; ++i)
    if (strcmp(m->functions[i]->name, name) == 0)
      f = m->functions[i];
  if (!f) {
    f = tileCallocArray(1, sizeof(*f));
    f->module = m;
    f->name = tileStrDup(name);
    if (!tileRtVulkanLocalSize(m->words, m->numWords, name, f->localSize)) {
      pthread_mutex_unlock(&modulesLock);
      tileRtVulkanFatal(
          "kernel '%s' is not an entry point of the SPIR-V module "
          "(or has no LocalSize)",
          name);
    }
    f->sharedBytes = tileRtVulkanWorkgroupBytes(m->words, m->numWords, name);
    m->functions = tileReallocArray(m->functions, m->numFunctions + 1,
                                    sizeof(*m->functions));
    m->functions[m->numFunctions++] = f;
  }
  pthread_mutex_unlock(&modulesLock);
  return f;
}

static void createShader(TileRtVulkanDevice *d, TileRtVulkanModule *m) {
  tileRtVulkanCheckSpirvVersion(d, m->words, m->numWords);
  tileRtVulkanCheckCapabilities(d, m->words, m->numWords);
  m->cooperativeMatrices =
      tileRtVulkanUsesCooperativeMatrices(m->words, m->numWords);
  if (m->cooperativeMatrices)
    tileRtVulkanCheckCooperativeMatrices(d, m->words, m->numWords);
  size_t numWords = m->numWords;
  uint32_t *guarded =
      tileRtVulkanEndsLoops(d)
          ? tileRtVulkanGuardLoops(m->words, m->numWords, &numWords)
          : NULL;
  m->guarded = guarded != NULL;
  const uint32_t *code = guarded ? guarded : m->words;
  size_t preservedWords = 0;
  uint32_t *preserved =
      tileRtVulkanPreserveFloats(&d->features, code, numWords, &preservedWords);
  if (preserved) {
    code = preserved;
    numWords = preservedWords;
  }
  VkShaderModuleCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = numWords * 4,
      .pCode = code};
  VkResult result =
      d->api.vkCreateShaderModule(d->device, &info, NULL, &m->shader);
  free(guarded);
  free(preserved);
  tileRtVulkanCheck(result, "vkCreateShaderModule");
}

static void createPipeline(TileRtVulkanDevice *d, TileRtVulkanFunction *f,
                           TileRtVulkanPipeline *p) {
  VkDescriptorSetLayoutBinding bindings[65];
  uint32_t count = p->bindings + f->module->guarded;
  for (uint32_t i = 0; i < count; ++i)
    bindings[i] = (VkDescriptorSetLayoutBinding){
        .binding = i < p->bindings ? i : TILE_RT_VULKAN_GUARD_BINDING,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        .descriptorCount = 1,
        .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
  VkDescriptorSetLayoutCreateInfo setInfo = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = count,
      .pBindings = bindings};
  tileRtVulkanCheck(d->api.vkCreateDescriptorSetLayout(d->device, &setInfo,
                                                       NULL, &p->setLayout),
                    "vkCreateDescriptorSetLayout");
  VkPipelineLayoutCreateInfo layoutInfo = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &p->setLayout};
  tileRtVulkanCheck(
      d->api.vkCreatePipelineLayout(d->device, &layoutInfo, NULL, &p->layout),
      "vkCreatePipelineLayout");
  /* A kernel compiled for a subgroup size gets it, in full subgroups. */
  VkPipelineShaderStageRequiredSubgroupSizeCreateInfo subgroups = {
      .sType =
          VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
      .requiredSubgroupSize = tileRtVulkanRequiredSubgroupSize(d, f)};
  VkPipelineShaderStageCreateFlags stageFlags =
      f->subgroupSize && d->subgroups.fullSubgroups
          ? VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT
          : 0;
  VkComputePipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      /* Grids beyond the device's group count limit run in slices. */
      .flags = VK_PIPELINE_CREATE_DISPATCH_BASE_BIT,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .pNext = subgroups.requiredSubgroupSize ? &subgroups : NULL,
                .flags = stageFlags,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = f->module->shader,
                .pName = f->name},
      .layout = p->layout};
  VkResult result = d->api.vkCreateComputePipelines(
      d->device, VK_NULL_HANDLE, 1, &info, NULL, &p->pipeline);
  if (result != VK_SUCCESS)
    tileRtVulkanFatal("vkCreateComputePipelines for kernel '%s' failed: %s",
                      f->name, tileRtVulkanResultName(result));
}

TileRtVulkanPipeline *tileRtVulkanPipelineFor(TileRtVulkanDevice *d,
                                              TileRtVulkanFunction *f,
                                              uint32_t bindings) {
  for (unsigned i = 0; i < f->numPipelines; ++i)
    if (f->pipelines[i].bindings == bindings)
      return &f->pipelines[i];
  if (bindings > 64)
    tileRtVulkanFatal("kernel '%s' takes %u buffers; at most 64 are supported",
                      f->name, bindings);
  if (f->module->shader == VK_NULL_HANDLE)
    createShader(d, f->module);
  /* A guarded module's kernels bind the guard buffer as well. */
  uint32_t limit = d->properties.limits.maxPerStageDescriptorStorageBuffers;
  if (bindings + f->module->guarded > limit)
    tileRtVulkanFatal(
        "kernel '%s' takes %u buffers%s; the Vulkan device '%s' binds at "
        "most %u per kernel",
        f->name, bindings, f->module->guarded ? " and the loop guard's" : "",
        d->properties.deviceName, limit);
  if (f->module->cooperativeMatrices)
    tileRtVulkanCheckFullSubgroups(d, f);
  if (f->numPipelines == TILE_COUNT(f->pipelines))
    destroyPipelines(d, f);
  TileRtVulkanPipeline *p = &f->pipelines[f->numPipelines++];
  memset(p, 0, sizeof(*p));
  p->bindings = bindings;
  createPipeline(d, f, p);
  return p;
}
