/* tile-vulkan-unroll-vectors: the ops of device code on vectors of one
 * dimension and more than 4 lanes, which SPIR-V has no vector for (without
 * the Vector16 capability), become the same ops on pieces of 4 lanes (the
 * last ones take the rest, 3 and 2 where 5 are left: no piece of one
 * lane). The conversion failed on every such op, and
 * tile-gpu-check-device-ops refused them.
 *
 * Each op is rewritten on its own: its wide operands are cut into pieces
 * with vector.extract_strided_slice, the op is made once per piece, and its
 * wide results are put back together with vector.insert_strided_slice
 * (into a zero vector).
 * canonicalize, which runs next, folds each slice of a put-together value
 * (and of a constant) into the piece it names, so that no wide vector is
 * left where every op on it was rewritten. What is left is refused, at the
 * op, by tile-gpu-check-device-ops (the slices that join the pieces are
 * marked tile.vector_piece: it reports the op they join them to).
 * Vectors of two dimensions are cut into their rows first
 * (tileVulkanUnrollRows, unroll_rows.c), the rows then into pieces. Before
 * that, ops on vectors of one element (SPIR-V has no vector of one lane
 * either) become ops on their element (tileVulkanScalarizeOneLane,
 * one_lane.c).
 *
 * Rewritten: arith and math ops (elementwise; arith.select's condition may
 * be a scalar), vector.fma, vector.broadcast of a scalar, vector.reduction
 * (a chain of reductions of the pieces), vector.extract and vector.insert
 * of a lane at a static or a dynamic position (by selects over the lanes),
 * vector.shuffle (each lane extracted),
 * vector.from_elements, vector.load and vector.store, and
 * vector.transfer_read and transfer_write along the memref's last
 * dimension (their masks cut as their vectors are). */
#include "vulkan/vulkan.h"

#include "ir/builder.h"
#include "ir/builder_vector.h"
#include "ir/choices.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Vector.h"

#include <string.h>

/* kMaxPieces: vectors of up to 256 lanes are rewritten (wider ones are
 * left to tile-gpu-check-device-ops). */
enum { kPiece = 4, kMaxPieces = 64, kMaxOperands = 8, kMaxResults = 2 };

/* The lane count of a vector of one static dimension and more than 4
 * lanes, else 0. */
static int64_t wideLanes(MlirType type) {
  if (!mlirTypeIsAVector(type) || mlirShapedTypeGetRank(type) != 1 ||
      mlirShapedTypeIsDynamicDim(type, 0) ||
      mlirVectorTypeIsDimScalable(type, 0))
    return 0;
  int64_t n = mlirShapedTypeGetDimSize(type, 0);
  return n > kPiece && n <= kPiece * kMaxPieces ? n : 0;
}

static int64_t valueLanes(MlirValue v) {
  return wideLanes(mlirValueGetType(v));
}

/* The lanes of the piece at `offset`: 4, but 3 where 5 are left, so that
 * no piece has one lane (the SPIR-V conversion of math ops failed on
 * vector<1xf32>, an unrealized cast). */
static int64_t pieceSize(int64_t lanes, int64_t offset) {
  int64_t rest = lanes - offset;
  return rest == kPiece + 1 ? kPiece - 1 : rest < kPiece ? rest : kPiece;
}

/* The offset of the piece that holds lane `lane`. */
static int64_t pieceStart(int64_t lanes, int64_t lane) {
  int64_t o = 0;
  while (o + pieceSize(lanes, o) <= lane)
    o += pieceSize(lanes, o);
  return o;
}

static MlirType pieceType(MlirType element, int64_t size) {
  return mlirVectorTypeGet(1, &size, element);
}

MlirValue tileVulkanSlice(TileBuilder *b, MlirValue v, int64_t offset,
                          int64_t size) {
  MlirType type = pieceType(tbScalarOf(mlirValueGetType(v)), size);
  MlirNamedAttribute attrs[] = {
      tbNamed(
          b, "offsets",
          mlirArrayAttrGet(b->ctx, 1, (MlirAttribute[]){tbI64Attr(b, offset)})),
      tbNamed(
          b, "sizes",
          mlirArrayAttrGet(b->ctx, 1, (MlirAttribute[]){tbI64Attr(b, size)})),
      tbNamed(b, "strides",
              mlirArrayAttrGet(b->ctx, 1, (MlirAttribute[]){tbI64Attr(b, 1)})),
      tbNamed(b, TILE_VULKAN_PIECE_MARK, mlirUnitAttrGet(b->ctx)),
  };
  return tbResult(tbCreate(b, "vector.extract_strided_slice", 1, &v, 1, &type,
                           TILE_COUNT(attrs), attrs));
}

/* The wide vector of type `type` whose pieces are `pieces` (in order). */
static MlirValue assemble(TileBuilder *b, MlirType type,
                          const MlirValue *pieces) {
  int64_t lanes = mlirShapedTypeGetDimSize(type, 0);
  MlirValue acc = tbZeroVector(b, type);
  for (int64_t o = 0, k = 0; o < lanes; o += pieceSize(lanes, o), ++k) {
    MlirNamedAttribute attrs[] = {
        tbNamed(
            b, "offsets",
            mlirArrayAttrGet(b->ctx, 1, (MlirAttribute[]){tbI64Attr(b, o)})),
        tbNamed(
            b, "strides",
            mlirArrayAttrGet(b->ctx, 1, (MlirAttribute[]){tbI64Attr(b, 1)})),
        tbNamed(b, TILE_VULKAN_PIECE_MARK, mlirUnitAttrGet(b->ctx)),
    };
    MlirValue operands[] = {pieces[k], acc};
    acc = tbResult(tbCreate(b, "vector.insert_strided_slice", 2, operands, 1,
                            &type, TILE_COUNT(attrs), attrs));
  }
  return acc;
}

bool tileVulkanIsElementwise(MlirOperation op) {
  return (tileOpHasPrefix(op, "arith.") || tileOpHasPrefix(op, "math.") ||
          tileOpIs(op, "vector.fma")) &&
         !tileOpIs(op, "arith.constant") && mlirOperationGetNumRegions(op) == 0;
}

/* An arith or math op (or vector.fma) whose vector operands and results
 * all have `lanes` lanes, of which there are more than 4; only
 * arith.select's condition may be a scalar among them. */
static int64_t elementwiseLanes(MlirOperation op) {
  if (!tileVulkanIsElementwise(op) ||
      mlirOperationGetNumOperands(op) > kMaxOperands ||
      mlirOperationGetNumResults(op) > kMaxResults)
    return 0;
  intptr_t operands = mlirOperationGetNumOperands(op);
  intptr_t results = mlirOperationGetNumResults(op);
  int64_t lanes = 0;
  for (intptr_t i = 0; i < operands + results; ++i) {
    MlirType t = mlirValueGetType(
        i < operands ? mlirOperationGetOperand(op, i)
                     : mlirOperationGetResult(op, i - operands));
    if (!mlirTypeIsAVector(t)) {
      if (!(i == 0 && tileOpIs(op, "arith.select")))
        return 0;
      continue;
    }
    int64_t n = wideLanes(t);
    if (!n || (lanes && n != lanes))
      return 0;
    lanes = n;
  }
  return lanes;
}

/* The op once per piece; its wide results put back together. */
static void unrollElementwise(MlirOperation op, int64_t lanes) {
  TileBuilder b = tbBefore(op);
  intptr_t operands = mlirOperationGetNumOperands(op);
  intptr_t results = mlirOperationGetNumResults(op);
  MlirValue resultPieces[kMaxResults][kMaxPieces];
  for (int64_t o = 0, k = 0; o < lanes; o += pieceSize(lanes, o), ++k) {
    int64_t size = pieceSize(lanes, o);
    MlirValue args[kMaxOperands];
    for (intptr_t i = 0; i < operands; ++i) {
      MlirValue v = mlirOperationGetOperand(op, i);
      args[i] = mlirTypeIsAVector(mlirValueGetType(v))
                    ? tileVulkanSlice(&b, v, o, size)
                    : v;
    }
    MlirType types[kMaxResults];
    for (intptr_t r = 0; r < results; ++r)
      types[r] = pieceType(
          tbScalarOf(mlirValueGetType(mlirOperationGetResult(op, r))), size);
    MlirOperation piece = tbCreateLike(&b, op, operands, args, results, types);
    for (intptr_t r = 0; r < results; ++r)
      resultPieces[r][k] = mlirOperationGetResult(piece, r);
  }
  for (intptr_t r = 0; r < results; ++r) {
    MlirValue result = mlirOperationGetResult(op, r);
    mlirValueReplaceAllUsesOfWith(
        result, assemble(&b, mlirValueGetType(result), resultPieces[r]));
  }
  mlirOperationDestroy(op);
}

/* Whether `op` is a transfer along the last dimension of its memref
 * (a minor identity permutation map). */
static bool alongLastDim(MlirOperation op) {
  MlirAttribute map = tileOpGetAttr(op, "permutation_map");
  return !mlirAttributeIsNull(map) && mlirAttributeIsAAffineMap(map) &&
         mlirAffineMapIsMinorIdentity(mlirAffineMapAttrGetValue(map)) &&
         mlirAffineMapGetNumResults(mlirAffineMapAttrGetValue(map)) == 1;
}

/* The wide vector an op of memory moves (its result for a read), its
 * memref's operand and whether it reads; 0 lanes for any other op. */
static int64_t memoryLanes(MlirOperation op, intptr_t *memrefAt, bool *read) {
  TileTransfer t;
  if (tileTransferOf(op, &t)) {
    if (!alongLastDim(op))
      return 0;
    *memrefAt = t.memrefAt;
    *read = t.read;
    return wideLanes(t.vector);
  }
  bool load = tileOpIs(op, "vector.load");
  if (!load && !tileOpIs(op, "vector.store"))
    return 0;
  *memrefAt = load ? 0 : 1;
  *read = load;
  MlirValue memref = mlirOperationGetOperand(op, *memrefAt);
  if (!mlirTypeIsAMemRef(mlirValueGetType(memref)) ||
      mlirShapedTypeGetRank(mlirValueGetType(memref)) < 1)
    return 0;
  return wideLanes(load ? mlirValueGetType(mlirOperationGetResult(op, 0))
                        : mlirValueGetType(mlirOperationGetOperand(op, 0)));
}

/* Each piece moved at the memref's last index plus its offset; a vector
 * written and a mask are cut as the moved vector is. */
static void unrollMemory(MlirOperation op, int64_t lanes, intptr_t memrefAt,
                         bool read) {
  TileBuilder b = tbBefore(op);
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue memref = mlirOperationGetOperand(op, memrefAt);
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(memref));
  intptr_t last = memrefAt + rank; /* the last index's operand */
  if (n > kMaxOperands || last >= n)
    return;
  MlirValue pieces[kMaxPieces];
  for (int64_t o = 0, k = 0; o < lanes; o += pieceSize(lanes, o), ++k) {
    int64_t size = pieceSize(lanes, o);
    MlirValue args[kMaxOperands];
    for (intptr_t i = 0; i < n; ++i) {
      MlirValue v = mlirOperationGetOperand(op, i);
      if (i == last)
        v = o ? tbAdd(&b, v, tbConstIndex(&b, o)) : v;
      else if (wideLanes(mlirValueGetType(v)) == lanes)
        v = tileVulkanSlice(&b, v, o,
                            size); /* the value written, or the mask */
      args[i] = v;
    }
    MlirType type = pieceType(
        read ? tbScalarOf(mlirValueGetType(mlirOperationGetResult(op, 0)))
             : tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, 0))),
        size);
    MlirOperation piece = tbCreateLike(&b, op, n, args, read ? 1 : 0, &type);
    if (read)
      pieces[k] = tbResult(piece);
  }
  if (read)
    mlirValueReplaceAllUsesOfWith(
        mlirOperationGetResult(op, 0),
        assemble(&b, mlirValueGetType(mlirOperationGetResult(op, 0)), pieces));
  mlirOperationDestroy(op);
}

/* The static position of a vector.extract or vector.insert of one lane of
 * a wide vector, or -1. */
static int64_t lanePosition(MlirOperation op) {
  MlirAttribute pos = tileOpGetAttr(op, "static_position");
  if (mlirAttributeIsNull(pos) || !mlirAttributeIsADenseI64Array(pos) ||
      mlirDenseArrayGetNumElements(pos) != 1)
    return -1;
  int64_t p = mlirDenseI64ArrayGetElement(pos, 0);
  return p >= 0 ? p : -1;
}

static bool isLaneAccess(MlirOperation op) {
  if (tileOpIs(op, "vector.extract"))
    return mlirOperationGetNumOperands(op) == 1 &&
           valueLanes(mlirOperationGetOperand(op, 0)) &&
           lanePosition(op) >= 0 &&
           lanePosition(op) < valueLanes(mlirOperationGetOperand(op, 0));
  if (tileOpIs(op, "vector.insert"))
    return mlirOperationGetNumOperands(op) == 2 &&
           !mlirTypeIsAVector(
               mlirValueGetType(mlirOperationGetOperand(op, 0))) &&
           valueLanes(mlirOperationGetOperand(op, 1)) &&
           lanePosition(op) >= 0 &&
           lanePosition(op) < valueLanes(mlirOperationGetOperand(op, 1));
  return false;
}

/* extract: the lane of its piece. insert: the piece holding the lane
 * changed, the others sliced as they are. */
static void unrollLaneAccess(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  int64_t p = lanePosition(op);
  int64_t o = pieceStart(valueLanes(mlirOperationGetOperand(
                             op, tileOpIs(op, "vector.extract") ? 0 : 1)),
                         p);
  if (tileOpIs(op, "vector.extract")) {
    MlirValue v = mlirOperationGetOperand(op, 0);
    MlirValue piece = tileVulkanSlice(&b, v, o, pieceSize(valueLanes(v), o));
    tbReplaceOp(op, tbVExtract(&b, piece, p - o));
    return;
  }
  MlirValue dest = mlirOperationGetOperand(op, 1);
  int64_t lanes = valueLanes(dest);
  MlirValue pieces[kMaxPieces];
  for (int64_t q = 0, k = 0; q < lanes; q += pieceSize(lanes, q), ++k) {
    pieces[k] = tileVulkanSlice(&b, dest, q, pieceSize(lanes, q));
    if (q == o)
      pieces[k] =
          tbVInsert(&b, pieces[k], p - o, mlirOperationGetOperand(op, 0));
  }
  tbReplaceOp(op, assemble(&b, mlirValueGetType(dest), pieces));
}

/* vector.broadcast of a scalar and vector.from_elements: each piece made
 * the same way from the scalar or from its elements. */
static bool isMaker(MlirOperation op) {
  if (mlirOperationGetNumResults(op) != 1 ||
      !valueLanes(mlirOperationGetResult(op, 0)))
    return false;
  if (tileOpIs(op, "vector.broadcast"))
    return !mlirTypeIsAVector(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  return tileOpIs(op, "vector.from_elements");
}

static void unrollMaker(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  MlirValue result = mlirOperationGetResult(op, 0);
  int64_t lanes = valueLanes(result);
  MlirType element = tbScalarOf(mlirValueGetType(result));
  bool broadcast = tileOpIs(op, "vector.broadcast");
  MlirValue pieces[kMaxPieces];
  for (int64_t o = 0, k = 0; o < lanes; o += pieceSize(lanes, o), ++k) {
    int64_t size = pieceSize(lanes, o);
    MlirType type = pieceType(element, size);
    MlirValue args[kPiece];
    for (int64_t i = 0; i < size; ++i)
      args[i] = mlirOperationGetOperand(op, broadcast ? 0 : o + i);
    pieces[k] = tbResult(
        tbCreate(&b, broadcast ? "vector.broadcast" : "vector.from_elements",
                 broadcast ? 1 : size, args, 1, &type, 0, NULL));
  }
  tbReplaceOp(op, assemble(&b, mlirValueGetType(result), pieces));
}

/* vector.reduction of a wide vector: the reduction of each piece, each
 * after the one before as its accumulator (the op's own accumulator, if
 * any, first). */
static bool isWideReduction(MlirOperation op) {
  return tileOpIs(op, "vector.reduction") &&
         valueLanes(mlirOperationGetOperand(op, 0));
}

static void unrollReduction(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  MlirValue v = mlirOperationGetOperand(op, 0);
  int64_t lanes = valueLanes(v);
  MlirValue acc = mlirOperationGetNumOperands(op) > 1
                      ? mlirOperationGetOperand(op, 1)
                      : (MlirValue){NULL};
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  for (int64_t o = 0; o < lanes; o += pieceSize(lanes, o)) {
    MlirValue args[] = {tileVulkanSlice(&b, v, o, pieceSize(lanes, o)), acc};
    acc = tbResult(tbCreateLike(&b, op, acc.ptr ? 2 : 1, args, 1, &type));
  }
  tbReplaceOp(op, acc);
}

/* The lanes of a vector of one static dimension that this pass takes:
 * wide, or of at most 4 lanes; 0 for any other type. */
static int64_t anyLanes(MlirType type) {
  if (wideLanes(type))
    return wideLanes(type);
  if (!mlirTypeIsAVector(type) || mlirShapedTypeGetRank(type) != 1 ||
      mlirShapedTypeIsDynamicDim(type, 0) ||
      mlirVectorTypeIsDimScalable(type, 0))
    return 0;
  int64_t n = mlirShapedTypeGetDimSize(type, 0);
  return n <= kPiece ? n : 0;
}

/* Lane `lane` of a vector this pass takes (of a wide one, from its
 * piece). */
static MlirValue laneOf(TileBuilder *b, MlirValue v, int64_t lane) {
  int64_t lanes = valueLanes(v);
  if (!lanes)
    return tbVExtract(b, v, lane);
  int64_t o = pieceStart(lanes, lane);
  return tbVExtract(b, tileVulkanSlice(b, v, o, pieceSize(lanes, o)), lane - o);
}

/* The vector of type `type` (wide or not) whose lanes are `values`. */
static MlirValue fromLanes(TileBuilder *b, MlirType type,
                           const MlirValue *values) {
  int64_t lanes = mlirShapedTypeGetDimSize(type, 0);
  MlirType element = tbScalarOf(type);
  if (!wideLanes(type))
    return tbResult(
        tbCreate(b, "vector.from_elements", lanes, values, 1, &type, 0, NULL));
  MlirValue pieces[kMaxPieces];
  for (int64_t o = 0, k = 0; o < lanes; o += pieceSize(lanes, o), ++k) {
    MlirType piece = pieceType(element, pieceSize(lanes, o));
    pieces[k] =
        tbResult(tbCreate(b, "vector.from_elements", pieceSize(lanes, o),
                          values + o, 1, &piece, 0, NULL));
  }
  return assemble(b, type, pieces);
}

/* vector.shuffle where an operand or the result is wide: each lane of the
 * result extracted from its operand (a poison lane, -1, is lane 0 of the
 * first). */
static bool isWideShuffle(MlirOperation op) {
  if (!tileOpIs(op, "vector.shuffle"))
    return false;
  MlirType x = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType y = mlirValueGetType(mlirOperationGetOperand(op, 1));
  MlirType r = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirAttribute mask = tileOpGetAttr(op, "mask");
  return anyLanes(x) && anyLanes(y) && anyLanes(r) &&
         (wideLanes(x) || wideLanes(y) || wideLanes(r)) &&
         !mlirAttributeIsNull(mask) && mlirAttributeIsADenseI64Array(mask) &&
         mlirDenseArrayGetNumElements(mask) == anyLanes(r);
}

static void unrollShuffle(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirValue y = mlirOperationGetOperand(op, 1);
  int64_t xLanes = anyLanes(mlirValueGetType(x));
  int64_t yLanes = anyLanes(mlirValueGetType(y));
  MlirAttribute mask = tileOpGetAttr(op, "mask");
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  int64_t lanes = anyLanes(type);
  MlirValue values[kPiece * kMaxPieces];
  for (int64_t k = 0; k < lanes; ++k) {
    int64_t m = mlirDenseI64ArrayGetElement(mask, k);
    if (m < 0 || m >= xLanes + yLanes)
      m = 0;
    values[k] = m < xLanes ? laneOf(&b, x, m) : laneOf(&b, y, m - xLanes);
  }
  tbReplaceOp(op, fromLanes(&b, type, values));
}

/* vector.extract of a lane of a wide vector at a dynamic position (the
 * lane whose index equals it, by a chain of selects), and vector.insert of
 * a scalar there (each lane the scalar where its index equals it). */
static bool isDynamicLaneAccess(MlirOperation op) {
  bool extract = tileOpIs(op, "vector.extract");
  if (!(extract || tileOpIs(op, "vector.insert")) ||
      mlirOperationGetNumOperands(op) != 2 + !extract)
    return false;
  MlirAttribute pos = tileOpGetAttr(op, "static_position");
  MlirValue vector = mlirOperationGetOperand(op, extract ? 0 : 1);
  return valueLanes(vector) &&
         (extract || !mlirTypeIsAVector(
                         mlirValueGetType(mlirOperationGetOperand(op, 0)))) &&
         !mlirAttributeIsNull(pos) && mlirAttributeIsADenseI64Array(pos) &&
         mlirDenseArrayGetNumElements(pos) == 1 &&
         mlirDenseI64ArrayGetElement(pos, 0) < 0;
}

static void unrollDynamicLaneAccess(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  bool extract = tileOpIs(op, "vector.extract");
  MlirValue v = mlirOperationGetOperand(op, extract ? 0 : 1);
  MlirValue position = mlirOperationGetOperand(op, extract ? 1 : 2);
  MlirType indexType = mlirValueGetType(position);
  int64_t lanes = valueLanes(v);
  if (extract) {
    MlirValue r = laneOf(&b, v, 0);
    for (int64_t l = 1; l < lanes; ++l) {
      MlirValue at = tbCmpI(&b, "eq", position, tbConstInt(&b, indexType, l));
      r = tbSelect(&b, at, laneOf(&b, v, l), r);
    }
    tbReplaceOp(op, r);
    return;
  }
  MlirValue values[kPiece * kMaxPieces];
  for (int64_t l = 0; l < lanes; ++l) {
    MlirValue at = tbCmpI(&b, "eq", position, tbConstInt(&b, indexType, l));
    values[l] =
        tbSelect(&b, at, mlirOperationGetOperand(op, 0), laneOf(&b, v, l));
  }
  tbReplaceOp(op, fromLanes(&b, mlirValueGetType(v), values));
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  intptr_t memrefAt;
  bool read;
  if (elementwiseLanes(op) || memoryLanes(op, &memrefAt, &read) ||
      isLaneAccess(op) || isMaker(op) || isWideReduction(op) ||
      isWideShuffle(op) || isDynamicLaneAccess(op))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  tileVulkanScalarizeOneLane(root);
  tileVulkanUnrollRows(root);
  TileOpList list = {0};
  mlirOperationWalk(root, collect, &list, MlirWalkPostOrder);
  for (size_t i = 0; i < list.count; ++i) {
    MlirOperation op = list.ops[i];
    intptr_t memrefAt;
    bool read;
    int64_t lanes;
    if ((lanes = elementwiseLanes(op)))
      unrollElementwise(op, lanes);
    else if ((lanes = memoryLanes(op, &memrefAt, &read)))
      unrollMemory(op, lanes, memrefAt, read);
    else if (isLaneAccess(op))
      unrollLaneAccess(op);
    else if (isMaker(op))
      unrollMaker(op);
    else if (isWideShuffle(op))
      unrollShuffle(op);
    else if (isDynamicLaneAccess(op))
      unrollDynamicLaneAccess(op);
    else
      unrollReduction(op);
  }
  tileOpListFree(&list);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__vector__,
};

const TilePassDescriptor tileVulkanUnrollVectorsPass = {
    .argument = "tile-vulkan-unroll-vectors",
    .name = "TileVulkanUnrollVectors",
    .summary = "Rewrite arith, math, memory, lane, shuffle and reduction "
               "ops on one-dimensional vectors of more than 4 lanes as ops "
               "on pieces of 4 lanes (SPIR-V's widest vectors), and those "
               "on two-dimensional vectors as ops on their rows first; "
               "arith and math ops on vectors of one element and transfers "
               "of rank 0 as ops on their element",
    .anchor = "",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
