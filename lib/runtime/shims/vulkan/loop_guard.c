/* The loop guard: lavapipe (Mesa's llvmpipe) ends every loop of a shader
 * once a group of invocations has run 65535 loop iterations in all
 * (gallivm's loop limiter, LP_MAX_TGSI_LOOP_ITERATIONS), and says nothing:
 * a kernel whose threads loop longer (a thread's own 64 x 64 accumulator
 * over a few dozen K steps is enough) gives wrong results. On such a device
 * every module is rewritten before Vulkan sees it, so that a loop that ends
 * without taking one of its exits is reported:
 *
 * - each invocation keeps two words in a Private array, `state`: [0] is 1
 *   when the last branch that could leave a loop left it, [1] is 1 once a
 *   loop ended otherwise;
 * - every branch to a loop's merge block first stores whether it takes
 *   that edge into state[0];
 * - every loop merge block adds `1 - state[0]` into state[1], then clears
 *   state[0] (control is back inside any enclosing loop);
 * - every return of an entry point ORs state[1] into word 0 of a guard
 *   buffer at binding TILE_RT_VULKAN_GUARD_BINDING, which the launch reads.
 *
 * The array is indexed through word 1 of the guard buffer (0): Mesa's
 * compiler keeps indirectly indexed arrays in memory, where it can neither
 * fold the stores (it does not know of the limiter, so it would prove that
 * a loop always leaves through an exit) nor keep a stale value from an
 * earlier run of the loop for an invocation that never took the exit.
 *
 * The same rewrite drops the ordering bits (acquire, release,
 * sequentially consistent) from the memory semantics of atomic
 * read-modify-writes: in a loop that only some invocations of a subgroup
 * run, such an atomic stopped those invocations for good after two
 * iterations on lavapipe (the rest of the kernel too: its stores were
 * lost). llvmpipe makes every atomic read-modify-write a sequentially
 * consistent LLVM atomicrmw whatever the semantics say; what the bits add
 * is the memory barriers around it that stopped the invocations. */
#include "shim.h"

#include "support/alloc.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum {
  HeaderWords = 5,
  OpLine = 8,
  OpEntryPoint = 15,
  OpTypeInt = 21,
  OpTypeArray = 28,
  OpTypeStruct = 30,
  OpTypePointer = 32,
  OpConstant = 43,
  OpConstantNull = 46,
  OpFunction = 54,
  OpVariable = 59,
  OpLoad = 61,
  OpStore = 62,
  OpAccessChain = 65,
  OpDecorate = 71,
  OpMemberDecorate = 72,
  OpDecorationGroup = 73,
  OpGroupDecorate = 74,
  OpGroupMemberDecorate = 75,
  OpISub = 130,
  OpIAdd = 128,
  OpSelect = 169,
  OpBitwiseOr = 197,
  OpAtomicExchange = 229,
  OpAtomicCompareExchange = 230,
  OpAtomicCompareExchangeWeak = 231,
  OpAtomicOr = 241,
  OpAtomicXor = 242,
  OpAtomicFMinEXT = 5614,
  OpAtomicFMaxEXT = 5615,
  OpAtomicFAddEXT = 6035,
  OpPhi = 245,
  OpLoopMerge = 246,
  OpSelectionMerge = 247,
  OpLabel = 248,
  OpBranch = 249,
  OpBranchConditional = 250,
  OpSwitch = 251,
  OpReturn = 253,
  OpReturnValue = 254,
  OpNoLine = 317,
  OpDecorateId = 332,
  OpDecorateString = 5632,
  OpMemberDecorateString = 5633,
  DecorationBlock = 2,
  DecorationBinding = 33,
  DecorationDescriptorSet = 34,
  DecorationOffset = 35,
  OrderingBits = 0x1e, /* Acquire, Release, AcquireRelease, SeqCst */
  MaxRelaxed = 8,      /* semantics values the rewrite makes relaxed */
  StorageClassPrivate = 6,
  StorageClassStorageBuffer = 12,
};

/* Appends an instruction of `n` operands. */
static void emit(TileRtVulkanWords *w, uint32_t opcode, size_t n,
                 const uint32_t *operands) {
  tileRtVulkanPushWord(w, (uint32_t)(n + 1) << 16 | opcode);
  for (size_t i = 0; i < n; ++i)
    tileRtVulkanPushWord(w, operands[i]);
}

#define EMIT(w, opcode, ...)                                                   \
  emit((w), (opcode), sizeof((uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t),    \
       (uint32_t[]){__VA_ARGS__})

static bool isAnnotation(uint32_t opcode) {
  return (opcode >= OpDecorate && opcode <= OpGroupMemberDecorate) ||
         opcode == OpDecorateId || opcode == OpDecorateString ||
         opcode == OpMemberDecorateString;
}

/* Everything the rewrite makes once per module, and per function. */
typedef struct {
  TileRtVulkanWords out;
  uint32_t bound;            /* the next fresh id */
  uint32_t ids;              /* the module's own bound */
  uint8_t *merges, *entries; /* bitmaps over the module's ids: loop merge
                                blocks, entry point functions */
  uint32_t uint, zero, one, two, privatePointer, bufferPointer, state, guard;
  uint32_t k, k1;       /* the function's indices of state[0] and state[1] */
  bool inEntry;         /* the function is an entry point */
  const uint32_t *held; /* a merge instruction waiting for its branch */
  /* The module's 32-bit integer constants (value by id, and which ids are
   * one), and the semantics of its atomics made relaxed: each value
   * without its ordering bits, and the id of a constant that holds it. */
  uint8_t *intTypes, *isConstant;
  uint32_t *constants;
  uint32_t relaxed[MaxRelaxed], relaxedIds[MaxRelaxed];
  unsigned numRelaxed;
} Guard;

static uint32_t fresh(Guard *g) { return g->bound++; }

static uint32_t statePointer(Guard *g, uint32_t index) {
  uint32_t p = fresh(g);
  EMIT(&g->out, OpAccessChain, g->privatePointer, p, g->state, index);
  return p;
}

static void storeState(Guard *g, uint32_t index, uint32_t value) {
  EMIT(&g->out, OpStore, statePointer(g, index), value);
}

static uint32_t loadState(Guard *g, uint32_t index) {
  uint32_t p = statePointer(g, index), v = fresh(g);
  EMIT(&g->out, OpLoad, g->uint, v, p);
  return v;
}

/* At the start of a function: the indices, read from the guard buffer. */
static void emitIndices(Guard *g) {
  uint32_t p = fresh(g);
  g->k = fresh(g);
  g->k1 = fresh(g);
  EMIT(&g->out, OpAccessChain, g->bufferPointer, p, g->guard, g->one);
  EMIT(&g->out, OpLoad, g->uint, g->k, p);
  EMIT(&g->out, OpIAdd, g->uint, g->k1, g->k, g->one);
}

/* At the start of a loop's merge block. */
static void emitMergeCheck(Guard *g) {
  uint32_t exited = loadState(g, g->k), missed = fresh(g);
  EMIT(&g->out, OpISub, g->uint, missed, g->one, exited);
  uint32_t before = loadState(g, g->k1), after = fresh(g);
  EMIT(&g->out, OpBitwiseOr, g->uint, after, before, missed);
  storeState(g, g->k1, after);
  storeState(g, g->k, g->zero);
}

/* Before a branch: whether it leaves a loop. */
static void emitExitStore(Guard *g, const uint32_t *branch) {
  uint32_t opcode = branch[0] & 0xffff;
  if (opcode == OpBranch) {
    if (tileRtVulkanIdMarked(g->merges, g->ids, branch[1]))
      storeState(g, g->k, g->one);
    return;
  }
  bool onTrue = tileRtVulkanIdMarked(g->merges, g->ids, branch[2]);
  bool onFalse = tileRtVulkanIdMarked(g->merges, g->ids, branch[3]);
  if (onTrue && onFalse) {
    storeState(g, g->k, g->one);
  } else if (onTrue || onFalse) {
    uint32_t leaves = fresh(g);
    EMIT(&g->out, OpSelect, g->uint, leaves, branch[1],
         onTrue ? g->one : g->zero, onTrue ? g->zero : g->one);
    storeState(g, g->k, leaves);
  }
}

/* Before an entry point's return: the report. */
static void emitReport(Guard *g) {
  uint32_t missed = loadState(g, g->k1), p = fresh(g), old = fresh(g);
  EMIT(&g->out, OpAccessChain, g->bufferPointer, p, g->guard, g->zero);
  /* Device scope (1), relaxed (0). */
  EMIT(&g->out, OpAtomicOr, g->uint, old, p, g->one, g->zero, missed);
}

/* Operand indices (after the opcode word) of an atomic read-modify-write's
 * memory semantics; returns how many (0 where `opcode` is none). */
static unsigned semanticsOperands(uint32_t opcode, unsigned at[2]) {
  at[0] = 4;
  at[1] = 5;
  if (opcode == OpAtomicCompareExchange ||
      opcode == OpAtomicCompareExchangeWeak)
    return 2;
  return (opcode >= OpAtomicExchange && opcode <= OpAtomicXor) ||
                 opcode == OpAtomicFMinEXT || opcode == OpAtomicFMaxEXT ||
                 opcode == OpAtomicFAddEXT
             ? 1
             : 0;
}

/* The relaxed stand-in of semantics constant `id` (made when `add`), or
 * `id` itself. */
static uint32_t relaxedSemantics(Guard *g, uint32_t id, bool add) {
  if (!tileRtVulkanIdMarked(g->isConstant, g->ids, id) ||
      !(g->constants[id] & OrderingBits))
    return id;
  uint32_t value = g->constants[id] & ~(uint32_t)OrderingBits;
  for (unsigned i = 0; i < g->numRelaxed; ++i)
    if (g->relaxed[i] == value)
      return g->relaxedIds[i];
  if (!add || g->numRelaxed == MaxRelaxed)
    return id;
  g->relaxed[g->numRelaxed] = value;
  g->relaxedIds[g->numRelaxed] = fresh(g);
  return g->relaxedIds[g->numRelaxed++];
}

/* The module-level declarations, after the module's own types and
 * constants (which are all it refers to). */
static void emitDeclarations(Guard *g, uint32_t existingUint) {
  TileRtVulkanWords *w = &g->out;
  if (existingUint) {
    g->uint = existingUint;
  } else {
    g->uint = fresh(g);
    EMIT(w, OpTypeInt, g->uint, 32, 0);
  }
  EMIT(w, OpConstant, g->uint, g->zero, 0);
  EMIT(w, OpConstant, g->uint, g->one, 1);
  EMIT(w, OpConstant, g->uint, g->two, 2);
  for (unsigned i = 0; i < g->numRelaxed; ++i)
    EMIT(w, OpConstant, g->uint, g->relaxedIds[i], g->relaxed[i]);
  uint32_t array = fresh(g), arrayPointer = fresh(g), null = fresh(g);
  EMIT(w, OpTypeArray, array, g->uint, g->two);
  EMIT(w, OpTypePointer, arrayPointer, StorageClassPrivate, array);
  EMIT(w, OpTypePointer, g->privatePointer, StorageClassPrivate, g->uint);
  EMIT(w, OpConstantNull, array, null);
  EMIT(w, OpVariable, arrayPointer, g->state, StorageClassPrivate, null);
}

static bool named(const char *setting, const char *const names[4]) {
  for (int i = 0; i < 4; ++i)
    if (strcasecmp(setting, names[i]) == 0)
      return true;
  return false;
}

static void freeGuard(Guard *g) {
  free(g->merges);
  free(g->entries);
  free(g->intTypes);
  free(g->isConstant);
  free(g->constants);
}

bool tileRtVulkanEndsLoops(const TileRtVulkanDevice *d) {
  static const char *const on[4] = {"1", "on", "yes", "true"};
  static const char *const off[4] = {"0", "off", "no", "false"};
  const char *setting = getenv("TILE_VULKAN_LOOP_GUARD");
  if (!setting || !*setting)
    return strncmp(d->properties.deviceName, "llvmpipe", 8) == 0;
  if (named(setting, on) || named(setting, off))
    return named(setting, on);
  tileRtVulkanFatal("TILE_VULKAN_LOOP_GUARD='%s' is neither on (1) nor off (0)",
                    setting);
}

uint32_t *tileRtVulkanGuardLoops(const uint32_t *words, size_t numWords,
                                 size_t *guardedWords) {
  if (numWords < HeaderWords)
    return NULL;
  Guard g = {.bound = words[3], .ids = words[3]};
  size_t bytes = (size_t)g.ids / 8 + 1;
  g.merges = tileCallocArray(bytes, 1);
  g.entries = tileCallocArray(bytes, 1);
  g.intTypes = tileCallocArray(bytes, 1);
  g.isConstant = tileCallocArray(bytes, 1);
  g.constants = tileCallocArray((size_t)g.ids + 1, sizeof(uint32_t));
  /* What the module holds: its loops, entry points, switches, the end of
   * its annotations and the start of its functions. */
  uint32_t existingUint = 0;
  size_t annotationsEnd = 0, functionsStart = numWords, firstType = 0;
  bool loops = false, switches = false;
  for (size_t at = HeaderWords; at < numWords;) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    if (count == 0 || at + count > numWords)
      tileRtVulkanFatal("the SPIR-V module is truncated or malformed");
    const uint32_t *o = words + at + 1;
    if (opcode == OpLoopMerge && count >= 3) {
      tileRtVulkanMarkId(g.merges, g.ids, o[0]);
      loops = true;
    } else if (opcode == OpEntryPoint && count >= 3) {
      tileRtVulkanMarkId(g.entries, g.ids, o[1]);
    } else if (opcode == OpSwitch) {
      switches = true;
    } else if (opcode == OpTypeInt && count == 4 && o[1] == 32) {
      tileRtVulkanMarkId(g.intTypes, g.ids, o[0]);
      if (o[2] == 0)
        existingUint = o[0];
    } else if (opcode == OpConstant && count == 4 &&
               tileRtVulkanIdMarked(g.intTypes, g.ids, o[0]) && o[1] < g.ids) {
      tileRtVulkanMarkId(g.isConstant, g.ids, o[1]);
      g.constants[o[1]] = o[2];
    } else if (opcode == OpFunction && functionsStart == numWords) {
      functionsStart = at;
    }
    if (functionsStart == numWords && isAnnotation(opcode))
      annotationsEnd = at + count;
    if (!firstType && opcode >= 19 && opcode <= 39)
      firstType = at;
    at += count;
  }
  /* A switch that leaves a loop has no store of its own: no guard. */
  for (size_t at = HeaderWords; switches && loops && at < numWords;) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    for (uint32_t i = 2; opcode == OpSwitch && i < count; ++i)
      loops &= !tileRtVulkanIdMarked(g.merges, g.ids, words[at + i]);
    at += count;
  }
  if (!loops || !firstType) {
    freeGuard(&g);
    return NULL;
  }
  if (!annotationsEnd)
    annotationsEnd = firstType;

  g.zero = fresh(&g);
  g.one = fresh(&g);
  g.two = fresh(&g);
  g.privatePointer = fresh(&g);
  g.bufferPointer = fresh(&g);
  g.state = fresh(&g);
  g.guard = fresh(&g);
  uint32_t block = fresh(&g), blockPointer = fresh(&g);
  for (size_t at = functionsStart; at < numWords; at += words[at] >> 16) {
    unsigned operands[2], n = semanticsOperands(words[at] & 0xffff, operands);
    for (unsigned i = 0; i < n && operands[i] + 1 < (words[at] >> 16); ++i)
      relaxedSemantics(&g, words[at + 1 + operands[i]], true);
  }
  bool interfaceAll = words[1] >= 0x00010400; /* SPIR-V 1.4 lists every
                                                 global variable */
  TileRtVulkanWords *w = &g.out;
  for (size_t i = 0; i < HeaderWords; ++i)
    tileRtVulkanPushWord(w, words[i]);
  bool inFunction = false, blockStart = false, firstBlock = false;
  bool mergeBlock = false;
  for (size_t at = HeaderWords; at < numWords;) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    const uint32_t *instruction = words + at;
    if (at == annotationsEnd) {
      EMIT(w, OpDecorate, block, DecorationBlock);
      EMIT(w, OpMemberDecorate, block, 0, DecorationOffset, 0);
      EMIT(w, OpMemberDecorate, block, 1, DecorationOffset, 4);
      EMIT(w, OpDecorate, g.guard, DecorationDescriptorSet, 0);
      EMIT(w, OpDecorate, g.guard, DecorationBinding,
           TILE_RT_VULKAN_GUARD_BINDING);
    }
    if (at == functionsStart) {
      emitDeclarations(&g, existingUint);
      EMIT(w, OpTypeStruct, block, g.uint, g.uint);
      EMIT(w, OpTypePointer, blockPointer, StorageClassStorageBuffer, block);
      EMIT(w, OpTypePointer, g.bufferPointer, StorageClassStorageBuffer,
           g.uint);
      EMIT(w, OpVariable, blockPointer, g.guard, StorageClassStorageBuffer);
    }
    if (opcode == OpEntryPoint && interfaceAll) {
      tileRtVulkanPushWord(w, (count + 2) << 16 | opcode);
      for (uint32_t i = 1; i < count; ++i)
        tileRtVulkanPushWord(w, instruction[i]);
      tileRtVulkanPushWord(w, g.state);
      tileRtVulkanPushWord(w, g.guard);
      at += count;
      continue;
    }
    if (opcode == OpFunction && count >= 5) {
      inFunction = true;
      firstBlock = true;
      g.inEntry = tileRtVulkanIdMarked(g.entries, g.ids, instruction[2]);
    } else if (inFunction && opcode == OpLabel && count >= 2) {
      blockStart = true;
      mergeBlock = tileRtVulkanIdMarked(g.merges, g.ids, instruction[1]);
    } else if (blockStart && opcode != OpPhi && opcode != OpLine &&
               opcode != OpNoLine && !(firstBlock && opcode == OpVariable)) {
      if (firstBlock)
        emitIndices(&g);
      if (mergeBlock)
        emitMergeCheck(&g);
      blockStart = firstBlock = mergeBlock = false;
    }
    if (opcode == OpLoopMerge || opcode == OpSelectionMerge) {
      g.held = instruction;
      at += count;
      continue;
    }
    if ((opcode == OpBranch && count >= 2) ||
        (opcode == OpBranchConditional && count >= 4))
      emitExitStore(&g, instruction);
    if ((opcode == OpReturn || opcode == OpReturnValue) && g.inEntry)
      emitReport(&g);
    if (g.held) {
      tileRtVulkanCopyInstruction(w, g.held);
      g.held = NULL;
    }
    size_t start = w->count;
    tileRtVulkanCopyInstruction(w, instruction);
    unsigned operands[2], n = semanticsOperands(opcode, operands);
    for (unsigned i = 0; i < n && operands[i] + 1 < count; ++i) {
      uint32_t *id = &w->words[start + 1 + operands[i]];
      *id = relaxedSemantics(&g, *id, false);
    }
    at += count;
  }
  freeGuard(&g);
  w->words[3] = g.bound;
  *guardedWords = w->count;
  return w->words;
}
