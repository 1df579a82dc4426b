/* tile-cpu-outline-ops: a block that holds more than `max-ops` loop nests
 * (and other ops with regions) moves them, up to `ops-per-function`
 * consecutive ones at a time, into private functions that LLVM does not
 * inline. Each tile op lowers to a few loops;
 * LLVM's loop passes, instruction selection and scheduler take time that
 * grows faster than linearly with the loops and instructions of one
 * function (a kernel of 500 fills and copies took minutes), while a call per
 * tile op costs nothing next to the op's work. Kernels of the usual size
 * stay whole. */
#include "cpu/lowering.h"
#include "passes/outline.h"

#include "mlir-c/Dialect/LLVM.h"

/* Ops that can move into a function of their own: those with regions and
 * no results, except parallel loops (kernels, and the loops OpenMP takes
 * over). */
static bool movable(MlirOperation op) {
  return mlirOperationGetNumRegions(op) > 0 &&
         mlirOperationGetNumResults(op) == 0 && !tileOpIs(op, "scf.parallel");
}

static void run(MlirOperation module, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  tileOutlineSplitBlocks(module, "func.func", options[0].i, options[1].i,
                         movable);
}

static const TilePassOption options[] = {
    {"max-ops", TileOptionInt, "64",
     "Most ops with regions a block keeps before each moves into a function "
     "of its own",
     NULL, NULL},
    {"ops-per-function", TileOptionInt, "1",
     "Most consecutive ops with regions that move into one function", NULL,
     NULL},
};

/* The functions made carry an llvm.linkage attribute. */
static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__llvm__};

const TilePassDescriptor tileCpuOutlineOpsPass = {
    .argument = "tile-cpu-outline-ops",
    .name = "TileCpuOutlineOps",
    .summary = "Move the loop nests of a block that holds more than max-ops "
               "of them into functions LLVM does not inline, so that "
               "compile time stays linear in the number of tile ops",
    .anchor = "builtin.module",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = 1,
    .run = run,
};
