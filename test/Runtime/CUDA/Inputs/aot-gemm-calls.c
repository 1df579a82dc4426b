/* Calls an ahead-of-time compiled CUDA gemm (the object tile-run emits,
 * header gemm.h) repeatedly and reports what the driver counted; with
 * "deinit", tears the driver down before the program ends, as PyTorch does,
 * so that the object's module-unload destructor runs after it; with
 * "reset", resets the device before the program ends (as
 * cudaDeviceReset() does, which destroys the module first); with "empty",
 * calls it once on a problem of no rows (M = 0); with "capture", calls it
 * on the caller's stream while the stream is captured into a CUDA graph,
 * as torch.cuda.graph does, once on the operands of an earlier call and
 * once on new ones (new TMA descriptors). */
#include "gemm.h"
#include "tile_rt_cuda.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { Size = 256, Calls = 20 };

/* A symbol of the stand-in driver the runtime loaded. */
static void *driverSymbol(const char *name) {
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  return cuda ? dlsym(cuda, name) : NULL;
}

static long count(const char *what) {
  typedef long (*CountFn)(const char *);
  void *address = driverSymbol("tileMockCudaCount");
  return address ? ((CountFn)(uintptr_t)address)(what) : -1;
}

static tile_memref_f16_2d half2d(void *data) {
  tile_memref_f16_2d m = {data, data, 0, {Size, Size}, {Size, 1}};
  return m;
}

int main(int argc, char **argv) {
  void *a = mgpuMemAlloc(Size * Size * 2, NULL, 0);
  void *b = mgpuMemAlloc(Size * Size * 2, NULL, 0);
  void *c = mgpuMemAlloc(Size * Size * 4, NULL, 0);
  tile_memref_f16_2d ma = half2d(a), mb = half2d(b);
  tile_memref_f32_2d mc = {c, c, 0, {Size, Size}, {Size, 1}};
  if (argc > 1 && !strcmp(argv[1], "empty")) {
    tile_memref_f16_2d none = {a, a, 0, {0, Size}, {Size, 1}};
    tile_memref_f32_2d noneC = {c, c, 0, {0, Size}, {Size, 1}};
    _mlir_ciface_gemm(&none, &mb, &noneC);
    printf("empty problem done\n");
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "capture")) {
    typedef int (*BeginFn)(void *, int);
    typedef int (*EndFn)(void *, void **);
    enum { Global = 0 };
    _mlir_ciface_gemm(&ma, &mb, &mc);
    struct CUstream_st *stream = mgpuStreamCreate();
    void *graph = NULL;
    ((BeginFn)(uintptr_t)driverSymbol("cuStreamBeginCapture_v2"))(stream,
                                                                  Global);
    tileRtCudaSetStream(stream);
    _mlir_ciface_gemm(&ma, &mb, &mc);
    _mlir_ciface_gemm(&mb, &ma, &mc);
    tileRtCudaClearStream();
    int ended =
        ((EndFn)(uintptr_t)driverSymbol("cuStreamEndCapture"))(stream, &graph);
    printf("capture ended: %s, launches captured: %ld\n",
           ended ? "failed" : "success", count("captured launches"));
    return 0;
  }
  long allocations = 0, streams = 0;
  for (int call = 1; call <= Calls; ++call) {
    _mlir_ciface_gemm(&ma, &mb, &mc);
    if (call == 1) {
      allocations = count("allocations");
      streams = count("streams");
    }
  }
  printf("allocations after call 1: %ld, after call %d: %ld\n", allocations,
         Calls, count("allocations"));
  printf("streams after call 1: %ld, after call %d: %ld\n", streams, Calls,
         count("streams"));
  mgpuMemFree(a, NULL);
  mgpuMemFree(b, NULL);
  mgpuMemFree(c, NULL);
  if (argc > 1 && !strcmp(argv[1], "reset")) {
    typedef void (*ResetFn)(void);
    ((ResetFn)(uintptr_t)driverSymbol("tileMockCudaResetDevice"))();
    printf("device reset\n");
  }
  if (argc > 1 && !strcmp(argv[1], "deinit")) {
    typedef void (*DeinitFn)(void);
    ((DeinitFn)(uintptr_t)driverSymbol("tileMockCudaDeinitialize"))();
    printf("driver torn down\n");
  }
  return 0;
}
