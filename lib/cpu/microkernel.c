/* The GEMM micro-kernel: a block of MR x NV vectors of C stays in registers
 * for the whole K of the tile, fed by one broadcast of A and NV vector loads
 * of B per step of K; blocks walk the panels of B (outer) and A (inner), so
 * a panel of B stays in L1 while the panels of A stream past it. */
#include "cpu/gemm.h"

enum { MaxAccumulators = 64 };

typedef struct {
  const TileMicroKernel *mk;
  const TilePacked *a, *b;
  MlirValue c;
  bool clear;
  /* The block being emitted. */
  int64_t rows, vectors, lastLanes;
  MlirValue p, q; /* panel indices in A and B */
} Gemm;

static int64_t lanesOf(const Gemm *g, int64_t v) {
  return v == g->vectors - 1 ? g->lastLanes : g->mk->lanes;
}

static MlirType accType(const Gemm *g) {
  return tbVectorType(g->a->elem, g->mk->lanes);
}

/* C[i0 + r, j0 + v * lanes] */
static void cIndices(TileBuilder *b, const Gemm *g, int64_t r, int64_t v,
                     MlirValue *out) {
  MlirValue i0 = tbMul(b, g->p, tbConstIndex(b, g->a->panel));
  MlirValue j0 = tbMul(b, g->q, tbConstIndex(b, g->b->panel));
  out[0] = tbAdd(b, i0, tbConstIndex(b, r));
  out[1] = tbAdd(b, j0, tbConstIndex(b, v * g->mk->lanes));
}

static MlirValue laneMask(TileBuilder *b, const Gemm *g, int64_t v) {
  return tbVCreateMask(b, g->mk->lanes, tbConstIndex(b, lanesOf(g, v)));
}

/* C's vectors hold its own element type, which can be narrower than the
 * accumulators' (16-bit floats accumulate in f32). */
static MlirType cVectorType(const Gemm *g) {
  return tbVectorType(tileElementType(mlirValueGetType(g->c)), g->mk->lanes);
}

static void loadAccumulators(TileBuilder *b, const Gemm *g, MlirValue *acc) {
  MlirValue zero =
      tbVBroadcast(b, accType(g), tileCpuConstant(b, g->a->elem, 0));
  MlirType cType = cVectorType(g);
  MlirValue cZero = tbVBroadcast(
      b, cType, tileCpuConstant(b, mlirShapedTypeGetElementType(cType), 0));
  for (int64_t r = 0; r < g->rows; ++r)
    for (int64_t v = 0; v < g->vectors; ++v) {
      MlirValue *slot = &acc[r * g->vectors + v];
      MlirValue idx[2];
      if (g->clear) {
        *slot = zero;
        continue;
      }
      cIndices(b, g, r, v, idx);
      MlirValue c =
          lanesOf(g, v) == g->mk->lanes
              ? tbVLoad(b, cType, g->c, 2, idx)
              : tbVMaskedLoad(b, g->c, 2, idx, laneMask(b, g, v), cZero);
      *slot = tileCpuConvert(b, c, g->a->elem);
    }
}

static void storeAccumulators(TileBuilder *b, const Gemm *g,
                              const MlirValue *acc) {
  for (int64_t r = 0; r < g->rows; ++r)
    for (int64_t v = 0; v < g->vectors; ++v) {
      MlirValue idx[2];
      cIndices(b, g, r, v, idx);
      MlirValue value =
          tileCpuConvert(b, acc[r * g->vectors + v],
                         mlirShapedTypeGetElementType(cVectorType(g)));
      if (lanesOf(g, v) == g->mk->lanes)
        tbVStore(b, value, g->c, 2, idx);
      else
        tbVMaskedStore(b, value, g->c, 2, idx, laneMask(b, g, v));
    }
}

/* Vector v of B at step k: from its panel, or from the K x N tile as
 * stored (masked past N in the last vector of an edge block). */
static MlirValue loadB(TileBuilder *b, const Gemm *g, MlirValue k, int64_t v) {
  MlirValue lane = tbConstIndex(b, v * g->mk->lanes);
  if (!g->b->direct) {
    MlirValue idx[] = {g->q, k, lane};
    return tbVLoad(b, accType(g), g->b->buffer, 3, idx);
  }
  MlirValue j0 = tbMul(b, g->q, tbConstIndex(b, g->b->panel));
  MlirValue idx[] = {k, tbAdd(b, j0, lane)};
  if (lanesOf(g, v) == g->mk->lanes)
    return tbVLoad(b, accType(g), g->b->buffer, 2, idx);
  MlirValue zero =
      tbVBroadcast(b, accType(g), tileCpuConstant(b, g->a->elem, 0));
  return tbVMaskedLoad(b, g->b->buffer, 2, idx, laneMask(b, g, v), zero);
}

/* Element A[i][k] of row r of the block: from its panel, or from the tile
 * as stored (M x K, or K x M when transposed). */
static MlirValue loadA(TileBuilder *b, const Gemm *g, MlirValue k, int64_t r) {
  MlirValue row = tbConstIndex(b, r);
  if (!g->a->direct) {
    MlirValue idx[] = {g->p, g->a->kInner ? row : k, g->a->kInner ? k : row};
    return tbLoad(b, g->a->buffer, 3, idx);
  }
  MlirValue i = tbAdd(b, tbMul(b, g->p, tbConstIndex(b, g->a->panel)), row);
  bool rowMajor = tilePackedIsLMajor(g->a);
  MlirValue idx[] = {rowMajor ? i : k, rowMajor ? k : i};
  return tbLoad(b, g->a->buffer, 2, idx);
}

/* One step of K: acc[r][v] += A[p][k][r] * B[q][k][v*lanes ...]. */
static void step(TileBuilder *b, const Gemm *g, MlirValue k, MlirValue *acc) {
  MlirValue bv[MaxAccumulators];
  for (int64_t v = 0; v < g->vectors; ++v)
    bv[v] = loadB(b, g, k, v);
  for (int64_t r = 0; r < g->rows; ++r) {
    MlirValue a = tbVBroadcast(b, accType(g), loadA(b, g, k, r));
    for (int64_t v = 0; v < g->vectors; ++v) {
      MlirValue *slot = &acc[r * g->vectors + v];
      *slot = tileCpuMulAdd(b, a, bv[v], *slot);
    }
  }
}

/* The block at panels (p, q): rows x vectors accumulators over all of K. */
static void emitBlock(TileBuilder *b, Gemm *g) {
  int64_t n = g->rows * g->vectors;
  MlirValue acc[MaxAccumulators];
  loadAccumulators(b, g, acc);
  int64_t depth = g->a->depth, unroll = g->mk->unroll;
  int64_t main = depth / unroll * unroll;
  if (main > 0) {
    TileLoop loop = tbForIter(b, tbConstIndex(b, 0), tbConstIndex(b, main),
                              tbConstIndex(b, unroll), n, acc);
    TileBuilder in = tbAtEnd(loop.body, b->loc);
    MlirValue carried[MaxAccumulators];
    for (int64_t i = 0; i < n; ++i)
      carried[i] = tbIterArg(loop, i);
    for (int64_t u = 0; u < unroll; ++u)
      step(&in, g, u ? tbAdd(&in, loop.iv, tbConstIndex(&in, u)) : loop.iv,
           carried);
    tbYield(&in, n, carried);
    for (int64_t i = 0; i < n; ++i)
      acc[i] = tbLoopResult(loop, i);
  }
  for (int64_t k = main; k < depth; ++k)
    step(b, g, tbConstIndex(b, k), acc);
  storeAccumulators(b, g, acc);
}

/* Blocks of `rows` rows at every full panel of A (a loop), then the block
 * of the remaining rows. */
static void emitColumn(TileBuilder *b, Gemm *g) {
  int64_t mr = g->a->panel;
  int64_t full = g->a->length / mr, rest = g->a->length % mr;
  if (full > 0) {
    TileLoop loop =
        tbFor(b, tbConstIndex(b, 0), tbConstIndex(b, full), tbConstIndex(b, 1));
    TileBuilder in = tbAtTerminator(loop.body, b->loc);
    g->p = loop.iv;
    g->rows = mr;
    emitBlock(&in, g);
  }
  if (rest > 0) {
    g->p = tbConstIndex(b, full);
    g->rows = rest;
    emitBlock(b, g);
  }
}

void tileCpuEmitGemm(TileBuilder *b, const TileMicroKernel *mk,
                     const TilePacked *a, const TilePacked *bp, MlirValue c,
                     bool clear) {
  Gemm g = {.mk = mk, .a = a, .b = bp, .c = c, .clear = clear};
  int64_t nr = bp->panel, lanes = mk->lanes;
  int64_t full = bp->length / nr, rest = bp->length % nr;
  if (full > 0) {
    TileLoop loop =
        tbFor(b, tbConstIndex(b, 0), tbConstIndex(b, full), tbConstIndex(b, 1));
    TileBuilder in = tbAtTerminator(loop.body, b->loc);
    g.q = loop.iv;
    g.vectors = mk->vectors;
    g.lastLanes = lanes;
    emitColumn(&in, &g);
  }
  if (rest > 0) {
    g.q = tbConstIndex(b, full);
    g.vectors = (rest + lanes - 1) / lanes;
    g.lastLanes = rest - (g.vectors - 1) * lanes;
    emitColumn(b, &g);
  }
}
