/* tile-gpu-subgroup-ops: the gpu dialect's subgroup ops that a GPU
 * target's conversion has no pattern for, in ops it has.
 *
 *   gpu.subgroup_reduce   a butterfly of xor shuffles, so that every lane
 *                         (of the subgroup, or of its cluster) gets the
 *                         result; element by element for vectors. On cuda
 *                         from sm_80, a uniform i32 reduction of the whole
 *                         subgroup is one nvvm.redux.sync.
 *   gpu.subgroup_size     cuda: 32.
 *   gpu.subgroup_id,      cuda and rocm: from the thread id and the block
 *   gpu.num_subgroups     size (vulkan has built-in variables for them).
 *   gpu.subgroup_broadcast cuda: a shuffle idx from the given lane, or
 *                         from the first active one (activemask).
 *   gpu.rotate            a shuffle idx within its width.
 *   gpu.all_reduce        vulkan: a tree in a workgroup buffer; cuda and
 *                         rocm lower it themselves when `uniform`, and it
 *                         is reported at the op without.
 *
 * cuda subgroups have 32 lanes. rocm and vulkan ones have as many as the
 * device runs (rocm: 32 from gfx10 on, else 64; vulkan: 4 to 128), so a
 * whole-subgroup butterfly takes each step only while its partner lane is
 * inside the subgroup (gpu.subgroup_size). A cluster wider than the target's
 * largest subgroup is reported at the op.
 *
 * vulkan: a shuffle's lanes must lie in one subgroup, whose size the
 * device chooses. So a shuffle's width must be a constant power of two of
 * at most 128 lanes, and the runtime gives the kernel subgroups at least
 * that wide (tile-vulkan-kernel-abi tells it); a width the pass cannot
 * read is reported at the op. */
#include "gpu/simt.h"

#include "ir/builder_gpu.h"
#include "ir/builder_vector.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/NVVM.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OptTarget, OptChip };

/* Whether the chip option is spelled as a chip is: empty (unknown), sm_NN or
 * sm_NNa, gfx and three or four hexadecimal digits. A misspelt one (sm80)
 * read as no chip at all, without a word. */
static bool checkChip(const char *chip, TileStrBuf *why) {
  size_t digits;
  if (!*chip)
    return true;
  if (strncmp(chip, "sm_", 3) == 0) {
    digits = strspn(chip + 3, "0123456789");
    if (digits >= 2 && digits <= 3 &&
        (chip[3 + digits] == '\0' || strcmp(chip + 3 + digits, "a") == 0))
      return true;
  } else if (strncmp(chip, "gfx", 3) == 0) {
    digits = strspn(chip + 3, "0123456789abcdef");
    if (digits >= 3 && digits <= 4 && chip[3 + digits] == '\0')
      return true;
  }
  tileStrBufPrintf(why,
                   "'%s' is no chip (sm_NN or sm_NNa for cuda, gfxNNN "
                   "or gfxNNNN for rocm)",
                   chip);
  return false;
}

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "cuda",
                   "the target whose subgroups apply (cuda, rocm, vulkan)",
                   "cuda|rocm|vulkan", NULL},
    [OptChip] = {"chip", TileOptionString, "",
                 "the chip (cuda: sm_NN, redux.sync from sm_80; rocm: gfxNNNN "
                 "runs waves of 32 lanes, gfxNNN of 64)",
                 NULL, checkChip},
};

typedef struct {
  const char *target;
  bool cuda, rocm, vulkan;
  int smVersion;   /* cuda: NN of sm_NN, 0 if unknown */
  int64_t largest; /* the most lanes a subgroup of the target has */
  unsigned errors;
} Expand;

/*===--- the combining op -------------------------------------------------===*/

/* The index of a subgroup_reduce's (or all_reduce's) combining kind, or
 * -1. */
static int reduceKind(MlirOperation op) {
  return tileCombiningKind(op, "op", "#gpu<all_reduce_op %s>");
}

static MlirValue combine(TileBuilder *b, int kind, MlirValue x, MlirValue y) {
  bool isFloat = mlirTypeIsAFloat(mlirValueGetType(x));
  return tbBinary(b, tileCombiningOp(kind, isFloat), x, y);
}

/*===--- subgroup sizes and ids -------------------------------------------===*/

static MlirValue gpuIndexOp(TileBuilder *b, const char *name, const char *dim) {
  MlirType index = tbIndex(b);
  MlirNamedAttribute attr = {0};
  if (dim) {
    char text[32];
    snprintf(text, sizeof(text), "#gpu<dim %s>", dim);
    attr = tbNamed(b, "dimension", tbParseAttr(b, text));
  }
  return tbResult(tbCreate(b, name, 0, NULL, 1, &index, dim ? 1 : 0, &attr));
}

/* The lanes of a subgroup: 32 on cuda, the device's elsewhere. */
static MlirValue subgroupSize(TileBuilder *b, const Expand *e) {
  return e->cuda ? tbConstIndex(b, 32)
                 : gpuIndexOp(b, "gpu.subgroup_size", NULL);
}

/* x + X * (y + Y * z): the thread's place in its block. */
static MlirValue linearThreadId(TileBuilder *b) {
  MlirValue x = gpuIndexOp(b, "gpu.thread_id", "x");
  MlirValue y = gpuIndexOp(b, "gpu.thread_id", "y");
  MlirValue z = gpuIndexOp(b, "gpu.thread_id", "z");
  MlirValue dx = gpuIndexOp(b, "gpu.block_dim", "x");
  MlirValue dy = gpuIndexOp(b, "gpu.block_dim", "y");
  return tbAdd(b, x, tbMul(b, dx, tbAdd(b, y, tbMul(b, dy, z))));
}

static MlirValue blockThreads(TileBuilder *b) {
  return tbMul(b,
               tbMul(b, gpuIndexOp(b, "gpu.block_dim", "x"),
                     gpuIndexOp(b, "gpu.block_dim", "y")),
               gpuIndexOp(b, "gpu.block_dim", "z"));
}

static void expandSubgroupId(MlirOperation op, const Expand *e) {
  TileBuilder b = tbBefore(op);
  tbReplaceOp(op, tbDivU(&b, linearThreadId(&b), subgroupSize(&b, e)));
}

static void expandNumSubgroups(MlirOperation op, const Expand *e) {
  TileBuilder b = tbBefore(op);
  MlirValue size = subgroupSize(&b, e);
  MlirValue rounded =
      tbSub(&b, tbAdd(&b, blockThreads(&b), size), tbConstIndex(&b, 1));
  tbReplaceOp(op, tbDivU(&b, rounded, size));
}

/* gpu.shuffle idx: `value` of the lane at place `index` (i32) of this
 * lane's group of `width`. */
static MlirValue shuffleIdx(TileBuilder *b, MlirValue value, MlirValue index,
                            int64_t width) {
  MlirValue operands[] = {value, index, tbConstInt(b, tbI32(b), width)};
  MlirType results[] = {mlirValueGetType(value), tbI1(b)};
  MlirNamedAttribute mode =
      tbNamed(b, "mode", tbParseAttr(b, "#gpu<shuffle_mode idx>"));
  return tbResult(
      tbCreate(b, "gpu.shuffle", 3, operands, 2, results, 1, &mode));
}

/* broadcast specific_lane -> shuffle idx from the lane (its lane operand
 * is uniform, so the partner is the same for every lane). */
static void expandBroadcast(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  tbReplaceOp(op, shuffleIdx(&b, mlirOperationGetOperand(op, 0),
                             mlirOperationGetOperand(op, 1), 32));
}

/* gpu.rotate %x, offset, width: lane k of each group of `width` reads lane
 * (k + offset) mod width of its group, a shuffle idx (whose index is the
 * place in the group); valid where the lane id is below the width. No
 * conversion lowered it. */
static void expandRotate(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  int64_t offset = tileGetIntAttr(op, "offset", 0);
  int64_t width = tileGetIntAttr(op, "width", 1);
  MlirType i32 = tbI32(&b);
  MlirValue lane = tileGpuLaneId32(&b);
  MlirValue place =
      tbBinary(&b, "arith.andi", tbAdd(&b, lane, tbConstInt(&b, i32, offset)),
               tbConstInt(&b, i32, width - 1));
  MlirValue moved =
      shuffleIdx(&b, mlirOperationGetOperand(op, 0), place, width);
  MlirValue shuffleWidth =
      mlirOperationGetOperand(mlirOpResultGetOwner(moved), 2);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 1),
                                tbCmpI(&b, "ult", lane, shuffleWidth));
  tbReplaceOp(op, moved);
}

/* cuda: a word from `lane` among the active lanes `mask` (shfl.sync idx
 * over exactly those: in divergent code a full mask would wait for lanes
 * that never come). */
typedef struct {
  MlirValue mask, lane;
} ActiveMove;

static MlirValue shuffleActive(TileBuilder *b, MlirValue word, void *userData) {
  const ActiveMove *m = userData;
  MlirType i32 = tbI32(b);
  MlirValue operands[] = {m->mask, word, m->lane, tbConstInt(b, i32, 31)};
  MlirNamedAttribute kind =
      tbNamed(b, "kind", tbParseAttr(b, "#nvvm<shfl_kind idx>"));
  return tbResult(
      tbCreate(b, "nvvm.shfl.sync", 4, operands, 1, &i32, 1, &kind));
}

/* cuda: broadcast first_active_lane, from the lowest bit of the warp's
 * active mask (PTX activemask, which the NVVM dialect has no op for). */
static void expandFirstActive(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  MlirType i32 = tbI32(&b);
  MlirNamedAttribute asmAttrs[] = {
      tbNamed(&b, "asm_string", tbStrAttr(&b, "activemask.b32 $0;")),
      tbNamed(&b, "constraints", tbStrAttr(&b, "=r")),
      tbNamed(&b, "has_side_effects", mlirUnitAttrGet(b.ctx))};
  MlirValue mask =
      tbResult(tbCreate(&b, "llvm.inline_asm", 0, NULL, 1, &i32, 3, asmAttrs));
  ActiveMove move = {mask, tbUnary(&b, "math.cttz", mask)};
  tbReplaceOp(op, tileGpuShuffleWords(&b, mlirOperationGetOperand(op, 0),
                                      shuffleActive, &move));
}

/*===--- gpu.subgroup_reduce ----------------------------------------------===*/

typedef struct {
  int kind;
  int64_t cluster; /* lanes per cluster; 0: the whole subgroup */
  int64_t stride;  /* lanes between the members of a cluster */
} Reduction;

/* One step of the butterfly: combine with the lane `offset` away (xor),
 * both in one group of `width` lanes. */
static MlirValue step(TileBuilder *b, const Reduction *r, MlirValue v,
                      int64_t offset, int64_t width, bool guarded) {
  return combine(b, r->kind, v,
                 tileGpuShuffleXor(b, v, offset, width, guarded));
}

static MlirValue reduceScalar(TileBuilder *b, const Expand *e,
                              const Reduction *r, MlirValue v) {
  if (r->cluster || e->cuda) {
    /* The lanes are known: every step is taken. */
    int64_t lanes = r->cluster ? r->cluster : 32;
    for (int64_t s = 1; s < lanes; s *= 2)
      v = step(b, r, v, s * r->stride, lanes * r->stride, false);
    return v;
  }
  /* The device's subgroup: step s runs while s < its size. */
  MlirValue size = subgroupSize(b, e);
  MlirType type = mlirValueGetType(v);
  for (int64_t s = 1; s < e->largest; s *= 2) {
    MlirValue inside = tbCmpI(b, "ult", tbConstIndex(b, s), size);
    TileIfValue branch = tbIfValue(b, inside, type);
    TileBuilder then = tbInto(branch.thenBlock, b->loc);
    tbYieldValue(&then, step(&then, r, v, s, 2 * s, true));
    TileBuilder otherwise = tbInto(branch.elseBlock, b->loc);
    tbYieldValue(&otherwise, v);
    v = tbResult(branch.op);
  }
  return v;
}

/* cuda from sm_80: a uniform i32 reduction is one redux.sync over the
 * whole warp (convert-gpu-to-nvvm lowers none unless told the chip has
 * it). Returns false where it does not apply. */
static bool redux(MlirOperation op, const Expand *e, const Reduction *r) {
  static const char *const names[][2] = {
      {"add", "add"},   {"and", "and"},    {"or", "or"},     {"xor", "xor"},
      {"minsi", "min"}, {"minui", "umin"}, {"maxsi", "max"}, {"maxui", "umax"}};
  MlirValue value = mlirOperationGetOperand(op, 0);
  MlirType type = mlirValueGetType(value);
  if (!e->cuda || e->smVersion < 80 || r->cluster ||
      mlirAttributeIsNull(tileOpGetAttr(op, "uniform")) ||
      !mlirTypeIsAInteger(type) || mlirIntegerTypeGetWidth(type) != 32)
    return false;
  for (size_t i = 0; i < TILE_COUNT(names); ++i) {
    if (strcmp(tileCombiningName(r->kind), names[i][0]) != 0)
      continue;
    TileBuilder b = tbBefore(op);
    char kind[48];
    snprintf(kind, sizeof(kind), "#nvvm<redux_kind %s>", names[i][1]);
    MlirValue operands[] = {value, tbConstInt(&b, type, -1)};
    MlirNamedAttribute attr = tbNamed(&b, "kind", tbParseAttr(&b, kind));
    tbReplaceOp(op, tbResult(tbCreate(&b, "nvvm.redux.sync", 2, operands, 1,
                                      &type, 1, &attr)));
    return true;
  }
  return false;
}

static void expandReduce(MlirOperation op, Expand *e) {
  Reduction r = {reduceKind(op), tileGetIntAttr(op, "cluster_size", 0),
                 tileGetIntAttr(op, "cluster_stride", 1)};
  if (r.kind < 0 || r.stride < 1)
    return;
  if (redux(op, e, &r))
    return;
  int64_t span = (r.cluster ? r.cluster : 1) * r.stride;
  if (span > e->largest) {
    tileEmitOpError(op,
                    "reduces clusters that span %lld lanes (size times "
                    "stride), but %s subgroups have at most %lld",
                    (long long)span, e->target, (long long)e->largest);
    ++e->errors;
    return;
  }
  MlirValue value = mlirOperationGetOperand(op, 0);
  MlirType type = mlirValueGetType(value);
  if (!tileGpuShufflesWords(tbScalarOf(type))) {
    TileStrBuf text = TILE_STRBUF_INIT;
    tileEmitOpError(op,
                    "reduces %s values, but subgroup shuffles move values of "
                    "at most 64 bits",
                    tileTypeStr(&text, type));
    tileStrBufFree(&text);
    ++e->errors;
    return;
  }
  TileBuilder b = tbBefore(op);
  if (!mlirTypeIsAVector(type)) {
    tbReplaceOp(op, reduceScalar(&b, e, &r, value));
    return;
  }
  MlirValue result = value;
  int64_t lanes = mlirShapedTypeGetDimSize(type, 0);
  for (int64_t i = 0; i < lanes; ++i)
    result = tbVInsert(&b, result, i,
                       reduceScalar(&b, e, &r, tbVExtract(&b, value, i)));
  tbReplaceOp(op, result);
}

/*===--- gpu.all_reduce ---------------------------------------------------===*/

/* A workgroup attribution of `n` elements of `element` added to `func`
 * (after its others; private attributions follow them). */
static MlirValue addWorkgroupBuffer(MlirOperation func, MlirType element,
                                    int64_t n) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirAttribute space =
      mlirAttributeParseGet(ctx, tileRef("#gpu.address_space<workgroup>"));
  MlirType type =
      mlirMemRefTypeGet(element, 1, &n, mlirAttributeGetNull(), space);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirType fnType = mlirTypeAttrGetValue(tileOpGetAttr(func, "function_type"));
  int64_t attributions = tileGetIntAttr(func, "workgroup_attributions", 0);
  intptr_t at = mlirFunctionTypeGetNumInputs(fnType) + attributions;
  MlirValue buffer =
      mlirBlockInsertArgument(entry, at, type, mlirOperationGetLocation(func));
  mlirOperationSetAttributeByName(
      func, tileRef("workgroup_attributions"),
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), attributions + 1));
  return buffer;
}

/* The threads of `func`'s blocks (known_block_size), or 0. */
static int64_t knownThreads(MlirOperation func) {
  MlirAttribute size = tileOpGetAttr(func, "known_block_size");
  if (mlirAttributeIsNull(size) || !mlirAttributeIsADenseI32Array(size))
    return 0;
  int64_t n = 1;
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(size); ++i)
    n *= mlirDenseI32ArrayGetElement(size, i);
  return n;
}

/* Whether a gpu.all_reduce is `uniform`; reports it otherwise (every
 * target's lowering synchronises the block's threads). */
static bool uniformAllReduce(MlirOperation op, Expand *e) {
  if (!mlirAttributeIsNull(tileOpGetAttr(op, "uniform")))
    return true;
  tileEmitOpError(op,
                  "has no lowering on the %s target without `uniform` (every "
                  "thread of the %s must run it: it synchronises them)",
                  e->target, e->vulkan ? "workgroup" : "block");
  ++e->errors;
  return false;
}

/* vulkan: a uniform gpu.all_reduce (which MLIR's SPIR-V conversion does
 * not take) as a tree in a workgroup buffer of one element per thread:
 * each thread writes its value, then, for strides s from the largest power
 * of two below the block's n threads down to 1, thread t < min(s, n - s)
 * combines element t + s into element t, with a barrier after each step;
 * every thread reads element 0, and a last barrier lets the buffer be
 * written again. Right for any block size and any subgroup size. */
static void expandAllReduce(MlirOperation op, Expand *e) {
  int kind = reduceKind(op);
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirType type = mlirValueGetType(x);
  MlirOperation func = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(func) && !tileOpIs(func, "gpu.func"))
    func = mlirOperationGetParentOperation(func);
  int64_t n = mlirOperationIsNull(func) ? 0 : knownThreads(func);
  const char *why = kind < 0 ? "with a combining region (only the kinds of "
                               "its `op` attribute are lowered)"
                    : mlirTypeIsAVector(type) ? "of vectors"
                    : n <= 0 ? "outside a kernel of known block size"
                             : NULL;
  if (why) {
    tileEmitOpError(op, "has no lowering on the %s target %s", e->target, why);
    ++e->errors;
    return;
  }
  MlirValue buffer = addWorkgroupBuffer(func, type, n);
  TileBuilder b = tbBefore(op);
  MlirValue tid = linearThreadId(&b);
  tbStore(&b, x, buffer, 1, &tid);
  tbBarrier(&b);
  int64_t s = 1;
  while (s * 2 < n)
    s *= 2;
  for (; s >= 1 && n > 1; s /= 2) {
    int64_t active = s < n - s ? s : n - s;
    MlirBlock step = tbIf(&b, tbCmpI(&b, "ult", tid, tbConstIndex(&b, active)));
    TileBuilder in = tbAtTerminator(step, b.loc);
    MlirValue other = tbAdd(&in, tid, tbConstIndex(&in, s));
    MlirValue sum = combine(&in, kind, tbLoad(&in, buffer, 1, &tid),
                            tbLoad(&in, buffer, 1, &other));
    tbStore(&in, sum, buffer, 1, &tid);
    tbBarrier(&b);
  }
  MlirValue zero = tbConstIndex(&b, 0);
  MlirValue result = tbLoad(&b, buffer, 1, &zero);
  tbBarrier(&b);
  tbReplaceOp(op, result);
}

/*===--- vulkan shuffle widths --------------------------------------------===*/

static void checkVulkanWidth(MlirOperation shuffle, Expand *e) {
  int64_t width = 0;
  bool known = tileConstantInt(mlirOperationGetOperand(shuffle, 2), &width);
  if (known && width > 0 && width <= e->largest && (width & (width - 1)) == 0)
    return;
  if (!known)
    tileEmitOpError(shuffle,
                    "shuffles within a width the vulkan target cannot read "
                    "at compile time: its lanes must lie in one subgroup, "
                    "whose size the device chooses, so the width must be a "
                    "constant");
  else
    tileEmitOpError(shuffle,
                    "shuffles within %lld lanes: on vulkan the width must be "
                    "a power of two of at most 128 (the largest subgroup)",
                    (long long)width);
  ++e->errors;
}

/*===--- the pass ---------------------------------------------------------===*/

static void run(MlirOperation module, MlirExternalPass pass,
                const TileOptionValue *values) {
  const char *target = values[OptTarget].s, *chip = values[OptChip].s;
  Expand e = {.target = target,
              .cuda = strcmp(target, "cuda") == 0,
              .rocm = strcmp(target, "rocm") == 0,
              .vulkan = strcmp(target, "vulkan") == 0};
  e.largest = e.cuda ? 32 : e.rocm ? 64 : 128;
  if (strncmp(chip, "sm_", 3) == 0)
    e.smVersion = atoi(chip + 3);
  /* gfx10 and later (RDNA) run waves of 32 lanes; gfx9 (CDNA) of 64. */
  if (e.rocm && strncmp(chip, "gfx", 3) == 0 && strlen(chip) >= 7)
    e.largest = 32;
  TileOpList allReduces = {0};
  tileCollectOps(module, "gpu.all_reduce", &allReduces);
  for (size_t i = 0; i < allReduces.count; ++i)
    if (uniformAllReduce(allReduces.ops[i], &e) && e.vulkan)
      expandAllReduce(allReduces.ops[i], &e);
  tileOpListFree(&allReduces);
  TileOpList rotates = {0};
  tileCollectOps(module, "gpu.rotate", &rotates);
  for (size_t i = 0; i < rotates.count; ++i)
    expandRotate(rotates.ops[i]);
  tileOpListFree(&rotates);
  static const char *const names[] = {
      "gpu.shuffle",     "gpu.subgroup_reduce", "gpu.subgroup_size",
      "gpu.subgroup_id", "gpu.num_subgroups",   "gpu.subgroup_broadcast"};
  TileOpList ops[TILE_COUNT(names)] = {{0}};
  for (size_t i = 0; i < TILE_COUNT(names); ++i)
    tileCollectOps(module, names[i], &ops[i]);
  /* The widths first: those of the shuffles the reductions make are the
   * pass's own. */
  for (size_t i = 0; e.vulkan && i < ops[0].count; ++i)
    checkVulkanWidth(ops[0].ops[i], &e);
  for (size_t i = 0; i < ops[1].count; ++i)
    expandReduce(ops[1].ops[i], &e);
  for (size_t i = 0; e.cuda && i < ops[2].count; ++i) {
    TileBuilder b = tbBefore(ops[2].ops[i]);
    tbReplaceOp(ops[2].ops[i], tbConstIndex(&b, 32));
  }
  for (size_t i = 0; !e.vulkan && i < ops[3].count; ++i)
    expandSubgroupId(ops[3].ops[i], &e);
  for (size_t i = 0; !e.vulkan && i < ops[4].count; ++i)
    expandNumSubgroups(ops[4].ops[i], &e);
  for (size_t i = 0; e.cuda && i < ops[5].count; ++i) {
    MlirOperation op = ops[5].ops[i];
    if (tileGpuBroadcastsFromLane(op))
      expandBroadcast(op);
    else if (tileGpuShufflesWords(
                 mlirValueGetType(mlirOperationGetOperand(op, 0))))
      expandFirstActive(op);
  }
  for (size_t i = 0; i < TILE_COUNT(names); ++i)
    tileOpListFree(&ops[i]);
  if (e.errors)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__gpu__,
    mlirGetDialectHandle__llvm__,  mlirGetDialectHandle__math__,
    mlirGetDialectHandle__nvvm__,  mlirGetDialectHandle__scf__,
    mlirGetDialectHandle__vector__};

const TilePassDescriptor tileGpuSubgroupOpsPass = {
    .argument = "tile-gpu-subgroup-ops",
    .name = "TileGpuSubgroupOps",
    .summary = "Lower the gpu subgroup ops the target's conversion lacks "
               "(subgroup_reduce as xor shuffles; subgroup_id, num_subgroups "
               "and subgroup_size on cuda and rocm) and check vulkan shuffle "
               "widths",
    .anchor = "gpu.module",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
