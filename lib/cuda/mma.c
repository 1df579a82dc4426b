/* tile-cuda-mma: runs the gemm of eligible kernels on tensor cores
 * (ldmatrix + mma.sync, sm_80 and later) with cp.async pipelining. */
#include "cuda/mma.h"

#include "cuda/cuda.h"
#include "cuda/extension.h"

#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/NVGPU.h"
#include "mlir-c/Dialect/NVVM.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void lowerKernel(TileMmaPlan *p) {
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(p->kernel, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(body));
  TileMmaThread t = tileMmaThreadIndices(&b, p);
  MlirValue acc = tileMmaAllocAccumulator(&b, p->local, p->accElem);
  tileMmaRewriteLoop(p, &t, acc);
  tileMmaRewriteAccumulatorUses(p, &t, acc);
  MlirValue olds[] = {p->a, p->b, p->acc};
  for (int i = 0; i < 3; ++i)
    mlirOperationDestroy(mlirOpResultGetOwner(olds[i]));
}

/* Whether `chip` ("sm_NN", "sm_NNa") is sm_80 or later: on sm_75 the NVPTX
 * backend cannot select the mma.sync the pass emits, and LLVM aborted. */
static bool hasTensorCorePath(const char *chip) {
  return strncmp(chip, "sm_", 3) == 0 && atoi(chip + 3) >= 80;
}

bool tileCudaMmaFits(MlirOperation kernel, const char *chip, TileStrBuf *why) {
  if (!hasTensorCorePath(chip))
    return tileCudaRefuse(why, "mma.sync m16n8k16 and cp.async need sm_80 "
                               "or later");
  TileMmaPlan plan;
  return tileMmaPlanKernel(kernel, &plan, why);
}

/* A kernel with tile_cuda ops takes the path when tile-cuda-path chose it
 * (and checked that it fits). Those that chose the SIMT path have been
 * skipped by every tensor-core pass, this one last: their ops go here. */
static unsigned planAndLower(MlirOperation kernel, void *userData) {
  const char *chip = userData;
  TileCudaChoices c;
  if (tileCudaReadChoices(kernel, &c) && c.pathValue != TileCudaPathMma) {
    if (c.pathValue == TileCudaPathSimt)
      tileCudaEraseChoices(&c);
    return 0;
  }
  TileMmaPlan plan;
  if (hasTensorCorePath(chip) && tileMmaPlanKernel(kernel, &plan, NULL)) {
    tileCudaEraseChoices(&c);
    lowerKernel(&plan);
  }
  return 0;
}

enum { OptChip };

static const TilePassOption options[] = {
    [OptChip] = {"chip", TileOptionString, "sm_80",
                 "the CUDA chip; the pass acts on sm_80 and later (mma.sync "
                 "m16n8k16 and cp.async need them)",
                 NULL, tileCudaCheckChip},
};

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  if (tileForEachKernel(op, planAndLower, values[OptChip].s))
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__gpu__,    mlirGetDialectHandle__nvgpu__,
    mlirGetDialectHandle__nvvm__,   mlirGetDialectHandle__llvm__,
    mlirGetDialectHandle__vector__, mlirGetDialectHandle__scf__};

const TilePassDescriptor tileCudaMmaPass = {
    .argument = "tile-cuda-mma",
    .name = "TileCudaMma",
    .summary = "Run the gemm of eligible kernels on tensor cores (ldmatrix + "
               "mma.sync) with multi-buffered cp.async copies; other kernels "
               "are left to the SIMT lowering",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
