/* Calls an ahead-of-time compiled ROCm gemm (the object tile-run emits,
 * header gemm.h) linked with libtile_rt_hip.so, and reports what the
 * stand-in runtime counted; with "deinit", tears the runtime down before
 * the program ends, so that the object's module-unload destructor runs
 * after it. */
#include "gemm.h"
#include "tile_rt_hip.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { Size = 256, Calls = 3 };

/* A symbol of the stand-in runtime libtile_rt_hip loaded. */
static void *runtimeSymbol(const char *name) {
  void *hip = dlopen(getenv("TILE_HIP_LIBRARY"), RTLD_NOW | RTLD_NOLOAD);
  return hip ? dlsym(hip, name) : NULL;
}

static long count(const char *what) {
  typedef long (*CountFn)(const char *);
  void *address = runtimeSymbol("tileMockHipCount");
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
  for (int call = 1; call <= Calls; ++call)
    _mlir_ciface_gemm(&ma, &mb, &mc);
  printf("allocations: %ld, streams: %ld\n", count("allocations"),
         count("streams"));
  mgpuMemFree(a, NULL);
  mgpuMemFree(b, NULL);
  mgpuMemFree(c, NULL);
  if (argc > 1 && !strcmp(argv[1], "deinit")) {
    typedef void (*DeinitFn)(void);
    ((DeinitFn)(uintptr_t)runtimeSymbol("tileMockHipDeinitialize"))();
    printf("runtime torn down\n");
  }
  return 0;
}
