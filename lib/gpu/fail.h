/* How the GPU lowering reports an error: at the op, and counted, so that a
 * pass reports everything it found before it fails the run. */
#ifndef TILE_GPU_FAIL_H
#define TILE_GPU_FAIL_H

#include "mlir-c/IR.h"

#include <stdarg.h>

/* Emits "'op.name' op <message>" at the location of `op` and increments
 * `*errors` (a count that lives in the pass run). */
void tileGpuFail(unsigned *errors, MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* tileGpuFail with the arguments of a variadic caller. */
void tileGpuFailV(unsigned *errors, MlirOperation op, const char *fmt,
                  va_list args) __attribute__((format(printf, 3, 0)));

#endif
