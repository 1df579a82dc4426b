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
 * run the size (kernel_abi.c tells it before each launch). The pass lowers
 * the shuffles of every mode the same way: those a kernel states itself
 * get subgroups at least as wide as their width. */
#include "gpu/simt.h"
#include "ir/builder_vector.h"
#include "ir/choices.h"
#include "passes/pass.h"
#include "support/count.h"
#include "vulkan/extension.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/SPIRV.h"

#include <stdio.h>

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

/* A value moves as 32-bit words (tileGpuShuffleWords), each by one SPIR-V
 * instruction over the whole subgroup: Shuffle from lane `lane`, or
 * ShuffleXor by `offset` when `lane` is null. */
typedef struct {
  MlirValue lane, offset;
} Move;

static MlirNamedAttribute subgroupScope(TileBuilder *b) {
  return tbNamed(b, "execution_scope",
                 tbParseAttr(b, "#spirv.scope<Subgroup>"));
}

static MlirValue moveWord(TileBuilder *b, MlirValue word, void *userData) {
  const Move *m = userData;
  MlirValue operands[] = {word, mlirValueIsNull(m->lane) ? m->offset : m->lane};
  MlirType type = mlirValueGetType(word);
  MlirNamedAttribute scope = subgroupScope(b);
  return tbResult(tbCreate(b,
                           mlirValueIsNull(m->lane)
                               ? "spirv.GroupNonUniformShuffleXor"
                               : "spirv.GroupNonUniformShuffle",
                           2, operands, 1, &type, 1, &scope));
}

/* The lowest active lane: the first set bit of a ballot of true (MLIR 22
 * does not serialise OpGroupNonUniformBroadcastFirst). */
static MlirValue firstActiveLane(TileBuilder *b) {
  MlirNamedAttribute scope = subgroupScope(b);
  MlirValue yes = tbConstInt(b, tbI1(b), 1);
  MlirType mask = tbParseType(b, "vector<4xi32>"), i32 = tbI32(b);
  MlirValue ballot = tbResult(
      tbCreate(b, "spirv.GroupNonUniformBallot", 1, &yes, 1, &mask, 1, &scope));
  return tbResult(tbCreate(b, "spirv.GroupNonUniformBallotFindLSB", 1, &ballot,
                           1, &i32, 1, &scope));
}

/* gpu.subgroup_broadcast: from the given lane (which the op requires to be
 * the same on every lane), or from the first active one. */
static void rewriteBroadcast(MlirOperation broadcast) {
  TileBuilder b = tbBefore(broadcast);
  Move move = {tileGpuBroadcastsFromLane(broadcast)
                   ? mlirOperationGetOperand(broadcast, 1)
                   : firstActiveLane(&b),
               {NULL}};
  tbReplaceOp(broadcast,
              tileGpuShuffleWords(&b, mlirOperationGetOperand(broadcast, 0),
                                  moveWord, &move));
}

static MlirAttribute modeAttr(MlirContext ctx, const char *mode) {
  char text[40];
  snprintf(text, sizeof(text), "#gpu<shuffle_mode %s>", mode);
  return mlirAttributeParseGet(ctx, tileRef(text));
}

static bool hasMode(MlirOperation shuffle, const char *mode) {
  return mlirAttributeEqual(tileOpGetAttr(shuffle, "mode"),
                            modeAttr(mlirOperationGetContext(shuffle), mode));
}

/* The lanes of a shuffle's group of `width` W (a power of two, checked by
 * tile-gpu-subgroup-ops) lie in one subgroup, which holds at least W
 * (tile-vulkan-kernel-abi has the runtime see to it). With the lane's
 * place p in its group, the source's place is p ^ offset (xor), p - offset
 * (up), p + offset (down) or offset (idx); inside [0, W) it is read and
 * valid, elsewhere the lane reads itself and is not. An xor by a constant
 * below W never leaves the group: one ShuffleXor. */
static void rewrite(MlirOperation shuffle) {
  TileBuilder b = tbBefore(shuffle);
  MlirValue value = mlirOperationGetOperand(shuffle, 0);
  MlirValue offset = mlirOperationGetOperand(shuffle, 1);
  MlirValue width = mlirOperationGetOperand(shuffle, 2);
  int64_t constOffset = 0, constWidth = 0;
  bool isXor = hasMode(shuffle, "xor");
  Move move = {{NULL}, offset};
  MlirValue valid;
  if (isXor && tileConstantInt(offset, &constOffset) &&
      tileConstantInt(width, &constWidth) && constOffset >= 0 &&
      constOffset < constWidth) {
    valid = tbConstInt(&b, tbI1(&b), 1);
  } else {
    MlirType i32 = tbI32(&b);
    MlirValue lane = tileGpuLaneId32(&b);
    MlirValue place = tbBinary(&b, "arith.andi", lane,
                               tbSub(&b, width, tbConstInt(&b, i32, 1)));
    MlirValue source = isXor ? tbBinary(&b, "arith.xori", place, offset)
                       : hasMode(shuffle, "up")   ? tbSub(&b, place, offset)
                       : hasMode(shuffle, "down") ? tbAdd(&b, place, offset)
                                                  : offset;
    valid = tbCmpI(&b, "ult", source, width);
    move.lane =
        tbSelect(&b, valid, tbAdd(&b, tbSub(&b, lane, place), source), lane);
  }
  mlirValueReplaceAllUsesOfWith(
      mlirOperationGetResult(shuffle, 0),
      tileGpuShuffleWords(&b, value, moveWord, &move));
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(shuffle, 1), valid);
  mlirOperationDestroy(shuffle);
}

static void runShuffles(MlirOperation op, MlirExternalPass pass,
                        const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList shuffles = {0};
  tileCollectOps(op, "gpu.shuffle", &shuffles);
  for (size_t i = 0; i < shuffles.count; ++i)
    if (tileGpuShufflesWords(
            mlirValueGetType(mlirOperationGetOperand(shuffles.ops[i], 0))))
      rewrite(shuffles.ops[i]);
  tileOpListFree(&shuffles);
  TileOpList broadcasts = {0};
  tileCollectOps(op, "gpu.subgroup_broadcast", &broadcasts);
  for (size_t i = 0; i < broadcasts.count; ++i)
    if (tileGpuShufflesWords(
            mlirValueGetType(mlirOperationGetOperand(broadcasts.ops[i], 0))))
      rewriteBroadcast(broadcasts.ops[i]);
  tileOpListFree(&broadcasts);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__spirv__};

const TilePassDescriptor tileVulkanShufflesPass = {
    .argument = "tile-vulkan-shuffles",
    .name = "TileVulkanShuffles",
    .summary = "Lower gpu.shuffle to OpGroupNonUniformShuffle(Xor) of 32-bit "
               "words, for any mode and width (the conversion to SPIR-V "
               "takes xor and idx of the target environment's subgroup "
               "size only), and gpu.subgroup_broadcast to a Shuffle (the "
               "conversion has none)",
    .anchor = "gpu.module",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = runShuffles,
};
