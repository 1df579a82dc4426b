/* Calls ahead-of-time compiled kernels with scalar, static, rank-0 and
 * half-precision arguments through the generated header. */
#include "types.h"

#include <stdio.h>

int main(void) {
  int32_t x[6] = {1, 2, 3, 4, 5, 6}, y[6] = {10, 20, 30, 40, 50, 60};
  tile_memref_i32_2d X = {x, x, 0, {2, 3}, {3, 1}};
  tile_memref_i32_2d Y = {y, y, 0, {2, 3}, {3, 1}};
  _mlir_ciface_axpy_i32(&X, &Y, 2);
  printf("y = %d %d %d %d %d %d\n", y[0], y[1], y[2], y[3], y[4], y[5]);

  double a[4] = {1, 1, 1, 1};
  int64_t idx[4] = {-1, -1, -1, -1};
  tile_memref_f64_1d A = {a, a, 0, {4}, {1}};
  tile_memref_i64_1d I = {idx, idx, 0, {4}, {1}};
  _mlir_ciface_scale_f64(&A, &I, 0.5, 3);
  printf("a = %g %g %g %g, i = %lld %lld %lld %lld\n", a[0], a[1], a[2], a[3],
         (long long)idx[0], (long long)idx[1], (long long)idx[2],
         (long long)idx[3]);

  int8_t v[8] = {1, 2, 3, 4, 5, 6, 7, -100};
  int64_t sum = 0;
  tile_memref_i8_3d V = {v, v, 0, {2, 2, 2}, {4, 2, 1}};
  tile_memref_i64_0d S = {&sum, &sum, 0};
  _mlir_ciface_sum_i8(&V, &S);
  printf("sum = %lld\n", (long long)sum);

  uint16_t h[2] = {0x3c00, 0x4100}, out[2] = {0, 0};
  tile_memref_f16_1d H = {h, h, 0, {2}, {1}};
  tile_memref_f16_1d O = {out, out, 0, {2}, {1}};
  _mlir_ciface_add_f16(&H, &H, &O);
  printf("f16 = %04x %04x\n", out[0], out[1]);
  return 0;
}
