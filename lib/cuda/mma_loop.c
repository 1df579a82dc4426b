/* Rewrites the K loop of a tensor-core kernel: copies into A and B become
 * multi-buffered cp.async copies (or bounded plain copies when the global
 * rows are not 16-byte aligned), the gemm becomes ldmatrix + mma.sync. */
#include "cuda/mma.h"

#include "ir/ir.h"

#include <stdio.h>
#include <string.h>

static MlirValue idx(TileBuilder *b, int64_t v) { return tbConstIndex(b, v); }

/* The stage buffers and where the copies of one loop variant go. */
typedef struct {
  const TileMmaPlan *plan;
  const TileMmaThread *t;
  MlirValue acc;
  MlirValue aStages, bStages;
  MlirOperation loop;
  MlirOperation copyA, copyB, gemm;
} Variant;

/*===--- copies into a stage
 * ------------------------------------------------===*/

typedef struct {
  MlirValue src;    /* the global matrix */
  MlirValue off[2]; /* window offsets for this iteration */
  int64_t rows, cols;
  MlirValue stages; /* stage x rows x (cols + pad) */
} StageCopy;

static StageCopy describeCopy(TileBuilder *b, MlirOperation copy,
                              MlirValue stages, TileSliceMap *m) {
  StageCopy c;
  c.src = mlirOperationGetOperand(copy, 0);
  intptr_t first;
  tileOperandGroup(copy, 2, &first);
  for (int i = 0; i < 2; ++i)
    c.off[i] =
        m ? tileSliceRemap(b, m, mlirOperationGetOperand(copy, first + i))
          : mlirOperationGetOperand(copy, first + i);
  MlirType tile = mlirValueGetType(mlirOperationGetOperand(copy, 1));
  c.rows = tileDim(tile, 0);
  c.cols = tileDim(tile, 1);
  c.stages = stages;
  return c;
}

/* Global coordinates of a tile element, whether they are inside the global
 * matrix, and coordinates safe to form an address from either way. */
static MlirValue clampedCoordinates(TileBuilder *b, const StageCopy *c,
                                    MlirValue row, MlirValue col,
                                    MlirValue safe[2]) {
  MlirValue at[2] = {tbAdd(b, c->off[0], row), tbAdd(b, c->off[1], col)};
  MlirValue inside = tbAnd(b, tbCmpI(b, "ult", at[0], tbDim(b, c->src, 0)),
                           tbCmpI(b, "ult", at[1], tbDim(b, c->src, 1)));
  MlirValue zero = idx(b, 0);
  safe[0] = tbSelect(b, inside, at[0], zero);
  safe[1] = tbSelect(b, inside, at[1], zero);
  return inside;
}

/* Strided over the threads: for (q = tid; q < total; q += threads). */
static TileLoop threadLoop(TileBuilder *b, const Variant *v, int64_t total) {
  return tbFor(b, v->t->tid, idx(b, total), idx(b, v->plan->threads));
}

/* 16-byte cp.async chunks (8 elements); a chunk outside the matrix reads
 * nothing and fills zeros. Needs 16-byte aligned global rows. */
static void issueAsync(TileBuilder *b, const Variant *v, const StageCopy *c,
                       MlirValue stage) {
  int64_t chunksPerRow = c->cols / 8;
  TileLoop loop = threadLoop(b, v, c->rows * chunksPerRow);
  TileBuilder in = tbAtTerminator(loop.body, b->loc);
  MlirValue row = tbDivU(&in, loop.iv, idx(&in, chunksPerRow));
  MlirValue col =
      tbMul(&in, tbRemU(&in, loop.iv, idx(&in, chunksPerRow)), idx(&in, 8));
  MlirValue safe[2];
  MlirValue inside = clampedCoordinates(&in, c, row, col, safe);
  MlirValue elements = tbSelect(&in, inside, idx(&in, 8), idx(&in, 0));
  MlirValue operands[] = {c->stages, stage,   row,     col,
                          c->src,    safe[0], safe[1], elements};
  MlirType token = tbParseType(&in, "!nvgpu.device.async.token");
  MlirNamedAttribute attrs[] = {
      tbNamed(&in, "bypassL1", mlirUnitAttrGet(in.ctx)),
      tbNamed(&in, "dstElements", mlirIntegerAttrGet(tbIndex(&in), 8)),
      tbNamed(
          &in, "operandSegmentSizes",
          mlirDenseI32ArrayGet(in.ctx, 5, (const int32_t[]){1, 3, 1, 2, 1})),
  };
  tbCreate(&in, "nvgpu.device_async_copy", 8, operands, 1, &token, 3, attrs);
}

/* Plain element copy with bounds (zeros outside), for any alignment. */
static void copySync(TileBuilder *b, const Variant *v, const StageCopy *c,
                     MlirValue stage) {
  TileLoop loop = threadLoop(b, v, c->rows * c->cols);
  TileBuilder in = tbAtTerminator(loop.body, b->loc);
  MlirValue row = tbDivU(&in, loop.iv, idx(&in, c->cols));
  MlirValue col = tbRemU(&in, loop.iv, idx(&in, c->cols));
  MlirValue safe[2];
  MlirValue inside = clampedCoordinates(&in, c, row, col, safe);
  MlirValue value = tbLoad(&in, c->src, 2, safe);
  MlirType elem = mlirValueGetType(value);
  MlirValue zero = tbConstFloat(&in, elem, 0.0);
  MlirValue at[] = {stage, row, col};
  tbStore(&in, tbSelect(&in, inside, value, zero), c->stages, 3, at);
}

static MlirValue createGroup(TileBuilder *b) {
  MlirType token = tbParseType(b, "!nvgpu.device.async.token");
  return tbResult(tbCreate(b, "nvgpu.device_async_create_group", 0, NULL, 1,
                           &token, 0, NULL));
}

static void waitGroups(TileBuilder *b, MlirValue token, int32_t pending) {
  MlirNamedAttribute attr =
      tbNamed(b, "numGroups", mlirIntegerAttrGet(tbI32(b), pending));
  tbCreate(b, "nvgpu.device_async_wait", 1, &token, 0, NULL, 1, &attr);
}

static void barrier(TileBuilder *b) {
  tbCreate(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
}

/*===--- loop variants
 * ------------------------------------------------------===*/

typedef struct {
  MlirValue iv, lb, ub, step;
  MlirBlock body;
} LoopParts;

static LoopParts partsOf(MlirOperation loop) {
  LoopParts p;
  p.lb = mlirOperationGetOperand(loop, 0);
  p.ub = mlirOperationGetOperand(loop, 1);
  p.step = mlirOperationGetOperand(loop, 2);
  p.body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  p.iv = mlirBlockGetArgument(p.body, 0);
  return p;
}

/* Issues the copies of the tile at iteration `iv` into `stage` when that
 * iteration exists. */
static void issueTile(TileBuilder *b, const Variant *v, const LoopParts *l,
                      MlirValue iv, MlirValue stage) {
  MlirBlock then = tbIf(b, tbCmpI(b, "slt", iv, l->ub));
  TileBuilder in = tbAtTerminator(then, b->loc);
  TileSliceMap map = tileSliceMapFor(v->loop, iv);
  StageCopy a = describeCopy(&in, v->copyA, v->aStages, &map);
  StageCopy bb = describeCopy(&in, v->copyB, v->bStages, &map);
  issueAsync(&in, v, &a, stage);
  issueAsync(&in, v, &bb, stage);
}

/* The iteration number of `iv` modulo the stage count. */
static MlirValue stageOf(TileBuilder *b, const LoopParts *l, MlirValue iv,
                         int64_t ahead, int64_t stages) {
  MlirValue n = tbDivU(b, tbSub(b, iv, l->lb), l->step);
  return tbRemU(b, tbAdd(b, n, idx(b, ahead)), idx(b, stages));
}

/* cp.async pipeline with S >= 2 stages:
 *   prologue: issue tiles 0 .. S-2, one group each
 *   iteration k: wait until tile k landed (S-2 groups may stay pending),
 *                barrier, issue tile k+S-1 (its stage was read in
 *                iteration k-1, which every thread has left), compute k. */
static void rewritePipelined(const Variant *v) {
  const TileMmaPlan *p = v->plan;
  LoopParts l = partsOf(v->loop);
  int64_t s = p->stages;
  TileBuilder pre = tbBefore(v->loop);
  MlirValue token = {NULL};
  for (int64_t i = 0; i + 1 < s; ++i) {
    MlirValue iv = tbAdd(&pre, l.lb, tbMul(&pre, l.step, idx(&pre, i)));
    issueTile(&pre, v, &l, iv, idx(&pre, i));
    token = createGroup(&pre);
  }
  TileBuilder b = tbBefore(v->gemm);
  waitGroups(&b, token, (int32_t)(s - 2));
  barrier(&b);
  MlirValue ahead = tbAdd(&b, l.iv, tbMul(&b, l.step, idx(&b, s - 1)));
  issueTile(&b, v, &l, ahead, stageOf(&b, &l, l.iv, s - 1, s));
  createGroup(&b);
  tileMmaEmitGemm(&b, p, v->t, v->aStages, v->bStages,
                  stageOf(&b, &l, l.iv, 0, s), v->acc);
  /* Nothing may stay in flight past the loop. */
  TileBuilder post = tbAfter(v->loop);
  waitGroups(&post, token, 0);
}

/* One stage: copy (asynchronously when aligned), wait, compute, and keep
 * the next iteration's copy from overwriting a stage still being read. */
static void rewriteSingleStage(const Variant *v, bool async) {
  TileBuilder b = tbBefore(v->gemm);
  MlirValue stage = idx(&b, 0);
  StageCopy a = describeCopy(&b, v->copyA, v->aStages, NULL);
  StageCopy bb = describeCopy(&b, v->copyB, v->bStages, NULL);
  if (async) {
    issueAsync(&b, v, &a, stage);
    issueAsync(&b, v, &bb, stage);
    waitGroups(&b, createGroup(&b), 0);
  } else {
    copySync(&b, v, &a, stage);
    copySync(&b, v, &bb, stage);
  }
  barrier(&b);
  tileMmaEmitGemm(&b, v->plan, v->t, v->aStages, v->bStages, stage, v->acc);
  barrier(&b);
}

/* The copies and the gemm of a loop (the original or a clone of it). */
static void findLoopOps(Variant *v) {
  MlirBlock body = partsOf(v->loop).body;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (tileOpIs(op, "tile.gemm"))
      v->gemm = op;
    else if (tileOpIs(op, "tile.copy") &&
             mlirValueEqual(mlirOperationGetOperand(op, 1), v->plan->a))
      v->copyA = op;
    else if (tileOpIs(op, "tile.copy") &&
             mlirValueEqual(mlirOperationGetOperand(op, 1), v->plan->b))
      v->copyB = op;
  }
}

static void finishVariant(Variant *v) {
  mlirOperationDestroy(v->copyA);
  mlirOperationDestroy(v->copyB);
  mlirOperationDestroy(v->gemm);
  mlirOperationRemoveDiscardableAttributeByName(v->loop,
                                                tileRef("tile.num_stages"));
  mlirOperationRemoveDiscardableAttributeByName(v->loop, tileRef("tile.order"));
  mlirOperationRemoveDiscardableAttributeByName(v->loop, tileRef("tile.stage"));
}

/* Whether 16-byte chunks of both global matrices are aligned: rows whose
 * length is a multiple of 8 elements and 16-byte aligned base pointers. */
static MlirValue rowsAligned(TileBuilder *b, const TileMmaPlan *p) {
  MlirValue aligned = {NULL};
  MlirValue sources[] = {mlirOperationGetOperand(p->copyA, 0),
                         mlirOperationGetOperand(p->copyB, 0)};
  MlirType index = tbIndex(b);
  for (int i = 0; i < 2; ++i) {
    MlirValue rowOk = tbCmpI(
        b, "eq", tbRemU(b, tbDim(b, sources[i], 1), idx(b, 8)), idx(b, 0));
    MlirValue base =
        tbResult(tbCreate(b, "memref.extract_aligned_pointer_as_index", 1,
                          &sources[i], 1, &index, 0, NULL));
    MlirValue baseOk = tbCmpI(b, "eq", tbRemU(b, base, idx(b, 16)), idx(b, 0));
    MlirValue ok = tbAnd(b, rowOk, baseOk);
    aligned = i ? tbAnd(b, aligned, ok) : ok;
  }
  return aligned;
}

/* Whether the window's column offset is a multiple of 8 elements in every
 * iteration, as far as its computation shows: a 16-byte cp.async chunk
 * starts at a 16-byte boundary then, and lies in its row or outside it.
 * Another offset (a window at column 3, or at -3) made misaligned chunks
 * (CUDA_ERROR_MISALIGNED_ADDRESS) that also read past the row's end. */
static bool columnsAligned(MlirOperation copy) {
  intptr_t first;
  return tileOperandGroup(copy, 2, &first) == 2 &&
         tileIsKnownMultiple(mlirOperationGetOperand(copy, first + 1), 8);
}

bool tileMmaRewriteLoop(const TileMmaPlan *p, const TileMmaThread *t,
                        MlirValue acc) {
  TileBuilder top = tbBefore(mlirOpResultGetOwner(p->a));
  char text[160];
  const char *elem = mlirTypeIsABF16(p->elem) ? "bf16" : "f16";
  snprintf(text, sizeof(text),
           "memref<%lldx%lldx%lldx%s, #gpu.address_space<workgroup>>",
           (long long)p->stages, (long long)p->bm, (long long)(p->bk + p->pad),
           elem);
  MlirType aType = tbParseType(&top, text);
  int64_t bRows = p->transposeB ? p->bn : p->bk;
  int64_t bCols = p->transposeB ? p->bk : p->bn;
  snprintf(text, sizeof(text),
           "memref<%lldx%lldx%lldx%s, #gpu.address_space<workgroup>>",
           (long long)p->stages, (long long)bRows, (long long)(bCols + p->pad),
           elem);
  MlirType bType = tbParseType(&top, text);
  MlirValue aStages =
      tbResult(tbCreate(&top, "tile.alloc", 0, NULL, 1, &aType, 0, NULL));
  MlirValue bStages =
      tbResult(tbCreate(&top, "tile.alloc", 0, NULL, 1, &bType, 0, NULL));

  Variant fast = {p, t, acc, aStages, bStages, p->loop, {NULL}, {NULL}, {NULL}};
  bool maybeAligned =
      tileHasIdentityLayout(
          mlirValueGetType(mlirOperationGetOperand(p->copyA, 0))) &&
      tileHasIdentityLayout(
          mlirValueGetType(mlirOperationGetOperand(p->copyB, 0))) &&
      columnsAligned(p->copyA) && columnsAligned(p->copyB);
  if (maybeAligned) {
    /* Both variants exist; a uniform branch picks one at run time. */
    TileBuilder b = tbBefore(p->loop);
    MlirBlock thenBlock, elseBlock;
    tbIfElse(&b, rowsAligned(&b, p), &thenBlock, &elseBlock);
    Variant slow = fast;
    slow.loop = mlirOperationClone(p->loop);
    mlirBlockInsertOwnedOperationBefore(
        elseBlock, mlirBlockGetTerminator(elseBlock), slow.loop);
    mlirOperationMoveBefore(p->loop, mlirBlockGetTerminator(thenBlock));
    findLoopOps(&slow);
    rewriteSingleStage(&slow, false);
    finishVariant(&slow);
  }
  findLoopOps(&fast);
  if (!maybeAligned)
    rewriteSingleStage(&fast, false);
  else if (p->stages >= 2)
    rewritePipelined(&fast);
  else
    rewriteSingleStage(&fast, true);
  finishVariant(&fast);
  return true;
}
