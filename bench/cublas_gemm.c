/* cuBLAS reference for bench/gpu_check.sh: times C = A * B (row-major,
 * f16 or bf16 inputs, f32 accumulation and output) with cublasGemmEx. */
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "cublas_gemm: %s: %s\n", #call, cudaGetErrorString(e));  \
      return 1;                                                                \
    }                                                                          \
  } while (0)

#define CHECK_CUBLAS(call)                                                     \
  do {                                                                         \
    cublasStatus_t s = (call);                                                 \
    if (s != CUBLAS_STATUS_SUCCESS) {                                          \
      fprintf(stderr, "cublas_gemm: %s failed (%d)\n", #call, (int)s);         \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static int compare(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: cublas_gemm M|N|K f16|bf16 REPEAT\n");
    return 2;
  }
  int n = atoi(argv[1]), repeat = atoi(argv[3]);
  cudaDataType_t type = strcmp(argv[2], "bf16") == 0 ? CUDA_R_16BF : CUDA_R_16F;
  size_t elems = (size_t)n * n;
  void *a, *b, *c;
  CHECK_CUDA(cudaMalloc(&a, elems * 2));
  CHECK_CUDA(cudaMalloc(&b, elems * 2));
  CHECK_CUDA(cudaMalloc(&c, elems * 4));
  /* Small values: the timing does not depend on them. */
  CHECK_CUDA(cudaMemset(a, 0x11, elems * 2));
  CHECK_CUDA(cudaMemset(b, 0x11, elems * 2));
  cublasHandle_t handle;
  CHECK_CUBLAS(cublasCreate(&handle));
  float alpha = 1.0f, beta = 0.0f;
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  float *times = calloc((size_t)repeat, sizeof(float));
  for (int i = -3; i < repeat; ++i) {
    CHECK_CUDA(cudaEventRecord(start, 0));
    /* Row-major C = A * B is column-major C^T = B^T * A^T. */
    CHECK_CUBLAS(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha,
                              b, type, n, a, type, n, &beta, c, CUDA_R_32F, n,
                              CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    CHECK_CUDA(cudaEventRecord(stop, 0));
    CHECK_CUDA(cudaEventSynchronize(stop));
    if (i >= 0)
      CHECK_CUDA(cudaEventElapsedTime(&times[i], start, stop));
  }
  qsort(times, (size_t)repeat, sizeof(float), compare);
  double ms = times[repeat / 2];
  printf("median time: %.4f ms (%d runs)\n", ms, repeat);
  printf("throughput: %.2f GFLOP/s\n", 2.0 * n * (double)n * n / (ms * 1e6));
  free(times);
  cublasDestroy(handle);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}
