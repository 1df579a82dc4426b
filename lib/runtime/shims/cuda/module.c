/* Device code: cubin/fatbin images, PTX through the JIT, kernels. */
#include "shim.h"

#include "support/count.h"

#include <stdint.h>

/* PTX JIT errors arrive as a log; beyond this it is truncated. */
#define TILE_RT_CUDA_JIT_LOG_BYTES 8192

struct CUmod_st *mgpuModuleLoad(void *data, size_t size) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  if (!data || size == 0)
    tileRtCudaFatal("mgpuModuleLoad: the device binary is empty");
  CUmodule module = NULL;
  tileRtCudaCheckf(driver->moduleLoadData(&module, data),
                   "cuModuleLoadData (%zu-byte device binary)", size);
  return module;
}

struct CUmod_st *mgpuModuleLoadJIT(void *ptx, int optLevel) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  if (!ptx)
    tileRtCudaFatal("mgpuModuleLoadJIT: the PTX text is missing");
  if (optLevel < 0 || optLevel > 4)
    tileRtCudaFatal("mgpuModuleLoadJIT: optimisation level %d is outside the "
                    "0 to 4 the PTX JIT accepts",
                    optLevel);
  char log[TILE_RT_CUDA_JIT_LOG_BYTES] = "";
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_OPTIMIZATION_LEVEL};
  /* Integer option values travel in the pointer slots themselves. */
  void *values[] = {log, (void *)(uintptr_t)sizeof(log),
                    (void *)(uintptr_t)optLevel};
  CUmodule module = NULL;
  CUresult result = driver->moduleLoadDataEx(&module, ptx, TILE_COUNT(options),
                                             options, values);
  if (result != CUDA_SUCCESS) {
    char description[256];
    tileRtCudaDescribe(driver, result, description, sizeof(description));
    tileRtCudaFatalWithLog(log,
                           "cuModuleLoadDataEx (PTX JIT at -O%d) failed: %s",
                           optLevel, description);
  }
  return module;
}

/* Generated code unloads from a global destructor, possibly after the host
   program tore the driver down (cuCtxGetCurrent: deinitialised) or reset
   the device, which destroyed the module with its context (cuModuleUnload
   fails). Either way there is nothing left to release, and the exit status
   stays the program's. */
void mgpuModuleUnload(struct CUmod_st *module) {
  TileRtCudaDriver *driver = tileRtCudaDriver();
  CUcontext current = NULL;
  if (!module || driver->ctxGetCurrent(&current) != CUDA_SUCCESS)
    return;
  (void)driver->moduleUnload(module);
}

struct CUfunc_st *mgpuModuleGetFunction(struct CUmod_st *module,
                                        const char *name) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  if (!name)
    tileRtCudaFatal("mgpuModuleGetFunction: the kernel name is missing");
  CUfunction function = NULL;
  tileRtCudaCheckf(driver->moduleGetFunction(&function, module, name),
                   "cuModuleGetFunction for kernel '%s'", name);
  return function;
}
