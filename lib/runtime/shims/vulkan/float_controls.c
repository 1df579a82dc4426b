/* IEEE behaviour of NaN, infinities and signed zeros in kernels: SPIR-V
 * without float controls lets a driver assume there are none, and lavapipe
 * folded x - x into 0 (inf - inf gave 0, not NaN), (a + x) - x into a (an
 * overflow to inf vanished) and |sqrt(x)| into sqrt(x) (-0 stayed -0),
 * where MLIR's arith and math ops follow IEEE. Where the device supports
 * it for a float width the module uses, each entry point gets the
 * SignedZeroInfNanPreserve execution mode for that width, with its
 * capability (and SPV_KHR_float_controls below SPIR-V 1.4). */
#include "shim.h"

#include "support/alloc.h"

#include <stdlib.h>
#include <string.h>

enum {
  HeaderWords = 5,
  OpExtension = 10,
  OpEntryPoint = 15,
  OpExecutionMode = 16,
  OpCapability = 17,
  OpTypeFloat = 22,
  OpExecutionModeId = 331,
  CapabilitySignedZeroInfNanPreserve = 4466,
  ModeSignedZeroInfNanPreserve = 4461,
};

static const char extensionName[] = "SPV_KHR_float_controls";

typedef struct {
  uint32_t *words;
  size_t count, capacity;
} Words;

static void push(Words *w, uint32_t word) {
  if (w->count == w->capacity) {
    w->capacity = w->capacity ? 2 * w->capacity : 1024;
    w->words = tileReallocArray(w->words, w->capacity, sizeof(uint32_t));
  }
  w->words[w->count++] = word;
}

static void copy(Words *w, const uint32_t *instruction) {
  for (uint32_t i = 0; i < instruction[0] >> 16; ++i)
    push(w, instruction[i]);
}

/* OpExtension "SPV_KHR_float_controls": the name, nul-terminated, in
 * little-endian words. */
static void pushExtension(Words *w) {
  uint32_t nameWords = (uint32_t)(sizeof(extensionName) + 3) / 4;
  push(w, (nameWords + 1) << 16 | OpExtension);
  for (uint32_t i = 0; i < nameWords; ++i) {
    uint32_t word = 0;
    for (uint32_t b = 0; b < 4; ++b) {
      size_t at = 4 * (size_t)i + b;
      if (at < sizeof(extensionName))
        word |= (uint32_t)(unsigned char)extensionName[at] << (8 * b);
    }
    push(w, word);
  }
}

static bool isExtension(const uint32_t *instruction) {
  uint32_t count = instruction[0] >> 16;
  size_t room = (size_t)(count - 1) * 4;
  const char *name = (const char *)(instruction + 1);
  return strnlen(name, room) < room && strcmp(name, extensionName) == 0;
}

uint32_t *tileRtVulkanPreserveFloats(const TileRtVulkanFeatures *f,
                                     const uint32_t *words, size_t numWords,
                                     size_t *newWords) {
  if (numWords < HeaderWords)
    return NULL;
  /* The widths to preserve: those of the module's float types that the
   * device preserves; and whether the module has the capability or the
   * extension already. */
  uint32_t widths[3], numWidths = 0;
  bool hasCapability = false, hasExtension = false;
  bool uses[3] = {false, false, false}; /* 16, 32, 64 */
  for (size_t at = HeaderWords; at < numWords;) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    if (count == 0 || at + count > numWords)
      tileRtVulkanFatal("the SPIR-V module is truncated or malformed");
    if (opcode == OpTypeFloat && count >= 3)
      for (int i = 0; i < 3; ++i)
        uses[i] |= words[at + 2] == (16u << i);
    if (opcode == OpCapability && count >= 2)
      hasCapability |= words[at + 1] == CapabilitySignedZeroInfNanPreserve;
    if (opcode == OpExtension && count >= 2)
      hasExtension |= isExtension(words + at);
    at += count;
  }
  const bool preserves[3] = {f->preserve16, f->preserve32, f->preserve64};
  for (int i = 0; i < 3; ++i)
    if (uses[i] && preserves[i])
      widths[numWidths++] = 16u << i;
  if (!numWidths)
    return NULL;
  bool needExtension = words[1] < 0x00010400 && !hasExtension;

  Words w = {0};
  for (size_t i = 0; i < HeaderWords; ++i)
    push(&w, words[i]);
  bool declared = false, modes = false, seenEntry = false;
  for (size_t at = HeaderWords; at < numWords;) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    /* After the capabilities: ours, and the extension. */
    if (!declared && opcode != OpCapability) {
      if (!hasCapability) {
        push(&w, 2u << 16 | OpCapability);
        push(&w, CapabilitySignedZeroInfNanPreserve);
      }
      if (needExtension)
        pushExtension(&w);
      declared = true;
    }
    /* After the entry points and their modes: a mode per entry point and
     * width. */
    if (seenEntry && !modes && opcode != OpEntryPoint &&
        opcode != OpExecutionMode && opcode != OpExecutionModeId) {
      for (size_t e = HeaderWords; e < numWords; e += words[e] >> 16)
        if ((words[e] & 0xffff) == OpEntryPoint && (words[e] >> 16) >= 3)
          for (uint32_t i = 0; i < numWidths; ++i) {
            push(&w, 4u << 16 | OpExecutionMode);
            push(&w, words[e + 2]);
            push(&w, ModeSignedZeroInfNanPreserve);
            push(&w, widths[i]);
          }
      modes = true;
    }
    seenEntry |= opcode == OpEntryPoint;
    copy(&w, words + at);
    at += count;
  }
  *newWords = w.count;
  return w.words;
}
