/* Emits AMDGPU matrix-core code: thread indices, the accumulator layout of
 * the chosen instruction (rocm/matrix_layout.h), and C += A * B with
 * amdgpu.mfma / amdgpu.wmma on operands read from the shared tiles. */
#include "rocm/matrix.h"

#include "ir/ir.h"
#include "support/alloc.h"

#include <stdlib.h>

static MlirValue idx(TileBuilder *b, int64_t v) { return tbConstIndex(b, v); }

static const TileRocmMatrixPlan *rocmPlan(const TileMmaPlan *p) {
  return (const TileRocmMatrixPlan *)p;
}

TileMmaThread tileRocmMatrixThread(TileBuilder *b,
                                   const TileRocmMatrixPlan *plan) {
  MlirType index = tbIndex(b);
  MlirNamedAttribute x = tbNamed(b, "dimension", tbParseAttr(b, "#gpu<dim x>"));
  TileMmaThread t;
  int64_t wave = plan->instr->wave;
  t.tid = tbResult(tbCreate(b, "gpu.thread_id", 0, NULL, 1, &index, 1, &x));
  t.lane = tbRemU(b, t.tid, idx(b, wave));
  MlirValue w = tbDivU(b, t.tid, idx(b, wave));
  t.warpM = tbDivU(b, w, idx(b, plan->base.warpsN));
  t.warpN = tbRemU(b, w, idx(b, plan->base.warpsN));
  t.group = t.lane;
  t.quad = t.lane;
  return t;
}

/* tileRocmAccRow on IR values. */
static MlirValue accRow(TileBuilder *b, const TileRocmMatrixInstr *in,
                        MlirValue lane, MlirValue r) {
  MlirValue block = tbDivU(b, r, idx(b, in->rowBlock));
  MlirValue row = tbMul(b, block, idx(b, in->rowBlockStride));
  MlirValue half = tbDivU(b, lane, idx(b, in->n));
  row = tbAdd(b, row, tbMul(b, half, idx(b, in->laneRowStride)));
  MlirValue inBlock = tbRemU(b, r, idx(b, in->rowBlock));
  return tbAdd(b, row, tbMul(b, inBlock, idx(b, in->regRowStride)));
}

/* Element i of a thread: instruction tile i / accLen (row-major over the
 * wave's mmaM x mmaN tiles), register i % accLen of it. */
void tileRocmMatrixElementPosition(TileBuilder *b, const TileMmaPlan *p,
                                   const TileMmaThread *t, MlirValue i,
                                   MlirValue *row, MlirValue *col) {
  const TileRocmMatrixInstr *in = rocmPlan(p)->instr;
  MlirValue tile = tbDivU(b, i, idx(b, in->accLen));
  MlirValue r = tbRemU(b, i, idx(b, in->accLen));
  MlirValue mi = tbDivU(b, tile, idx(b, p->mmaN));
  MlirValue ni = tbRemU(b, tile, idx(b, p->mmaN));
  MlirValue base = tbMul(b, t->warpM, idx(b, p->warpM));
  base = tbAdd(b, base, tbMul(b, mi, idx(b, in->m)));
  *row = tbAdd(b, base, accRow(b, in, t->lane, r));
  base = tbMul(b, t->warpN, idx(b, p->warpN));
  base = tbAdd(b, base, tbMul(b, ni, idx(b, in->n)));
  *col = tbAdd(b, base, tbRemU(b, t->lane, idx(b, in->n)));
}

static MlirType vectorOf(int64_t n, MlirType elem) {
  return mlirVectorTypeGet(1, &n, elem);
}

/* Per-lane values the operand reads share. */
typedef struct {
  MlirValue rowA, colB; /* lane % m, lane % n */
  MlirValue kBase;      /* tileRocmOperandK(lane, 0) */
} LaneOperands;

static LaneOperands laneOperands(TileBuilder *b, const TileRocmMatrixPlan *p,
                                 const TileMmaThread *t) {
  const TileRocmMatrixInstr *in = p->instr;
  LaneOperands o;
  MlirValue base = tbMul(b, t->warpM, idx(b, p->base.warpM));
  o.rowA = tbAdd(b, base, tbRemU(b, t->lane, idx(b, in->m)));
  base = tbMul(b, t->warpN, idx(b, p->base.warpN));
  o.colB = tbAdd(b, base, tbRemU(b, t->lane, idx(b, in->n)));
  MlirValue group =
      tbRemU(b, tbDivU(b, t->lane, idx(b, in->m)), idx(b, in->kGroups));
  o.kBase = tbMul(b, group, idx(b, in->operandLen));
  return o;
}

/* One lane's operand: operandLen elements along K of `buffer`, in row
 * `fixed` (kAlongCols) or column `fixed`, gathered into a vector. Scalar
 * memref.loads: tile-gpu-barriers sees them as reads of the shared tile,
 * and LLVM merges neighbours into wider LDS reads. (One aligned vector.load
 * per operand gave gemm.mlir 12 ds_read2_b64 instead of 48 narrower reads,
 * but LLVM then scheduled the copies' bound masks so that 58 SGPRs spilled
 * on gfx942.) In a swizzled buffer (K along its rows) the operand lies in
 * one swizzle chunk: its first element's place, then the next ones. */
static MlirValue loadOperand(TileBuilder *b, const TileRocmMatrixPlan *p,
                             MlirValue buffer, MlirValue fixed, MlirValue k0,
                             bool kAlongCols, bool swizzled) {
  const TileRocmMatrixInstr *in = p->instr;
  if (swizzled) {
    int64_t cols = tileDim(mlirValueGetType(buffer), 1);
    int64_t elemBytes = tileRocmMatrixElemBytes(p->base.elem);
    k0 = tileRocmSwizzledCol(b, fixed, k0, cols, elemBytes);
  }
  MlirValue elems[16];
  for (int64_t v = 0; v < in->operandLen && v < 16; ++v) {
    MlirValue k = tbAdd(b, k0, idx(b, v));
    MlirValue at[2] = {kAlongCols ? fixed : k, kAlongCols ? k : fixed};
    elems[v] = tbLoad(b, buffer, 2, at);
  }
  MlirType type = vectorOf(in->operandLen, p->base.elem);
  return tbResult(tbCreate(b, "vector.from_elements", in->operandLen, elems, 1,
                           &type, 0, NULL));
}

static MlirValue matrixOp(TileBuilder *b, const TileRocmMatrixInstr *in,
                          MlirValue a, MlirValue bv, MlirValue c) {
  MlirType i32 = tbI32(b);
  MlirNamedAttribute attrs[8];
  int n = 0;
  attrs[n++] = tbNamed(b, "m", mlirIntegerAttrGet(i32, in->m));
  attrs[n++] = tbNamed(b, "n", mlirIntegerAttrGet(i32, in->n));
  attrs[n++] = tbNamed(b, "k", mlirIntegerAttrGet(i32, in->k));
  if (in->wave == 64) {
    attrs[n++] = tbNamed(b, "blocks", mlirIntegerAttrGet(i32, 1));
    attrs[n++] = tbNamed(b, "cbsz", mlirIntegerAttrGet(i32, 0));
    attrs[n++] = tbNamed(b, "abid", mlirIntegerAttrGet(i32, 0));
    attrs[n++] =
        tbNamed(b, "blgp", tbParseAttr(b, "#amdgpu<mfma_perm_b none>"));
  } else {
    attrs[n++] = tbNamed(b, "subwordOffset", mlirIntegerAttrGet(i32, 0));
  }
  MlirValue operands[] = {a, bv, c};
  MlirType type = mlirValueGetType(c);
  return tbResult(tbCreate(b, in->op, 3, operands, 1, &type, n, attrs));
}

static MlirValue loadAcc(TileBuilder *b, const TileRocmMatrixInstr *in,
                         MlirValue acc, int64_t base) {
  MlirValue operands[] = {acc, idx(b, base)};
  MlirType type = vectorOf(in->accLen, tileElementType(mlirValueGetType(acc)));
  return tbResult(tbCreate(b, "vector.load", 2, operands, 1, &type, 0, NULL));
}

static void storeAcc(TileBuilder *b, MlirValue v, MlirValue acc, int64_t base) {
  MlirValue operands[] = {v, acc, idx(b, base)};
  tbCreate(b, "vector.store", 3, operands, 0, NULL, 0, NULL);
}

static MlirValue readA(TileBuilder *b, const TileRocmMatrixPlan *p,
                       const LaneOperands *o, MlirValue k0, int64_t mi) {
  MlirValue row = tbAdd(b, o->rowA, idx(b, mi * p->instr->m));
  return loadOperand(b, p, p->base.a, row, k0, true, p->swizzleA);
}

static MlirValue readB(TileBuilder *b, const TileRocmMatrixPlan *p,
                       const LaneOperands *o, MlirValue k0, int64_t ni) {
  MlirValue col = tbAdd(b, o->colB, idx(b, ni * p->instr->n));
  return loadOperand(b, p, p->base.b, col, k0, p->bKMajor, p->swizzleB);
}

/* C[mi][ni] += a * bv on the instruction tile's accumulator registers. */
static void multiply(TileBuilder *b, const TileRocmMatrixPlan *p, int64_t mi,
                     int64_t ni, MlirValue a, MlirValue bv, MlirValue acc) {
  const TileRocmMatrixInstr *in = p->instr;
  int64_t base = (mi * p->base.mmaN + ni) * in->accLen;
  MlirValue c = loadAcc(b, in, acc, base);
  storeAcc(b, matrixOp(b, in, a, bv, c), acc, base);
}

/* The first K of step `step` for this lane. */
static MlirValue stepK(TileBuilder *b, const TileRocmMatrixPlan *p,
                       const LaneOperands *o, int64_t step) {
  return tbAdd(b, o->kBase, idx(b, step * p->instr->k));
}

/* One K step of the instruction: each wave multiplies its mmaM x mmaN
 * instruction tiles. The B operands of the step stay live and A is read
 * one row of tiles at a time, so that with the accumulators only
 * mmaN + 1 operands occupy registers (WMMA's are 8 VGPRs each). */
static void emitStep(TileBuilder *b, const TileRocmMatrixPlan *p,
                     const LaneOperands *o, int64_t step, MlirValue acc) {
  const TileMmaPlan *q = &p->base;
  MlirValue k0 = stepK(b, p, o, step);
  MlirValue bv[TileRocmMaxTiles];
  for (int64_t ni = 0; ni < q->mmaN; ++ni)
    bv[ni] = readB(b, p, o, k0, ni);
  for (int64_t mi = 0; mi < q->mmaM; ++mi) {
    MlirValue a = readA(b, p, o, k0, mi);
    for (int64_t ni = 0; ni < q->mmaN; ++ni)
      multiply(b, p, mi, ni, a, bv[ni], acc);
  }
}

void tileRocmMatrixEmitGemm(TileBuilder *b, const TileRocmMatrixPlan *p,
                            const TileMmaThread *t, MlirValue acc) {
  LaneOperands o = laneOperands(b, p, t);
  for (int64_t step = 0; step < p->base.bk / p->instr->k; ++step)
    emitStep(b, p, &o, step, acc);
}

int64_t tileRocmMatrixOperandRegs(const TileRocmMatrixPlan *p) {
  const TileMmaPlan *q = &p->base;
  int64_t bytes = p->instr->operandLen * tileRocmMatrixElemBytes(q->elem);
  return q->bk / p->instr->k * (q->mmaM + q->mmaN) * ((bytes + 3) / 4);
}

void tileRocmMatrixEmitGemmReadFirst(TileBuilder *b,
                                     const TileRocmMatrixPlan *p,
                                     const TileMmaThread *t, MlirValue acc,
                                     void (*between)(TileBuilder *, void *),
                                     void *userData) {
  const TileMmaPlan *q = &p->base;
  LaneOperands o = laneOperands(b, p, t);
  int64_t steps = q->bk / p->instr->k;
  int64_t perStep = q->mmaM + q->mmaN;
  MlirValue *ops = tileCallocArray((size_t)(steps * perStep), sizeof(*ops));
  for (int64_t step = 0; step < steps; ++step) {
    MlirValue k0 = stepK(b, p, &o, step);
    MlirValue *at = ops + step * perStep;
    for (int64_t ni = 0; ni < q->mmaN; ++ni)
      at[q->mmaM + ni] = readB(b, p, &o, k0, ni);
    for (int64_t mi = 0; mi < q->mmaM; ++mi)
      at[mi] = readA(b, p, &o, k0, mi);
  }
  if (between)
    between(b, userData);
  for (int64_t step = 0; step < steps; ++step) {
    const MlirValue *at = ops + step * perStep;
    for (int64_t mi = 0; mi < q->mmaM; ++mi)
      for (int64_t ni = 0; ni < q->mmaN; ++ni)
        multiply(b, p, mi, ni, at[mi], at[q->mmaM + ni], acc);
  }
  free(ops);
}
