/* tile-vulkan-cooperative-matrix-env: a gpu.module whose kernels use
 * cooperative matrices (gpu.subgroup_mma_* ops, from
 * tile-vulkan-cooperative-matrix) gets a SPIR-V target environment of
 * version 1.6 with the CooperativeMatrixKHR and GroupNonUniform (the
 * subgroup id and count) capabilities and SPV_KHR_cooperative_matrix;
 * convert-gpu-to-spirv lowers those ops only then ("failed to legalize"
 * under spirv-attach-target's 1.3). Every other module keeps the
 * environment spirv-attach-target gave it, so its SPIR-V is unchanged. */
#include "ir/choices.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/strbuf.h"

#include "mlir-c/Dialect/SPIRV.h"

#include <string.h>

static MlirWalkResult findMatrixOp(MlirOperation op, void *userData) {
  if (!tileOpHasPrefix(op, "gpu.subgroup_mma_"))
    return MlirWalkResultAdvance;
  *(MlirOperation *)userData = op;
  return MlirWalkResultInterrupt;
}

/* The module's first cooperative-matrix op, or a null op. */
static MlirOperation firstMatrixOp(MlirOperation module) {
  MlirOperation found = {NULL};
  mlirOperationWalk(module, findMatrixOp, &found, MlirWalkPreOrder);
  return found;
}

/* Appends `items` to the bracketed list that starts at or after `from` in
 * `text`; returns where the list ends, or NULL when there is none. */
static char *appendToList(TileStrBuf *out, const char *from,
                          const char *items) {
  const char *open = strchr(from, '[');
  const char *close = open ? strchr(open, ']') : NULL;
  if (!close)
    return NULL;
  tileStrBufAppend(out, from, (size_t)(close - from));
  tileStrBufPrintf(out, "%s%s", close == open + 1 ? "" : ", ", items);
  return (char *)close;
}

/* #spirv.target_env<#spirv.vce<v1.X, [caps], [exts]>, ...> with version
 * 1.6 and the capabilities and extension of cooperative matrices; a null
 * attribute when `env` is not printed that way. */
static MlirAttribute cooperativeEnv(MlirContext ctx, MlirAttribute env) {
  TileStrBuf text = TILE_STRBUF_INIT, out = TILE_STRBUF_INIT;
  tileAppendAttr(&text, env);
  const char *s = tileStrBufGet(&text);
  const char *version = strstr(s, "#spirv.vce<v1.");
  MlirAttribute result = mlirAttributeGetNull();
  if (version && version[14] >= '0' && version[14] <= '9') {
    tileStrBufAppend(&out, s, (size_t)(version + 14 - s));
    tileStrBufAppendStr(&out, "6");
    const char *rest = appendToList(&out, version + 15,
                                    "CooperativeMatrixKHR, GroupNonUniform");
    rest = rest ? appendToList(&out, rest, "SPV_KHR_cooperative_matrix") : NULL;
    if (rest) {
      tileStrBufAppendStr(&out, rest);
      result = mlirAttributeParseGet(ctx, tileRef(tileStrBufGet(&out)));
    }
  }
  tileStrBufFree(&text);
  tileStrBufFree(&out);
  return result;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  MlirOperation matrixOp = firstMatrixOp(op);
  if (mlirOperationIsNull(matrixOp))
    return;
  /* tile-vulkan-cooperative-matrix checks the target at the tile_vulkan op;
   * this is for matrix ops that the kernel holds itself. */
  if (strcmp(values[0].s, "v1.3") != 0) {
    tileEmitOpError(matrixOp,
                    "needs SPIR-V 1.6 (cooperative matrices), which needs "
                    "Vulkan 1.3; the target is vulkan:%s (use "
                    "--target=vulkan:v1.3)",
                    values[0].s);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirContext ctx = mlirOperationGetContext(op);
  MlirAttribute targets = tileOpGetAttr(op, "targets");
  MlirAttribute env = mlirAttributeGetNull();
  if (!mlirAttributeIsNull(targets) && mlirAttributeIsAArray(targets) &&
      mlirArrayAttrGetNumElements(targets) == 1)
    env = cooperativeEnv(ctx, mlirArrayAttrGetElement(targets, 0));
  if (mlirAttributeIsNull(env)) {
    tileEmitOpError(op, "uses cooperative matrices but has no SPIR-V target "
                        "environment (one #spirv.target_env, from "
                        "spirv-attach-target) to extend");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  mlirOperationSetAttributeByName(op, tileRef("targets"),
                                  mlirArrayAttrGet(ctx, 1, &env));
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__spirv__};

static const TilePassOption options[] = {
    {"vulkan", TileOptionString, "v1.3",
     "the target's Vulkan version (cooperative matrices need v1.3)",
     "v1.1|v1.2|v1.3", NULL},
};

const TilePassDescriptor tileVulkanCooperativeMatrixEnvPass = {
    .argument = "tile-vulkan-cooperative-matrix-env",
    .name = "TileVulkanCooperativeMatrixEnv",
    .summary = "Give gpu.modules that use cooperative matrices a SPIR-V 1.6 "
               "target environment with CooperativeMatrixKHR, "
               "GroupNonUniform and SPV_KHR_cooperative_matrix",
    .anchor = "gpu.module",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
