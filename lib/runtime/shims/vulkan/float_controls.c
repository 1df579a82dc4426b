/* IEEE behaviour of NaN, infinities and signed zeros in kernels: SPIR-V
 * without float controls lets a driver assume there are none, and lavapipe
 * folded x - x into 0 (inf - inf gave 0, not NaN), (a + x) - x into a (an
 * overflow to inf vanished) and |sqrt(x)| into sqrt(x) (-0 stayed -0),
 * where MLIR's arith and math ops follow IEEE. Where the device supports
 * it for a float width the module uses, each entry point gets the
 * SignedZeroInfNanPreserve execution mode for that width, with its
 * capability (and SPV_KHR_float_controls below SPIR-V 1.4). */
#include "shim.h"

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

/* OpExtension "SPV_KHR_float_controls": the name, nul-terminated, in
 * little-endian words. */
static void pushExtension(TileRtVulkanWords *w) {
  uint32_t nameWords = (uint32_t)(sizeof(extensionName) + 3) / 4;
  tileRtVulkanPushWord(w, (nameWords + 1) << 16 | OpExtension);
  for (uint32_t i = 0; i < nameWords; ++i) {
    uint32_t word = 0;
    for (uint32_t b = 0; b < 4; ++b) {
      size_t at = 4 * (size_t)i + b;
      if (at < sizeof(extensionName))
        word |= (uint32_t)(unsigned char)extensionName[at] << (8 * b);
    }
    tileRtVulkanPushWord(w, word);
  }
}

/* What the module holds: float types of 16, 32 and 64 bits, the
 * capability, the extension. */
typedef struct {
  bool uses[3];
  bool hasCapability, hasExtension;
} Module;

static bool scan(uint32_t opcode, const uint32_t *operands, size_t count,
                 void *userData) {
  Module *m = userData;
  if (opcode == OpTypeFloat && count >= 2)
    for (int i = 0; i < 3; ++i)
      m->uses[i] |= operands[1] == (16u << i);
  if (opcode == OpCapability && count >= 1)
    m->hasCapability |= operands[0] == CapabilitySignedZeroInfNanPreserve;
  if (opcode == OpExtension && count >= 1) {
    size_t room = count * 4;
    const char *name = (const char *)operands;
    m->hasExtension |=
        strnlen(name, room) < room && strcmp(name, extensionName) == 0;
  }
  return true;
}

uint32_t *tileRtVulkanPreserveFloats(const TileRtVulkanFeatures *f,
                                     const uint32_t *words, size_t numWords,
                                     size_t *newWords) {
  if (numWords < HeaderWords)
    return NULL;
  /* The widths to preserve: those of the module's float types that the
   * device preserves. */
  Module m = {{false, false, false}, false, false};
  tileRtVulkanForEachInstruction(words, numWords, scan, &m);
  uint32_t widths[3], numWidths = 0;
  const bool preserves[3] = {f->preserve16, f->preserve32, f->preserve64};
  for (int i = 0; i < 3; ++i)
    if (m.uses[i] && preserves[i])
      widths[numWidths++] = 16u << i;
  if (!numWidths)
    return NULL;
  bool needExtension = words[1] < 0x00010400 && !m.hasExtension;

  TileRtVulkanWords w = {0};
  for (size_t i = 0; i < HeaderWords; ++i)
    tileRtVulkanPushWord(&w, words[i]);
  bool declared = false, modes = false, seenEntry = false;
  for (size_t at = HeaderWords; at < numWords;) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    /* After the capabilities: ours, and the extension. */
    if (!declared && opcode != OpCapability) {
      if (!m.hasCapability) {
        tileRtVulkanPushWord(&w, 2u << 16 | OpCapability);
        tileRtVulkanPushWord(&w, CapabilitySignedZeroInfNanPreserve);
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
            tileRtVulkanPushWord(&w, 4u << 16 | OpExecutionMode);
            tileRtVulkanPushWord(&w, words[e + 2]);
            tileRtVulkanPushWord(&w, ModeSignedZeroInfNanPreserve);
            tileRtVulkanPushWord(&w, widths[i]);
          }
      modes = true;
    }
    seenEntry |= opcode == OpEntryPoint;
    tileRtVulkanCopyInstruction(&w, words + at);
    at += count;
  }
  *newWords = w.count;
  return w.words;
}
