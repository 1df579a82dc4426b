/* tile-expect-lowered: reports tile ops and attributes left after lowering,
 * and the first op that still takes or makes a tensor: no pipeline
 * bufferizes, and each failed on whatever op its conversions met first
 * ("failed to legalize operation 'cf.br'" on the cpu, 'scf.for' on cuda,
 * 'gpu.func' on rocm, 'tensor.empty' on vulkan). Tensor code that folded
 * away by now (an element of a constant tensor, say) is gone. */
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/strbuf.h"

#include <string.h>

typedef struct {
  unsigned errors;
  bool tensorReported; /* one report of tensors per run */
} Check;

static void checkTensors(MlirOperation op, Check *c) {
  MlirType type = c->tensorReported ? (MlirType){NULL}
                                    : tileFindValueType(op, mlirTypeIsATensor);
  if (mlirTypeIsNull(type))
    return;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileEmitOpError(op,
                  "works on %s, which this target's pipeline does not "
                  "compile: it lowers memrefs, not tensors (bufferize "
                  "first, e.g. --one-shot-bufferize)",
                  tileTypeStr(&text, type));
  tileStrBufFree(&text);
  ++c->errors;
  c->tensorReported = true;
}

/* Whether `op` is in a kernel: a kernel loop, or what the GPU targets made
 * of one (gpu.launch, gpu.func). */
static bool inKernel(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (tileIsKernelLoop(p) || tileOpIs(p, "gpu.launch") ||
        tileOpIs(p, "gpu.func"))
      return true;
  return false;
}

static MlirWalkResult check(MlirOperation op, void *userData) {
  Check *c = userData;
  if (tileOpIsTile(op)) {
    /* The GPU targets lower tile ops in kernels only; the dialect lets
     * those on global and local buffers stand outside one (the cpu runs
     * them in host code). */
    if (!inKernel(op))
      tileEmitOpError(op, "is outside a kernel (an scf.forall mapped to "
                          "#gpu.block with a tile.threads attribute), where "
                          "this target's pipeline does not lower tile ops: "
                          "only the cpu target runs them in host code and "
                          "in the functions kernels call");
    else
      tileEmitOpError(op, "is not supported by this target's pipeline: no "
                          "pass lowered it");
    ++c->errors;
    return MlirWalkResultAdvance;
  }
  if (tileIsKernelLoop(op)) {
    tileEmitOpError(op, "is a kernel loop that no pass of this target's "
                        "pipeline lowered");
    ++c->errors;
  }
  checkTensors(op, c);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  Check c = {0, false};
  mlirOperationWalk(op, check, &c, MlirWalkPreOrder);
  if (c.errors)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileExpectLoweredPass = {
    .argument = "tile-expect-lowered",
    .name = "TileExpectLowered",
    .summary = "Report every tile op or kernel loop the pipeline did not "
               "lower, and the first op on tensors (a located error instead "
               "of a failure deep in codegen)",
    .anchor = "",
    .run = run,
};
