/* Packing GEMM operands into panels: the copy that fills a GEMM operand
 * tile writes the micro-kernel's layout directly, converted to the
 * accumulator's element type. */
#include "cpu/gemm.h"

bool tilePackedIsLMajor(const TilePacked *p) {
  return p->role == TileGemmA ? !p->transposed : p->transposed;
}

typedef struct {
  const TilePacked *p;
  const TilePackSource *s;
  MlirType srcElem;
  int64_t lanes;
  bool checked;
  bool prefetched; /* a prefetch was emitted */
  /* The panel being written, and its row for [r][k] panels. */
  MlirValue panel, k, l0, r;
} Pack;

/* Source indices of op(X)[l][k] for element `l` of the panel. */
static void sourceIndices(TileBuilder *b, const Pack *pk, MlirValue l,
                          MlirValue *out) {
  MlirValue storage[2];
  if (tilePackedIsLMajor(pk->p)) {
    storage[0] = l;
    storage[1] = pk->k;
  } else {
    storage[0] = pk->k;
    storage[1] = l;
  }
  tileCpuWindowIndices(b, &pk->s->window, storage, out);
}

/* The mask of `width` lanes from source index `at` of the innermost
 * dimension, all off unless `rowValid`. */
static MlirValue rowMask(TileBuilder *b, const Pack *pk, int64_t width,
                         MlirValue rowValid, MlirValue at) {
  const TileWindow *w = &pk->s->window;
  return tileCpuLaneMask(b, width, at, w->sizes[w->rank - 1], rowValid);
}

/* Rows of the source are far apart in memory (a window of a larger
 * buffer): the hardware prefetcher restarts on each, so reading a row also
 * asks for the same columns `prefetch` rows further. */
static void prefetchAhead(TileBuilder *b, Pack *pk, const MlirValue *idx) {
  const TileWindow *w = &pk->s->window;
  if (!pk->s->windowed || w->rank < 2 || pk->s->prefetch <= 0)
    return;
  MlirValue ahead[TILE_MAX_RANK];
  for (intptr_t d = 0; d < w->rank; ++d)
    ahead[d] = idx[d];
  ahead[w->lead] = tbAdd(b, idx[w->lead], tbConstIndex(b, pk->s->prefetch));
  tbPrefetch(b, pk->s->source, w->rank, ahead);
  pk->prefetched = true;
}

/* Loads `width` consecutive elements of the source, converted. */
static MlirValue loadRun(TileBuilder *b, Pack *pk, MlirValue *idx,
                         int64_t width, MlirValue rowValid) {
  MlirType vectorType = tbVectorType(pk->srcElem, width);
  intptr_t rank = pk->s->window.rank;
  MlirValue mask = {NULL};
  if (!pk->checked)
    prefetchAhead(b, pk, idx);
  else
    mask = rowMask(b, pk, width, rowValid, idx[rank - 1]);
  MlirValue v =
      tileCpuLoadRun(b, vectorType, pk->s->source, rank, idx, mask, pk->s->pad);
  return tileCpuConvert(b, tileCpuConvert(b, v, pk->s->through), pk->p->elem);
}

/* Panel lanes [r, r+width) of op(X) rows stored along the innermost source
 * dimension ([k][l] storage): one vector per chunk. */
static void packRun(TileBuilder *b, MlirValue r, int64_t width,
                    void *userData) {
  Pack *pk = userData;
  MlirValue idx[TILE_MAX_RANK];
  sourceIndices(b, pk, tbAdd(b, pk->l0, r), idx);
  MlirValue rowValid = pk->checked
                           ? tileCpuWindowRowValid(b, &pk->s->window, &pk->k, 1)
                           : (MlirValue){NULL};
  MlirValue v = loadRun(b, pk, idx, width, rowValid);
  MlirValue dst[] = {pk->panel, pk->k, r};
  tbVStore(b, v, pk->p->buffer, 3, dst);
}

/* Panel lane r of an [l][k] storage: one element. */
static void packElement(TileBuilder *b, Pack *pk, int64_t r) {
  MlirValue rIndex = tbConstIndex(b, r);
  MlirValue l = tbAdd(b, pk->l0, rIndex);
  MlirValue idx[TILE_MAX_RANK];
  sourceIndices(b, pk, l, idx);
  MlirValue v;
  if (!pk->checked) {
    v = tbLoad(b, pk->s->source, pk->s->window.rank, idx);
    v = tileCpuConvert(b, tileCpuConvert(b, v, pk->s->through), pk->p->elem);
  } else {
    MlirValue storage[2] = {l, pk->k};
    MlirValue rowValid = tileCpuWindowRowValid(b, &pk->s->window, storage, 1);
    v = tbVExtract(b, loadRun(b, pk, idx, 1, rowValid), 0);
  }
  MlirValue dst[] = {pk->panel, pk->k, rIndex};
  tbStore(b, v, pk->p->buffer, 3, dst);
}

/* Lanes [valid, R) of the last panel lie past the tile: zeros. */
static void zeroTail(TileBuilder *b, Pack *pk, int64_t valid) {
  int64_t rest = pk->p->panel - valid;
  if (rest <= 0)
    return;
  MlirType vectorType = tbVectorType(pk->p->elem, rest);
  MlirValue zero =
      tbVBroadcast(b, vectorType, tileCpuConstant(b, pk->p->elem, 0));
  MlirValue dst[] = {pk->panel, pk->k, tbConstIndex(b, valid)};
  tbVStore(b, zero, pk->p->buffer, 3, dst);
}

/* Elements [k, k+width) of row r of an [r][k] panel: a run of the source
 * row, which is stored along k. */
static void packRowRun(TileBuilder *b, MlirValue k, int64_t width,
                       void *userData) {
  Pack *pk = userData;
  pk->k = k;
  MlirValue l = tbAdd(b, pk->l0, pk->r);
  MlirValue idx[TILE_MAX_RANK];
  sourceIndices(b, pk, l, idx);
  MlirValue rowValid = pk->checked
                           ? tileCpuWindowRowValid(b, &pk->s->window, &l, 1)
                           : (MlirValue){NULL};
  MlirValue v = loadRun(b, pk, idx, width, rowValid);
  MlirValue dst[] = {pk->panel, pk->r, k};
  tbVStore(b, v, pk->p->buffer, 3, dst);
}

static void zeroRowRun(TileBuilder *b, MlirValue k, int64_t width,
                       void *userData) {
  Pack *pk = userData;
  MlirType vectorType = tbVectorType(pk->p->elem, width);
  MlirValue zero =
      tbVBroadcast(b, vectorType, tileCpuConstant(b, pk->p->elem, 0));
  MlirValue dst[] = {pk->panel, pk->r, k};
  tbVStore(b, zero, pk->p->buffer, 3, dst);
}

/* An [r][k] panel: rows [0, valid) are runs of source rows, the rest zero. */
static void packRows(TileBuilder *b, Pack *pk, int64_t valid) {
  TileLoop loop =
      tbFor(b, tbConstIndex(b, 0), tbConstIndex(b, valid), tbConstIndex(b, 1));
  TileBuilder in = tbAtTerminator(loop.body, b->loc);
  pk->r = loop.iv;
  tileCpuForEachChunk(&in, pk->p->depth, pk->lanes, packRowRun, pk);
  for (int64_t r = valid; r < pk->p->panel; ++r) {
    pk->r = tbConstIndex(b, r);
    tileCpuForEachChunk(b, pk->p->depth, pk->lanes, zeroRowRun, pk);
  }
}

/* Step k of a [k][r] panel whose first `valid` lanes lie in the tile. */
static void packStep(TileBuilder *b, Pack *pk, MlirValue panel, int64_t valid) {
  pk->panel = panel;
  pk->l0 = tbMul(b, panel, tbConstIndex(b, pk->p->panel));
  if (tilePackedIsLMajor(pk->p))
    for (int64_t r = 0; r < valid; ++r)
      packElement(b, pk, r);
  else
    tileCpuForEachChunk(b, valid, pk->lanes, packRun, pk);
  zeroTail(b, pk, valid);
}

/* Calls `each` for every panel: a loop over the full ones, then the last
 * one if it is partly past the tile. */
typedef void (*PanelFn)(TileBuilder *b, Pack *pk, MlirValue panel,
                        int64_t valid);
static void forEachPanel(TileBuilder *b, Pack *pk, PanelFn each) {
  const TilePacked *p = pk->p;
  int64_t full = p->length / p->panel, rest = p->length % p->panel;
  if (full > 0) {
    TileLoop loop =
        tbFor(b, tbConstIndex(b, 0), tbConstIndex(b, full), tbConstIndex(b, 1));
    TileBuilder in = tbAtTerminator(loop.body, b->loc);
    each(&in, pk, loop.iv, p->panel);
  }
  if (rest > 0)
    each(b, pk, tbConstIndex(b, full), rest);
}

static void packRowPanel(TileBuilder *b, Pack *pk, MlirValue panel,
                         int64_t valid) {
  pk->panel = panel;
  pk->l0 = tbMul(b, panel, tbConstIndex(b, pk->p->panel));
  packRows(b, pk, valid);
}

/* Whether [k][r] panels of an [l][k] source (B transposed) can be packed
 * by lanes x lanes blocks transposed in registers. */
static bool packsByBlocks(const Pack *pk) {
  int64_t n = pk->lanes;
  return tilePackedIsLMajor(pk->p) && !pk->checked && n >= 2 && n <= 64 &&
         (n & (n - 1)) == 0 && pk->p->panel % n == 0 &&
         pk->p->length >= pk->p->panel && pk->p->depth >= n;
}

/* Block (p, g, k0): source rows l0 + g*n + i, steps k0 .. k0+n-1, loaded
 * as n vectors along k and stored as n vectors along r. */
static void packBlock(TileBuilder *b, Pack *pk, MlirValue k0, int64_t g) {
  int64_t n = pk->lanes;
  MlirValue rows[64];
  pk->k = k0;
  for (int64_t i = 0; i < n; ++i) {
    MlirValue l = tbAdd(b, pk->l0, tbConstIndex(b, g * n + i));
    MlirValue idx[TILE_MAX_RANK];
    sourceIndices(b, pk, l, idx);
    rows[i] = loadRun(b, pk, idx, n, (MlirValue){NULL});
  }
  tileCpuTranspose(b, n, rows);
  for (int64_t t = 0; t < n; ++t) {
    MlirValue dst[] = {pk->panel, tbAdd(b, k0, tbConstIndex(b, t)),
                       tbConstIndex(b, g * n)};
    tbVStore(b, rows[t], pk->p->buffer, 3, dst);
  }
}

/* The full panels over the first steps of K that fill whole blocks;
 * returns how many steps that is. */
static int64_t packBlocks(TileBuilder *b, Pack *pk) {
  int64_t n = pk->lanes;
  int64_t steps = pk->p->depth / n * n;
  TileLoop panels =
      tbFor(b, tbConstIndex(b, 0),
            tbConstIndex(b, pk->p->length / pk->p->panel), tbConstIndex(b, 1));
  TileBuilder inPanel = tbAtTerminator(panels.body, b->loc);
  pk->panel = panels.iv;
  pk->l0 = tbMul(&inPanel, panels.iv, tbConstIndex(&inPanel, pk->p->panel));
  TileLoop ks = tbFor(&inPanel, tbConstIndex(&inPanel, 0),
                      tbConstIndex(&inPanel, steps), tbConstIndex(&inPanel, n));
  TileBuilder in = tbAtTerminator(ks.body, b->loc);
  for (int64_t g = 0; g < pk->p->panel / n; ++g)
    packBlock(&in, pk, ks.iv, g);
  return steps;
}

/* Steps [from, to) of K over every panel (or only the last, partial one). */
static void packSteps(TileBuilder *b, Pack *pk, int64_t from, int64_t to,
                      bool lastOnly) {
  if (from >= to)
    return;
  TileLoop loop =
      tbFor(b, tbConstIndex(b, from), tbConstIndex(b, to), tbConstIndex(b, 1));
  TileBuilder in = tbAtTerminator(loop.body, b->loc);
  pk->k = loop.iv;
  const TilePacked *p = pk->p;
  if (!lastOnly)
    forEachPanel(&in, pk, packStep);
  else if (p->length % p->panel)
    packStep(&in, pk, tbConstIndex(&in, p->length / p->panel),
             p->length % p->panel);
}

/* [r][k] panels go panel by panel, row by row; [k][r] panels go step by
 * step of K over all panels, so that each step reads along a source row
 * when the source is stored [k][l], rather than a column of rows far
 * apart. A source stored [l][k] is transposed by blocks in registers where
 * it can be, and element by element elsewhere. */
static void packPanels(TileBuilder *b, Pack *pk) {
  if (pk->p->kInner) {
    forEachPanel(b, pk, packRowPanel);
    return;
  }
  int64_t done = packsByBlocks(pk) ? packBlocks(b, pk) : 0;
  packSteps(b, pk, 0, done, true);
  packSteps(b, pk, done, pk->p->depth, false);
}

bool tileCpuEmitPack(TileBuilder *b, const TilePacked *p,
                     const TilePackSource *source, int64_t lanes) {
  Pack pk = {.p = p, .s = source, .lanes = lanes};
  pk.srcElem = tileElementType(mlirValueGetType(source->source));
  if (!source->windowed) {
    packPanels(b, &pk);
    return pk.prefetched;
  }
  MlirValue inBounds = tileCpuWindowInBounds(b, &source->window, source->shape);
  MlirBlock thenBlock, elseBlock;
  tbIfElse(b, inBounds, &thenBlock, &elseBlock);
  TileBuilder fast = tbAtTerminator(thenBlock, b->loc);
  packPanels(&fast, &pk);
  pk.checked = true;
  TileBuilder edge = tbAtTerminator(elseBlock, b->loc);
  packPanels(&edge, &pk);
  return pk.prefetched;
}
