/* tile-cuda-wgmma: on sm_90a, runs eligible gemm kernels with TMA loads
 * (cp.async.bulk.tensor) into swizzled shared memory, mbarrier-tracked
 * stages and warpgroup MMA (wgmma.mma_async). Kernels whose global rows are
 * not 16-byte aligned at run time take the original kernel instead, which
 * tile-cuda-mma lowers next. */
#include "cuda/cuda.h"
#include "cuda/extension.h"
#include "cuda/tma.h"

#include "ir/ir.h"
#include "passes/pass.h"
#include "tile/dialect.h"

#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/NVGPU.h"
#include "mlir-c/Dialect/NVVM.h"
#include "mlir-c/Dialect/SCF.h"

#include <stdio.h>
#include <string.h>

/* The one configuration this path knows to be right: a warpgroup of 128
 * threads computing a 128x128 tile from 128x64 A and 64x128 B stages, each
 * row 128 bytes (swizzle_128b), as in upstream MLIR's sm_90 gemm tests. */
enum { BM = 128, BN = 128, BK = 64, Threads = 128 };
enum { StageBytes = (BM * BK + BK * BN) * 2, AccBytes = BM * BN * 4 };

static MlirValue idx(TileBuilder *b, int64_t v) { return tbConstIndex(b, v); }

typedef struct {
  TileMmaPlan plan;
  const char *elem; /* "f16" or "bf16" */
  char lhsType[200], rhsType[200], barrierType[120];
} Wgmma;

/* Whether the path takes the kernel (the reason in `why` when not). */
static bool fits(MlirOperation kernel, const TileTmaTarget *target,
                 TileMmaPlan *p, TileStrBuf *why) {
  if (!tileTmaTargetFits(target, "wgmma and TMA", why))
    return false;
  if (!tileCudaPlanGemm(kernel, p, why))
    return false;
  if (p->transposeB)
    return tileCudaRefuse(why, "B is stored transposed (bn x bk); the path "
                               "loads B as bk x bn");
  if (p->threads != Threads || p->bm != BM || p->bn != BN || p->bk != BK)
    return tileCudaRefuse(why,
                          "the path takes %dx%dx%d tiles and %d threads; the "
                          "kernel has %lldx%lldx%lld and %lld",
                          BM, BN, BK, Threads, (long long)p->bm,
                          (long long)p->bn, (long long)p->bk,
                          (long long)p->threads);
  /* This path owns the kernel's shared memory (dynamic, 1024-aligned for
   * the swizzle): no other shared tile may live beside A and B. */
  if (!tileTmaPipelineFits(p, why))
    return false;
  /* The rest of the mma.sync plan's conditions (f32 accumulator, uses it
   * can rewrite) hold for this path too. */
  return tileMmaPlanKernel(kernel, p, why);
}

bool tileCudaWgmmaFits(MlirOperation kernel, const TileTmaTarget *target,
                       TileStrBuf *why) {
  TileMmaPlan plan;
  return fits(kernel, target, &plan, why);
}

static bool eligible(MlirOperation kernel, const TileTmaTarget *target,
                     Wgmma *w) {
  TileMmaPlan *p = &w->plan;
  if (!fits(kernel, target, p, NULL))
    return false;
  w->elem = tileTmaElementName(p->elem);
  snprintf(w->lhsType, sizeof(w->lhsType),
           "!nvgpu.tensormap.descriptor<tensor = memref<%dx%dx%s, 3>, "
           "swizzle = swizzle_128b, l2promo = none, oob = zero, "
           "interleave = none>",
           BM, BK, w->elem);
  snprintf(w->rhsType, sizeof(w->rhsType),
           "!nvgpu.tensormap.descriptor<tensor = memref<%dx64x%s, 3>, "
           "swizzle = swizzle_128b, l2promo = none, oob = zero, "
           "interleave = none>",
           BK, w->elem);
  snprintf(w->barrierType, sizeof(w->barrierType),
           "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, "
           "num_barriers = %lld>",
           (long long)p->stages);
  return true;
}

/*===--- host side
 * ----------------------------------------------------------===*/

/*===--- kernel side
 * --------------------------------------------------------===*/

typedef struct {
  Wgmma *w;
  MlirValue tid, isLeader, dynamic, barriers, descA, descB;
} Kernel;

/* A rows x cols view of dynamic shared memory at byte `offset`. */
static MlirValue view(TileBuilder *b, const Kernel *k, MlirValue offset,
                      int64_t rows, int64_t cols, const char *elem) {
  return tileTmaView(b, k->dynamic, offset, rows, cols, elem);
}

static MlirValue stageBase(TileBuilder *b, MlirValue stage) {
  return tbMul(b, stage, idx(b, StageBytes));
}

/* Thread 0 issues the TMA loads of one tile into `stage`: A at (m0, k0),
 * B as two 64-column halves at (k0, n0) and (k0, n0 + 64). */
static void issueTile(TileBuilder *b, const Kernel *k, MlirValue stage,
                      const MlirValue offA[2], const MlirValue offB[2]) {
  const Wgmma *w = k->w;
  MlirValue bytes = idx(b, StageBytes);
  MlirValue arrive[] = {k->barriers, bytes, stage};
  tbCreate(b, "nvgpu.mbarrier.arrive.expect_tx", 3, arrive, 0, NULL, 0, NULL);
  MlirValue base = stageBase(b, stage);
  MlirValue a = view(b, k, base, BM, BK, w->elem);
  MlirValue b0 =
      view(b, k, tbAdd(b, base, idx(b, BM * BK * 2)), BK, 64, w->elem);
  MlirValue b1 = view(b, k, tbAdd(b, base, idx(b, BM * BK * 2 + BK * 64 * 2)),
                      BK, 64, w->elem);
  MlirNamedAttribute segments[] = {
      tbNamed(b, "operandSegmentSizes",
              mlirDenseI32ArrayGet(b->ctx, 7,
                                   (const int32_t[]){1, 1, 1, 2, 1, 0, 0})),
  };
  /* Coordinates go innermost first: (column, row). */
  MlirValue loadA[] = {a, k->barriers, k->descA, offA[1], offA[0], stage};
  MlirValue n1 = tbAdd(b, offB[1], idx(b, 64));
  MlirValue loadB0[] = {b0, k->barriers, k->descB, offB[1], offB[0], stage};
  MlirValue loadB1[] = {b1, k->barriers, k->descB, n1, offB[0], stage};
  MlirValue *loads[] = {loadA, loadB0, loadB1};
  for (int i = 0; i < 3; ++i) {
    /* nvgpu.tma.async.load %desc[%c0, %c1], %barriers[%stage] to %dst:
     * operands dst, barriers, descriptor, coordinates, barrier id. */
    MlirValue operands[] = {loads[i][0], loads[i][1], loads[i][2],
                            loads[i][3], loads[i][4], loads[i][5]};
    tbCreate(b, "nvgpu.tma.async.load", 6, operands, 0, NULL, 1, segments);
  }
}

/* Issues the tile of iteration `iv` into `stage` when that iteration
 * exists, on thread 0. */
static void issueIfExists(TileBuilder *b, const Kernel *k, MlirValue iv,
                          MlirValue ub, MlirValue stage) {
  MlirValue exists = tbAnd(b, k->isLeader, tbCmpI(b, "slt", iv, ub));
  MlirBlock then = tbIf(b, exists);
  TileBuilder in = tbAtTerminator(then, b->loc);
  MlirValue offA[2], offB[2];
  tileMmaOffsetsAt(&in, &k->w->plan, iv, offA, offB);
  issueTile(&in, k, stage, offA, offB);
}

static MlirValue warpgroupDescriptor(TileBuilder *b, MlirValue smem,
                                     MlirValue tma, int64_t rows, int64_t cols,
                                     const char *elem) {
  char type[120];
  snprintf(type, sizeof(type),
           "!nvgpu.warpgroup.descriptor<tensor = memref<%lldx%lldx%s, 3>>",
           (long long)rows, (long long)cols, elem);
  MlirValue operands[] = {smem, tma};
  MlirType t = tbParseType(b, type);
  return tbResult(tbCreate(b, "nvgpu.warpgroup.generate.descriptor", 2,
                           operands, 1, &t, 0, NULL));
}

/* The K loop with the warpgroup accumulator carried as an iter_arg. */
static void rewriteLoop(Kernel *k, MlirValue accShared) {
  Wgmma *w = k->w;
  TileMmaPlan *p = &w->plan;
  MlirOperation loop = p->loop;
  MlirValue lb = mlirOperationGetOperand(loop, 0);
  MlirValue ub = mlirOperationGetOperand(loop, 1);
  MlirValue step = mlirOperationGetOperand(loop, 2);
  int64_t s = p->stages;
  TileBuilder b = tbBefore(loop);
  /* Prologue: tiles 0 .. S-2 in flight. */
  for (int64_t i = 0; i + 1 < s; ++i) {
    MlirValue iv = tbAdd(&b, lb, tbMul(&b, step, idx(&b, i)));
    issueIfExists(&b, k, iv, ub, idx(&b, i));
  }
  char accText[96];
  snprintf(accText, sizeof(accText),
           "!nvgpu.warpgroup.accumulator<fragmented = vector<%dx%dxf32>>", BM,
           BN);
  MlirType accType = tbParseType(&b, accText);
  MlirValue init = tbResult(tbCreate(&b, "nvgpu.warpgroup.mma.init.accumulator",
                                     0, NULL, 1, &accType, 0, NULL));
  MlirValue operands[] = {lb, ub, step, init};
  MlirOperation newLoop =
      tbCreateWithRegions(&b, "scf.for", 4, operands, 1, &accType, 0, NULL, 1);
  MlirType argTypes[] = {tbIndex(&b), accType};
  MlirLocation locs[] = {b.loc, b.loc};
  MlirBlock body = mlirBlockCreate(2, argTypes, locs);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(newLoop, 0), body);
  TileBuilder in = tbAtEnd(body, b.loc);
  MlirValue iv = mlirBlockGetArgument(body, 0);
  MlirValue n = tbDivU(&in, tbSub(&in, iv, lb), step);
  MlirValue stage = tbRemU(&in, n, idx(&in, s));
  MlirValue phase = tbRemU(&in, tbDivU(&in, n, idx(&in, s)), idx(&in, 2));
  MlirType i1 = tbI1(&in);
  MlirValue parity =
      tbResult(tbCreate(&in, "arith.index_cast", 1, &phase, 1, &i1, 0, NULL));
  MlirValue wait[] = {k->barriers, parity, idx(&in, 10000000), stage};
  tbCreate(&in, "nvgpu.mbarrier.try_wait.parity", 4, wait, 0, NULL, 0, NULL);
  MlirValue base = stageBase(&in, stage);
  MlirValue aView = view(&in, k, base, BM, BK, w->elem);
  MlirValue bView =
      view(&in, k, tbAdd(&in, base, idx(&in, BM * BK * 2)), BK, BN, w->elem);
  MlirValue dA = warpgroupDescriptor(&in, aView, k->descA, BM, BK, w->elem);
  MlirValue dB = warpgroupDescriptor(&in, bView, k->descB, BK, BN, w->elem);
  MlirValue mma[] = {dA, dB, mlirBlockGetArgument(body, 1)};
  MlirNamedAttribute transposeB =
      tbNamed(&in, "transposeB", mlirUnitAttrGet(in.ctx));
  MlirValue acc = tbResult(tbCreate(&in, "nvgpu.warpgroup.mma", 3, mma, 1,
                                    &accType, 1, &transposeB));
  /* The stage is read by wgmma asynchronously: finish before refilling. */
  MlirNamedAttribute group = tbNamed(
      &in, "group", mlirIntegerAttrGet(mlirIntegerTypeGet(in.ctx, 64), 0));
  tbCreate(&in, "nvvm.wgmma.wait.group.sync.aligned", 0, NULL, 0, NULL, 1,
           &group);
  tbCreate(&in, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  MlirValue ahead = tbAdd(&in, iv, tbMul(&in, step, idx(&in, s - 1)));
  MlirValue aheadStage =
      tbRemU(&in, tbAdd(&in, n, idx(&in, s - 1)), idx(&in, s));
  issueIfExists(&in, k, ahead, ub, aheadStage);
  tbCreate(&in, "scf.yield", 1, &acc, 0, NULL, 0, NULL);
  /* The result goes to shared memory, where the rest of the kernel reads
   * the accumulator as a shared tile. */
  TileBuilder after = tbAfter(newLoop);
  MlirValue store[] = {tbResult(newLoop), accShared};
  tbCreate(&after, "nvgpu.warpgroup.mma.store", 2, store, 0, NULL, 0, NULL);
  tbCreate(&after, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
}

static void lowerKernel(Wgmma *w, MlirOperation kernel) {
  TileMmaPlan *p = &w->plan;
  /* Host: descriptors, and the aligned/unaligned choice. */
  TileBuilder host = tbBefore(kernel);
  MlirValue globalA = mlirOperationGetOperand(p->copyA, 0);
  MlirValue globalB = mlirOperationGetOperand(p->copyB, 0);
  MlirBlock thenBlock, elseBlock;
  MlirValue globals[] = {globalA, globalB};
  tbIfElse(&host, tileTmaRowsAligned(&host, globals, 2), &thenBlock,
           &elseBlock);
  MlirOperation fallback = mlirOperationClone(kernel);
  mlirBlockInsertOwnedOperationBefore(
      elseBlock, mlirBlockGetTerminator(elseBlock), fallback);
  mlirOperationMoveBefore(kernel, mlirBlockGetTerminator(thenBlock));
  TileBuilder then = tbBefore(kernel);
  Kernel k = {w, {NULL}, {NULL}, {NULL}, {NULL}, {NULL}, {NULL}};
  k.descA = tileTmaDescriptor(&then, globalA, BM, BK, w->lhsType);
  k.descB = tileTmaDescriptor(&then, globalB, BK, 64, w->rhsType);
  int64_t bytes = p->stages * StageBytes + AccBytes;
  mlirOperationSetDiscardableAttributeByName(
      kernel, tileRef("tile.dynamic_shared_bytes"), tbI64Attr(&then, bytes));

  /* Kernel entry: thread 0 leads; barriers initialised before any use. */
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(body));
  MlirType index = tbIndex(&b);
  MlirNamedAttribute x =
      tbNamed(&b, "dimension", tbParseAttr(&b, "#gpu<dim x>"));
  k.tid = tbResult(tbCreate(&b, "gpu.thread_id", 0, NULL, 1, &index, 1, &x));
  k.isLeader = tbCmpI(&b, "eq", k.tid, idx(&b, 0));
  MlirType dynType =
      tbParseType(&b, "memref<?xi8, #gpu.address_space<workgroup>>");
  k.dynamic = tbResult(
      tbCreate(&b, "gpu.dynamic_shared_memory", 0, NULL, 1, &dynType, 0, NULL));
  MlirType barrierType = tbParseType(&b, w->barrierType);
  k.barriers = tbResult(
      tbCreate(&b, "nvgpu.mbarrier.create", 0, NULL, 1, &barrierType, 0, NULL));
  MlirBlock init = tbIf(&b, k.isLeader);
  TileBuilder inInit = tbAtTerminator(init, b.loc);
  for (int64_t s = 0; s < p->stages; ++s) {
    MlirValue operands[] = {k.barriers, idx(&inInit, 1), idx(&inInit, s)};
    tbCreate(&inInit, "nvgpu.mbarrier.init", 3, operands, 0, NULL, 0, NULL);
  }
  /* The leader issues every TMA load, on barriers it has just made. */
  tileTmaFenceToAsyncProxy(&inInit);
  tileTmaFenceAndPrefetchDescriptor(&inInit, k.descA);
  tileTmaFenceAndPrefetchDescriptor(&inInit, k.descB);
  tbCreate(&b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  MlirValue accShared =
      view(&b, &k, idx(&b, p->stages * StageBytes), BM, BN, "f32");

  rewriteLoop(&k, accShared);
  /* Uses of the accumulator after the loop read the shared copy. */
  MlirOperation fills[8];
  unsigned numFills = 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(p->acc);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (tileOpIs(mlirOpOperandGetOwner(use), "tile.fill") && numFills < 8)
      fills[numFills++] = mlirOpOperandGetOwner(use);
  for (unsigned i = 0; i < numFills; ++i)
    mlirOperationDestroy(fills[i]);
  mlirOperationDestroy(p->loop);
  mlirValueReplaceAllUsesOfWith(p->acc, accShared);
  MlirValue olds[] = {p->a, p->b, p->acc};
  for (int i = 0; i < 3; ++i)
    mlirOperationDestroy(mlirOpResultGetOwner(olds[i]));
}

static unsigned lowerIfEligible(MlirOperation kernel, void *userData) {
  const TileTmaTarget *target = userData;
  /* tile-cuda-path has checked that a kernel that states this path fits. */
  TileCudaChoices choices;
  if (tileCudaReadChoices(kernel, &choices) &&
      choices.pathValue != TileCudaPathWgmma)
    return 0;
  Wgmma w;
  if (eligible(kernel, target, &w)) {
    tileCudaEraseChoices(&choices);
    lowerKernel(&w, kernel);
  }
  return 0;
}

enum { OptChip, OptFeatures };

static const TilePassOption options[] = {
    [OptChip] = {"chip", TileOptionString, "sm_90a",
                 "the CUDA chip; the pass acts on sm_90a only (wgmma and TMA "
                 "need its architecture-specific features)",
                 NULL, tileCudaCheckChip},
    [OptFeatures] = {"features", TileOptionString, "+ptx83",
                     "the target's PTX ISA version (+ptxNN); the pass acts "
                     "from +ptx83 on (its descriptor fences)",
                     NULL, tileCudaCheckFeatures},
};

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  TileTmaTarget target =
      tileTmaTargetOf(values[OptChip].s, values[OptFeatures].s);
  if (tileForEachKernel(op, lowerIfEligible, &target))
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__gpu__, mlirGetDialectHandle__nvgpu__,
    mlirGetDialectHandle__nvvm__, mlirGetDialectHandle__scf__};

const TilePassDescriptor tileCudaWgmmaPass = {
    .argument = "tile-cuda-wgmma",
    .name = "TileCudaWgmma",
    .summary = "On sm_90a, run eligible gemm kernels with TMA loads, mbarrier "
               "stages and warpgroup MMA (others are left to tile-cuda-mma)",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
