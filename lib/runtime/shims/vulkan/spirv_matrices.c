/* The cooperative-matrix types of a SPIR-V module
 * (OpTypeCooperativeMatrixKHR: component type, scope, rows, columns, use),
 * matched against the shapes a Vulkan device offers. */
#include "cooperative_matrix.h"
#include "shim.h"

#include "support/alloc.h"
#include "support/count.h"

#include <stdio.h>
#include <stdlib.h>

enum {
  OpCapability = 17,
  OpTypeInt = 21,
  OpTypeFloat = 22,
  OpConstant = 43,
  OpTypeCooperativeMatrixKHR = 4456,
  UseA = 0,
  UseB = 1,
  UseAccumulator = 2,
  IdBoundWord = 3,
  MaxIds = 1 << 20,
};

static bool findCapability(uint32_t opcode, const uint32_t *operands,
                           size_t count, void *userData) {
  if (opcode == OpCapability && count >= 1 &&
      operands[0] == TileRtVulkanCapabilityCooperativeMatrix)
    *(bool *)userData = true;
  return true;
}

bool tileRtVulkanUsesCooperativeMatrices(const uint32_t *words,
                                         size_t numWords) {
  bool found = false;
  tileRtVulkanForEachInstruction(words, numWords, findCapability, &found);
  return found;
}

/* One matrix type: its shape, use, scope and component type. */
typedef struct {
  uint32_t rows, columns, use, scope;
  VkComponentTypeKHR component;
} Matrix;

/* What the walk knows of each id: a scalar type's component type (+1; 0
 * for other ids) and a 32-bit constant's value. */
typedef struct {
  uint32_t bound;
  uint32_t *component, *value;
  const VkCooperativeMatrixPropertiesKHR *offered;
  uint32_t count;
  bool allOffered;
  Matrix missing;
} Walk;

static VkComponentTypeKHR intComponent(uint32_t width, bool isSigned) {
  switch (width) {
  case 8:
    return isSigned ? VK_COMPONENT_TYPE_SINT8_KHR : VK_COMPONENT_TYPE_UINT8_KHR;
  case 16:
    return isSigned ? VK_COMPONENT_TYPE_SINT16_KHR
                    : VK_COMPONENT_TYPE_UINT16_KHR;
  case 32:
    return isSigned ? VK_COMPONENT_TYPE_SINT32_KHR
                    : VK_COMPONENT_TYPE_UINT32_KHR;
  default:
    return isSigned ? VK_COMPONENT_TYPE_SINT64_KHR
                    : VK_COMPONENT_TYPE_UINT64_KHR;
  }
}

static VkComponentTypeKHR floatComponent(uint32_t width) {
  return width == 16   ? VK_COMPONENT_TYPE_FLOAT16_KHR
         : width == 32 ? VK_COMPONENT_TYPE_FLOAT32_KHR
                       : VK_COMPONENT_TYPE_FLOAT64_KHR;
}

static bool offers(const VkCooperativeMatrixPropertiesKHR *s, const Matrix *m) {
  if ((uint32_t)s->scope != m->scope)
    return false;
  switch (m->use) {
  case UseA:
    return s->MSize == m->rows && s->KSize == m->columns &&
           s->AType == m->component;
  case UseB:
    return s->KSize == m->rows && s->NSize == m->columns &&
           s->BType == m->component;
  default:
    return s->MSize == m->rows && s->NSize == m->columns &&
           (s->CType == m->component || s->ResultType == m->component);
  }
}

static void checkMatrix(Walk *w, const uint32_t *operands) {
  for (int i = 0; i < 6; ++i)
    if (operands[i] >= w->bound)
      return;
  Matrix m = {w->value[operands[3]], w->value[operands[4]],
              w->value[operands[5]], w->value[operands[2]],
              (VkComponentTypeKHR)(w->component[operands[1]] - 1)};
  for (uint32_t i = 0; i < w->count; ++i)
    if (offers(&w->offered[i], &m))
      return;
  if (w->allOffered)
    w->missing = m;
  w->allOffered = false;
}

static bool visit(uint32_t opcode, const uint32_t *operands, size_t count,
                  void *userData) {
  Walk *w = userData;
  if (opcode == OpTypeInt && count >= 3 && operands[0] < w->bound)
    w->component[operands[0]] = intComponent(operands[1], operands[2]) + 1;
  else if (opcode == OpTypeFloat && count >= 2 && operands[0] < w->bound)
    w->component[operands[0]] = floatComponent(operands[1]) + 1;
  else if (opcode == OpConstant && count >= 3 && operands[1] < w->bound)
    w->value[operands[1]] = operands[2];
  else if (opcode == OpTypeCooperativeMatrixKHR && count >= 6)
    checkMatrix(w, operands);
  return true;
}

static const char *componentName(VkComponentTypeKHR c) {
  static const char *const names[] = {"f16", "f32", "f64", "i8",  "i16", "i32",
                                      "i64", "u8",  "u16", "u32", "u64"};
  return (unsigned)c < TILE_COUNT(names) ? names[c] : "?";
}

static const char *useName(uint32_t use) {
  return use == UseA ? "A" : use == UseB ? "B" : "accumulator";
}

static const char *scopeName(uint32_t scope) {
  return scope == VK_SCOPE_SUBGROUP_KHR    ? "subgroup"
         : scope == VK_SCOPE_WORKGROUP_KHR ? "workgroup"
                                           : "other";
}

bool tileRtVulkanMatricesOffered(
    const uint32_t *words, size_t numWords,
    const VkCooperativeMatrixPropertiesKHR *offered, uint32_t count,
    char *missing, size_t size) {
  Walk w = {.offered = offered, .count = count, .allOffered = true};
  w.bound = numWords > IdBoundWord ? words[IdBoundWord] : 0;
  if (w.bound > MaxIds)
    w.bound = MaxIds;
  w.component = tileCallocArray(w.bound + 1, sizeof(uint32_t));
  w.value = tileCallocArray(w.bound + 1, sizeof(uint32_t));
  tileRtVulkanForEachInstruction(words, numWords, visit, &w);
  free(w.component);
  free(w.value);
  if (!w.allOffered)
    snprintf(missing, size, "%ux%u %s %s matrix (%s scope)", w.missing.rows,
             w.missing.columns, componentName(w.missing.component),
             useName(w.missing.use), scopeName(w.missing.scope));
  return w.allOffered;
}

void tileRtVulkanDescribeShape(const VkCooperativeMatrixPropertiesKHR *s,
                               char *text, size_t size) {
  snprintf(text, size, "%ux%ux%u %s x %s + %s -> %s%s", s->MSize, s->NSize,
           s->KSize, componentName(s->AType), componentName(s->BType),
           componentName(s->CType), componentName(s->ResultType),
           s->scope == VK_SCOPE_SUBGROUP_KHR ? "" : " (not subgroup scope)");
}
