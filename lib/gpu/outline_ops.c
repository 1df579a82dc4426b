/* tile-gpu-outline-ops: in a kernel (gpu.func) whose block holds more than
 * `max-ops` loop nests and other ops with regions, they move, up to
 * `ops-per-function` consecutive ones at a time, into private device
 * functions that LLVM does not inline. Each tile op lowers to a few
 * per-thread loops, and LLVM's loop passes (loop rotation above all) and
 * GVN take time that grows faster than linearly with the loops of one
 * function: a kernel of 400 fills and copies (1200 loop nests) took 7.2 s
 * for cuda:sm_80 and 800 took 27 s; with a function per nest, 6.0 s and
 * 10.6 s. Far below that the calls cost more compile time than they save
 * (2.0 s against 1.3 s at 100 steps), hence 512 by default. The cuda and
 * rocm pipelines run it with 16 nests per function. The calls cost the
 * moved loops their registers (a fragment array passed by reference lives
 * in local memory or scratch), which only kernels of that size pay; kernels
 * of the usual size, every example, stay whole. The moved ops are executed
 * by every thread, as in the kernel (barriers in them stay uniform). */
#include "ir/ir.h"
#include "passes/outline.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/Dialect/LLVM.h"

static bool movable(MlirOperation op) {
  return mlirOperationGetNumRegions(op) > 0 &&
         mlirOperationGetNumResults(op) == 0;
}

static void run(MlirOperation module, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  tileOutlineSplitBlocks(module, "gpu.func", options[0].i, options[1].i,
                         movable);
}

static const TilePassOption options[] = {
    {"max-ops", TileOptionInt, "512",
     "Most ops with regions a kernel's block keeps before each moves into a "
     "device function of its own",
     NULL, NULL},
    {"ops-per-function", TileOptionInt, "1",
     "Most consecutive ops with regions that move into one device function",
     NULL, NULL},
};

/* The functions made carry an llvm.linkage attribute. */
static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__llvm__};

const TilePassDescriptor tileGpuOutlineOpsPass = {
    .argument = "tile-gpu-outline-ops",
    .name = "TileGpuOutlineOps",
    .summary = "Move the loop nests of a kernel block that holds more than "
               "max-ops of them into device functions of their own, which "
               "LLVM does not inline, so that its compile time stays linear "
               "in the number of tile ops",
    .anchor = "gpu.module",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
