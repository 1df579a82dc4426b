/* What the runtime reads from a SPIR-V module itself: the capabilities it
 * declares (to check them against the device's features and subgroup
 * operations before Vulkan sees the module) and the workgroup size of each
 * entry point (the shared memory of each is workgroup.c's). */
#include "shim.h"

#include "support/alloc.h"
#include "support/count.h"

#include <stdlib.h>
#include <string.h>

enum {
  Magic = 0x07230203,
  HeaderWords = 5,
  OpEntryPoint = 15,
  OpExecutionMode = 16,
  OpCapability = 17,
  OpTypePointer = 32,
  OpVariable = 59,
  OpAccessChain = 65,
  OpInBoundsAccessChain = 66,
  OpAtomicFAddEXT = 6035,
  ModeLocalSize = 17,
  StorageClassWorkgroup = 4,
  CapabilityAtomicFloat32Add = 6033,
};

void tileRtVulkanCheckSpirv(const uint32_t *words, size_t numWords) {
  if (numWords < HeaderWords || words[0] != Magic)
    tileRtVulkanFatal("the device code given to mgpuModuleLoad is not a SPIR-V "
                      "module (compile for the vulkan target)");
}

void tileRtVulkanForEachInstruction(const uint32_t *words, size_t numWords,
                                    TileRtVulkanVisit visit, void *userData) {
  for (size_t at = HeaderWords; at < numWords;) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    if (count == 0 || at + count > numWords)
      tileRtVulkanFatal("the SPIR-V module is truncated or malformed");
    if (!visit(opcode, words + at + 1, count - 1, userData))
      return;
    at += count;
  }
}

typedef struct {
  uint32_t capability;
  const char *name, *feature;
} Requirement;

/* Capabilities the vulkan pipeline may emit beyond Shader, and the device
 * feature each needs. */
static const Requirement requirements[] = {
    {9, "Float16", "shaderFloat16"},
    {10, "Float64", "shaderFloat64"},
    {11, "Int64", "shaderInt64"},
    {22, "Int16", "shaderInt16"},
    {39, "Int8", "shaderInt8"},
    {4433, "StorageBuffer16BitAccess", "storageBuffer16BitAccess"},
    {4448, "StorageBuffer8BitAccess", "storageBuffer8BitAccess"},
    {TileRtVulkanCapabilityCooperativeMatrix, "CooperativeMatrixKHR",
     "cooperativeMatrix (VK_KHR_cooperative_matrix)"},
    {CapabilityAtomicFloat32Add, "AtomicFloat32AddEXT",
     "shaderBufferFloat32AtomicAdd (VK_EXT_shader_atomic_float)"},
    {61, "GroupNonUniform", "basic subgroup operations in compute shaders"},
    {62, "GroupNonUniformVote", "subgroup votes in compute shaders"},
    {63, "GroupNonUniformArithmetic", "subgroup arithmetic in compute shaders"},
    {64, "GroupNonUniformBallot", "subgroup ballots in compute shaders"},
    {65, "GroupNonUniformShuffle", "subgroup shuffles in compute shaders"},
    {66, "GroupNonUniformShuffleRelative",
     "relative subgroup shuffles in compute shaders"},
    {67, "GroupNonUniformClustered",
     "clustered subgroup operations in compute shaders"},
    {68, "GroupNonUniformQuad", "quad subgroup operations in compute shaders"},
};

/* The subgroup operations (VkSubgroupFeatureFlagBits) that capabilities
 * GroupNonUniform (61) to GroupNonUniformQuad (68) need, in that order. */
static const VkSubgroupFeatureFlags subgroupOperations[] = {
    VK_SUBGROUP_FEATURE_BASIC_BIT,
    VK_SUBGROUP_FEATURE_VOTE_BIT,
    VK_SUBGROUP_FEATURE_ARITHMETIC_BIT,
    VK_SUBGROUP_FEATURE_BALLOT_BIT,
    VK_SUBGROUP_FEATURE_SHUFFLE_BIT,
    VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT,
    VK_SUBGROUP_FEATURE_CLUSTERED_BIT,
    VK_SUBGROUP_FEATURE_QUAD_BIT,
};

static bool subgroupsDo(const TileRtVulkanSubgroups *s, uint32_t capability) {
  VkSubgroupFeatureFlags needed = subgroupOperations[capability - 61];
  return (s->stages & VK_SHADER_STAGE_COMPUTE_BIT) &&
         (s->operations & needed) == needed;
}

static bool supported(const TileRtVulkanDevice *d, uint32_t capability) {
  const TileRtVulkanFeatures *f = &d->features;
  if (capability >= 61 && capability <= 68)
    return subgroupsDo(&d->subgroups, capability);
  switch (capability) {
  case 9:
    return f->float16;
  case 10:
    return f->float64;
  case 11:
    return f->int64;
  case 22:
    return f->int16;
  case 39:
    return f->int8;
  case 4433:
    return f->storage16;
  case 4448:
    return f->storage8;
  case TileRtVulkanCapabilityCooperativeMatrix:
    return f->cooperativeMatrix;
  case CapabilityAtomicFloat32Add:
    return f->bufferFloat32AtomicAdd;
  default:
    return true;
  }
}

typedef struct {
  const TileRtVulkanDevice *device;
  bool addsFloats; /* declares AtomicFloat32AddEXT */
} Capabilities;

static bool checkCapability(uint32_t opcode, const uint32_t *operands,
                            size_t count, void *userData) {
  Capabilities *c = userData;
  const TileRtVulkanDevice *d = c->device;
  if (opcode != OpCapability || count < 1)
    return true;
  c->addsFloats |= operands[0] == CapabilityAtomicFloat32Add;
  if (supported(d, operands[0]))
    return true;
  for (size_t i = 0; i < TILE_COUNT(requirements); ++i)
    if (requirements[i].capability == operands[0])
      tileRtVulkanFatal(
          "the kernel needs the SPIR-V capability %s, but the Vulkan "
          "device '%s' does not support %s",
          requirements[i].name, d->properties.deviceName,
          requirements[i].feature);
  return true;
}

/* The Vulkan version a SPIR-V 1.x module needs: 1.0 takes SPIR-V 1.0, 1.1
 * up to 1.3, 1.2 up to 1.5, 1.3 up to 1.6. */
static uint32_t vulkanFor(uint32_t spirvMinor) {
  return spirvMinor == 0   ? VK_API_VERSION_1_0
         : spirvMinor <= 3 ? VK_API_VERSION_1_1
         : spirvMinor <= 5 ? VK_API_VERSION_1_2
                           : VK_API_VERSION_1_3;
}

void tileRtVulkanCheckSpirvVersion(const TileRtVulkanDevice *d,
                                   const uint32_t *words, size_t numWords) {
  uint32_t version = numWords > 1 ? words[1] : 0;
  uint32_t major = (version >> 16) & 0xff, minor = (version >> 8) & 0xff;
  if (major != 1)
    tileRtVulkanFatal("the kernel is SPIR-V %u.%u, which no Vulkan version "
                      "this library knows takes",
                      major, minor);
  uint32_t needs = vulkanFor(minor);
  if (d->apiVersion >= needs)
    return;
  tileRtVulkanFatal(
      "the kernel is SPIR-V 1.%u, which needs Vulkan 1.%u; the "
      "Vulkan device '%s' runs Vulkan %u.%u",
      minor, VK_API_VERSION_MINOR(needs), d->properties.deviceName,
      VK_API_VERSION_MAJOR(d->apiVersion), VK_API_VERSION_MINOR(d->apiVersion));
}

/* Atomic additions of f32 into shared memory need a feature of their own
 * (shaderSharedFloat32AtomicAdd): the ids of pointers into workgroup
 * memory, and of their types, are followed up to each OpAtomicFAddEXT. */
typedef struct {
  uint32_t bound;
  uint8_t *sharedTypes, *sharedPointers; /* bitmaps over ids < bound */
  bool found;
} SharedAtomics;

bool tileRtVulkanIdMarked(const uint8_t *bits, uint32_t bound, uint32_t id) {
  return id < bound && (bits[id / 8] >> (id % 8)) & 1;
}

void tileRtVulkanMarkId(uint8_t *bits, uint32_t bound, uint32_t id) {
  if (id < bound)
    bits[id / 8] |= (uint8_t)(1u << (id % 8));
}

void tileRtVulkanPushWord(TileRtVulkanWords *w, uint32_t word) {
  if (w->count == w->capacity) {
    w->capacity = w->capacity ? 2 * w->capacity : 1024;
    w->words = tileReallocArray(w->words, w->capacity, sizeof(uint32_t));
  }
  w->words[w->count++] = word;
}

void tileRtVulkanCopyInstruction(TileRtVulkanWords *w,
                                 const uint32_t *instruction) {
  for (uint32_t i = 0; i < instruction[0] >> 16; ++i)
    tileRtVulkanPushWord(w, instruction[i]);
}

static bool findSharedAtomics(uint32_t opcode, const uint32_t *operands,
                              size_t count, void *userData) {
  SharedAtomics *s = userData;
  if (opcode == OpTypePointer && count >= 2 &&
      operands[1] == StorageClassWorkgroup)
    tileRtVulkanMarkId(s->sharedTypes, s->bound, operands[0]);
  else if ((opcode == OpVariable || opcode == OpAccessChain ||
            opcode == OpInBoundsAccessChain) &&
           count >= 2 &&
           tileRtVulkanIdMarked(s->sharedTypes, s->bound, operands[0]))
    tileRtVulkanMarkId(s->sharedPointers, s->bound, operands[1]);
  else if (opcode == OpAtomicFAddEXT && count >= 3 &&
           tileRtVulkanIdMarked(s->sharedPointers, s->bound, operands[2]))
    s->found = true;
  return !s->found;
}

static void checkSharedFloatAtomics(const TileRtVulkanDevice *d,
                                    const uint32_t *words, size_t numWords) {
  if (d->features.sharedFloat32AtomicAdd || numWords < HeaderWords)
    return;
  SharedAtomics s = {.bound = words[3]};
  size_t bytes = (size_t)s.bound / 8 + 1;
  s.sharedTypes = tileCallocArray(bytes, 1);
  s.sharedPointers = tileCallocArray(bytes, 1);
  tileRtVulkanForEachInstruction(words, numWords, findSharedAtomics, &s);
  free(s.sharedTypes);
  free(s.sharedPointers);
  if (s.found)
    tileRtVulkanFatal("the kernel adds f32 values atomically in shared "
                      "memory, but the Vulkan device '%s' does not support "
                      "shaderSharedFloat32AtomicAdd "
                      "(VK_EXT_shader_atomic_float)",
                      d->properties.deviceName);
}

void tileRtVulkanCheckCapabilities(const TileRtVulkanDevice *d,
                                   const uint32_t *words, size_t numWords) {
  Capabilities c = {.device = d};
  tileRtVulkanForEachInstruction(words, numWords, checkCapability, &c);
  if (c.addsFloats)
    checkSharedFloatAtomics(d, words, numWords);
}

typedef struct {
  const char *name;
  uint32_t id;
  bool haveId, found;
  uint32_t *size;
} LocalSize;

static bool findLocalSize(uint32_t opcode, const uint32_t *operands,
                          size_t count, void *userData) {
  LocalSize *s = userData;
  if (opcode == OpEntryPoint && count >= 3) {
    /* operands: execution model, id, name (nul-terminated words) */
    size_t room = (count - 2) * 4;
    const char *name = (const char *)(operands + 2);
    if (strnlen(name, room) < room && strcmp(name, s->name) == 0) {
      s->id = operands[1];
      s->haveId = true;
    }
  } else if (opcode == OpExecutionMode && count >= 5 && s->haveId &&
             operands[0] == s->id && operands[1] == ModeLocalSize) {
    memcpy(s->size, operands + 2, 3 * sizeof(uint32_t));
    s->found = true;
    return false;
  }
  return true;
}

bool tileRtVulkanLocalSize(const uint32_t *words, size_t numWords,
                           const char *name, uint32_t size[3]) {
  LocalSize s = {name, 0, false, false, size};
  tileRtVulkanForEachInstruction(words, numWords, findLocalSize, &s);
  return s.found;
}
