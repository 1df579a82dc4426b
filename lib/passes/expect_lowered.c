/* tile-expect-lowered: reports tile ops and attributes left after lowering. */
#include "ir/ir.h"
#include "passes/pass.h"

#include <string.h>

static MlirWalkResult check(MlirOperation op, void *userData) {
  unsigned *errors = userData;
  if (tileOpIsTile(op)) {
    tileEmitOpError(op, "is not supported by this target's pipeline: no "
                        "pass lowered it");
    ++*errors;
    return MlirWalkResultAdvance;
  }
  if (tileIsKernelLoop(op)) {
    tileEmitOpError(op, "is a kernel loop that no pass of this target's "
                        "pipeline lowered");
    ++*errors;
  }
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  tilePassRunCheck(op, pass, check);
}

const TilePassDescriptor tileExpectLoweredPass = {
    .argument = "tile-expect-lowered",
    .name = "TileExpectLowered",
    .summary = "Report every tile op or kernel loop the pipeline did not lower "
               "(a located error instead of a failure deep in codegen)",
    .anchor = "",
    .run = run,
};
