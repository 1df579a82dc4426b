/* tile-cpu-reduce: tile.reduce becomes vector code. Along the innermost
 * dimension, vector accumulators are folded to a scalar per row; along an
 * outer dimension, whole vectors of the innermost dimension accumulate.
 * Buffers whose rows are strided are read and written element by element. */
#include "cpu/lowering.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <math.h>
#include <string.h>

static const MlirValue noValue = {NULL};

typedef enum { KindSum, KindMax, KindMin, KindAbsMax, KindAbsSum } Kind;

typedef struct {
  MlirValue src, dst;
  MlirType elem;
  bool isFloat, clear;
  Kind kind;
  intptr_t rank, dim; /* of the source; dim is reduced */
  int64_t shape[TILE_MAX_RANK];
  int64_t lanes;
} Reduce;

static MlirValue combine(TileBuilder *b, const Reduce *r, MlirValue x,
                         MlirValue y) {
  switch (r->kind) {
  case KindSum:
  case KindAbsSum:
    return tbBinary(b, r->isFloat ? "arith.addf" : "arith.addi", x, y);
  case KindMin:
    return tbBinary(b, r->isFloat ? "arith.minimumf" : "arith.minsi", x, y);
  case KindMax:
  case KindAbsMax:
    break;
  }
  return tbBinary(b, r->isFloat ? "arith.maximumf" : "arith.maxsi", x, y);
}

/* What an element contributes: itself, or its absolute value. */
static MlirValue contribution(TileBuilder *b, const Reduce *r, MlirValue x) {
  if (r->kind != KindAbsMax && r->kind != KindAbsSum)
    return x;
  return tbUnary(b, r->isFloat ? "math.absf" : "math.absi", x);
}

static const char *vectorKind(const Reduce *r) {
  switch (r->kind) {
  case KindSum:
  case KindAbsSum:
    return "add";
  case KindMin:
    return r->isFloat ? "minimumf" : "minsi";
  case KindMax:
  case KindAbsMax:
    break;
  }
  return r->isFloat ? "maximumf" : "maxsi";
}

static MlirValue identity(TileBuilder *b, const Reduce *r) {
  unsigned width = tileCpuBitWidth(r->elem);
  switch (r->kind) {
  case KindSum:
  case KindAbsMax:
  case KindAbsSum:
    return tileCpuConstant(b, r->elem, 0);
  case KindMax:
    return r->isFloat ? tbConstFloat(b, r->elem, -INFINITY)
                      : tbConstInt(b, r->elem,
                                   width == 64 ? INT64_MIN
                                               : -(INT64_C(1) << (width - 1)));
  case KindMin:
    break;
  }
  return r->isFloat ? tbConstFloat(b, r->elem, INFINITY)
                    : tbConstInt(b, r->elem,
                                 width == 64 ? INT64_MAX
                                             : (INT64_C(1) << (width - 1)) - 1);
}

/* vector.reduction of `v`; float sums may reassociate (the order of a
 * reduction is unspecified), which lets LLVM fold the lanes as a tree. */
static MlirValue foldLanes(TileBuilder *b, const Reduce *r, MlirValue v) {
  MlirValue scalar = tbVReduce(b, vectorKind(r), v);
  if (r->isFloat && (r->kind == KindSum || r->kind == KindAbsSum))
    mlirOperationSetAttributeByName(mlirOpResultGetOwner(scalar),
                                    tileRef("fastmath"),
                                    tbParseAttr(b, "#arith.fastmath<reassoc>"));
  return scalar;
}

/* Folds src[outer..., 0:n] into one scalar (the innermost dimension). */
static MlirValue reduceRow(TileBuilder *b, const Reduce *r, MlirValue *idx) {
  intptr_t last = r->rank - 1;
  int64_t n = r->shape[last];
  int64_t full = n / r->lanes * r->lanes;
  MlirValue result = identity(b, r);
  if (full > 0) {
    MlirType vectorType = tbVectorType(r->elem, r->lanes);
    MlirValue init = tbVBroadcast(b, vectorType, identity(b, r));
    TileLoop loop = tbForIter(b, tbConstIndex(b, 0), tbConstIndex(b, full),
                              tbConstIndex(b, r->lanes), 1, &init);
    TileBuilder in = tbAtEnd(loop.body, b->loc);
    idx[last] = loop.iv;
    MlirValue v =
        tileCpuLoadRun(&in, vectorType, r->src, r->rank, idx, noValue, noValue);
    MlirValue acc =
        combine(&in, r, tbIterArg(loop, 0), contribution(&in, r, v));
    tbYield(&in, 1, &acc);
    result = foldLanes(b, r, tbLoopResult(loop, 0));
  }
  if (n > full) {
    idx[last] = tbConstIndex(b, full);
    MlirValue tail = tileCpuLoadRun(b, tbVectorType(r->elem, n - full), r->src,
                                    r->rank, idx, noValue, noValue);
    MlirValue folded = foldLanes(b, r, contribution(b, r, tail));
    result = combine(b, r, result, folded);
  }
  return result;
}

/* Reduction along the innermost dimension: one scalar per row. */
static void reduceInner(TileBuilder *b, const Reduce *r) {
  MlirValue idx[TILE_MAX_RANK];
  TileBuilder row = tileCpuLoopNest(b, r->rank - 1, r->shape, idx);
  MlirValue value = reduceRow(&row, r, idx);
  if (!r->clear)
    value = combine(&row, r, tbLoad(&row, r->dst, r->rank - 1, idx), value);
  tbStore(&row, value, r->dst, r->rank - 1, idx);
}

typedef struct {
  const Reduce *r;
  MlirValue *srcIdx, *dstIdx; /* the last entry is set per chunk */
} Columns;

/* One chunk of the innermost dimension, accumulated along `dim`. */
static void reduceColumns(TileBuilder *b, MlirValue at, int64_t width,
                          void *userData) {
  Columns *c = userData;
  const Reduce *r = c->r;
  c->srcIdx[r->rank - 1] = at;
  c->dstIdx[r->rank - 2] = at;
  MlirType vectorType = tbVectorType(r->elem, width);
  MlirValue init = r->clear ? tbVBroadcast(b, vectorType, identity(b, r))
                            : tileCpuLoadRun(b, vectorType, r->dst, r->rank - 1,
                                             c->dstIdx, noValue, noValue);
  TileLoop loop =
      tbForIter(b, tbConstIndex(b, 0), tbConstIndex(b, r->shape[r->dim]),
                tbConstIndex(b, 1), 1, &init);
  TileBuilder in = tbAtEnd(loop.body, b->loc);
  c->srcIdx[r->dim] = loop.iv;
  MlirValue v = tileCpuLoadRun(&in, vectorType, r->src, r->rank, c->srcIdx,
                               noValue, noValue);
  MlirValue acc = combine(&in, r, tbIterArg(loop, 0), contribution(&in, r, v));
  tbYield(&in, 1, &acc);
  tileCpuStoreRun(b, tbLoopResult(loop, 0), r->dst, r->rank - 1, c->dstIdx,
                  noValue);
}

/* Reduction along an outer dimension: vectors of the innermost one. */
static void reduceOuter(TileBuilder *b, const Reduce *r) {
  /* Loops over every dimension but `dim` and the innermost. */
  int64_t extents[TILE_MAX_RANK];
  intptr_t n = 0;
  for (intptr_t d = 0; d < r->rank - 1; ++d)
    if (d != r->dim)
      extents[n++] = r->shape[d];
  MlirValue ivs[TILE_MAX_RANK], srcIdx[TILE_MAX_RANK], dstIdx[TILE_MAX_RANK];
  TileBuilder at = tileCpuLoopNest(b, n, extents, ivs);
  for (intptr_t d = 0, k = 0; d < r->rank - 1; ++d)
    if (d != r->dim) {
      srcIdx[d] = ivs[k];
      dstIdx[k] = ivs[k];
      ++k;
    }
  Columns c = {r, srcIdx, dstIdx};
  tileCpuForEachChunk(&at, r->shape[r->rank - 1], r->lanes, reduceColumns, &c);
}

static bool parseKind(MlirOperation op, Kind *kind) {
  MlirStringRef s = mlirStringAttrGetValue(tileOpGetAttr(op, "kind"));
  static const char *const names[] = {"sum", "max", "min", "absmax", "abssum"};
  for (int i = 0; i < (int)TILE_COUNT(names); ++i)
    if (tileStrRefEquals(s, names[i])) {
      *kind = (Kind)i;
      return true;
    }
  tileEmitOpError(op, "has unknown kind '%.*s'", (int)s.length, s.data);
  return false;
}

static bool lowerReduce(MlirOperation op, int vectorBits) {
  if (!tileCpuCheckOp(op))
    return false;
  Reduce r;
  r.src = mlirOperationGetOperand(op, 0);
  r.dst = mlirOperationGetOperand(op, 1);
  MlirType srcType = mlirValueGetType(r.src);
  r.elem = tileElementType(srcType);
  if (!tileCpuCheckElement(op, r.elem, "source") || !parseKind(op, &r.kind))
    return false;
  bool ok;
  r.clear = tileGetBoolAttr(op, "clear", true, &ok);
  r.isFloat = tileCpuIsFloat(r.elem);
  r.rank = tileRank(srcType);
  r.dim = mlirIntegerAttrGetValueInt(tileOpGetAttr(op, "dim"));
  for (intptr_t d = 0; d < r.rank; ++d)
    r.shape[d] = tileDim(srcType, d);
  r.lanes = tileCpuLanes(vectorBits, r.elem);
  TileBuilder b = tbBefore(op);
  if (r.dim == r.rank - 1)
    reduceInner(&b, &r);
  else
    reduceOuter(&b, &r);
  mlirOperationDestroy(op);
  return true;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  tileCpuLowerEach(op, pass, options, "tile.reduce", lowerReduce);
}

static const TilePassOption options[] = {TILE_CPU_TARGET_OPTIONS};

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__math__,
    mlirGetDialectHandle__memref__, mlirGetDialectHandle__scf__,
    mlirGetDialectHandle__vector__};

const TilePassDescriptor tileCpuReducePass = {
    .argument = "tile-cpu-reduce",
    .name = "TileCpuReduce",
    .summary = "Lower tile.reduce (sum, max, min, absmax, abssum along a "
               "dimension) to vector code (cpu)",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
