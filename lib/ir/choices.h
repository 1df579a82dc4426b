/* The rules that the ops of every backend's extension of the tile dialect
 * share: an op states one choice for the kernel whose body holds it. */
#ifndef TILE_IR_CHOICES_H
#define TILE_IR_CHOICES_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* Whether `op`'s name starts with `prefix` ("tile_rocm.") and goes on. */
bool tileOpHasPrefix(MlirOperation op, const char *prefix);

/* Whether `op` is directly in a kernel body (an scf.forall mapped to
 * #gpu.block ids) and the first op of its name there; reports at `op`
 * otherwise. */
bool tileCheckChoicePlacement(MlirOperation op);

/* Whether attribute `name` of `op` is an i64, which it sets *value to;
 * reports at `op` otherwise. */
bool tileCheckChoiceI64(MlirOperation op, const char *name, int64_t *value);

/* The value of integer attribute `name` of `op`, once its checks hold. */
int64_t tileChoiceI64(MlirOperation op, const char *name);

/* Whether attribute `name` of `op` is an i64 of at least `min`; reports at
 * `op` otherwise. */
bool tileCheckChoiceInt(MlirOperation op, const char *name, int64_t min);

/* Reports at `op` that the choice it states cannot be honoured, and why
 * (printf-style); returns 1, for a count of errors. */
unsigned tileRefuseChoice(MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Whether attribute `name` of `op` is a bool (true or false); reports at
 * `op` otherwise. */
bool tileCheckChoiceBool(MlirOperation op, const char *name);

/* Calls `check` on every op under `root` whose name starts with `prefix`
 * ("tile_rocm."), the rules of a backend's extension; returns how many
 * it refused (it reports them). */
unsigned tileCheckChoiceOps(MlirOperation root, const char *prefix,
                            bool (*check)(MlirOperation op));

#endif
