/* Calls the ahead-of-time compiled examples/vector_add.mlir through the C
 * header tile-run --emit-header writes. */
#include "vector_add.h"

#include <stdio.h>

int main(void) {
  enum { N = 300 };
  float a[N], b[N], c[N];
  for (int i = 0; i < N; ++i) {
    a[i] = (float)i;
    b[i] = 0.5f * (float)i;
    c[i] = -1;
  }
  tile_memref_f32_1d A = {a, a, 0, {N}, {1}};
  tile_memref_f32_1d B = {b, b, 0, {N}, {1}};
  tile_memref_f32_1d C = {c, c, 0, {N}, {1}};
  _mlir_ciface_vector_add(&A, &B, &C);
  printf("c[0] = %g\nc[1] = %g\nc[255] = %g\nc[256] = %g\nc[299] = %g\n", c[0],
         c[1], c[255], c[256], c[299]);
  return 0;
}
