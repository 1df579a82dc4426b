/* tile-cuda-wgmma-ws: on sm_90a, gemm kernels of 128 x (1 + C) threads run
 * warp-specialised: warpgroup 0 issues the TMA loads of A and B into a ring
 * of swizzled stages, the C consumer warpgroups each compute 64 rows of the
 * tile with wgmma, and the two sides hand stages to each other through
 * mbarrier pairs (full: the stage's bytes landed; empty: its consumers are
 * done with it). The accumulators go to shared memory and from there to C
 * with one TMA store, which drops what lies outside C. Kernels whose global
 * rows are not 16-byte aligned at run time take a copy of the original
 * kernel with C warpgroups, which tile-cuda-wgmma and tile-cuda-mma see
 * next. */
#include "cuda/cuda.h"
#include "cuda/extension.h"
#include "cuda/rasterize.h"
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

/* A's K tiles of 32 or 64 elements are 64- or 128-byte rows, loaded with
 * the swizzle of that width; B arrives in boxes of 64 columns (128-byte
 * rows, the 128-byte swizzle) whatever the K tile. wgmma takes K in steps
 * of 16. Each consumer warpgroup owns 64 rows.
 * The producer keeps 40 registers; consumers share the rest of the block's
 * pool (what its threads start with).
 * Blocks are visited in groups of 8 block rows, so that a wave of blocks
 * reuses the same A rows and B columns from L2. */
enum {
  WarpgroupThreads = 128,
  BoxCols = 64,
  StepK = 16,
  ConsumerRows = 64,
  ProducerRegisters = 40,
  MaxConsumerRegisters = 240,
  RegisterFile = 65536,
  GroupRows = 8,
  MaxSharedBytes = 227 * 1024,
  MaxBoxRows = 256, /* cuTensorMapEncodeTiled's bound on a box side */
  Ticks = 10000000,
};

typedef struct {
  TileMmaPlan plan;
  MlirOperation store; /* tile.copy of the accumulator into C */
  int64_t tileK;       /* 32 or 64 */
  int64_t consumers, producerRegisters, consumerRegisters;
  int64_t groupRows; /* block rows per group of the block order */
  int64_t aBytes, stageBytes, regionBytes;
  const char *elem;
  char aMap[200], bMap[200], cMap[200], groupType[120];
} Ws;

static MlirValue idx(TileBuilder *b, int64_t v) { return tbConstIndex(b, v); }

/*===--- which kernels
 * -------------------------------------------------------===*/

/* The single use of the accumulator after the loop: a copy of all of it
 * into a 2-d f32 global memref, the last op of the kernel body. */
static MlirOperation storeAfterLoop(const TileMmaPlan *p) {
  MlirOperation store = mlirOperationGetNextInBlock(p->loop);
  if (mlirOperationIsNull(store) || !tileOpIs(store, "tile.copy") ||
      !mlirValueEqual(mlirOperationGetOperand(store, 0), p->acc))
    return (MlirOperation){NULL};
  MlirOperation next = mlirOperationGetNextInBlock(store);
  if (mlirOperationIsNull(next) ||
      !mlirOperationIsNull(mlirOperationGetNextInBlock(next)))
    return (MlirOperation){NULL};
  MlirType dst = mlirValueGetType(mlirOperationGetOperand(store, 1));
  intptr_t first;
  if (tileMemRefTypeGetScope(dst) != TileScopeGlobal || tileRank(dst) != 2 ||
      !mlirTypeIsAF32(tileElementType(dst)) ||
      tileOperandGroup(store, 3, &first) != 2)
    return (MlirOperation){NULL};
  /* Fill, gemm and this copy are all the accumulator's uses. */
  for (MlirOpOperand use = mlirValueGetFirstUse(p->acc);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (!tileOpIs(user, "tile.fill") &&
        !mlirOperationEqual(user, p->gemms[0]) &&
        !mlirOperationEqual(user, store))
      return (MlirOperation){NULL};
  }
  return store;
}

static void describe(Ws *w) {
  const TileMmaPlan *p = &w->plan;
  w->elem = tileTmaElementName(p->elem);
  snprintf(w->aMap, sizeof(w->aMap),
           "!nvgpu.tensormap.descriptor<tensor = memref<%lldx%lldx%s, 3>, "
           "swizzle = swizzle_%lldb, l2promo = none, oob = zero, "
           "interleave = none>",
           (long long)p->bm, (long long)w->tileK, w->elem,
           (long long)w->tileK * 2);
  snprintf(w->bMap, sizeof(w->bMap),
           "!nvgpu.tensormap.descriptor<tensor = memref<%lldx%dx%s, 3>, "
           "swizzle = swizzle_128b, l2promo = none, oob = zero, "
           "interleave = none>",
           (long long)w->tileK, BoxCols, w->elem);
  snprintf(w->cMap, sizeof(w->cMap),
           "!nvgpu.tensormap.descriptor<tensor = memref<%lldx%lldxf32, 3>, "
           "swizzle = none, l2promo = none, oob = zero, interleave = none>",
           (long long)p->bm, (long long)p->bn);
  snprintf(w->groupType, sizeof(w->groupType),
           "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, "
           "num_barriers = %lld>",
           (long long)p->stages);
}

/* The registers a thread of the kernel starts with: ptxas gives a kernel
 * that calls setmaxnreg under `.maxntid threads` and `.minnctapersm 1` the
 * most the register file allows, in units of 8. The block's pool is that
 * many a thread; setmaxnreg.dec gives to it and setmaxnreg.inc waits until
 * it holds enough, forever when the budgets ask for more than it has. */
static int64_t entryRegisters(int64_t threads) {
  return RegisterFile / threads / 8 * 8;
}

/* What each consumer thread gets of the block's `pool` when the producer
 * keeps `producer` registers a thread: an equal share of the rest, in
 * units of 8, up to MaxConsumerRegisters (or what the threads start with,
 * when that is more: a lone consumer warpgroup). */
static int64_t consumerShare(const Ws *w, int64_t pool, int64_t entry,
                             int64_t producer) {
  int64_t share = (pool - WarpgroupThreads * producer) /
                  (WarpgroupThreads * w->consumers) / 8 * 8;
  int64_t cap = entry > MaxConsumerRegisters ? entry : MaxConsumerRegisters;
  return share < cap ? share : cap;
}

/* The register budgets: `producer` and `consumer` when given (not 0), else
 * the producer keeps ProducerRegisters (or the minimum, 24, when that
 * leaves the consumers too few for their accumulators) and the consumers
 * share the rest of the block's pool; false when they do not hold the
 * consumers' accumulators, do not fit the pool, or do not move registers
 * from the producer to the consumers. */
static bool budgetRegisters(Ws *w, int64_t producer, int64_t consumer,
                            TileStrBuf *why) {
  const TileMmaPlan *p = &w->plan;
  /* tile-cuda-verify keeps stated budgets to counts setmaxnreg takes; the
   * pass run alone on unchecked ops takes its own instead. */
  if (producer < TileCudaMinRegisters || producer > TileCudaMaxRegisters ||
      consumer < TileCudaMinRegisters || consumer > TileCudaMaxRegisters ||
      producer % 8 || consumer % 8)
    producer = consumer = 0;
  int64_t threads = WarpgroupThreads * (1 + w->consumers);
  int64_t entry = entryRegisters(threads), pool = threads * entry;
  /* 64 x bn f32 accumulators per warpgroup: bn / 2 registers a thread,
   * and room for addresses and loop state. */
  int64_t needed = p->bn / 2 + 48;
  if (producer) {
    w->producerRegisters = producer;
    w->consumerRegisters = consumer;
  } else {
    w->producerRegisters = ProducerRegisters;
    w->consumerRegisters = consumerShare(w, pool, entry, ProducerRegisters);
    if (w->consumerRegisters < needed) {
      w->producerRegisters = TileCudaMinRegisters;
      w->consumerRegisters =
          consumerShare(w, pool, entry, TileCudaMinRegisters);
    }
  }
  if (needed > w->consumerRegisters)
    return tileCudaRefuse(why,
                          "its consumers need %lld registers a thread (a "
                          "64x%lld f32 accumulator and 48 for the rest); they "
                          "get %lld",
                          (long long)needed, (long long)p->bn,
                          (long long)w->consumerRegisters);
  if (w->producerRegisters > entry || w->consumerRegisters < entry)
    return tileCudaRefuse(why,
                          "its %lld threads start with %lld registers each; "
                          "the producer's budget (%lld) may not be above "
                          "that, nor the consumers' (%lld) below",
                          (long long)threads, (long long)entry,
                          (long long)w->producerRegisters,
                          (long long)w->consumerRegisters);
  int64_t total = WarpgroupThreads *
                  (w->producerRegisters + w->consumers * w->consumerRegisters);
  if (total > pool)
    return tileCudaRefuse(
        why,
        "128 threads of %lld registers and %lld x 128 of "
        "%lld take %lld registers; a block of %lld threads has %lld (%lld "
        "a thread)",
        (long long)w->producerRegisters, (long long)w->consumers,
        (long long)w->consumerRegisters, (long long)total, (long long)threads,
        (long long)pool, (long long)entry);
  return true;
}

/* The tiles and the pipeline the path takes (the reason in `why` when
 * not). */
static bool tilesFit(const TileMmaPlan *p, TileStrBuf *why) {
  if (!mlirTypeIsAF32(p->accElem))
    return tileCudaRefuse(why, "its operands are i8; the path takes f16 and "
                               "bf16 into f32");
  if (p->transposeB)
    return tileCudaRefuse(why, "B is stored transposed (bn x bk); the path "
                               "loads B as bk x bn");
  if (p->bk != 32 && p->bk != 64)
    return tileCudaRefuse(why,
                          "its K tile is %lld; the path takes 32 or 64 (A's "
                          "rows fill a 64- or 128-byte swizzle span)",
                          (long long)p->bk);
  if (p->bm % ConsumerRows || p->bm > MaxBoxRows)
    return tileCudaRefuse(why,
                          "its %lld rows of C are not a multiple of 64 up to "
                          "256 (each consumer warpgroup computes 64; A and C "
                          "move in TMA boxes of at most 256 rows)",
                          (long long)p->bm);
  if (p->bn % BoxCols || p->bn > 256)
    return tileCudaRefuse(why,
                          "its %lld columns of C are not a multiple of 64 up "
                          "to 256 (wgmma's N)",
                          (long long)p->bn);
  return tileTmaPipelineFits(p, why);
}

static bool fits(MlirOperation kernel, const TileTmaTarget *target,
                 int64_t producer, int64_t consumer, Ws *w, TileStrBuf *why) {
  memset(w, 0, sizeof(*w));
  TileMmaPlan *p = &w->plan;
  if (!tileTmaTargetFits(target, "wgmma, TMA and setmaxnreg", why))
    return false;
  if (!tileCudaPlanGemm(kernel, p, why))
    return false;
  if (!tilesFit(p, why))
    return false;
  w->consumers = p->bm / ConsumerRows;
  if (p->threads != WarpgroupThreads * (1 + w->consumers))
    return tileCudaRefuse(why,
                          "it has %lld threads; the path takes 128 x (1 + "
                          "%lld) = %lld (a producer warpgroup and a consumer "
                          "warpgroup per 64 rows of C)",
                          (long long)p->threads, (long long)w->consumers,
                          (long long)WarpgroupThreads * (1 + w->consumers));
  w->store = storeAfterLoop(p);
  if (mlirOperationIsNull(w->store))
    return tileCudaRefuse(why, "its accumulator is not copied whole into a "
                               "2-d f32 global C as the kernel's last op");
  if (!budgetRegisters(w, producer, consumer, why))
    return false;
  w->tileK = p->bk;
  w->aBytes = p->bm * w->tileK * 2;
  w->stageBytes = w->aBytes + w->tileK * p->bn * 2;
  int64_t epilogue = (WarpgroupThreads / 32 * 16 + p->bm) * p->bn * 4;
  w->regionBytes = p->stages * w->stageBytes;
  if (epilogue > w->regionBytes)
    w->regionBytes = epilogue;
  if (w->regionBytes + 16 * p->stages > MaxSharedBytes)
    return tileCudaRefuse(why,
                          "its stages and mbarriers take %lld bytes of shared "
                          "memory; a block has %d",
                          (long long)(w->regionBytes + 16 * p->stages),
                          MaxSharedBytes);
  describe(w);
  return true;
}

bool tileCudaWgmmaWsFits(MlirOperation kernel, const TileTmaTarget *target,
                         int64_t producer, int64_t consumer, TileStrBuf *why) {
  Ws w;
  return fits(kernel, target, producer, consumer, &w, why);
}

/*===--- the kernel
 * ----------------------------------------------------------===*/

typedef struct {
  Ws *w;
  MlirValue tid, dynamic, full, empty, descA, descB, descC;
} Kernel;

static MlirValue stageBase(TileBuilder *b, const Kernel *k, MlirValue stage) {
  return tbMul(b, stage, idx(b, k->w->stageBytes));
}

/* Iteration number, stage and round of the K loop's `iv`. */
typedef struct {
  MlirValue n, stage, round;
} Step;

static Step stepOf(TileBuilder *b, const TileMmaPlan *p, MlirValue iv) {
  MlirValue lb = mlirOperationGetOperand(p->loop, 0);
  MlirValue step = mlirOperationGetOperand(p->loop, 2);
  Step s;
  s.n = tbDivU(b, tbSub(b, iv, lb), step);
  s.stage = tbRemU(b, s.n, idx(b, p->stages));
  s.round = tbDivU(b, s.n, idx(b, p->stages));
  return s;
}

static MlirValue parityOf(TileBuilder *b, MlirValue round) {
  MlirType i1 = tbI1(b);
  MlirValue bit = tbRemU(b, round, idx(b, 2));
  return tbResult(tbCreate(b, "arith.index_cast", 1, &bit, 1, &i1, 0, NULL));
}

static void waitParity(TileBuilder *b, MlirValue group, MlirValue id,
                       MlirValue parity) {
  MlirValue operands[] = {group, parity, idx(b, Ticks), id};
  tbCreate(b, "nvgpu.mbarrier.try_wait.parity", 4, operands, 0, NULL, 0, NULL);
}

static void setMaxRegisters(TileBuilder *b, const char *action, int64_t count) {
  char text[48];
  snprintf(text, sizeof(text), "#nvvm<action %s>", action);
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "action", tbParseAttr(b, text)),
      tbNamed(b, "regCount",
              mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 32), count)),
  };
  tbCreate(b, "nvvm.setmaxregister", 0, NULL, 0, NULL, 2, attrs);
}

/* bar.sync 1, <consumer threads>: the consumers alone (the producer may have
 * left already). */
static void consumerBarrier(TileBuilder *b, const Ws *w) {
  MlirType i32 = tbI32(b);
  MlirValue operands[] = {tbConstInt(b, i32, 1),
                          tbConstInt(b, i32, WarpgroupThreads * w->consumers)};
  MlirNamedAttribute segments =
      tbNamed(b, "operandSegmentSizes",
              mlirDenseI32ArrayGet(b->ctx, 3, (const int32_t[]){1, 1, 0}));
  tbCreate(b, "nvvm.barrier", 2, operands, 0, NULL, 1, &segments);
}

/* nvgpu.tma.async.load of the box at (row, col) of `desc` into `dst`,
 * completing on full[stage]. Coordinates go innermost first. */
static void tmaLoad(TileBuilder *b, const Kernel *k, MlirValue dst,
                    MlirValue desc, MlirValue row, MlirValue col,
                    MlirValue stage) {
  MlirNamedAttribute segments = tbNamed(
      b, "operandSegmentSizes",
      mlirDenseI32ArrayGet(b->ctx, 7, (const int32_t[]){1, 1, 1, 2, 1, 0, 0}));
  MlirValue operands[] = {dst, k->full, desc, col, row, stage};
  tbCreate(b, "nvgpu.tma.async.load", 6, operands, 0, NULL, 1, &segments);
}

/* Thread 0's loop: for each K tile, wait until its stage is free (from the
 * second round on), expect its bytes on full[stage], issue A and B. */
static void producerLoop(TileBuilder *b, const Kernel *k) {
  const Ws *w = k->w;
  const TileMmaPlan *p = &w->plan;
  TileLoop loop = tbFor(b, mlirOperationGetOperand(p->loop, 0),
                        mlirOperationGetOperand(p->loop, 1),
                        mlirOperationGetOperand(p->loop, 2));
  TileBuilder in = tbAtTerminator(loop.body, b->loc);
  Step s = stepOf(&in, p, loop.iv);
  MlirBlock reused = tbIf(&in, tbCmpI(&in, "ugt", s.round, idx(&in, 0)));
  TileBuilder wait = tbAtTerminator(reused, b->loc);
  waitParity(&wait, k->empty, s.stage,
             parityOf(&wait, tbSub(&wait, s.round, idx(&wait, 1))));
  MlirValue arrive[] = {k->full, idx(&in, w->stageBytes), s.stage};
  tbCreate(&in, "nvgpu.mbarrier.arrive.expect_tx", 3, arrive, 0, NULL, 0, NULL);
  MlirValue offA[2], offB[2];
  tileMmaOffsetsAt(&in, p, loop.iv, offA, offB);
  MlirValue base = stageBase(&in, k, s.stage);
  MlirValue a = tileTmaView(&in, k->dynamic, base, p->bm, w->tileK, w->elem);
  tmaLoad(&in, k, a, k->descA, offA[0], offA[1], s.stage);
  for (int64_t j = 0; j < p->bn / BoxCols; ++j) {
    MlirValue at =
        tbAdd(&in, base, idx(&in, w->aBytes + j * w->tileK * BoxCols * 2));
    MlirValue box =
        tileTmaView(&in, k->dynamic, at, w->tileK, BoxCols, w->elem);
    MlirValue col = tbAdd(&in, offB[1], idx(&in, j * BoxCols));
    tmaLoad(&in, k, box, k->descB, offB[0], col, s.stage);
  }
}

static void producer(TileBuilder *b, const Kernel *k) {
  setMaxRegisters(b, "decrease", k->w->producerRegisters);
  MlirBlock leader = tbIf(b, tbCmpI(b, "eq", k->tid, idx(b, 0)));
  TileBuilder in = tbAtTerminator(leader, b->loc);
  tileTmaFenceAndPrefetchDescriptor(&in, k->descA);
  tileTmaFenceAndPrefetchDescriptor(&in, k->descB);
  producerLoop(&in, k);
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

/* The wgmma descriptor of a K-major tile in the 64-byte swizzle (A with K
 * tiles of 32), which nvgpu.warpgroup.generate.descriptor does not make:
 * start address >> 4 in bits 0-13, the byte offset between 8-row groups
 * (8 rows of 64 bytes) >> 4 in bits 32-45, layout 2 (64-byte swizzle) in
 * bits 62-63; the leading offset is unused for swizzled K-major tiles. It
 * reaches nvgpu.warpgroup.mma through a cast, which lowers to nothing. */
static MlirValue swizzle64Descriptor(TileBuilder *b, MlirValue smem,
                                     int64_t rows, int64_t cols,
                                     const char *elem) {
  enum { LeadingBit = 16, StrideBit = 32, LayoutBit = 62, Swizzle64B = 2 };
  MlirType index = tbIndex(b);
  MlirValue address =
      tbResult(tbCreate(b, "memref.extract_aligned_pointer_as_index", 1, &smem,
                        1, &index, 0, NULL));
  MlirValue start =
      tbBinary(b, "arith.shrui",
               tbBinary(b, "arith.andi", address, idx(b, 0x3FFFF)), idx(b, 4));
  /* Built unsigned: bit 63 is set. */
  uint64_t fixed = (1ULL << LeadingBit) | ((512ULL >> 4) << StrideBit) |
                   ((uint64_t)Swizzle64B << LayoutBit);
  MlirValue desc = tbBinary(b, "arith.ori", start, idx(b, (int64_t)fixed));
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue bits =
      tbResult(tbCreate(b, "arith.index_cast", 1, &desc, 1, &i64, 0, NULL));
  char type[120];
  snprintf(type, sizeof(type),
           "!nvgpu.warpgroup.descriptor<tensor = memref<%lldx%lldx%s, 3>>",
           (long long)rows, (long long)cols, elem);
  MlirType t = tbParseType(b, type);
  return tbResult(tbCreate(b, "builtin.unrealized_conversion_cast", 1, &bits, 1,
                           &t, 0, NULL));
}

/* wgmma on `k` consecutive K steps of 16 starting at step `first` of the
 * stage at `base`, as one nvgpu.warpgroup.mma (one commit group) that waits
 * until at most `inFlight` groups are pending. nvgpu's lowering steps its
 * descriptors correctly through K only for 64-element K tiles: other tiles
 * take one op per step, each on views that start at its step. */
static MlirValue mmaSteps(TileBuilder *b, const Kernel *k, MlirValue base,
                          MlirValue consumer, int64_t first, int64_t steps,
                          int64_t inFlight, MlirValue acc, MlirType accType) {
  const Ws *w = k->w;
  const TileMmaPlan *p = &w->plan;
  /* A: 64 rows of this consumer, K-major, first * 32 bytes into each row;
   * B: first * 16 rows down, rows of 128 bytes in each 64-column block. */
  MlirValue rows = tbMul(b, consumer, idx(b, ConsumerRows * w->tileK * 2));
  MlirValue aAt = tbAdd(b, tbAdd(b, base, rows), idx(b, first * StepK * 2));
  MlirValue bAt = tbAdd(b, base, idx(b, w->aBytes + first * StepK * 128));
  int64_t k0 = steps * StepK;
  MlirValue a = tileTmaView(b, k->dynamic, aAt, ConsumerRows, k0, w->elem);
  MlirValue bv = tileTmaView(b, k->dynamic, bAt, k0, p->bn, w->elem);
  MlirValue descA =
      w->tileK == 64
          ? warpgroupDescriptor(b, a, k->descA, ConsumerRows, k0, w->elem)
          : swizzle64Descriptor(b, a, ConsumerRows, k0, w->elem);
  MlirValue mma[] = {
      descA, warpgroupDescriptor(b, bv, k->descB, k0, p->bn, w->elem), acc};
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "transposeB", mlirUnitAttrGet(b->ctx)),
      tbNamed(b, "waitGroup", tbI64Attr(b, inFlight)),
  };
  return tbResult(
      tbCreate(b, "nvgpu.warpgroup.mma", 3, mma, 1, &accType, 2, attrs));
}

/* One K tile of one consumer: wait for its bytes, start its wgmma groups,
 * wait until only they are in flight, then free the previous tile's stage
 * (its groups are the ones that just completed). */
static MlirValue consumeTile(TileBuilder *b, const Kernel *k, MlirValue iv,
                             MlirValue consumer, MlirValue acc,
                             MlirType accType) {
  const Ws *w = k->w;
  const TileMmaPlan *p = &w->plan;
  Step s = stepOf(b, p, iv);
  waitParity(b, k->full, s.stage, parityOf(b, s.round));
  MlirValue base = stageBase(b, k, s.stage);
  if (w->tileK == 64) {
    acc = mmaSteps(b, k, base, consumer, 0, 4, 1, acc, accType);
  } else {
    int64_t groups = w->tileK / StepK;
    for (int64_t g = 0; g < groups; ++g)
      acc = mmaSteps(b, k, base, consumer, g, 1,
                     g + 1 == groups ? groups : groups + 1, acc, accType);
  }
  MlirBlock release = tbIf(b, tbCmpI(b, "ugt", s.n, idx(b, 0)));
  TileBuilder in = tbAtTerminator(release, b->loc);
  MlirValue previous = tbRemU(&in, tbAdd(&in, s.n, idx(&in, p->stages - 1)),
                              idx(&in, p->stages));
  MlirType token = tbParseType(&in, "!nvgpu.mbarrier.token");
  MlirValue arrive[] = {k->empty, previous};
  tbCreate(&in, "nvgpu.mbarrier.arrive", 2, arrive, 1, &token, 0, NULL);
  return acc;
}

/* The accumulators through shared memory (the stages are free once every
 * consumer is past its last wgmma) to C, by one TMA store.
 * nvgpu.warpgroup.mma.store puts a thread's values at row 16 x (thread id
 * / 32) + ... of its destination, with the block's thread id, not the one
 * within the warpgroup, and wants a destination of the accumulator's
 * 64 x bn shape: every consumer passes the 64 x bn view at byte 0, and
 * consumer c's rows land 64 x (c + 1) rows into it, past the rows that
 * would be the producer warpgroup's; C is stored from there. */
static void storeTile(TileBuilder *b, const Kernel *k, MlirValue acc) {
  const Ws *w = k->w;
  const TileMmaPlan *p = &w->plan;
  MlirNamedAttribute group = tbNamed(
      b, "group", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 0));
  tbCreate(b, "nvvm.wgmma.wait.group.sync.aligned", 0, NULL, 0, NULL, 1,
           &group);
  consumerBarrier(b, w);
  int64_t skipped = WarpgroupThreads / 32 * 16;
  MlirValue all =
      tileTmaView(b, k->dynamic, idx(b, 0), ConsumerRows, p->bn, "f32");
  MlirValue store[] = {acc, all};
  tbCreate(b, "nvgpu.warpgroup.mma.store", 2, store, 0, NULL, 0, NULL);
  tileTmaFenceToAsyncProxy(b);
  consumerBarrier(b, w);
  MlirBlock issuer = tbIf(b, tbCmpI(b, "eq", k->tid, idx(b, WarpgroupThreads)));
  TileBuilder in = tbAtTerminator(issuer, b->loc);
  tileTmaFenceDescriptor(&in, k->descC);
  MlirValue whole = tileTmaView(&in, k->dynamic, idx(&in, skipped * p->bn * 4),
                                p->bm, p->bn, "f32");
  intptr_t first;
  tileOperandGroup(w->store, 3, &first);
  MlirValue operands[] = {whole, k->descC,
                          mlirOperationGetOperand(w->store, first + 1),
                          mlirOperationGetOperand(w->store, first)};
  MlirNamedAttribute segments =
      tbNamed(&in, "operandSegmentSizes",
              mlirDenseI32ArrayGet(in.ctx, 4, (const int32_t[]){1, 1, 2, 0}));
  tbCreate(&in, "nvgpu.tma.async.store", 4, operands, 0, NULL, 1, &segments);
  tbCreate(&in, "nvvm.cp.async.bulk.commit.group", 0, NULL, 0, NULL, 0, NULL);
  /* The shared memory must outlive the store's reads of it. */
  MlirNamedAttribute wait[] = {
      tbNamed(&in, "group",
              mlirIntegerAttrGet(mlirIntegerTypeGet(in.ctx, 32), 0)),
      tbNamed(&in, "read", mlirUnitAttrGet(in.ctx)),
  };
  tbCreate(&in, "nvvm.cp.async.bulk.wait_group", 0, NULL, 0, NULL, 2, wait);
}

static void consumer(TileBuilder *b, const Kernel *k, MlirValue wg) {
  const Ws *w = k->w;
  const TileMmaPlan *p = &w->plan;
  setMaxRegisters(b, "increase", w->consumerRegisters);
  MlirValue c = tbSub(b, wg, idx(b, 1));
  char text[96];
  snprintf(text, sizeof(text),
           "!nvgpu.warpgroup.accumulator<fragmented = vector<%dx%lldxf32>>",
           ConsumerRows, (long long)p->bn);
  MlirType accType = tbParseType(b, text);
  MlirValue init = tbResult(tbCreate(b, "nvgpu.warpgroup.mma.init.accumulator",
                                     0, NULL, 1, &accType, 0, NULL));
  MlirValue operands[] = {mlirOperationGetOperand(p->loop, 0),
                          mlirOperationGetOperand(p->loop, 1),
                          mlirOperationGetOperand(p->loop, 2), init};
  MlirOperation loop =
      tbCreateWithRegions(b, "scf.for", 4, operands, 1, &accType, 0, NULL, 1);
  MlirType argTypes[] = {tbIndex(b), accType};
  MlirLocation locs[] = {b->loc, b->loc};
  MlirBlock body = mlirBlockCreate(2, argTypes, locs);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(loop, 0), body);
  TileBuilder in = tbAtEnd(body, b->loc);
  MlirValue next = consumeTile(&in, k, mlirBlockGetArgument(body, 0), c,
                               mlirBlockGetArgument(body, 1), accType);
  tbCreate(&in, "scf.yield", 1, &next, 0, NULL, 0, NULL);
  storeTile(b, k, tbResult(loop));
}

/*===--- putting it together
 * -------------------------------------------------===*/

static void createBarriers(TileBuilder *b, Kernel *k) {
  const Ws *w = k->w;
  MlirType groupType = tbParseType(b, w->groupType);
  k->full = tbResult(
      tbCreate(b, "nvgpu.mbarrier.create", 0, NULL, 1, &groupType, 0, NULL));
  k->empty = tbResult(
      tbCreate(b, "nvgpu.mbarrier.create", 0, NULL, 1, &groupType, 0, NULL));
  MlirBlock init = tbIf(b, tbCmpI(b, "eq", k->tid, idx(b, 0)));
  TileBuilder in = tbAtTerminator(init, b->loc);
  for (int64_t s = 0; s < w->plan.stages; ++s) {
    MlirValue full[] = {k->full, idx(&in, 1), idx(&in, s)};
    tbCreate(&in, "nvgpu.mbarrier.init", 3, full, 0, NULL, 0, NULL);
    MlirValue empty[] = {k->empty, idx(&in, WarpgroupThreads * w->consumers),
                         idx(&in, s)};
    tbCreate(&in, "nvgpu.mbarrier.init", 3, empty, 0, NULL, 0, NULL);
  }
  tileTmaFenceToAsyncProxy(&in);
  tbCreate(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
}

/* Host: descriptors of A, B and C where every row is 16-byte aligned; a
 * copy of the kernel with the consumers' threads only elsewhere. */
static void splitOnAlignment(Ws *w, Kernel *k) {
  const TileMmaPlan *p = &w->plan;
  MlirOperation kernel = p->kernel;
  TileBuilder host = tbBefore(kernel);
  MlirValue globals[] = {mlirOperationGetOperand(p->copyA, 0),
                         mlirOperationGetOperand(p->copyB, 0),
                         mlirOperationGetOperand(w->store, 1)};
  MlirBlock thenBlock, elseBlock;
  tbIfElse(&host, tileTmaRowsAligned(&host, globals, 3), &thenBlock,
           &elseBlock);
  MlirOperation fallback = mlirOperationClone(kernel);
  mlirOperationSetDiscardableAttributeByName(
      fallback, tileRef("tile.threads"),
      tbI64Attr(&host, WarpgroupThreads * w->consumers));
  mlirBlockInsertOwnedOperationBefore(
      elseBlock, mlirBlockGetTerminator(elseBlock), fallback);
  mlirOperationMoveBefore(kernel, mlirBlockGetTerminator(thenBlock));
  TileBuilder then = tbBefore(kernel);
  k->descA = tileTmaDescriptor(&then, globals[0], p->bm, w->tileK, w->aMap);
  k->descB = tileTmaDescriptor(&then, globals[1], w->tileK, BoxCols, w->bMap);
  k->descC = tileTmaDescriptor(&then, globals[2], p->bm, p->bn, w->cMap);
  mlirOperationSetDiscardableAttributeByName(
      kernel, tileRef("tile.dynamic_shared_bytes"),
      tbI64Attr(&then, w->regionBytes));
}

static void lowerKernel(Ws *w) {
  TileMmaPlan *p = &w->plan;
  MlirOperation kernel = p->kernel;
  Kernel k = {w, {NULL}, {NULL}, {NULL}, {NULL}, {NULL}, {NULL}, {NULL}};
  splitOnAlignment(w, &k);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(body));
  tileCudaRasterise(&b, kernel, w->groupRows);
  MlirType index = tbIndex(&b);
  MlirNamedAttribute x =
      tbNamed(&b, "dimension", tbParseAttr(&b, "#gpu<dim x>"));
  k.tid = tbResult(tbCreate(&b, "gpu.thread_id", 0, NULL, 1, &index, 1, &x));
  MlirType dynType =
      tbParseType(&b, "memref<?xi8, #gpu.address_space<workgroup>>");
  k.dynamic = tbResult(
      tbCreate(&b, "gpu.dynamic_shared_memory", 0, NULL, 1, &dynType, 0, NULL));
  createBarriers(&b, &k);

  /* The K loop and the store become the two roles. */
  TileBuilder at = tbBefore(p->loop);
  MlirValue wg = tbDivU(&at, k.tid, idx(&at, WarpgroupThreads));
  MlirBlock producerBlock, consumerBlock;
  tbIfElse(&at, tbCmpI(&at, "eq", wg, idx(&at, 0)), &producerBlock,
           &consumerBlock);
  TileBuilder pb = tbAtTerminator(producerBlock, at.loc);
  producer(&pb, &k);
  TileBuilder cb = tbAtTerminator(consumerBlock, at.loc);
  consumer(&cb, &k, wg);

  mlirOperationDestroy(w->store);
  mlirOperationDestroy(p->loop);
  TileOpList fills = {0};
  for (MlirOpOperand use = mlirValueGetFirstUse(p->acc);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    tileOpListAppend(&fills, mlirOpOperandGetOwner(use));
  for (size_t i = 0; i < fills.count; ++i)
    mlirOperationDestroy(fills.ops[i]);
  tileOpListFree(&fills);
  MlirValue olds[] = {p->a, p->b, p->acc};
  for (int i = 0; i < 3; ++i)
    mlirOperationDestroy(mlirOpResultGetOwner(olds[i]));
}

/* A kernel with tile_cuda ops takes the path when tile-cuda-path chose it
 * (and checked that it fits), with the stated register budgets. */
static unsigned lowerIfEligible(MlirOperation kernel, void *userData) {
  const TileTmaTarget *target = userData;
  TileCudaChoices c;
  if (tileCudaReadChoices(kernel, &c) && c.pathValue != TileCudaPathWgmmaWs)
    return 0;
  Ws w;
  if (fits(kernel, target, c.producerRegisters, c.consumerRegisters, &w,
           NULL)) {
    w.groupRows = mlirOperationIsNull(c.rasterize) ? GroupRows : c.groupRows;
    /* Before the copy for unaligned rows is made: the copy has none. */
    tileCudaEraseChoices(&c);
    lowerKernel(&w);
  }
  return 0;
}

enum { OptChip, OptFeatures };

static const TilePassOption options[] = {
    [OptChip] = {"chip", TileOptionString, "sm_90a",
                 "the CUDA chip; the pass acts on sm_90a only (wgmma and "
                 "setmaxnreg need its architecture-specific features)",
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

const TilePassDescriptor tileCudaWgmmaWsPass = {
    .argument = "tile-cuda-wgmma-ws",
    .name = "TileCudaWgmmaWs",
    .summary = "On sm_90a, run gemm kernels of 128 x (1 + C) threads "
               "warp-specialised: a TMA producer warpgroup, C wgmma consumer "
               "warpgroups, mbarrier full/empty stages, a TMA store",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
