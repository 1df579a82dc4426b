/* tile-check-unlowered{target=}: ops that no target's pipeline lowers are
 * reported at the op, in kernels and in host code:
 *   - vector.print lowers to calls of MLIR's runner utilities (printF32,
 *     printNewline, ...), which tile's runtimes do not provide; it was
 *     left unconverted and LLVM's translation refused it ("missing
 *     LLVMTranslationDialectInterface registration").
 *   - vector.scan: MLIR 22 lowers it only in a test pass; an unrealized
 *     cast was left, which LLVM's translation refused. */
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"

#include <string.h>

enum { OptTarget };

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "cpu",
                   "the target named in messages", NULL, NULL},
};

typedef struct {
  const char *target;
  unsigned errors;
} Check;

static MlirWalkResult check(MlirOperation op, void *userData) {
  Check *c = userData;
  if (tileOpIs(op, "vector.print")) {
    bool gpu = strcmp(c->target, "cuda") == 0 || strcmp(c->target, "rocm") == 0;
    tileEmitOpError(op,
                    "has no lowering on the %s target: it calls MLIR's "
                    "runner utilities (printF32, ...), which tile's "
                    "runtimes do not provide; %s",
                    c->target,
                    gpu ? "print with gpu.printf in kernels, or write the "
                          "values to a buffer"
                        : "write the values to a buffer");
    ++c->errors;
  } else if (tileOpIs(op, "vector.scan")) {
    tileEmitOpError(op,
                    "has no lowering on the %s target (MLIR 22 lowers "
                    "vector.scan only in a test pass); scan with a loop "
                    "over the lanes",
                    c->target);
    ++c->errors;
  }
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  Check c = {values[OptTarget].s, 0};
  mlirOperationWalk(op, check, &c, MlirWalkPreOrder);
  if (c.errors)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileCheckUnloweredPass = {
    .argument = "tile-check-unlowered",
    .name = "TileCheckUnlowered",
    .summary = "Report the ops no target lowers (vector.print, vector.scan)",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
