/* Host time of one call of an ahead-of-time compiled CUDA gemm (header
 * gemm.h): 1000 warm-up calls, then the mean of CALLS calls, each of which
 * encodes its TMA descriptors, takes a stream, launches and synchronises.
 * Run by bench/gpu_call_cost.sh. */
#include "gemm.h"
#include "tile_rt_cuda.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { M = 128, N = 128, K = 64, WarmUp = 1000 };

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
  long calls = argc > 1 ? atol(argv[1]) : 100000;
  void *a = mgpuMemAlloc(M * K * 2, NULL, 0);
  void *b = mgpuMemAlloc(K * N * 2, NULL, 0);
  void *c = mgpuMemAlloc(M * N * 4, NULL, 0);
  tile_memref_f16_2d ma = {a, a, 0, {M, K}, {K, 1}};
  tile_memref_f16_2d mb = {b, b, 0, {K, N}, {N, 1}};
  tile_memref_f32_2d mc = {c, c, 0, {M, N}, {N, 1}};
  for (int i = 0; i < WarmUp; ++i)
    _mlir_ciface_gemm(&ma, &mb, &mc);
  double start = seconds();
  for (long i = 0; i < calls; ++i)
    _mlir_ciface_gemm(&ma, &mb, &mc);
  double us = (seconds() - start) * 1e6 / (double)calls;
  printf("%dx%dx%d gemm: %.2f us per call (mean of %ld calls)\n", M, N, K, us,
         calls);
  mgpuMemFree(a, NULL);
  mgpuMemFree(b, NULL);
  mgpuMemFree(c, NULL);
  return 0;
}
