/* The Workgroup (shared) memory of one entry point of a SPIR-V module: the
 * Workgroup variables that its function, and the functions it calls,
 * point at. All kernels of a compilation share one module, so the sum over
 * the module would count every kernel's shared tiles against each. SPIR-V
 * 1.3 entry points list only their Input/Output variables, hence the walk
 * over the function bodies. */
#include "shim.h"

#include "support/alloc.h"

#include <stdlib.h>
#include <string.h>

enum {
  OpEntryPoint = 15,
  OpTypeInt = 21,
  OpTypeFloat = 22,
  OpTypeVector = 23,
  OpTypeArray = 28,
  OpTypeStruct = 30,
  OpTypePointer = 32,
  OpConstant = 43,
  OpFunction = 54,
  OpFunctionEnd = 56,
  OpFunctionCall = 57,
  OpVariable = 59,
  OpLoad = 61,
  OpStore = 62,
  OpCopyMemory = 63,
  OpAccessChain = 65,
  OpInBoundsAccessChain = 66,
  OpPtrAccessChain = 67,
  OpAtomicLoad = 227,
  OpAtomicStore = 228,
  OpAtomicXor = 242,
  OpAtomicFAddEXT = 6035,
  StorageWorkgroup = 4,
  MaxIds = 1 << 20,
};

/* A function's reference to a Workgroup variable or a call of a function. */
typedef struct {
  uint32_t from, to;
} Edge;

typedef struct {
  uint32_t bound;
  uint64_t *size;     /* types: bytes */
  uint32_t *value;    /* constants: 32-bit value */
  uint32_t *pointee;  /* pointer types: the pointee's id */
  uint64_t *variable; /* Workgroup variables: bytes */
  const char *name;
  uint32_t entry;   /* the entry point's function, 0 until found */
  uint32_t current; /* the function being read, 0 outside functions */
  Edge *edges;
  size_t numEdges, capacity;
} Module;

static void addEdge(Module *m, uint32_t to) {
  if (!m->current || to >= m->bound)
    return;
  if (m->numEdges == m->capacity) {
    m->capacity = m->capacity ? 2 * m->capacity : 64;
    m->edges = tileReallocArray(m->edges, m->capacity, sizeof(Edge));
  }
  m->edges[m->numEdges++] = (Edge){m->current, to};
}

static uint64_t sizeOf(const Module *m, uint32_t id) {
  return id < m->bound ? m->size[id] : 0;
}

/* Types, constants and Workgroup variables (module scope, defined before
 * their uses). */
static void readDeclaration(Module *m, uint32_t opcode, const uint32_t *op,
                            size_t count) {
  uint32_t id = op[0];
  switch (opcode) {
  case OpTypeInt:
  case OpTypeFloat:
    if (count >= 2)
      m->size[id] = op[1] / 8;
    break;
  case OpTypeVector:
    if (count >= 3)
      m->size[id] = sizeOf(m, op[1]) * op[2];
    break;
  case OpTypeArray:
    if (count >= 3 && op[2] < m->bound)
      m->size[id] = sizeOf(m, op[1]) * m->value[op[2]];
    break;
  case OpTypeStruct:
    for (size_t i = 1; i < count; ++i)
      m->size[id] += sizeOf(m, op[i]);
    break;
  case OpTypePointer:
    if (count >= 3)
      m->pointee[id] = op[2];
    break;
  case OpConstant:
    if (count >= 3 && op[1] < m->bound)
      m->value[op[1]] = op[2];
    break;
  case OpVariable:
    if (!m->current && count >= 3 && op[2] == StorageWorkgroup &&
        op[1] < m->bound && op[0] < m->bound)
      m->variable[op[1]] = sizeOf(m, m->pointee[op[0]]);
    break;
  default:
    break;
  }
}

/* The operands of a function's instruction that may point at a variable. */
static void readReferences(Module *m, uint32_t opcode, const uint32_t *op,
                           size_t count) {
  switch (opcode) {
  case OpLoad:
  case OpAccessChain:
  case OpInBoundsAccessChain:
  case OpPtrAccessChain:
  case OpAtomicFAddEXT:
    if (count >= 3)
      addEdge(m, op[2]);
    break;
  case OpStore:
  case OpAtomicStore:
    addEdge(m, op[0]);
    break;
  case OpCopyMemory:
    if (count >= 2) {
      addEdge(m, op[0]);
      addEdge(m, op[1]);
    }
    break;
  case OpFunctionCall:
    for (size_t i = 2; i < count; ++i) /* the callee, then its arguments */
      addEdge(m, op[i]);
    break;
  default:
    if (opcode >= OpAtomicLoad && opcode <= OpAtomicXor && count >= 3)
      addEdge(m, op[2]);
    break;
  }
}

static bool read(uint32_t opcode, const uint32_t *op, size_t count,
                 void *userData) {
  Module *m = userData;
  if (opcode == OpEntryPoint && count >= 3) {
    size_t room = (count - 2) * 4;
    const char *name = (const char *)(op + 2);
    if (strnlen(name, room) < room && strcmp(name, m->name) == 0)
      m->entry = op[1];
    return true;
  }
  if (opcode == OpFunctionEnd) {
    m->current = 0;
    return true;
  }
  if (count < 1 || op[0] >= m->bound)
    return true;
  if (opcode == OpFunction && count >= 2)
    m->current = op[1] < m->bound ? op[1] : 0;
  else if (m->current)
    readReferences(m, opcode, op, count);
  else
    readDeclaration(m, opcode, op, count);
  return true;
}

/* Marks the functions the entry point reaches, then sums the variables
 * they refer to and those no function refers to. */
static uint64_t entryBytes(const Module *m) {
  bool *reached = tileCallocArray(m->bound, sizeof(bool));
  bool *referred = tileCallocArray(m->bound, sizeof(bool));
  bool *counted = tileCallocArray(m->bound, sizeof(bool));
  reached[m->entry] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < m->numEdges; ++i)
      if (reached[m->edges[i].from] && !reached[m->edges[i].to]) {
        reached[m->edges[i].to] = true;
        grew = true;
      }
  }
  uint64_t bytes = 0;
  for (size_t i = 0; i < m->numEdges; ++i) {
    uint32_t to = m->edges[i].to;
    referred[to] = true;
    if (reached[m->edges[i].from] && m->variable[to] && !counted[to]) {
      counted[to] = true;
      bytes += m->variable[to];
    }
  }
  for (uint32_t id = 0; id < m->bound; ++id)
    if (m->variable[id] && !referred[id])
      bytes += m->variable[id];
  free(reached);
  free(referred);
  free(counted);
  return bytes;
}

uint64_t tileRtVulkanWorkgroupBytes(const uint32_t *words, size_t numWords,
                                    const char *name) {
  Module m = {0};
  m.bound = words[3] < MaxIds ? words[3] : MaxIds;
  m.size = tileCallocArray(m.bound, sizeof(*m.size));
  m.value = tileCallocArray(m.bound, sizeof(*m.value));
  m.pointee = tileCallocArray(m.bound, sizeof(*m.pointee));
  m.variable = tileCallocArray(m.bound, sizeof(*m.variable));
  m.name = name;
  tileRtVulkanForEachInstruction(words, numWords, read, &m);
  uint64_t bytes = 0;
  if (m.entry && m.entry < m.bound)
    bytes = entryBytes(&m);
  free(m.size);
  free(m.value);
  free(m.pointee);
  free(m.variable);
  free(m.edges);
  return bytes;
}
