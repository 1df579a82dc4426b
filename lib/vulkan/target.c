/* vulkan targets: vulkan[:v1.1|v1.2|v1.3]; loader and device detection. */
#include "vulkan/vulkan.h"

#include "backend/backend.h"
#include "support/count.h"
#include "support/subprocess.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The SPIR-V version the pipeline targets (target option "spirv"). SPIR-V
 * 1.3 is what Vulkan 1.1 guarantees and every later Vulkan accepts; its
 * entry point interfaces list only Input/Output variables, which
 * spirv-update-vce's minimal version headers agree with. Under a 1.4 or
 * later environment MLIR 22's spirv-lower-abi-attrs lists every variable
 * an entry point uses, as 1.4 asks, but spirv-update-vce then lowers the
 * module's version to the least its ops need (1.0 for most kernels), and
 * spirv-val refuses that pair ("OpEntryPoint interfaces must be OpVariables
 * with Storage Class of Input(1) or Output(3)" for the storage buffers), so
 * 1.3 is also the most the option may ask for. Modules with cooperative
 * matrices are the exception (tile-vulkan-cooperative-matrix-env): their
 * ops need 1.6, the version stays 1.6 and the interfaces are right for it
 * (spirv-val 2025.1 accepts them; lavapipe ran such a 1.6 module, by hand). */
static const struct {
  const char *chip;
  const char *spirv;
} versions[] = {{"v1.1", "v1.3"}, {"v1.2", "v1.3"}, {"v1.3", "v1.3"}};
enum { MaxSpirvMinor = 3 };

/* The x of "v1.x" (one digit), else -1. */
static int spirvMinor(const char *version) {
  if (strlen(version) != 4 || strncmp(version, "v1.", 3) != 0 ||
      version[3] < '0' || version[3] > '9')
    return -1;
  return version[3] - '0';
}

static MlirLogicalResult checkOptions(const TileTarget *t,
                                      TileErrorSink errors) {
  if (t->features[0]) {
    tileReport(errors,
               "vulkan targets take no features (got '%s'); the SPIR-V "
               "capabilities follow from the kernels",
               t->features);
    return mlirLogicalResultFailure();
  }
  for (unsigned i = 0; i < t->numOptions; ++i)
    if (strcmp(t->options[i].key, "spirv") != 0) {
      tileReport(errors,
                 "unknown vulkan target option '%s' (valid: spirv, opt)",
                 t->options[i].key);
      return mlirLogicalResultFailure();
    }
  const char *spirv = tileTargetGetOption(t, "spirv");
  int minor = spirv ? spirvMinor(spirv) : 0;
  if (minor < 0 || minor > MaxSpirvMinor) {
    tileReport(errors,
               "spirv='%s' is not a SPIR-V version the vulkan backend emits "
               "(v1.0 to v1.%d: MLIR's entry points are not valid SPIR-V 1.4 "
               "or later)",
               spirv, MaxSpirvMinor);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult tileVulkanNormalizeTarget(TileTarget *t,
                                            TileErrorSink errors) {
  if (!t->chip[0])
    strcpy(t->chip, "v1.1");
  const char *spirv = NULL;
  for (size_t i = 0; i < TILE_COUNT(versions); ++i)
    if (strcmp(t->chip, versions[i].chip) == 0)
      spirv = versions[i].spirv;
  if (!spirv) {
    tileReport(errors, "unknown vulkan version '%s' (valid: v1.1, v1.2, v1.3)",
               t->chip);
    return mlirLogicalResultFailure();
  }
  if (mlirLogicalResultIsFailure(checkOptions(t, errors)))
    return mlirLogicalResultFailure();
  if (!tileTargetGetOption(t, "spirv") &&
      t->numOptions < TILE_TARGET_MAX_OPTIONS) {
    TileTargetOption *o = &t->options[t->numOptions++];
    strcpy(o->key, "spirv");
    strcpy(o->value, spirv);
  }
  return mlirLogicalResultSuccess();
}

/* How long the device count may take: loading a driver can be slow on a
 * busy machine; one that takes longer is taken for hung. */
enum { ProbeSeconds = 60 };

/* Counts the Vulkan devices by running tile-vulkan-devices (see there for
 * why it is a separate program). The answer is the same for the whole
 * process and is asked once. `gpus` counts the devices that are not CPU
 * devices. Returns NULL or the reason there is no device (kept for the
 * process). */
static const char *probeOnce(unsigned *devices, unsigned *gpus) {
  TileStrBuf out = TILE_STRBUF_INIT, why = TILE_STRBUF_INIT;
  int code = -1;
  bool answered =
      tileRunHelperProgram("tile-vulkan-devices", "the Vulkan driver",
                           ProbeSeconds, &out, &why) &&
      sscanf(tileStrBufGet(&out), "%d %u %u", &code, devices, gpus) == 3;
  tileStrBufFree(&out);
  if (answered && code == 0)
    return NULL;
  *devices = *gpus = 0;
  if (answered && code == 1)
    return "the Vulkan loader (libvulkan.so.1) is not installed";
  if (answered && code == 2)
    return "the Vulkan loader found no device (install a driver, e.g. "
           "mesa-vulkan-drivers)";
  if (!why.size)
    tileStrBufPrintf(&why, "the Vulkan driver gave no device count");
  return tileStrBufTake(&why);
}

static pthread_once_t probed = PTHREAD_ONCE_INIT;
static unsigned probedDevices, probedGpus;
static const char *probedReason;

static void probeForProcess(void) {
  probedReason = probeOnce(&probedDevices, &probedGpus);
}

static bool probe(unsigned *devices, unsigned *gpus, const char **why) {
  pthread_once(&probed, probeForProcess);
  *devices = probedDevices;
  *gpus = probedGpus;
  *why = probedReason;
  return !probedReason;
}

bool tileVulkanDetectTarget(TileTarget *t) {
  unsigned devices, gpus;
  const char *why;
  /* A CPU implementation (lavapipe) is no reason to prefer Vulkan. */
  if (!probe(&devices, &gpus, &why) || gpus == 0)
    return false;
  strcpy(t->kind, "vulkan");
  return true;
}

bool tileVulkanRuntimeAvailable(const TileTarget *target, TileErrorSink why) {
  (void)target;
  unsigned devices, gpus;
  const char *reason = NULL;
  if (probe(&devices, &gpus, &reason))
    return true;
  tileReport(why, "%s", reason);
  return false;
}
