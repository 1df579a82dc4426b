/* Device code: HSACO code objects and the kernels in them. */
#include "shim.h"

#include <string.h>

/* An HSACO code object is an ELF file: text (PTX, assembly) handed over by
   mistake is refused with a line saying so. */
static bool looksLikeElf(const void *data, size_t size) {
  return size >= 4 && memcmp(data, "\177ELF", 4) == 0;
}

struct ihipModule_t *mgpuModuleLoad(void *data, size_t size) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  if (!data || size == 0)
    tileRtHipFatal("mgpuModuleLoad: the device binary is empty");
  if (!looksLikeElf(data, size))
    tileRtHipFatal(
        "mgpuModuleLoad: the %zu-byte device binary is not an AMDGPU "
        "code object (HSACO, an ELF file)",
        size);
  hipModule_t module = NULL;
  tileRtHipCheckf(runtime->moduleLoadData(&module, data),
                  "hipModuleLoadData (%zu-byte code object)", size);
  return module;
}

/* Generated code unloads from a global destructor, possibly after the host
   program tore the runtime down: then there is nothing to do. */
void mgpuModuleUnload(struct ihipModule_t *module) {
  TileRtHipRuntime *runtime = tileRtHipEnterToRelease();
  if (runtime && module)
    tileRtHipReleased(runtime->moduleUnload(module), "hipModuleUnload");
}

struct ihipModuleSymbol_t *mgpuModuleGetFunction(struct ihipModule_t *module,
                                                 const char *name) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  if (!name)
    tileRtHipFatal("mgpuModuleGetFunction: the kernel name is missing");
  hipFunction_t function = NULL;
  tileRtHipCheckf(runtime->moduleGetFunction(&function, module, name),
                  "hipModuleGetFunction for kernel '%s'", name);
  return function;
}
