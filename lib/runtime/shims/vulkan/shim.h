/* Internals of libtile_rt_vulkan: the Vulkan entry points it loads, the one
 * device it runs on, modules and their pipelines, and error reporting. */
#ifndef TILE_RUNTIME_VULKAN_SHIM_H
#define TILE_RUNTIME_VULKAN_SHIM_H

#include "cooperative_matrix.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*===--- errors (errors.c) ------------------------------------------------===*/

/* Prints "tile_rt_vulkan: error: ..." on stderr and ends the process with
 * exit status 1 (common/fatal.h says how a failure while the process is
 * already ending leaves). The mgpu* ABI has no way to return an error. */
_Noreturn void tileRtVulkanFatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* The same for a launch the device cannot run, found before anything
 * changed: a caller that catches refusals (common/refusals.h) gets it
 * instead. */
_Noreturn void tileRtVulkanRefuse(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* The name of a VkResult, e.g. "VK_ERROR_OUT_OF_DEVICE_MEMORY". */
const char *tileRtVulkanResultName(VkResult result);
/* Fails with "CALL failed: RESULT" unless `result` is VK_SUCCESS. */
void tileRtVulkanCheck(VkResult result, const char *call);

/*===--- the loader (loader.c) --------------------------------------------===*/

#define TILE_RT_VULKAN_GLOBAL_FUNCTIONS(X)                                     \
  X(vkCreateInstance)                                                          \
  X(vkEnumerateInstanceVersion)

#define TILE_RT_VULKAN_INSTANCE_FUNCTIONS(X)                                   \
  X(vkDestroyInstance)                                                         \
  X(vkEnumeratePhysicalDevices)                                                \
  X(vkGetPhysicalDeviceProperties)                                             \
  X(vkGetPhysicalDeviceFeatures2)                                              \
  X(vkGetPhysicalDeviceProperties2)                                            \
  X(vkGetPhysicalDeviceQueueFamilyProperties)                                  \
  X(vkGetPhysicalDeviceMemoryProperties)                                       \
  X(vkEnumerateDeviceExtensionProperties)                                      \
  X(vkCreateDevice)                                                            \
  X(vkGetDeviceProcAddr)

#define TILE_RT_VULKAN_DEVICE_FUNCTIONS(X)                                     \
  X(vkDestroyDevice)                                                           \
  X(vkGetDeviceQueue)                                                          \
  X(vkCreateBuffer)                                                            \
  X(vkDestroyBuffer)                                                           \
  X(vkGetBufferMemoryRequirements)                                             \
  X(vkAllocateMemory)                                                          \
  X(vkFreeMemory)                                                              \
  X(vkBindBufferMemory)                                                        \
  X(vkMapMemory)                                                               \
  X(vkUnmapMemory)                                                             \
  X(vkFlushMappedMemoryRanges)                                                 \
  X(vkInvalidateMappedMemoryRanges)                                            \
  X(vkCreateShaderModule)                                                      \
  X(vkDestroyShaderModule)                                                     \
  X(vkCreateDescriptorSetLayout)                                               \
  X(vkDestroyDescriptorSetLayout)                                              \
  X(vkCreatePipelineLayout)                                                    \
  X(vkDestroyPipelineLayout)                                                   \
  X(vkCreateComputePipelines)                                                  \
  X(vkDestroyPipeline)                                                         \
  X(vkCreateDescriptorPool)                                                    \
  X(vkDestroyDescriptorPool)                                                   \
  X(vkAllocateDescriptorSets)                                                  \
  X(vkUpdateDescriptorSets)                                                    \
  X(vkCreateCommandPool)                                                       \
  X(vkDestroyCommandPool)                                                      \
  X(vkAllocateCommandBuffers)                                                  \
  X(vkFreeCommandBuffers)                                                      \
  X(vkBeginCommandBuffer)                                                      \
  X(vkEndCommandBuffer)                                                        \
  X(vkCmdBindPipeline)                                                         \
  X(vkCmdBindDescriptorSets)                                                   \
  X(vkCmdDispatchBase)                                                         \
  X(vkCmdPipelineBarrier)                                                      \
  X(vkCreateFence)                                                             \
  X(vkDestroyFence)                                                            \
  X(vkWaitForFences)                                                           \
  X(vkQueueSubmit)

#define TILE_RT_VULKAN_DECLARE(name) PFN_##name name;
typedef struct {
  void *library;
  PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr;
  TILE_RT_VULKAN_GLOBAL_FUNCTIONS(TILE_RT_VULKAN_DECLARE)
  TILE_RT_VULKAN_INSTANCE_FUNCTIONS(TILE_RT_VULKAN_DECLARE)
  TILE_RT_VULKAN_DEVICE_FUNCTIONS(TILE_RT_VULKAN_DECLARE)
} TileRtVulkanApi;
#undef TILE_RT_VULKAN_DECLARE

/* Opens libvulkan.so.1 and its global entry points; false with a reason. */
bool tileRtVulkanApiLoad(TileRtVulkanApi *api, char *why, size_t size);
/* Instance- and device-level entry points (device may be null). */
bool tileRtVulkanApiLoadInstance(TileRtVulkanApi *api, VkInstance instance,
                                 char *why, size_t size);
bool tileRtVulkanApiLoadDevice(TileRtVulkanApi *api, VkDevice device, char *why,
                               size_t size);

/*===--- the device (device.c) --------------------------------------------===*/

/* Optional features the device was created with. */
typedef struct {
  bool float16, int8, int16, int64, float64;
  bool storage16, storage8;
  bool cooperativeMatrix; /* VK_KHR_cooperative_matrix's cooperativeMatrix */
  /* VK_EXT_shader_atomic_float's shaderBufferFloat32AtomicAdd and
   * shaderSharedFloat32AtomicAdd */
  bool bufferFloat32AtomicAdd, sharedFloat32AtomicAdd;
  /* Float controls' shaderSignedZeroInfNanPreserveFloat16/32/64: kernels
   * may ask for IEEE behaviour of NaN, infinities and signed zeros. */
  bool preserve16, preserve32, preserve64;
} TileRtVulkanFeatures;

/* The device's subgroups (subgroups.c): the size it runs compute shaders
 * with, the operations it supports there, and the sizes a pipeline may
 * require of it (subgroup size control). */
typedef struct {
  uint32_t size;                     /* VkPhysicalDeviceSubgroupProperties */
  VkShaderStageFlags stages;         /* where subgroup operations work */
  VkSubgroupFeatureFlags operations; /* which */
  uint32_t minSize, maxSize;         /* with size control; else size */
  VkShaderStageFlags requiredStages; /* stages that take a required size */
  bool sizeControl;    /* the subgroupSizeControl feature (enabled) */
  bool fullSubgroups;  /* the computeFullSubgroups feature (enabled) */
  bool sizeControlExt; /* through VK_EXT_subgroup_size_control (< 1.3) */
} TileRtVulkanSubgroups;

/* Fills `s` for `physical`, whose Vulkan version is `apiVersion`. */
void tileRtVulkanDescribeSubgroups(const TileRtVulkanApi *api,
                                   VkPhysicalDevice physical,
                                   uint32_t apiVersion, bool hasSizeControlExt,
                                   TileRtVulkanSubgroups *s);

typedef struct {
  TileRtVulkanApi api;
  VkInstance instance;
  VkPhysicalDevice physical;
  VkPhysicalDeviceProperties properties;
  VkPhysicalDeviceMemoryProperties memory;
  VkDevice device;
  uint32_t queueFamily;
  VkQueue queue;
  VkCommandPool commandPool;
  TileRtVulkanFeatures features;
  TileRtVulkanSubgroups subgroups;
  uint32_t apiVersion;           /* min(instance, device) */
  TileRtVulkanMatrices matrices; /* where features.cooperativeMatrix */
  /* The shared memory a workgroup may use: maxComputeSharedMemorySize, or
   * TILE_VULKAN_SHARED_LIMIT (bytes) for devices known to run more. */
  uint64_t sharedLimit;
  pthread_mutex_t lock; /* queue, command pool, pipelines */
} TileRtVulkanDevice;

/* The process-wide device, created on first use; fails (exits) when there
 * is no usable Vulkan device. */
TileRtVulkanDevice *tileRtVulkanDevice(void);
/* Creates an instance and picks a device without creating it: for
 * tileRtVulkanAvailable and the probe. Fills `name`. */
bool tileRtVulkanProbe(char *name, size_t nameSize,
                       TileRtVulkanFeatures *features,
                       TileRtVulkanSubgroups *subgroups, char *why,
                       size_t whySize);

/*===--- cooperative matrices (cooperative_matrix.c) ----------------------===*/

/* Appends VK_KHR_cooperative_matrix's feature structure to a pNext chain
 * at `tail` (asking for the feature when `enable`); returns the new tail. */
void **tileRtVulkanChainCooperativeMatrix(
    VkPhysicalDeviceCooperativeMatrixFeaturesKHR *features, bool enable,
    void **tail);
/* Reads the shapes and largest subgroup of a device created with the
 * cooperativeMatrix feature into d->matrices (emptied otherwise). */
void tileRtVulkanQueryCooperativeMatrices(TileRtVulkanDevice *d);
/* Fails when the module uses a cooperative-matrix type the device does not
 * offer, naming it and what the device offers. */
void tileRtVulkanCheckCooperativeMatrices(const TileRtVulkanDevice *d,
                                          const uint32_t *words,
                                          size_t numWords);

/*===--- modules (module.c) -----------------------------------------------===*/

/* One compute pipeline of a kernel, for a number of buffer bindings. */
typedef struct {
  uint32_t bindings;
  VkDescriptorSetLayout setLayout;
  VkPipelineLayout layout;
  VkPipeline pipeline;
} TileRtVulkanPipeline;

typedef struct TileRtVulkanModule TileRtVulkanModule;

/* What mgpuModuleGetFunction returns: one kernel of a module. */
typedef struct {
  TileRtVulkanModule *module;
  char *name;
  uint32_t localSize[3];    /* from the module's OpExecutionMode LocalSize */
  uint64_t sharedBytes;     /* its Workgroup variables */
  uint32_t subgroupSize;    /* what it was compiled for; 0: any */
  uint32_t minSubgroupSize; /* the widest group it shuffles within; 0: none */
  TileRtVulkanPipeline pipelines[4];
  unsigned numPipelines;
} TileRtVulkanFunction;

/* Refuses the launch of `f` when the host code reported an index argument
 * beyond 32 bits for it (arguments.c). */
void tileRtVulkanCheckIndexArguments(const TileRtVulkanFunction *f);

struct TileRtVulkanModule {
  uint32_t *words;
  size_t numWords;
  VkShaderModule shader;    /* created, and checked, on the first launch */
  bool cooperativeMatrices; /* it declares CooperativeMatrixKHR */
  bool guarded; /* its shader reports loops the device ended (loop_guard.c) */
  TileRtVulkanFunction **functions;
  unsigned numFunctions;
  TileRtVulkanModule *next; /* in the list of loaded modules */
};

/*===--- the loop guard (loop_guard.c) -----------------------------------===*/

/* The binding of a guarded module's guard buffer: two words, [0] where
 * its kernels report a loop the device ended, [1] zero. Beyond the 64
 * buffers a kernel may take. */
#define TILE_RT_VULKAN_GUARD_BINDING 64

/* Whether to guard the device's modules: it ends a shader's loops
 * silently after a fixed number of iterations (lavapipe), or
 * TILE_VULKAN_LOOP_GUARD says on (1, yes, true) or off (0, no, false). */
bool tileRtVulkanEndsLoops(const TileRtVulkanDevice *d);
/* A copy of the module (malloc'ed, `guardedWords` long) in which every
 * loop that ends without taking an exit reports it in the guard buffer;
 * NULL when the module has no loop, or leaves one through a switch. */
uint32_t *tileRtVulkanGuardLoops(const uint32_t *words, size_t numWords,
                                 size_t *guardedWords);

/* A copy of the module (malloc'ed, `newWords` long) whose entry points ask
 * for IEEE behaviour of NaN, infinities and signed zeros (the
 * SignedZeroInfNanPreserve execution mode) for each float width it uses
 * that the device supports; NULL when there is none (float_controls.c). */
uint32_t *tileRtVulkanPreserveFloats(const TileRtVulkanFeatures *f,
                                     const uint32_t *words, size_t numWords,
                                     size_t *newWords);

/* The pipeline of `f` for `bindings` buffers, created on first use (with
 * the device lock held). */
TileRtVulkanPipeline *tileRtVulkanPipelineFor(TileRtVulkanDevice *d,
                                              TileRtVulkanFunction *f,
                                              uint32_t bindings);
/* Takes the subgroup size the host code told for the launch that follows
 * (tileRtVulkanSubgroupSize; 0: none), whether or not it runs. */
uint32_t tileRtVulkanTakeSubgroupSize(void);
/* Fails unless the device can run `f` in subgroups of `size` (0: any)
 * (subgroups.c). */
void tileRtVulkanCheckSubgroupSize(const TileRtVulkanDevice *d,
                                   const TileRtVulkanFunction *f,
                                   uint32_t size);
/* The same for tileRtVulkanMinSubgroupSize, and its check: fails unless
 * the device can run `f` in subgroups of at least `lanes` (0: any). */
uint32_t tileRtVulkanTakeMinSubgroupSize(void);
void tileRtVulkanCheckMinSubgroupSize(const TileRtVulkanDevice *d,
                                      const TileRtVulkanFunction *f,
                                      uint32_t lanes);
/* What `f`'s pipeline asks of the stage: a required subgroup size (0:
 * none) and full subgroups. */
uint32_t tileRtVulkanRequiredSubgroupSize(const TileRtVulkanDevice *d,
                                          const TileRtVulkanFunction *f);
/* Fails when `f` (of a module with cooperative matrices) has workgroups
 * whose x size is no multiple of the device's largest subgroup: a
 * cooperative-matrix operation needs its whole subgroup. */
void tileRtVulkanCheckFullSubgroups(const TileRtVulkanDevice *d,
                                    const TileRtVulkanFunction *f);
/* Destroys the Vulkan objects of every module still loaded (at exit). */
void tileRtVulkanReleaseModules(TileRtVulkanDevice *d);

/*===--- SPIR-V (spirv.c) -------------------------------------------------===*/

/* Fails unless `words` is a SPIR-V module. */
void tileRtVulkanCheckSpirv(const uint32_t *words, size_t numWords);
/* Fails when the module's SPIR-V version is later than the device's Vulkan
 * version takes (SPIR-V 1.6 needs Vulkan 1.3, 1.4 and 1.5 need 1.2). */
void tileRtVulkanCheckSpirvVersion(const TileRtVulkanDevice *d,
                                   const uint32_t *words, size_t numWords);
/* Fails when the module needs a capability the device was not created
 * with, naming the capability and the device feature. */
void tileRtVulkanCheckCapabilities(const TileRtVulkanDevice *d,
                                   const uint32_t *words, size_t numWords);
/* Calls `visit` on each instruction of a module checked by
 * tileRtVulkanCheckSpirv (opcode, operands, operand count) until it returns
 * false; fails on a truncated instruction. */
typedef bool (*TileRtVulkanVisit)(uint32_t opcode, const uint32_t *operands,
                                  size_t count, void *userData);
void tileRtVulkanForEachInstruction(const uint32_t *words, size_t numWords,
                                    TileRtVulkanVisit visit, void *userData);
/* Bitmaps over a module's ids below `bound` (ids at or above it are never
 * marked). */
bool tileRtVulkanIdMarked(const uint8_t *bits, uint32_t bound, uint32_t id);
void tileRtVulkanMarkId(uint8_t *bits, uint32_t bound, uint32_t id);
/* A module being rewritten: words appended one at a time, or a whole
 * instruction (its first word holds its word count). */
typedef struct {
  uint32_t *words;
  size_t count, capacity;
} TileRtVulkanWords;
void tileRtVulkanPushWord(TileRtVulkanWords *w, uint32_t word);
void tileRtVulkanCopyInstruction(TileRtVulkanWords *w,
                                 const uint32_t *instruction);
/* The bytes of the Workgroup variables entry point `name` uses (without
 * padding), through the functions it calls; a variable no function
 * refers to in a way this reads counts for every entry point. */
uint64_t tileRtVulkanWorkgroupBytes(const uint32_t *words, size_t numWords,
                                    const char *name);
/* The LocalSize of entry point `name`; false when the module has none. */
bool tileRtVulkanLocalSize(const uint32_t *words, size_t numWords,
                           const char *name, uint32_t size[3]);

#endif
