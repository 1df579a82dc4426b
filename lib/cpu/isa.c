/* The vector registers of a cpu target, from its chip's features and the
 * target's features on top. */
#include "cpu/lowering.h"

#include "cpu/chips.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

#include <string.h>

/* The widest vector registers floats compute in with `features` (a chip's
 * list, or LLVM's "+a,-b" list of this machine). */
static int widthOf(const char *features, bool plus) {
  const char *avx512f = plus ? "+avx512f" : "avx512f";
  const char *avx = plus ? "+avx" : "avx";
  return tileCpuListHas(features, avx512f) ? 512
         : tileCpuListHas(features, avx)   ? 256
                                           : 128;
}

/* Applies +/- avx features on top of `bits`. */
static int applyFeatures(int bits, const char *features) {
  if (!features || !*features)
    return bits;
  if (tileCpuListHas(features, "+avx512f"))
    bits = 512;
  else if (bits > 256 && tileCpuListHas(features, "-avx512f"))
    bits = 256;
  if (bits < 256 &&
      (tileCpuListHas(features, "+avx2") || tileCpuListHas(features, "+avx")))
    bits = 256;
  if (bits > 128 && (tileCpuListHas(features, "-avx") ||
                     (bits == 256 && tileCpuListHas(features, "-avx2"))))
    bits = 128;
  return bits;
}

int tileCpuVectorBits(const char *chip, const char *features) {
  if (!chip || !*chip || strcmp(chip, "native") == 0)
    chip = tileCpuNativeChip();
  const char *implied = tileCpuChipFeatures(chip);
  int bits;
  if (implied) {
    bits = widthOf(implied, false);
  } else {
    char *host = LLVMGetHostCPUFeatures();
    bits = widthOf(host, true);
    LLVMDisposeMessage(host);
  }
  return applyFeatures(bits, features);
}

int tileCpuVectorRegisters(int vectorBits) {
  return vectorBits >= 512 ? 32 : 16;
}
