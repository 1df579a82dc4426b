/* tile-rocm-matrix: runs the gemm of eligible kernels on AMDGPU matrix
 * cores (amdgpu.mfma on CDNA, amdgpu.wmma on RDNA3/4); other kernels and
 * every other tile op are left to the SIMT lowering. A kernel's tile_rocm
 * ops (rocm/extension.h) fix the instruction shape and the LDS padding:
 * obeyed and erased, or refused at the op with the reason. */
#include "rocm/matrix.h"

#include "gpu/layout.h"
#include "gpu/limits.h"
#include "ir/builder_gpu.h"
#include "ir/choices.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "rocm/extension.h"
#include "rocm/rocm.h"
#include "support/count.h"
#include "tile/dialect.h"

#include "mlir-c/Dialect/AMDGPU.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdint.h>
#include <stdio.h>

/* A shared tile of rows x (cols + pad) elements of `like`'s type, where
 * `like`'s tile.alloc was. */
static MlirValue paddedTile(MlirValue like, int64_t rows, int64_t cols,
                            int64_t pad) {
  MlirOperation old = mlirOpResultGetOwner(like);
  TileBuilder b = tbBefore(old);
  MlirType type = mlirValueGetType(like);
  MlirType padded = mlirMemRefTypeGet(
      tileElementType(type), 2, (const int64_t[]){rows, cols + pad},
      mlirAttributeGetNull(), mlirMemRefTypeGetMemorySpace(type));
  return tbResult(tbCreate(&b, "tile.alloc", 0, NULL, 1, &padded, 0, NULL));
}

/* The LDS bytes of the kernel's shared tiles with A's and B's rows padded
 * by `pad` elements of `elemBytes` each; INT64_MAX when that overflows. A
 * kernel that fits unpadded keeps fitting. */
static int64_t paddedBytes(const TileRocmMatrixPlan *p, int64_t pad,
                           int64_t elemBytes) {
  const TileMmaPlan *q = &p->base;
  int64_t extra;
  if (__builtin_mul_overflow(q->bm + q->bn, pad, &extra) ||
      __builtin_mul_overflow(extra, elemBytes, &extra) ||
      __builtin_add_overflow(tileGpuSharedTileBytes(q->kernel), extra, &extra))
    return INT64_MAX;
  return extra;
}

/* How the copies that fill A and B are lowered. */
typedef enum {
  CopiesSimt,     /* they stay tile.copy ops for the SIMT path */
  CopiesDeclared, /* element copies into the tiles as declared */
  CopiesPadded    /* element copies into padded K-major tiles */
} CopyLayout;

/* The default: padded by TileRocmLdsPad when both copies split evenly over
 * the threads and the padding fits the LDS (counting 2 bytes per element,
 * the most A and B have), else as declared. */
static CopyLayout defaultLayout(const TileRocmMatrixPlan *p, int64_t *pad) {
  const TileMmaPlan *q = &p->base;
  *pad = TileRocmLdsPad;
  if (!tileRocmMatrixCopyFits(q, q->copyA) ||
      !tileRocmMatrixCopyFits(q, q->copyB))
    return CopiesSimt;
  return paddedBytes(p, TileRocmLdsPad, 2) <= p->ldsBytes ? CopiesPadded
                                                          : CopiesDeclared;
}

/* The layout tile_rocm.lds_layout {pad} asks for, or false after saying in
 * `why` why it cannot be had. pad = 0 keeps the tiles as declared. */
static bool requestedLayout(const TileRocmMatrixPlan *p, const char *chip,
                            int64_t pad, CopyLayout *layout, TileStrBuf *why) {
  const TileMmaPlan *q = &p->base;
  bool even = tileRocmMatrixCopyFits(q, q->copyA) &&
              tileRocmMatrixCopyFits(q, q->copyB);
  if (pad == 0) {
    *layout = even ? CopiesDeclared : CopiesSimt;
    return true;
  }
  if (!even) {
    tileStrBufPrintf(why,
                     "the copies that fill A (%lldx%lld) and B do not both "
                     "split evenly over the kernel's %lld threads, so the "
                     "path keeps A and B as declared",
                     (long long)q->bm, (long long)q->bk, (long long)q->threads);
    return false;
  }
  int64_t elemBytes = tileRocmMatrixElemBytes(q->elem);
  int64_t bytes = paddedBytes(p, pad, elemBytes);
  if (bytes > p->ldsBytes) {
    if (bytes == INT64_MAX)
      tileStrBufPrintf(why,
                       "A and B with rows padded by %lld elements "
                       "exceed the range of LDS byte counts",
                       (long long)pad);
    else
      tileStrBufPrintf(why,
                       "the kernel's shared tiles with A's and B's rows "
                       "padded by %lld elements take %lld bytes of LDS; %s "
                       "has %lld",
                       (long long)pad, (long long)bytes, chip,
                       (long long)p->ldsBytes);
    return false;
  }
  *layout = CopiesPadded;
  return true;
}

/* Element copies into the tiles as declared or into padded K-major tiles
 * (B transposed on the way in, so that its operand reads are contiguous
 * like A's); CopiesSimt leaves the copies to the SIMT path.
 * tile-gpu-barriers orders the copies against the operand reads. */
static void lowerCopies(TileRocmMatrixPlan *p, const TileMmaThread *t,
                        CopyLayout layout, int64_t pad) {
  TileMmaPlan *q = &p->base;
  if (layout == CopiesSimt)
    return;
  if (layout == CopiesDeclared) {
    tileRocmMatrixEmitCopy(q, t, q->copyA, q->a, false);
    tileRocmMatrixEmitCopy(q, t, q->copyB, q->b, false);
    return;
  }
  q->a = paddedTile(q->a, q->bm, q->bk, pad);
  q->b = paddedTile(q->b, q->bn, q->bk, pad);
  tileRocmMatrixEmitCopy(q, t, q->copyA, q->a, false);
  tileRocmMatrixEmitCopy(q, t, q->copyB, q->b, !q->transposeB);
  p->bKMajor = true;
  q->pad = pad;
}

/* The LDS bytes of the kernel's shared tiles with a second A and B for
 * double buffering (rows padded by `pad` elements of `elemBytes`); INT64_MAX
 * when that overflows. */
static int64_t doubledBytes(const TileRocmMatrixPlan *p, int64_t pad,
                            int64_t elemBytes) {
  const TileMmaPlan *q = &p->base;
  int64_t one, bytes = paddedBytes(p, pad, elemBytes);
  if (__builtin_mul_overflow(q->bm + q->bn, q->bk + pad, &one) ||
      __builtin_mul_overflow(one, elemBytes, &one) ||
      __builtin_add_overflow(bytes, one, &bytes))
    return INT64_MAX;
  return bytes;
}

static MlirWalkResult findShared(MlirOperation op, void *userData) {
  bool *found = userData;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType type = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (mlirTypeIsAMemRef(type) &&
        tileMemRefTypeGetScope(type) == TileScopeShared) {
      *found = true;
      return MlirWalkResultInterrupt;
    }
  }
  return MlirWalkResultAdvance;
}

/* Whether the K loop's body touches shared memory only through A's and B's
 * copies and the gemm: the pipelined loop places its own barriers. */
static bool onlyOperandsShared(const TileMmaPlan *q) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(q->loop, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (mlirOperationEqual(op, q->copyA) || mlirOperationEqual(op, q->copyB) ||
        mlirOperationEqual(op, q->gemms[0]))
      continue;
    bool found = false;
    mlirOperationWalk(op, findShared, &found, MlirWalkPreOrder);
    if (found)
      return false;
  }
  return true;
}

/* Whether the K loop is pipelined: tile.num_stages >= 2, copies lowered by
 * this path, nothing else in the loop on shared memory, and room in LDS for
 * two A and two B tiles. */
static bool pipelines(const TileRocmMatrixPlan *p, CopyLayout layout,
                      int64_t pad) {
  const TileMmaPlan *q = &p->base;
  if (layout == CopiesSimt || q->stages < 2 || !onlyOperandsShared(q))
    return false;
  int64_t elemBytes = tileRocmMatrixElemBytes(q->elem);
  return doubledBytes(p, layout == CopiesPadded ? pad : 0, elemBytes) <=
         p->ldsBytes;
}

/* A new shared tile for one buffer of A or B: K-major and padded, or as
 * `like` is declared. */
static MlirValue bufferLike(MlirValue like, int64_t rows, int64_t cols,
                            CopyLayout layout, int64_t pad) {
  if (layout == CopiesPadded)
    return paddedTile(like, rows, cols, pad);
  MlirType type = mlirValueGetType(like);
  return paddedTile(like, tileDim(type, 0), tileDim(type, 1), 0);
}

/* The pipelined loop's operands: A (0) and B (1), each staged in
 * registers or, with direct-to-LDS loads, written to LDS by the loads. */
typedef struct {
  TileRocmMatrixPlan *p;
  const TileMmaThread *t;
  MlirOperation copy[2];
  MlirValue buf[2][2]; /* [operand][buffer] */
  MlirValue regs[2];   /* staged operands' registers */
  bool direct[2];
  bool transposeB; /* staged B is transposed on the way into LDS */
  /* In the loop: the next iteration, whether there is one, and whether
   * this one reads buffer 0. */
  MlirValue next, more, even;
} Pipeline;

static bool anyDirect(const Pipeline *l) {
  return l->direct[0] || l->direct[1];
}

static bool anyStaged(const Pipeline *l) {
  return !l->direct[0] || !l->direct[1];
}

/* Starts the global reads of the staged operands at iteration `iv`. */
static void loadStaged(TileBuilder *b, const Pipeline *l, MlirValue iv) {
  MlirValue off[2][2];
  tileMmaOffsetsAt(b, &l->p->base, iv, off[0], off[1]);
  for (int i = 0; i < 2; ++i)
    if (!l->direct[i])
      tileRocmMatrixLoadRegs(b, &l->p->base, l->t, l->copy[i], off[i],
                             l->regs[i]);
}

/* Writes the staged operands' registers into buffers `dst`. */
static void storeStaged(TileBuilder *b, const Pipeline *l,
                        const MlirValue dst[2]) {
  for (int i = 0; i < 2; ++i)
    if (!l->direct[i])
      tileRocmMatrixStoreRegs(b, &l->p->base, l->t, l->copy[i], l->regs[i],
                              dst[i], i == 1 && l->transposeB);
}

/* Starts the direct-to-LDS loads of iteration `iv` into buffers `dst`. */
static void loadDirect(TileBuilder *b, const Pipeline *l, MlirValue iv,
                       const MlirValue dst[2]) {
  MlirValue off[2][2];
  tileMmaOffsetsAt(b, &l->p->base, iv, off[0], off[1]);
  for (int i = 0; i < 2; ++i)
    if (l->direct[i])
      tileRocmMatrixDirectCopy(b, l->p, l->t, l->copy[i], off[i], dst[i]);
}

/* A uniform if on `cond`; its body. */
static MlirBlock ifThen(TileBuilder *b, MlirValue cond, TileBuilder *in) {
  MlirBlock body = tbIf(b, cond);
  *in = tbAtTerminator(body, b->loc);
  return body;
}

/* The buffers of iteration i+1: the ones this iteration does not read. */
static void nextBuffers(TileBuilder *b, const Pipeline *l, MlirValue dst[2]) {
  for (int i = 0; i < 2; ++i)
    dst[i] = tbSelect(b, l->even, l->buf[i][1], l->buf[i][0]);
}

/* Between the operand reads of iteration i and its matrix instructions:
 * the direct loads of iteration i+1, which stay in flight meanwhile. */
static void loadDirectNext(TileBuilder *b, void *userData) {
  const Pipeline *l = userData;
  TileBuilder in;
  tileRocmMarkDistributed(mlirBlockGetParentOperation(ifThen(b, l->more, &in)));
  MlirValue dst[2];
  nextBuffers(&in, l, dst);
  loadDirect(&in, l, l->next, dst);
}

/* Direct-to-LDS loads complete asynchronously: this wave's are waited for
 * before the barrier after which other waves read them. */
static void waitDirect(TileBuilder *b, const Pipeline *l) {
  if (!anyDirect(l))
    return;
  MlirNamedAttribute load = tbNamed(b, "load", mlirIntegerAttrGet(tbI32(b), 0));
  tbCreate(b, "amdgpu.memory_counter_wait", 0, NULL, 0, NULL, 1, &load);
}

/* The K loop with two buffers of A and B in LDS. A staged operand's
 * global reads pass through registers R (any tile.num_stages above 1: a
 * third buffer would take a second R); a direct one is written to LDS by
 * the loads themselves (D):
 *
 *   before the loop:  R = tile 0; D: buf[0] = tile 0; buf[0] = R;
 *                     wait for D; barrier
 *   iteration i:      if i+1 < n: R = tile i+1
 *                     read the operands of buf[i%2]  (only with D; else
 *                                                     interleaved below)
 *                     if i+1 < n: D: buf[(i+1)%2] = tile i+1
 *                     C += operands (the matrix instructions)
 *                     if i+1 < n: buf[(i+1)%2] = R
 *                     wait for D; barrier
 *
 * The global reads of tile i+1 are in flight while the matrix
 * instructions of tile i run, and one barrier per K step orders both the
 * writes of buf[(i+1)%2] before their reads in iteration i+1 and the reads
 * of buf[i%2] before its writes in iteration i+1 (buf[(i+1)%2] was last
 * read in iteration i-1, before its barrier). The buffers alternate
 * through selects; the loop is marked simt.synchronised, so that
 * tile-gpu-barriers, which cannot tell the two buffers behind a select
 * apart, adds no barrier inside it. */
static void lowerPipelined(TileRocmMatrixPlan *p, const TileMmaThread *t,
                           TileBuilder *top, CopyLayout layout, int64_t pad,
                           MlirValue acc) {
  TileMmaPlan *q = &p->base;
  bool padded = layout == CopiesPadded;
  Pipeline l = {.p = p,
                .t = t,
                .copy = {q->copyA, q->copyB},
                .direct = {p->swizzleA, p->swizzleB},
                .transposeB = padded && !q->transposeB && !p->swizzleB};
  const int64_t rows[2] = {q->bm, q->bn};
  const MlirValue declared[2] = {q->a, q->b};
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j)
      l.buf[i][j] = bufferLike(declared[i], rows[i], q->bk,
                               l.direct[i] ? CopiesDeclared : layout, pad);
    if (!l.direct[i])
      l.regs[i] = tileMmaAllocAccumulator(
          top, tileRocmMatrixCopyElements(q, l.copy[i]), q->elem);
  }
  MlirOperation loop = q->loop;
  MlirValue lb = mlirOperationGetOperand(loop, 0);
  MlirValue ub = mlirOperationGetOperand(loop, 1);
  MlirValue step = mlirOperationGetOperand(loop, 2);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirValue iv = mlirBlockGetArgument(body, 0);

  TileBuilder pre = tbBefore(loop), in;
  tileRocmMarkDistributed(mlirBlockGetParentOperation(
      ifThen(&pre, tbCmpI(&pre, "slt", lb, ub), &in)));
  const MlirValue first[2] = {l.buf[0][0], l.buf[1][0]};
  loadStaged(&in, &l, lb);
  loadDirect(&in, &l, lb, first);
  storeStaged(&in, &l, first);
  waitDirect(&pre, &l);
  tbBarrier(&pre);

  TileBuilder at = tbBefore(q->gemms[0]);
  MlirValue n = tbDivU(&at, tbSub(&at, iv, lb), step);
  MlirValue parity = tbRemU(&at, n, tbConstIndex(&at, 2));
  l.even = tbCmpI(&at, "eq", parity, tbConstIndex(&at, 0));
  l.next = tbAdd(&at, iv, step);
  /* scf.for's comparison is signed. */
  l.more = tbCmpI(&at, "slt", l.next, ub);
  if (anyStaged(&l)) {
    ifThen(&at, l.more, &in);
    loadStaged(&in, &l, l.next);
  }
  q->a = tbSelect(&at, l.even, l.buf[0][0], l.buf[0][1]);
  q->b = tbSelect(&at, l.even, l.buf[1][0], l.buf[1][1]);
  p->bKMajor = padded || q->transposeB;
  q->pad = padded ? pad : 0;
  if (anyDirect(&l))
    tileRocmMatrixEmitGemmReadFirst(&at, p, t, acc, loadDirectNext, &l);
  else
    tileRocmMatrixEmitGemm(&at, p, t, acc);
  if (anyStaged(&l)) {
    tileRocmMarkDistributed(
        mlirBlockGetParentOperation(ifThen(&at, l.more, &in)));
    MlirValue dst[2];
    nextBuffers(&in, &l, dst);
    storeStaged(&in, &l, dst);
  }
  waitDirect(&at, &l);
  tbBarrier(&at);
  mlirOperationDestroy(q->copyA);
  mlirOperationDestroy(q->copyB);
  /* The schedule is made: the pipeline's attributes go. */
  static const char *const schedule[] = {"tile.num_stages", "tile.order",
                                         "tile.stage"};
  for (size_t i = 0; i < TILE_COUNT(schedule); ++i)
    mlirOperationRemoveDiscardableAttributeByName(
        loop, mlirStringRefCreateFromCString(schedule[i]));
  mlirOperationSetDiscardableAttributeByName(
      loop, mlirStringRefCreateFromCString(TILE_GPU_SYNCHRONISED_ATTR),
      mlirUnitAttrGet(mlirOperationGetContext(loop)));
}

/* tile_rocm.direct_loads: sets which of A and B the pipelined loop fills
 * by direct-to-LDS loads, or says in `why` why neither can be. A B stored
 * k x n is transposed on its way into LDS, which the loads cannot do: it
 * stays staged in registers. */
static bool planDirect(TileRocmMatrixPlan *p, const char *chip,
                       CopyLayout layout, int64_t pad, TileStrBuf *why) {
  const TileRocmChip *c = tileRocmFindChip(chip);
  const TileMmaPlan *q = &p->base;
  if (!c || !c->directToLds) {
    tileStrBufPrintf(why,
                     "%s has no direct-to-LDS loads (global_load_lds_dword: "
                     "gfx942, gfx950)",
                     chip);
    return false;
  }
  if (!pipelines(p, layout, pad)) {
    tileStrBufPrintf(why,
                     "the loads fill the second buffers of a pipelined K loop, "
                     "and this one is not pipelined (it needs "
                     "tile.num_stages >= 2, copies of A and B that split "
                     "evenly over the threads, nothing else on shared memory "
                     "in the loop, and LDS for two A and two B tiles)");
    return false;
  }
  int64_t regs = tileRocmMatrixOperandRegs(p);
  if (regs > TileRocmMaxOperandRegs) {
    tileStrBufPrintf(why,
                     "the operands of one K tile, which are read before the "
                     "loads are issued, take %lld VGPRs per lane; at most "
                     "%d are allowed",
                     (long long)regs, TileRocmMaxOperandRegs);
    return false;
  }
  p->swizzleA = tileRocmMatrixDirectFits(p, q->copyA);
  p->swizzleB = q->transposeB && tileRocmMatrixDirectFits(p, q->copyB);
  if (!p->swizzleA && !p->swizzleB) {
    tileStrBufPrintf(
        why,
        "neither A nor B can be loaded directly: a tile needs rows contiguous "
        "in global memory and a power of two of %d-byte chunks long, and a "
        "multiple of %lld threads x %d bytes in all (B only when stored n x k, "
        "with transpose_b)",
        TileRocmSwizzleChunk, (long long)q->threads, TileRocmDirectBytes);
    return false;
  }
  return true;
}

/* Without a stated choice: direct loads when both A and B can take them
 * (B stored n x k). With only A direct, B staged, every kernel measured
 * took 4 to 14 more VGPRs than with both staged (gemm_bias_relu.mlir on
 * gfx950: 270 against 256, one wave per SIMD instead of two; the i8 gemm
 * 4 more, but none of its 12 SGPR spills), so that mix is taken only when
 * tile_rocm.direct_loads states it. A stated
 * tile_rocm.lds_layout keeps register staging. */
static void defaultDirect(TileRocmMatrixPlan *p, const char *chip,
                          CopyLayout layout, int64_t pad) {
  TileStrBuf why = TILE_STRBUF_INIT;
  if (!planDirect(p, chip, layout, pad, &why) || !p->swizzleA || !p->swizzleB)
    p->swizzleA = p->swizzleB = false;
  tileStrBufFree(&why);
}

/* The accumulator becomes this thread's registers in the instruction's
 * layout; the gemm reads A and B from their shared tiles. */
static void lowerKernel(TileRocmMatrixPlan *p, CopyLayout layout, int64_t pad) {
  TileMmaPlan *q = &p->base;
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(q->kernel, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(body));
  TileMmaThread t = tileRocmMatrixThread(&b, p);
  MlirValue acc = tileMmaAllocAccumulator(&b, q->local, q->accElem);
  tileMmaRewriteAccumulatorUses(q, &t, acc);
  MlirValue oldA = q->a, oldB = q->b;
  if (pipelines(p, layout, pad)) {
    lowerPipelined(p, &t, &b, layout, pad, acc);
  } else {
    lowerCopies(p, &t, layout, pad);
    TileBuilder at = tbBefore(q->gemms[0]);
    tileRocmMatrixEmitGemm(&at, p, &t, acc);
  }
  mlirOperationDestroy(q->gemms[0]);
  mlirOperationDestroy(mlirOpResultGetOwner(q->acc));
  /* New tiles replaced A and B: the old ones have no user left. */
  if (!mlirValueEqual(oldA, q->a)) {
    mlirOperationDestroy(mlirOpResultGetOwner(oldA));
    mlirOperationDestroy(mlirOpResultGetOwner(oldB));
  }
}

typedef struct {
  const char *chip;
} Run;

static int64_t chipLds(const char *name) {
  const TileRocmChip *chip = tileRocmFindChip(name);
  return chip ? chip->sharedBytes : 0;
}

/* Reports at `op` (when present) that its choice cannot be honoured. */
static unsigned refuseChoice(MlirOperation op, const char *what,
                             const TileStrBuf *why) {
  if (mlirOperationIsNull(op))
    return 0;
  return tileRefuseChoice(op, "%s%s", what, tileStrBufGet(why));
}

/* A kernel with tile_rocm ops: the path obeys them or reports at each op
 * why it cannot; they are erased once honoured. */
static unsigned planWithChoices(MlirOperation kernel, const char *chip,
                                TileRocmChoices *c) {
  TileRocmMatrixPlan plan;
  TileStrBuf why = TILE_STRBUF_INIT;
  const int64_t shape[3] = {c->m, c->n, c->k};
  bool hasShape = !mlirOperationIsNull(c->matrixShape);
  unsigned errors = 0;
  if (!tileRocmMatrixPlanKernel(kernel, chip, hasShape ? shape : NULL, &plan,
                                &why)) {
    char what[80];
    snprintf(what, sizeof(what),
             "the kernel does not take the matrix path on %s: ", chip);
    errors = refuseChoice(c->matrixShape, what, &why) +
             refuseChoice(c->ldsLayout, what, &why) +
             refuseChoice(c->directLoads, what, &why);
    tileStrBufFree(&why);
    return errors;
  }
  /* Instructions tried before the one that fits left their reasons. */
  tileStrBufClear(&why);
  plan.ldsBytes = chipLds(chip);
  int64_t pad;
  CopyLayout layout = defaultLayout(&plan, &pad);
  if (!mlirOperationIsNull(c->ldsLayout)) {
    pad = c->pad;
    if (!requestedLayout(&plan, chip, pad, &layout, &why))
      errors = refuseChoice(c->ldsLayout, "", &why);
  }
  if (!mlirOperationIsNull(c->directLoads) && !errors) {
    tileStrBufClear(&why);
    if (!mlirOperationIsNull(c->ldsLayout))
      tileStrBufPrintf(&why, "direct loads write whole unpadded rows, and "
                             "tile_rocm.lds_layout states the rows' padding: "
                             "state one of the two");
    else
      planDirect(&plan, chip, layout, pad, &why);
    if (why.size)
      errors = refuseChoice(c->directLoads, "", &why);
  } else if (mlirOperationIsNull(c->ldsLayout)) {
    defaultDirect(&plan, chip, layout, pad);
  }
  tileStrBufFree(&why);
  if (errors)
    return errors;
  tileRocmEraseChoices(c);
  lowerKernel(&plan, layout, pad);
  return 0;
}

static unsigned planAndLower(MlirOperation kernel, void *userData) {
  const Run *run = userData;
  TileRocmChoices choices;
  tileRocmReadChoices(kernel, &choices);
  if (!mlirOperationIsNull(choices.matrixShape) ||
      !mlirOperationIsNull(choices.ldsLayout) ||
      !mlirOperationIsNull(choices.directLoads))
    return planWithChoices(kernel, run->chip, &choices);
  TileRocmMatrixPlan plan;
  if (!tileRocmMatrixPlanKernel(kernel, run->chip, NULL, &plan, NULL))
    return 0;
  plan.ldsBytes = chipLds(run->chip);
  int64_t pad;
  CopyLayout layout = defaultLayout(&plan, &pad);
  defaultDirect(&plan, run->chip, layout, pad);
  lowerKernel(&plan, layout, pad);
  return 0;
}

enum { OptChip };

static const TilePassOption options[] = {
    [OptChip] = {"chip", TileOptionString, "gfx942",
                 "the AMDGPU chip: MFMA on gfx908/gfx90a/gfx942/gfx950, WMMA "
                 "on gfx1100/gfx1201; other chips keep the SIMT path",
                 NULL, tileRocmCheckChip},
};

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  Run r = {values[OptChip].s};
  if (tileForEachKernel(op, planAndLower, &r))
    mlirExternalPassSignalFailure(pass);
}

/* llvm: the copies' loops carry an #llvm.loop_annotation, parsed while the
 * pass runs, on any thread. */
static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__gpu__, mlirGetDialectHandle__amdgpu__,
    mlirGetDialectHandle__vector__, mlirGetDialectHandle__scf__,
    mlirGetDialectHandle__llvm__};

const TilePassDescriptor tileRocmMatrixPass = {
    .argument = "tile-rocm-matrix",
    .name = "TileRocmMatrix",
    .summary = "Run the gemm of eligible kernels on AMDGPU matrix cores "
               "(amdgpu.mfma on CDNA, amdgpu.wmma on RDNA3/4) with operands "
               "read from the shared tiles; other kernels are left to the "
               "SIMT lowering",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
