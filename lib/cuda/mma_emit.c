/* Emits tensor-core code: thread indices, the accumulator layout of
 * mma.sync m16n8k16, and C += A * B with ldmatrix + mma.sync. */
#include "cuda/mma.h"

#include "ir/ir.h"

#include <stdio.h>

static MlirValue idx(TileBuilder *b, int64_t v) { return tbConstIndex(b, v); }

TileMmaThread tileMmaThreadIndices(TileBuilder *b, const TileMmaPlan *plan) {
  MlirType index = tbIndex(b);
  MlirNamedAttribute x = tbNamed(b, "dimension", tbParseAttr(b, "#gpu<dim x>"));
  TileMmaThread t;
  t.tid = tbResult(tbCreate(b, "gpu.thread_id", 0, NULL, 1, &index, 1, &x));
  t.lane = tbRemU(b, t.tid, idx(b, 32));
  MlirValue warp = tbDivU(b, t.tid, idx(b, 32));
  t.warpM = tbDivU(b, warp, idx(b, plan->warpsN));
  t.warpN = tbRemU(b, warp, idx(b, plan->warpsN));
  t.group = tbDivU(b, t.lane, idx(b, 4));
  t.quad = tbRemU(b, t.lane, idx(b, 4));
  return t;
}

/* Accumulator element i of a thread: mma tile i / 4 (row-major over the
 * warp's mmaM x mmaN tiles), element i % 4 of its c0..c3, where c0, c1 sit
 * in row `group` and c2, c3 eight rows below, at columns 2 * quad + {0, 1}. */
void tileMmaElementPosition(TileBuilder *b, const TileMmaPlan *p,
                            const TileMmaThread *t, MlirValue i, MlirValue *row,
                            MlirValue *col) {
  MlirValue tile = tbDivU(b, i, idx(b, 4));
  MlirValue e = tbRemU(b, i, idx(b, 4));
  MlirValue mi = tbDivU(b, tile, idx(b, p->mmaN));
  MlirValue ni = tbRemU(b, tile, idx(b, p->mmaN));
  MlirValue r = tbMul(b, t->warpM, idx(b, p->warpM));
  r = tbAdd(b, r, tbMul(b, mi, idx(b, 16)));
  r = tbAdd(b, r, t->group);
  *row = tbAdd(b, r, tbMul(b, tbDivU(b, e, idx(b, 2)), idx(b, 8)));
  MlirValue c = tbMul(b, t->warpN, idx(b, p->warpN));
  c = tbAdd(b, c, tbMul(b, ni, idx(b, 8)));
  c = tbAdd(b, c, tbMul(b, t->quad, idx(b, 2)));
  *col = tbAdd(b, c, tbRemU(b, e, idx(b, 2)));
}

static MlirType vectorType(TileBuilder *b, const char *text) {
  return tbParseType(b, text);
}

/* "vector<SHAPExELEM>" for the plan's 16-bit element type. */
static MlirType elemVector(TileBuilder *b, const TileMmaPlan *p,
                           const char *shape) {
  char text[48];
  snprintf(text, sizeof(text), "vector<%sx%s>", shape,
           mlirTypeIsABF16(p->elem) ? "bf16" : "f16");
  return tbParseType(b, text);
}

/* nvgpu.ldmatrix %buffer[%stage, %row, %col] of four 8x8 b16 matrices. */
static MlirValue ldmatrix(TileBuilder *b, const TileMmaPlan *p,
                          MlirValue buffer, MlirValue stage, MlirValue row,
                          MlirValue col, bool transpose) {
  MlirValue operands[] = {buffer, stage, row, col};
  MlirType type = elemVector(b, p, "4x2");
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "numTiles", mlirIntegerAttrGet(tbI32(b), 4)),
      tbNamed(b, "transpose", tbBoolAttr(b, transpose)),
  };
  return tbResult(
      tbCreate(b, "nvgpu.ldmatrix", 4, operands, 1, &type, 2, attrs));
}

static MlirValue extractRow(TileBuilder *b, MlirValue v, int64_t row,
                            MlirType type) {
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "static_position", mlirDenseI64ArrayGet(b->ctx, 1, &row)),
  };
  return tbResult(tbCreate(b, "vector.extract", 1, &v, 1, &type, 1, attrs));
}

/* Rows [first, first + 2) of a vector<4x2xT> as a vector<2x2xT>. */
static MlirValue rowPair(TileBuilder *b, const TileMmaPlan *p, MlirValue v,
                         int64_t first) {
  MlirType type = elemVector(b, p, "2x2");
  int64_t offsets[] = {first, 0}, sizes[] = {2, 2}, strides[] = {1, 1};
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "offsets",
              mlirArrayAttrGet(b->ctx, 2,
                               (MlirAttribute[]){tbI64Attr(b, offsets[0]),
                                                 tbI64Attr(b, offsets[1])})),
      tbNamed(b, "sizes",
              mlirArrayAttrGet(b->ctx, 2,
                               (MlirAttribute[]){tbI64Attr(b, sizes[0]),
                                                 tbI64Attr(b, sizes[1])})),
      tbNamed(b, "strides",
              mlirArrayAttrGet(b->ctx, 2,
                               (MlirAttribute[]){tbI64Attr(b, strides[0]),
                                                 tbI64Attr(b, strides[1])})),
  };
  return tbResult(
      tbCreate(b, "vector.extract_strided_slice", 1, &v, 1, &type, 3, attrs));
}

static MlirValue loadAccumulator(TileBuilder *b, MlirValue acc, int64_t base) {
  MlirValue operands[] = {acc, idx(b, base)};
  MlirType type = vectorType(b, "vector<4xf32>");
  return tbResult(tbCreate(b, "vector.load", 2, operands, 1, &type, 0, NULL));
}

static void storeAccumulator(TileBuilder *b, MlirValue v, MlirValue acc,
                             int64_t base) {
  MlirValue operands[] = {v, acc, idx(b, base)};
  tbCreate(b, "vector.store", 3, operands, 0, NULL, 0, NULL);
}

static MlirValue shapeCast(TileBuilder *b, MlirValue v, const char *to) {
  MlirType type = vectorType(b, to);
  return tbResult(tbCreate(b, "vector.shape_cast", 1, &v, 1, &type, 0, NULL));
}

/* One f16 mma: nvgpu.mma.sync on the fragments as they come. */
static MlirValue mmaF16(TileBuilder *b, MlirValue a, MlirValue bFrag,
                        MlirValue c) {
  MlirValue operands[] = {a, bFrag, shapeCast(b, c, "vector<2x2xf32>")};
  MlirType type = vectorType(b, "vector<2x2xf32>");
  int64_t shape[] = {16, 8, 16};
  MlirAttribute dims[3];
  for (int i = 0; i < 3; ++i)
    dims[i] = tbI64Attr(b, shape[i]);
  MlirNamedAttribute attr =
      tbNamed(b, "mmaShape", mlirArrayAttrGet(b->ctx, 3, dims));
  MlirValue d =
      tbResult(tbCreate(b, "nvgpu.mma.sync", 3, operands, 1, &type, 1, &attr));
  return shapeCast(b, d, "vector<4xf32>");
}

/* A pair of b16 values as the i32 register mma.sync takes for bf16. */
static MlirValue asI32(TileBuilder *b, MlirValue pair) {
  MlirType v1 = vectorType(b, "vector<1xi32>");
  MlirValue bits =
      tbResult(tbCreate(b, "vector.bitcast", 1, &pair, 1, &v1, 0, NULL));
  MlirType i32 = tbI32(b);
  int64_t zero = 0;
  MlirNamedAttribute attr =
      tbNamed(b, "static_position", mlirDenseI64ArrayGet(b->ctx, 1, &zero));
  return tbResult(tbCreate(b, "vector.extract", 1, &bits, 1, &i32, 1, &attr));
}

static MlirValue scalar(TileBuilder *b, MlirValue v, int64_t i) {
  MlirType f32 = tbF32(b);
  MlirNamedAttribute attr =
      tbNamed(b, "static_position", mlirDenseI64ArrayGet(b->ctx, 1, &i));
  return tbResult(tbCreate(b, "vector.extract", 1, &v, 1, &f32, 1, &attr));
}

/* One bf16 mma: nvvm.mma.sync on i32 registers (nvgpu has no bf16 form). */
static MlirValue mmaBF16(TileBuilder *b, const TileMmaPlan *p, MlirValue a,
                         MlirValue b0, MlirValue b1, MlirValue c) {
  MlirValue operands[10];
  for (int64_t r = 0; r < 4; ++r)
    operands[r] = asI32(b, extractRow(b, a, r, elemVector(b, p, "2")));
  operands[4] = asI32(b, b0);
  operands[5] = asI32(b, b1);
  for (int64_t r = 0; r < 4; ++r)
    operands[6 + r] = scalar(b, c, r);
  MlirType type = tbParseType(b, "!llvm.struct<(f32, f32, f32, f32)>");
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "layoutA", tbParseAttr(b, "#nvvm.mma_layout<row>")),
      tbNamed(b, "layoutB", tbParseAttr(b, "#nvvm.mma_layout<col>")),
      tbNamed(b, "multiplicandAPtxType",
              tbParseAttr(b, "#nvvm.mma_type<bf16>")),
      tbNamed(b, "multiplicandBPtxType",
              tbParseAttr(b, "#nvvm.mma_type<bf16>")),
      tbNamed(b, "shape", tbParseAttr(b, "#nvvm.shape<m = 16, n = 8, k = 16>")),
      tbNamed(b, "operandSegmentSizes",
              mlirDenseI32ArrayGet(b->ctx, 3, (const int32_t[]){4, 2, 4})),
  };
  MlirValue d =
      tbResult(tbCreate(b, "nvvm.mma.sync", 10, operands, 1, &type, 6, attrs));
  MlirValue elements[4];
  MlirType f32 = tbF32(b);
  for (int64_t r = 0; r < 4; ++r) {
    MlirNamedAttribute pos =
        tbNamed(b, "position", mlirDenseI64ArrayGet(b->ctx, 1, &r));
    elements[r] =
        tbResult(tbCreate(b, "llvm.extractvalue", 1, &d, 1, &f32, 1, &pos));
  }
  MlirType v4 = vectorType(b, "vector<4xf32>");
  return tbResult(
      tbCreate(b, "vector.from_elements", 4, elements, 1, &v4, 0, NULL));
}

void tileMmaEmitGemm(TileBuilder *b, const TileMmaPlan *p,
                     const TileMmaThread *t, MlirValue aStages,
                     MlirValue bStages, MlirValue stage, MlirValue acc) {
  bool bf16 = mlirTypeIsABF16(p->elem);
  MlirValue c[TileCudaMaxMmaTiles][TileCudaMaxMmaTiles];
  for (int64_t mi = 0; mi < p->mmaM; ++mi)
    for (int64_t ni = 0; ni < p->mmaN; ++ni)
      c[mi][ni] = loadAccumulator(b, acc, (mi * p->mmaN + ni) * 4);
  MlirValue laneLow = tbRemU(b, t->lane, idx(b, 16));
  MlirValue laneHigh = tbDivU(b, t->lane, idx(b, 16));
  MlirValue warpRow = tbMul(b, t->warpM, idx(b, p->warpM));
  MlirValue warpCol = tbMul(b, t->warpN, idx(b, p->warpN));
  for (int64_t kk = 0; kk < p->bk; kk += 16) {
    /* A: rows lane % 16, columns kk + 8 * (lane / 16) of each 16x16 tile. */
    MlirValue aFrag[TileCudaMaxMmaTiles];
    MlirValue aCol = tbAdd(b, idx(b, kk), tbMul(b, laneHigh, idx(b, 8)));
    for (int64_t mi = 0; mi < p->mmaM; ++mi) {
      MlirValue row = tbAdd(b, warpRow, tbAdd(b, idx(b, mi * 16), laneLow));
      aFrag[mi] = ldmatrix(b, p, aStages, stage, row, aCol, false);
    }
    /* B: four 8x8 matrices per 16 columns of C; b rows of mma are k. */
    MlirValue bFrag[TileCudaMaxMmaTiles];
    for (int64_t nj = 0; nj < p->mmaN / 2; ++nj) {
      MlirValue n0 = tbAdd(b, warpCol, idx(b, nj * 16));
      MlirValue loaded;
      if (!p->transposeB) {
        MlirValue row = tbAdd(b, idx(b, kk), laneLow);
        MlirValue col = tbAdd(b, n0, tbMul(b, laneHigh, idx(b, 8)));
        loaded = ldmatrix(b, p, bStages, stage, row, col, true);
      } else {
        MlirValue row = tbAdd(b, n0,
                              tbAdd(b, tbRemU(b, t->lane, idx(b, 8)),
                                    tbMul(b, laneHigh, idx(b, 8))));
        MlirValue eighth = tbRemU(b, tbDivU(b, t->lane, idx(b, 8)), idx(b, 2));
        MlirValue col = tbAdd(b, idx(b, kk), tbMul(b, eighth, idx(b, 8)));
        loaded = ldmatrix(b, p, bStages, stage, row, col, false);
      }
      bFrag[2 * nj] = rowPair(b, p, loaded, 0);
      bFrag[2 * nj + 1] = rowPair(b, p, loaded, 2);
    }
    for (int64_t mi = 0; mi < p->mmaM; ++mi)
      for (int64_t ni = 0; ni < p->mmaN; ++ni)
        c[mi][ni] =
            bf16 ? mmaBF16(b, p, aFrag[mi],
                           extractRow(b, bFrag[ni], 0, elemVector(b, p, "2")),
                           extractRow(b, bFrag[ni], 1, elemVector(b, p, "2")),
                           c[mi][ni])
                 : mmaF16(b, aFrag[mi], bFrag[ni], c[mi][ni]);
  }
  for (int64_t mi = 0; mi < p->mmaM; ++mi)
    for (int64_t ni = 0; ni < p->mmaN; ++ni)
      storeAccumulator(b, c[mi][ni], acc, (mi * p->mmaN + ni) * 4);
}
