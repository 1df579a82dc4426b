/* tile_vulkan.subgroup {size}: a kernel's threads run in subgroups of
 * `size` invocations, which its reductions combine with shuffles.
 *
 * tile-vulkan-subgroup honours the op before the SIMT lowering: it checks
 * that the kernel's threads are whole subgroups and states the size on the
 * kernel (tile.subgroup_size), which tile-gpu-lower numbers threads and
 * shuffles by. tile-vulkan-shuffles then gives the lowering's xor shuffles
 * the SPIR-V instruction for them: MLIR 22's conversion of gpu.shuffle
 * takes only a width equal to the target environment's one subgroup size,
 * and a module holds kernels of several. libtile_rt_vulkan makes the device
 * run the size (kernel_abi.c tells it before each launch). */
#include "gpu/simt.h"
#include "ir/choices.h"
#include "passes/pass.h"
#include "support/count.h"
#include "vulkan/extension.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/SPIRV.h"

/*===--- tile-vulkan-subgroup ---------------------------------------------===*/

static unsigned honour(MlirOperation kernel, void *userData) {
  (void)userData;
  TileVulkanChoices c;
  tileVulkanReadChoices(kernel, &c);
  if (mlirOperationIsNull(c.subgroup))
    return 0;
  if (!tileVulkanCheckOp(c.subgroup))
    return 1;
  int64_t threads = tileKernelThreads(kernel);
  if (threads % c.size)
    return tileRefuseChoice(
        c.subgroup,
        "the kernel's %lld threads are not a whole number of subgroups of "
        "%lld (a partial subgroup would shuffle with lanes that do not run)",
        (long long)threads, (long long)c.size);
  TileBuilder b = tbBefore(c.subgroup);
  mlirOperationSetAttributeByName(kernel, tileRef(TILE_GPU_SUBGROUP_ATTR),
                                  tbI64Attr(&b, c.size));
  mlirOperationDestroy(c.subgroup);
  return 0;
}

static void runSubgroup(MlirOperation op, MlirExternalPass pass,
                        const TileOptionValue *options) {
  (void)options;
  if (tileForEachKernel(op, honour, NULL))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileVulkanSubgroupPass = {
    .argument = "tile-vulkan-subgroup",
    .name = "TileVulkanSubgroup",
    .summary = "Honour tile_vulkan.subgroup: check that the kernel's threads "
               "are whole subgroups and state the size for tile-gpu-lower",
    .anchor = "func.func",
    .run = runSubgroup,
};

/*===--- tile-vulkan-shuffles ---------------------------------------------===*/

/* gpu.shuffle xor -> OpGroupNonUniformShuffleXor over the whole subgroup:
 * an xor partner below the width stays in the lane's group of `width`, so
 * the two agree, and the partner always exists (valid is true). */
static void rewrite(MlirOperation shuffle) {
  TileBuilder b = tbBefore(shuffle);
  MlirValue operands[] = {mlirOperationGetOperand(shuffle, 0),
                          mlirOperationGetOperand(shuffle, 1)};
  MlirType type = mlirValueGetType(operands[0]);
  MlirNamedAttribute scope =
      tbNamed(&b, "execution_scope", tbParseAttr(&b, "#spirv.scope<Subgroup>"));
  MlirValue value = tbResult(tbCreate(&b, "spirv.GroupNonUniformShuffleXor", 2,
                                      operands, 1, &type, 1, &scope));
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(shuffle, 0), value);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(shuffle, 1),
                                tbConstInt(&b, tbI1(&b), 1));
  mlirOperationDestroy(shuffle);
}

static bool isXor(MlirOperation shuffle) {
  MlirAttribute mode = tileOpGetAttr(shuffle, "mode");
  MlirAttribute xor = mlirAttributeParseGet(mlirOperationGetContext(shuffle),
                                            tileRef("#gpu<shuffle_mode xor>"));
  return mlirAttributeEqual(mode, xor);
}

static void runShuffles(MlirOperation op, MlirExternalPass pass,
                        const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList shuffles = {0};
  tileCollectOps(op, "gpu.shuffle", &shuffles);
  for (size_t i = 0; i < shuffles.count; ++i)
    if (isXor(shuffles.ops[i]))
      rewrite(shuffles.ops[i]);
  tileOpListFree(&shuffles);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__spirv__};

const TilePassDescriptor tileVulkanShufflesPass = {
    .argument = "tile-vulkan-shuffles",
    .name = "TileVulkanShuffles",
    .summary = "Lower gpu.shuffle xor to OpGroupNonUniformShuffleXor, for "
               "any shuffle width (the conversion to SPIR-V takes only the "
               "target environment's subgroup size)",
    .anchor = "gpu.module",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = runShuffles,
};
