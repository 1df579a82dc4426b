/* The copies that fill a matrix-core gemm's shared A and B tiles from
 * global windows, without branches per element: the SIMT copy guards every
 * element with its own branch, and on wave64 each branch keeps a 64-bit exec
 * mask in SGPRs (gemm.mlir on gfx942: 50 SGPRs spilled to VGPR lanes). */
#include "rocm/matrix.h"

#include "gpu/layout.h"
#include "ir/builder_gpu.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "support/count.h"
#include "tile/dialect.h"

static MlirValue idx(TileBuilder *b, int64_t v) { return tbConstIndex(b, v); }

typedef struct {
  MlirValue src, dst, off[2], extent[2], pad;
  int64_t rows, cols; /* the copy's tile */
  bool transpose;
  bool swizzled; /* dst's rows are XOR-swizzled (rocm/matrix_layout.h) */
} Window;

/* The window of `copy` at offsets `off` (NULL: the copy's own). */
static Window windowOf(TileBuilder *b, MlirOperation copy, MlirValue dst,
                       bool transpose, const MlirValue *off) {
  Window w;
  w.src = mlirOperationGetOperand(copy, 0);
  w.dst = dst;
  w.transpose = transpose;
  w.swizzled = false;
  intptr_t first;
  tileOperandGroup(copy, 2, &first);
  for (int i = 0; i < 2; ++i) {
    w.off[i] = off ? off[i] : mlirOperationGetOperand(copy, first + i);
    w.extent[i] = tbDim(b, w.src, i);
  }
  MlirType dstType = mlirValueGetType(mlirOperationGetOperand(copy, 1));
  w.rows = tileDim(dstType, 0);
  w.cols = tileDim(dstType, 1);
  MlirAttribute pad = tileOpGetAttr(copy, "pad");
  w.pad = mlirAttributeIsNull(pad) ? tbZeroOf(b, tileElementType(dstType))
                                   : tbConstAttr(b, pad);
  return w;
}

/* The tile element of register slot `r` when a thread's elements come in
 * chunks of `width` along a row (below; 1: single elements). */
static void slotAt(TileBuilder *b, const Window *w, MlirValue tid,
                   int64_t threads, int64_t width, int64_t r, MlirValue at[2]) {
  int64_t perRow = w->cols / width;
  MlirValue chunk = tbAdd(b, tid, idx(b, (r / width) * threads));
  at[0] = tbDivU(b, chunk, idx(b, perRow));
  at[1] = tbAdd(b, tbMul(b, tbRemU(b, chunk, idx(b, perRow)), idx(b, width)),
                idx(b, r % width));
}

/* Element e of this thread's part of the tile: consecutive threads take
 * consecutive columns (coalesced global reads). */
static void elementAt(TileBuilder *b, const Window *w, MlirValue tid,
                      int64_t threads, int64_t e, MlirValue at[2]) {
  slotAt(b, w, tid, threads, 1, e, at);
}

int64_t tileRocmMatrixElemBytes(MlirType elem) {
  return mlirTypeIsAInteger(elem) ? 1 : 2;
}

static void storeAt(TileBuilder *b, const Window *w, MlirValue v,
                    MlirValue *at) {
  MlirValue swapped[2] = {at[1], at[0]};
  if (w->swizzled) {
    MlirValue col = tileRocmSwizzledCol(
        b, at[0], at[1], w->cols, tileRocmMatrixElemBytes(mlirValueGetType(v)));
    tbStore(b, v, w->dst, 2, (MlirValue[]){at[0], col});
    return;
  }
  tbStore(b, v, w->dst, 2, w->transpose ? swapped : at);
}

/* The element at `at` of the window from the source. Outside the source the
 * load reads the nearest element inside instead (the source is not empty
 * here) and the pad value is selected. */
static MlirValue readElement(TileBuilder *b, const Window *w,
                             const MlirValue at[2]) {
  MlirValue src[2], inside = {NULL};
  for (int i = 0; i < 2; ++i) {
    MlirValue g = tbAdd(b, w->off[i], at[i]);
    MlirValue ok = tbCmpI(b, "ult", g, w->extent[i]);
    inside = i ? tbAnd(b, inside, ok) : ok;
    src[i] = tbMinU(b, g, tbSub(b, w->extent[i], idx(b, 1)));
  }
  return tbSelect(b, inside, tbLoad(b, w->src, 2, src), w->pad);
}

static void copyElement(TileBuilder *b, const Window *w, MlirValue tid,
                        int64_t threads, int64_t e) {
  MlirValue at[2];
  elementAt(b, w, tid, threads, e, at);
  storeAt(b, w, readElement(b, w, at), at);
}

/* An if on whether the window's source has elements (uniform: one branch
 * for the block, none per element); its then and else blocks. */
static MlirOperation ifNonEmpty(TileBuilder *b, const Window *w,
                                MlirBlock *thenBlock, MlirBlock *elseBlock) {
  MlirValue nonEmpty = tbAnd(b, tbCmpI(b, "ne", w->extent[0], idx(b, 0)),
                             tbCmpI(b, "ne", w->extent[1], idx(b, 0)));
  tbIfElse(b, nonEmpty, thenBlock, elseBlock);
  return mlirBlockGetParentOperation(*thenBlock);
}

bool tileRocmMatrixCopyFits(const TileMmaPlan *p, MlirOperation copy) {
  MlirType dst = mlirValueGetType(mlirOperationGetOperand(copy, 1));
  return (tileDim(dst, 0) * tileDim(dst, 1)) % p->threads == 0;
}

void tileRocmMatrixEmitCopy(const TileMmaPlan *p, const TileMmaThread *t,
                            MlirOperation copy, MlirValue dst, bool transpose) {
  TileBuilder b = tbBefore(copy);
  Window w = windowOf(&b, copy, dst, transpose, NULL);
  int64_t perThread = w.rows * w.cols / p->threads;
  MlirBlock thenBlock, elseBlock;
  /* Threads write different elements: tile-gpu-barriers puts barriers
   * around the copy, not between its stores. */
  tileRocmMarkDistributed(ifNonEmpty(&b, &w, &thenBlock, &elseBlock));
  TileBuilder load = tbAtTerminator(thenBlock, b.loc);
  TileBuilder fill = tbAtTerminator(elseBlock, b.loc);
  for (int64_t e = 0; e < perThread; ++e) {
    copyElement(&load, &w, t->tid, p->threads, e);
    MlirValue at[2];
    elementAt(&fill, &w, t->tid, p->threads, e, at);
    storeAt(&fill, &w, w.pad, at);
  }
  mlirOperationDestroy(copy);
}

void tileRocmMarkDistributed(MlirOperation op) {
  mlirOperationSetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString(TILE_GPU_DISTRIBUTED_ATTR),
      mlirUnitAttrGet(mlirOperationGetContext(op)));
}

int64_t tileRocmMatrixCopyElements(const TileMmaPlan *p, MlirOperation copy) {
  MlirType dst = mlirValueGetType(mlirOperationGetOperand(copy, 1));
  return tileDim(dst, 0) * tileDim(dst, 1) / p->threads;
}

/*===--- register staging -------------------------------------------------===*/

/* Staged copies move chunks of `width` consecutive elements of a row: 16
 * bytes when the rows and the thread count allow (one global_load_dwordx4,
 * two f16 per register), else narrower. Chunk c of a thread is chunk
 * tid + c * threads of the tile, row-major: consecutive threads read
 * consecutive chunks. Register slot r holds element r % width of chunk
 * r / width. */
static int64_t chunkWidth(const TileMmaPlan *p, const Window *w) {
  /* vector.load needs rows of unit stride: the identity layout. */
  MlirType src = mlirValueGetType(w->src);
  if (!mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(src)))
    return 1;
  int64_t bytes = tileRocmMatrixElemBytes(mlirValueGetType(w->pad));
  for (int64_t width = 16 / bytes; width > 1; width /= 2)
    if (w->cols % width == 0 && (w->rows * w->cols / width) % p->threads == 0)
      return width;
  return 1;
}

/* Whether the whole window lies inside the source (uniform). */
static MlirValue windowInside(TileBuilder *b, const Window *w) {
  MlirValue inside = {NULL};
  int64_t size[2] = {w->rows, w->cols};
  for (int i = 0; i < 2; ++i) {
    MlirValue end = tbAdd(b, w->off[i], idx(b, size[i]));
    MlirValue fits = tbCmpI(b, "ule", end, w->extent[i]);
    MlirValue ok = tbAnd(b, fits, tbCmpI(b, "ule", w->off[i], end));
    inside = i ? tbAnd(b, inside, ok) : ok;
  }
  return inside;
}

void tileRocmMatrixLoadRegs(TileBuilder *b, const TileMmaPlan *p,
                            const TileMmaThread *t, MlirOperation copy,
                            const MlirValue off[2], MlirValue regs) {
  Window w = windowOf(b, copy, regs, false, off);
  int64_t slots = w.rows * w.cols / p->threads;
  int64_t width = chunkWidth(p, &w);
  MlirType elem = mlirValueGetType(w.pad);
  /* Inside the source (every block but the edges): one vector load per
   * chunk, no selects. */
  MlirBlock whole, edge;
  tbIfElse(b, windowInside(b, &w), &whole, &edge);
  TileBuilder vec = tbAtTerminator(whole, b->loc);
  for (int64_t r = 0; r < slots; r += width) {
    MlirValue at[2], slot = idx(&vec, r);
    slotAt(&vec, &w, t->tid, p->threads, width, r, at);
    MlirValue src[2];
    for (int i = 0; i < 2; ++i)
      src[i] = tbAdd(&vec, w.off[i], at[i]);
    if (width == 1)
      tbStore(&vec, tbLoad(&vec, w.src, 2, src), regs, 1, &slot);
    else
      tbVStore(&vec, tbVLoad(&vec, tbVectorType(elem, width), w.src, 2, src),
               regs, 1, &slot);
  }
  /* At an edge: element by element, the pad value outside. */
  TileBuilder at = tbAtTerminator(edge, b->loc);
  MlirBlock thenBlock, elseBlock;
  ifNonEmpty(&at, &w, &thenBlock, &elseBlock);
  TileBuilder load = tbAtTerminator(thenBlock, b->loc);
  TileBuilder fill = tbAtTerminator(elseBlock, b->loc);
  for (int64_t r = 0; r < slots; ++r) {
    MlirValue el[2];
    slotAt(&load, &w, t->tid, p->threads, width, r, el);
    MlirValue v = readElement(&load, &w, el);
    MlirValue slot = idx(&load, r);
    tbStore(&load, v, regs, 1, &slot);
    slot = idx(&fill, r);
    tbStore(&fill, w.pad, regs, 1, &slot);
  }
}

void tileRocmMatrixStoreRegs(TileBuilder *b, const TileMmaPlan *p,
                             const TileMmaThread *t, MlirOperation copy,
                             MlirValue regs, MlirValue dst, bool transpose) {
  Window w = windowOf(b, copy, dst, transpose, NULL);
  int64_t slots = w.rows * w.cols / p->threads;
  int64_t width = chunkWidth(p, &w);
  for (int64_t r = 0; r < slots; ++r) {
    MlirValue from = idx(b, r), at[2];
    slotAt(b, &w, t->tid, p->threads, width, r, at);
    storeAt(b, &w, tbLoad(b, regs, 1, &from), at);
  }
}

/*===--- direct-to-LDS loads ----------------------------------------------===*/

/* The physical column of logical element (row, col) of a swizzled tile
 * with `cols` elements of `elemBytes` per row. */
MlirValue tileRocmSwizzledCol(TileBuilder *b, MlirValue row, MlirValue col,
                              int64_t cols, int64_t elemBytes) {
  int64_t chunks = cols * elemBytes / TileRocmSwizzleChunk;
  int64_t per = TileRocmSwizzleChunk / elemBytes; /* elements per chunk */
  MlirValue mask =
      tbRemU(b, tbDivU(b, row, idx(b, tileRocmSwizzleRows(chunks))),
             idx(b, tileRocmSwizzleModulus(chunks)));
  MlirValue chunk =
      tbBinary(b, "arith.xori", tbDivU(b, col, idx(b, per)), mask);
  return tbAdd(b, tbMul(b, chunk, idx(b, per)), tbRemU(b, col, idx(b, per)));
}

/* Whether a 64-bit value is a power of two. */
static bool powerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

bool tileRocmMatrixDirectFits(const TileRocmMatrixPlan *p, MlirOperation copy) {
  const TileMmaPlan *q = &p->base;
  MlirType src = mlirValueGetType(mlirOperationGetOperand(copy, 0));
  MlirType dst = mlirValueGetType(mlirOperationGetOperand(copy, 1));
  /* The window's rows are contiguous in global memory, and the tile is
   * in the workgroup address space the instruction writes. */
  if (!mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(src)) ||
      !mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(src)) ||
      !mlirAttributeEqual(
          mlirMemRefTypeGetMemorySpace(dst),
          mlirAttributeParseGet(
              mlirTypeGetContext(dst),
              mlirStringRefCreateFromCString("#gpu.address_space<workgroup>"))))
    return false;
  int64_t elemBytes = tileRocmMatrixElemBytes(q->elem);
  int64_t rowBytes = tileDim(dst, 1) * elemBytes;
  /* Whole chunks per row, a power of two of them (the XOR stays in the
   * row), each operand read inside one chunk, and whole loads per thread. */
  int64_t perLoad = q->threads * TileRocmDirectBytes;
  return powerOfTwo(rowBytes) && rowBytes >= TileRocmSwizzleChunk &&
         p->instr->operandLen * elemBytes <= TileRocmSwizzleChunk &&
         (tileDim(dst, 0) * rowBytes) % perLoad == 0;
}

/* for (i = 0; i < n; ++i), which LLVM does not unroll. */
static TileLoop rolledLoop(TileBuilder *b, int64_t n) {
  TileLoop loop = tbFor(b, idx(b, 0), idx(b, n), idx(b, 1));
  mlirOperationSetDiscardableAttributeByName(
      loop.op, mlirStringRefCreateFromCString("loop_annotation"),
      tbParseAttr(b, "#llvm.loop_annotation<unroll = <disable = true>>"));
  return loop;
}

void tileRocmMatrixDirectCopy(TileBuilder *b, const TileRocmMatrixPlan *p,
                              const TileMmaThread *t, MlirOperation copy,
                              const MlirValue off[2], MlirValue dst) {
  const TileMmaPlan *q = &p->base;
  Window w = windowOf(b, copy, dst, false, off);
  w.swizzled = true;
  int64_t elemBytes = tileRocmMatrixElemBytes(q->elem);
  int64_t rowBytes = w.cols * elemBytes;
  int64_t wave = p->instr->wave;
  int64_t per = TileRocmDirectBytes / elemBytes; /* elements per load */
  MlirBlock full, empty;
  ifNonEmpty(b, &w, &full, &empty);
  /* Each load of a wave writes its lanes' 4 bytes one after the other at a
   * base that is uniform in the wave; lane l's bytes are the logical ones
   * that the swizzle puts at base + 4 l. Load j of thread `tid` writes
   * byte 4 (tid + j * threads) of the tile. A lane whose 4 bytes are not
   * all inside the source writes its elements itself instead, the pad value
   * outside (an inactive lane's bytes are left alone). The loads are a loop
   * that LLVM keeps rolled: unrolled, the address of each was hoisted out
   * of the K loop (gemm.mlir on gfx942: 306 registers and SGPR spills,
   * against 262 with register staging). One loop for the edges and the
   * rest spills no SGPRs, where a separate element loop for the edge
   * blocks spilled 32 (gemm_direct.mlir on gfx942) for 5 VGPRs fewer. */
  TileBuilder in = tbAtTerminator(full, b->loc);
  MlirType transfer = tbVectorType(q->elem, per);
  int64_t round = q->threads * TileRocmDirectBytes; /* bytes per load */
  MlirValue waveFirst =
      tbMul(&in, tbDivU(&in, t->tid, idx(&in, wave)), idx(&in, wave));
  /* A load reads 4 aligned bytes: the source's base and rows must be
   * 4-byte aligned (a row of an odd number of f16, or a view that starts
   * at an odd element, is copied element by element). */
  MlirType index = tbIndex(&in);
  MlirValue base0 =
      tbResult(tbCreate(&in, "memref.extract_aligned_pointer_as_index", 1,
                        &w.src, 1, &index, 0, NULL));
  MlirValue four = idx(&in, TileRocmDirectBytes);
  MlirValue aligned = tbAnd(
      &in, tbCmpI(&in, "eq", tbRemU(&in, base0, four), idx(&in, 0)),
      tbCmpI(&in, "eq",
             tbRemU(&in, tbMul(&in, w.extent[1], idx(&in, elemBytes)), four),
             idx(&in, 0)));
  TileLoop each = rolledLoop(&in, w.rows * rowBytes / round);
  TileBuilder ld = tbAtTerminator(each.body, b->loc);
  MlirValue byte = tbAdd(&ld, tbMul(&ld, t->tid, idx(&ld, TileRocmDirectBytes)),
                         tbMul(&ld, each.iv, idx(&ld, round)));
  MlirValue row = tbDivU(&ld, byte, idx(&ld, rowBytes));
  MlirValue physCol =
      tbDivU(&ld, tbRemU(&ld, byte, idx(&ld, rowBytes)), idx(&ld, elemBytes));
  /* The XOR is its own inverse: the logical column stored here. */
  MlirValue col = tileRocmSwizzledCol(&ld, row, physCol, w.cols, elemBytes);
  MlirValue src[2] = {tbAdd(&ld, w.off[0], row), tbAdd(&ld, w.off[1], col)};
  MlirValue inside =
      tbAnd(&ld, aligned,
            tbAnd(&ld, tbCmpI(&ld, "ult", src[0], w.extent[0]),
                  tbCmpI(&ld, "ule", tbAdd(&ld, src[1], idx(&ld, per)),
                         w.extent[1])));
  MlirBlock load, edge;
  tbIfElse(&ld, inside, &load, &edge);
  TileBuilder el = tbAtTerminator(edge, b->loc);
  for (int64_t v = 0; v < per; ++v) {
    MlirValue at[2] = {row, tbAdd(&el, col, idx(&el, v))};
    MlirValue place[2] = {row, tbAdd(&el, physCol, idx(&el, v))};
    tbStore(&el, readElement(&el, &w, at), dst, 2, place);
  }
  ld = tbAtTerminator(load, b->loc);
  /* The wave's base: its first lane's byte. */
  MlirValue base = tbMul(
      &ld, tbAdd(&ld, waveFirst, tbMul(&ld, each.iv, idx(&ld, q->threads))),
      idx(&ld, TileRocmDirectBytes));
  MlirValue operands[] = {
      w.src,
      src[0],
      src[1],
      dst,
      tbDivU(&ld, base, idx(&ld, rowBytes)),
      tbDivU(&ld, tbRemU(&ld, base, idx(&ld, rowBytes)), idx(&ld, elemBytes))};
  MlirNamedAttribute attrs[] = {
      tbNamed(&ld, "transferType", mlirTypeAttrGet(transfer)),
      tbNamed(&ld, "operandSegmentSizes",
              mlirDenseI32ArrayGet(mlirTypeGetContext(transfer), 4,
                                   (const int32_t[]){1, 2, 1, 2}))};
  tbCreate(&ld, "amdgpu.gather_to_lds", TILE_COUNT(operands), operands, 0, NULL,
           TILE_COUNT(attrs), attrs);
  /* An empty source: the pad value everywhere. */
  TileBuilder fill = tbAtTerminator(empty, b->loc);
  each = rolledLoop(&fill, w.rows * w.cols / q->threads);
  el = tbAtTerminator(each.body, b->loc);
  MlirValue e = tbAdd(&el, t->tid, tbMul(&el, each.iv, idx(&el, q->threads)));
  MlirValue pos[2] = {tbDivU(&el, e, idx(&el, w.cols)),
                      tbRemU(&el, e, idx(&el, w.cols))};
  storeAt(&el, &w, w.pad, pos);
}
