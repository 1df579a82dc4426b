/* Device code: HSACO code objects and the kernels in them. */
#include "shim.h"

#include <string.h>

/* An HSACO code object is an ELF file: text (PTX, assembly) handed over by
   mistake is refused with a line saying so. */
static bool looksLikeElf(const void *data, size_t size) {
  return size >= 4 && memcmp(data, "\177ELF", 4) == 0;
}

struct ihipModule_t *mgpuModuleLoad(void *data, size_t size) {
  TileHipRuntime *runtime = tileHipEnter();
  if (!data || size == 0)
    tileHipFatal("mgpuModuleLoad: the device binary is empty");
  if (!looksLikeElf(data, size))
    tileHipFatal("mgpuModuleLoad: the %zu-byte device binary is not an AMDGPU "
                 "code object (HSACO, an ELF file)",
                 size);
  hipModule_t module = NULL;
  tileHipCheckf(runtime->moduleLoadData(&module, data),
                "hipModuleLoadData (%zu-byte code object)", size);
  return module;
}

/* Generated code unloads from a global destructor, possibly after the host
   program tore the runtime down: then there is nothing to do. */
void mgpuModuleUnload(struct ihipModule_t *module) {
  TileHipRuntime *runtime = tileHipEnterToRelease();
  if (runtime && module)
    tileHipReleased(runtime->moduleUnload(module), "hipModuleUnload");
}

struct ihipModuleSymbol_t *mgpuModuleGetFunction(struct ihipModule_t *module,
                                                 const char *name) {
  TileHipRuntime *runtime = tileHipEnter();
  if (!name)
    tileHipFatal("mgpuModuleGetFunction: the kernel name is missing");
  hipFunction_t function = NULL;
  tileHipCheckf(runtime->moduleGetFunction(&function, module, name),
                "hipModuleGetFunction for kernel '%s'", name);
  return function;
}
