/* tile-vulkan-cooperative-matrix: honours tile_vulkan.cooperative_matrix
 * {m, n, k}. In each kernel stating it, every tile.gemm runs on m x n x k
 * cooperative matrices (VK_KHR_cooperative_matrix; gpu.subgroup_mma_* ops
 * here, OpCooperativeMatrix*KHR in SPIR-V 1.6), and the op is erased; or
 * the pass refuses with the reason, at the op (the target, the kernel) or
 * at the gemm that cannot take them. Kernels without the op keep the SIMT
 * path for their gemms. */
#include "vulkan/cooperative_matrix.h"

#include "gpu/limits.h"
#include "ir/builder_gpu.h"
#include "ir/choices.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"
#include "tile/dialect.h"
#include "vulkan/extension.h"
#include "vulkan/vulkan.h"

#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/SCF.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *vulkan, *spirv; /* the target's version and SPIR-V ceiling */
} Run;

/* Cooperative matrices are SPIR-V 1.6 (SPV_KHR_cooperative_matrix's
 * instructions need it in MLIR's SPIR-V dialect), which Vulkan 1.3 takes. */
static bool targetTakes(const Run *run, MlirOperation op) {
  if (strcmp(run->vulkan, "v1.3") != 0) {
    tileRefuseChoice(op,
                     "cooperative matrices need SPIR-V 1.6, which needs "
                     "Vulkan 1.3; the target is vulkan:%s (use "
                     "--target=vulkan:v1.3)",
                     run->vulkan);
    return false;
  }
  if (strcmp(run->spirv, "v1.3") != 0) {
    tileRefuseChoice(op,
                     "cooperative matrices need SPIR-V 1.6; the target's "
                     "spirv option caps SPIR-V at %s",
                     run->spirv);
    return false;
  }
  return true;
}

/* Plans every gemm, reporting at each one that cannot take the matrices. */
static unsigned planGemms(const TileVulkanChoices *c, const TileOpList *gemms,
                          TileVulkanCoopGemm *plans) {
  unsigned errors = 0;
  TileStrBuf why = TILE_STRBUF_INIT;
  for (size_t i = 0; i < gemms->count; ++i) {
    tileStrBufClear(&why);
    if (tileVulkanPlanCoopGemm(gemms->ops[i], c->m, c->n, c->k, &plans[i],
                               &why))
      continue;
    tileEmitOpError(gemms->ops[i],
                    "cannot run on the %lldx%lldx%lld cooperative matrices "
                    "its kernel's tile_vulkan.cooperative_matrix asks for: %s",
                    (long long)c->m, (long long)c->n, (long long)c->k,
                    tileStrBufGet(&why));
    ++errors;
  }
  tileStrBufFree(&why);
  return errors;
}

/* The first gemm before `i` that accumulates into the same tile, or i. */
static size_t firstWithAccumulator(const TileVulkanCoopGemm *plans, size_t i) {
  for (size_t j = 0; j < i; ++j)
    if (mlirValueEqual(plans[j].c, plans[i].c))
      return j;
  return i;
}

/* The shared tiles the staged accumulators add (one per accumulator) fit
 * beside the kernel's own. */
static bool stagingFits(MlirOperation kernel, MlirOperation op,
                        const TileVulkanCoopGemm *plans, size_t count) {
  int64_t staged = 0;
  for (size_t i = 0; i < count; ++i)
    if (firstWithAccumulator(plans, i) == i)
      staged += tileVulkanCoopScratchBytes(&plans[i]);
  int64_t own = tileGpuSharedTileBytes(kernel);
  if (own + staged <= TileVulkanSharedBytes)
    return true;
  tileRefuseChoice(op,
                   "the path stages the kernel's accumulators in %lld bytes "
                   "of shared memory; with its own %lld bytes of shared tiles "
                   "that exceeds the %d bytes vulkan kernels are compiled for",
                   (long long)staged, (long long)own, TileVulkanSharedBytes);
  return false;
}

/* A shared tile of C's shape and type at the kernel's entry. */
static MlirValue scratchFor(MlirOperation kernel, const TileVulkanCoopGemm *p) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(body));
  b.loc = mlirOperationGetLocation(p->gemm);
  const int64_t shape[2] = {p->rows, p->cols};
  MlirType type =
      tbMemRefTypeIn(&b, 2, shape, p->accElem,
                     tileScopeGetMemorySpace(b.ctx, TileScopeShared));
  return tbResult(tbCreate(&b, "tile.alloc", 0, NULL, 1, &type, 0, NULL));
}

static void emitAll(MlirOperation kernel, TileVulkanCoopGemm *plans,
                    size_t count) {
  MlirValue *scratch = tileCallocArray(count, sizeof(MlirValue));
  for (size_t i = 0; i < count; ++i) {
    size_t first = firstWithAccumulator(plans, i);
    if (first == i)
      scratch[i] = scratchFor(kernel, &plans[i]);
    tileVulkanEmitCoopGemm(&plans[i], scratch[first]);
  }
  free(scratch);
}

static unsigned honour(MlirOperation kernel, const TileVulkanChoices *c,
                       const Run *run) {
  MlirOperation op = c->cooperativeMatrix;
  /* tile-vulkan-verify's rules, for a run of this pass without it. */
  if (!tileCheckChoiceInt(op, "m", 1) || !tileCheckChoiceInt(op, "n", 1) ||
      !tileCheckChoiceInt(op, "k", 1) || !targetTakes(run, op))
    return 1;
  TileOpList gemms = {0};
  tileCollectOps(kernel, "tile.gemm", &gemms);
  if (gemms.count == 0) {
    tileOpListFree(&gemms);
    return tileRefuseChoice(op, "the kernel holds no tile.gemm");
  }
  TileVulkanCoopGemm *plans =
      tileCallocArray(gemms.count, sizeof(TileVulkanCoopGemm));
  unsigned errors = planGemms(c, &gemms, plans);
  if (!errors && !stagingFits(kernel, op, plans, gemms.count))
    errors = 1;
  if (!errors) {
    emitAll(kernel, plans, gemms.count);
    mlirOperationDestroy(op);
  }
  free(plans);
  tileOpListFree(&gemms);
  return errors;
}

static unsigned visitKernel(MlirOperation kernel, void *userData) {
  TileVulkanChoices choices;
  tileVulkanReadChoices(kernel, &choices);
  if (mlirOperationIsNull(choices.cooperativeMatrix))
    return 0;
  return honour(kernel, &choices, userData);
}

enum { OptVulkan, OptSpirv };

static const TilePassOption options[] = {
    [OptVulkan] = {"vulkan", TileOptionString, "v1.3",
                   "the target's Vulkan version (cooperative matrices need "
                   "v1.3)",
                   "v1.1|v1.2|v1.3", NULL},
    [OptSpirv] = {"spirv", TileOptionString, "v1.3",
                  "the target's SPIR-V ceiling for other modules (the path "
                  "needs v1.3, the default)",
                  "v1.0|v1.1|v1.2|v1.3", NULL},
};

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  Run r = {values[OptVulkan].s, values[OptSpirv].s};
  if (tileForEachKernel(op, visitKernel, &r))
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__gpu__, mlirGetDialectHandle__scf__};

const TilePassDescriptor tileVulkanCooperativeMatrixPass = {
    .argument = "tile-vulkan-cooperative-matrix",
    .name = "TileVulkanCooperativeMatrix",
    .summary = "Run the gemms of kernels stating "
               "tile_vulkan.cooperative_matrix {m, n, k} on m x n x k "
               "cooperative matrices (gpu.subgroup_mma_* ops, one subgroup "
               "per m x n block of C), or refuse with the reason",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
