/* tile-vulkan-builtin-capabilities: declares the capability that the
 * subgroup built-in variables (SubgroupId, NumSubgroups, SubgroupSize,
 * SubgroupLocalInvocationId) need, GroupNonUniform, in the spirv.module
 * that reads them. MLIR 22's spirv-update-vce derives a module's
 * capabilities from its ops and types but not from BuiltIn decorations,
 * so spirv-val refused such a module ("Operand 3 of Decorate requires one
 * of these capabilities: Kernel GroupNonUniform"). GroupNonUniform needs
 * SPIR-V 1.3, which every Vulkan from 1.1 takes: a module whose ops alone
 * needed less (spirv-update-vce set 1.0) gets 1.3 too (spirv-val: "operand
 * GroupNonUniform(61) requires SPIR-V version 1.3 or later"). Modules
 * without these variables are left as they are. */
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"
#include "support/strbuf.h"

#include "mlir-c/Dialect/SPIRV.h"

#include <string.h>

static const char *const subgroupBuiltins[] = {
    "SubgroupId", "NumSubgroups", "SubgroupSize", "SubgroupLocalInvocationId"};

static bool isSubgroupBuiltin(MlirOperation op) {
  if (!tileOpIs(op, "spirv.GlobalVariable"))
    return false;
  MlirAttribute builtin = tileOpGetAttr(op, "built_in");
  if (mlirAttributeIsNull(builtin) || !mlirAttributeIsAString(builtin))
    return false;
  MlirStringRef name = mlirStringAttrGetValue(builtin);
  for (size_t i = 0; i < TILE_COUNT(subgroupBuiltins); ++i)
    if (tileStrRefEquals(name, subgroupBuiltins[i]))
      return true;
  return false;
}

static bool readsSubgroupBuiltins(MlirOperation module) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (isSubgroupBuiltin(op))
      return true;
  return false;
}

/* `vce` (#spirv.vce<vX, [caps], [exts]>) with GroupNonUniform among its
 * capabilities, at version 1.3 or later; null when it is not printed that
 * way. */
static MlirAttribute withGroupNonUniform(MlirContext ctx, MlirAttribute vce) {
  TileStrBuf text = TILE_STRBUF_INIT, out = TILE_STRBUF_INIT;
  tileAppendAttr(&text, vce);
  const char *s = tileStrBufGet(&text);
  const char *open = strchr(s, '[');
  const char *close = open ? strchr(open, ']') : NULL;
  MlirAttribute result = mlirAttributeGetNull();
  const char *version = strstr(s, "<v1.");
  if (close && version && version < open) {
    /* The version, raised to 1.3 when below. */
    bool below = version[4] >= '0' && version[4] < '3' && version[5] == ',';
    tileStrBufAppend(&out, s, (size_t)(version - s));
    tileStrBufAppendStr(&out, below ? "<v1.3" : "");
    const char *rest = below ? version + 5 : version;
    tileStrBufAppend(&out, rest, (size_t)(close - rest));
    tileStrBufPrintf(&out, "%sGroupNonUniform%s", close == open + 1 ? "" : ", ",
                     close);
    result = mlirAttributeParseGet(ctx, tileRef(tileStrBufGet(&out)));
  }
  tileStrBufFree(&text);
  tileStrBufFree(&out);
  return result;
}

static bool declares(MlirAttribute vce, const char *capability) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendAttr(&text, vce);
  const char *s = tileStrBufGet(&text);
  const char *close = strchr(s, ']');
  size_t n = strlen(capability);
  bool found = false;
  for (const char *at = strstr(s, capability); at && (!close || at < close);
       at = strstr(at + 1, capability))
    found |= (at[-1] == '[' || at[-1] == ' ') && (at[n] == ',' || at[n] == ']');
  tileStrBufFree(&text);
  return found;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)values;
  if (!readsSubgroupBuiltins(op))
    return;
  MlirAttribute vce = tileOpGetAttr(op, "vce_triple");
  if (!mlirAttributeIsNull(vce) && declares(vce, "GroupNonUniform"))
    return;
  MlirAttribute updated =
      mlirAttributeIsNull(vce)
          ? vce
          : withGroupNonUniform(mlirOperationGetContext(op), vce);
  if (mlirAttributeIsNull(updated)) {
    tileEmitOpError(op, "reads subgroup built-in variables but has no "
                        "version, capabilities and extensions (run "
                        "spirv-update-vce first)");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  mlirOperationSetAttributeByName(op, tileRef("vce_triple"), updated);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__spirv__};

const TilePassDescriptor tileVulkanBuiltinCapabilitiesPass = {
    .argument = "tile-vulkan-builtin-capabilities",
    .name = "TileVulkanBuiltinCapabilities",
    .summary = "Declare GroupNonUniform in spirv.modules that read subgroup "
               "built-in variables (spirv-update-vce leaves it out)",
    .anchor = "spirv.module",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
