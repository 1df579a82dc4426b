/* tile-cpu-copy: tile.copy becomes row loops of vector loads, conversions
 * and stores (an access per element where a buffer's rows are strided). A
 * window that lies inside its buffer takes the unchecked path; otherwise
 * rows outside the buffer read the pad value (or are not written) and the
 * end of each row is masked. */
#include "cpu/lowering.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

typedef struct {
  MlirOperation op;
  MlirValue src, dst;
  MlirType srcElem, dstElem;
  bool read;     /* the window is the source (or there is none) */
  TileWindow w;  /* the larger side */
  intptr_t rank; /* of the tile */
  int64_t shape[TILE_MAX_RANK];
  int64_t lanes;
  MlirValue padSrc; /* reads outside the source, in its element type */
  MlirValue ivs[TILE_MAX_RANK];
} Copy;

static const MlirValue noValue = {NULL};

static MlirValue *srcIndices(Copy *c, MlirValue *window) {
  return c->read ? window : c->ivs;
}

static MlirValue *dstIndices(Copy *c, MlirValue *window) {
  return c->read ? c->ivs : window;
}

static void uncheckedChunk(TileBuilder *b, MlirValue at, int64_t width,
                           void *userData) {
  Copy *c = userData;
  c->ivs[c->rank - 1] = at;
  MlirValue window[TILE_MAX_RANK];
  tileCpuWindowIndices(b, &c->w, c->ivs, window);
  MlirValue v = tileCpuLoadRun(b, tbVectorType(c->srcElem, width), c->src,
                               tileRank(mlirValueGetType(c->src)),
                               srcIndices(c, window), noValue, noValue);
  tileCpuStoreRun(b, tileCpuConvert(b, v, c->dstElem), c->dst,
                  tileRank(mlirValueGetType(c->dst)), dstIndices(c, window),
                  noValue);
}

/* The row exists; its end may lie past the end of the buffer. */
static void checkedChunk(TileBuilder *b, MlirValue at, int64_t width,
                         void *userData) {
  Copy *c = userData;
  c->ivs[c->rank - 1] = at;
  MlirValue window[TILE_MAX_RANK];
  tileCpuWindowIndices(b, &c->w, c->ivs, window);
  intptr_t last = c->w.rank - 1;
  MlirValue mask = tileCpuBoundsMask(b, width, window[last], c->w.sizes[last]);
  MlirType vectorType = tbVectorType(c->srcElem, width);
  if (c->read) {
    MlirValue v = tileCpuLoadRun(b, vectorType, c->src, c->w.rank, window, mask,
                                 c->padSrc);
    tileCpuStoreRun(b, tileCpuConvert(b, v, c->dstElem), c->dst, c->rank,
                    c->ivs, noValue);
  } else {
    MlirValue v = tileCpuLoadRun(b, vectorType, c->src, c->rank, c->ivs,
                                 noValue, noValue);
    tileCpuStoreRun(b, tileCpuConvert(b, v, c->dstElem), c->dst, c->w.rank,
                    window, mask);
  }
}

/* A row of the tile that lies outside the source reads the pad value. */
static void padChunk(TileBuilder *b, MlirValue at, int64_t width,
                     void *userData) {
  Copy *c = userData;
  c->ivs[c->rank - 1] = at;
  MlirValue pad = tileCpuConvert(b, c->padSrc, c->dstElem);
  tileCpuStoreRun(b, tbVBroadcast(b, tbVectorType(c->dstElem, width), pad),
                  c->dst, c->rank, c->ivs, noValue);
}

static void emitRows(TileBuilder *b, Copy *c, bool checked) {
  TileBuilder row = tileCpuLoopNest(b, c->rank - 1, c->shape, c->ivs);
  int64_t extent = c->shape[c->rank - 1];
  if (!checked) {
    tileCpuForEachChunk(&row, extent, c->lanes, uncheckedChunk, c);
    return;
  }
  MlirValue valid = tileCpuWindowRowValid(&row, &c->w, c->ivs, c->rank - 1);
  MlirBlock thenBlock, elseBlock;
  tbIfElse(&row, valid, &thenBlock, &elseBlock);
  TileBuilder inside = tbAtTerminator(thenBlock, b->loc);
  tileCpuForEachChunk(&inside, extent, c->lanes, checkedChunk, c);
  if (c->read) {
    TileBuilder outside = tbAtTerminator(elseBlock, b->loc);
    tileCpuForEachChunk(&outside, extent, c->lanes, padChunk, c);
  }
}

/* A rank-0 tile: one element, checked. */
static void emitScalar(TileBuilder *b, Copy *c) {
  MlirValue valid = tileCpuWindowRowValid(b, &c->w, NULL, 0);
  MlirBlock thenBlock, elseBlock;
  tbIfElse(b, valid, &thenBlock, &elseBlock);
  TileBuilder inside = tbAtTerminator(thenBlock, b->loc);
  MlirValue *window = c->w.offsets;
  MlirValue v = tbLoad(&inside, c->src, c->read ? c->w.rank : 0, window);
  tbStore(&inside, tileCpuConvert(&inside, v, c->dstElem), c->dst,
          c->read ? 0 : c->w.rank, window);
  if (c->read) {
    TileBuilder outside = tbAtTerminator(elseBlock, b->loc);
    tbStore(&outside, tileCpuConvert(&outside, c->padSrc, c->dstElem), c->dst,
            0, NULL);
  }
}

static bool checkCopy(MlirOperation op, MlirType srcType, MlirType dstType) {
  return tileCpuCheckElement(op, tileElementType(srcType), "source") &&
         tileCpuCheckElement(op, tileElementType(dstType), "dest");
}

/* The tile side (the one without offsets) gives the shape; vectors hold
 * as many elements as the wider element type fits in a register. */
static void describeTile(Copy *c, MlirType tileType, int vectorBits) {
  c->rank = tileRank(tileType);
  for (intptr_t d = 0; d < c->rank; ++d)
    c->shape[d] = tileDim(tileType, d);
  unsigned srcBits = tileCpuBitWidth(c->srcElem);
  unsigned dstBits = tileCpuBitWidth(c->dstElem);
  unsigned widest = srcBits > dstBits ? srcBits : dstBits;
  c->lanes = vectorBits / widest > 0 ? vectorBits / widest : 1;
}

static bool lowerCopy(MlirOperation op, int vectorBits) {
  Copy c = {.op = op};
  c.src = mlirOperationGetOperand(op, 0);
  c.dst = mlirOperationGetOperand(op, 1);
  MlirType srcType = mlirValueGetType(c.src), dstType = mlirValueGetType(c.dst);
  if (!tileCpuCheckOp(op) || !checkCopy(op, srcType, dstType))
    return false;
  c.srcElem = tileElementType(srcType);
  c.dstElem = tileElementType(dstType);
  intptr_t firstSrc, firstDst;
  intptr_t numSrc = tileOperandGroup(op, 2, &firstSrc);
  intptr_t numDst = tileOperandGroup(op, 3, &firstDst);
  c.read = numDst == 0;
  describeTile(&c, c.read ? dstType : srcType, vectorBits);
  TileBuilder b = tbBefore(op);
  c.w = c.read ? tileCpuWindow(&b, op, c.src, firstSrc, numSrc, c.rank)
               : tileCpuWindow(&b, op, c.dst, firstDst, numDst, c.rank);
  c.padSrc = tileCpuPadValue(&b, op, c.srcElem);
  if (c.rank == 0) {
    emitScalar(&b, &c);
  } else if (numSrc == 0 && numDst == 0) {
    emitRows(&b, &c, false);
  } else {
    MlirValue inBounds = tileCpuWindowInBounds(&b, &c.w, c.shape);
    MlirBlock thenBlock, elseBlock;
    tbIfElse(&b, inBounds, &thenBlock, &elseBlock);
    TileBuilder fast = tbAtTerminator(thenBlock, b.loc);
    emitRows(&fast, &c, false);
    TileBuilder edge = tbAtTerminator(elseBlock, b.loc);
    emitRows(&edge, &c, true);
  }
  mlirOperationDestroy(op);
  return true;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  tileCpuLowerEach(op, pass, options, "tile.copy", lowerCopy);
}

static const TilePassOption options[] = {TILE_CPU_TARGET_OPTIONS};

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__memref__,
    mlirGetDialectHandle__scf__, mlirGetDialectHandle__vector__};

const TilePassDescriptor tileCpuCopyPass = {
    .argument = "tile-cpu-copy",
    .name = "TileCpuCopy",
    .summary = "Lower tile.copy to vector loads, conversions and stores: an "
               "unchecked path for windows inside their buffer, masked rows "
               "at the edges (cpu)",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
