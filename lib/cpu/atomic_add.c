/* tile-cpu-atomic-add: tile.atomic_add into a global buffer becomes one
 * atomic read-modify-write per element (blocks run on several host threads
 * at once); into a block's own buffer it is a plain vector add. Elements
 * of the window outside the buffer are dropped. */
#include "cpu/lowering.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

/* arith::AtomicRMWKind */
enum { AtomicAddF = 0, AtomicAddI = 1 };

typedef struct {
  MlirValue src, dst;
  MlirType elem;
  TileWindow w;
  intptr_t rank;
  int64_t shape[TILE_MAX_RANK];
  int64_t lanes;
  MlirValue ivs[TILE_MAX_RANK];
} AtomicAdd;

/* Whether `buffer` is a block's own buffer, which no other thread sees. */
static bool isBlockLocal(MlirValue buffer) {
  return mlirValueIsAOpResult(buffer) &&
         tileOpIs(mlirOpResultGetOwner(buffer), "memref.alloca");
}

static void atomicElement(TileBuilder *b, AtomicAdd *a, MlirValue *window) {
  MlirValue value = tbLoad(b, a->src, a->rank, a->ivs);
  MlirValue operands[TILE_MAX_RANK + 2] = {value, a->dst};
  for (intptr_t d = 0; d < a->w.rank; ++d)
    operands[2 + d] = window[d];
  int64_t kind = tileCpuIsFloat(a->elem) ? AtomicAddF : AtomicAddI;
  MlirNamedAttribute attr = tbNamed(b, "kind", tbI64Attr(b, kind));
  tbCreate(b, "memref.atomic_rmw", 2 + a->w.rank, operands, 1, &a->elem, 1,
           &attr);
}

/* Every element of the tile, each checked when `checked`. */
static void emitAtomic(TileBuilder *b, AtomicAdd *a, bool checked) {
  TileBuilder at = tileCpuLoopNest(b, a->rank, a->shape, a->ivs);
  MlirValue window[TILE_MAX_RANK];
  tileCpuWindowIndices(&at, &a->w, a->ivs, window);
  if (checked) {
    MlirValue valid = tileCpuWindowRowValid(&at, &a->w, a->ivs, a->rank);
    at = tbAtTerminator(tbIf(&at, valid), b->loc);
  }
  atomicElement(&at, a, window);
}

static void addChunk(TileBuilder *b, MlirValue at, int64_t width,
                     void *userData) {
  AtomicAdd *a = userData;
  a->ivs[a->rank - 1] = at;
  MlirValue window[TILE_MAX_RANK];
  tileCpuWindowIndices(b, &a->w, a->ivs, window);
  intptr_t last = a->w.rank - 1;
  MlirType vectorType = tbVectorType(a->elem, width);
  MlirValue mask = tileCpuBoundsMask(b, width, window[last], a->w.sizes[last]);
  MlirValue zero = tbVBroadcast(b, vectorType, tileCpuConstant(b, a->elem, 0));
  MlirValue old = tbVMaskedLoad(b, a->dst, a->w.rank, window, mask, zero);
  MlirValue v = tbVLoad(b, vectorType, a->src, a->rank, a->ivs);
  tbVMaskedStore(b, tileCpuAddValues(b, old, v), a->dst, a->w.rank, window,
                 mask);
}

/* A block's own buffer: masked vector read-modify-write per row. */
static void emitLocal(TileBuilder *b, AtomicAdd *a) {
  TileBuilder row = tileCpuLoopNest(b, a->rank - 1, a->shape, a->ivs);
  MlirValue valid = tileCpuWindowRowValid(&row, &a->w, a->ivs, a->rank - 1);
  TileBuilder inside = tbAtTerminator(tbIf(&row, valid), b->loc);
  tileCpuForEachChunk(&inside, a->shape[a->rank - 1], a->lanes, addChunk, a);
}

static bool lowerAtomicAdd(MlirOperation op, int vectorBits) {
  if (!tileCpuCheckOp(op))
    return false;
  AtomicAdd a;
  a.src = mlirOperationGetOperand(op, 0);
  a.dst = mlirOperationGetOperand(op, 1);
  MlirType srcType = mlirValueGetType(a.src);
  a.elem = tileElementType(srcType);
  if (!tileCpuCheckElement(op, a.elem, "source"))
    return false;
  a.rank = tileRank(srcType);
  for (intptr_t d = 0; d < a.rank; ++d)
    a.shape[d] = tileDim(srcType, d);
  a.lanes = tileCpuLanes(vectorBits, a.elem);
  TileBuilder b = tbBefore(op);
  a.w = tileCpuWindow(&b, op, a.dst, 2, mlirOperationGetNumOperands(op) - 2,
                      a.rank);
  bool local = isBlockLocal(a.dst) && a.rank > 0 &&
               tileCpuUnitInnerStride(srcType) &&
               tileCpuUnitInnerStride(mlirValueGetType(a.dst));
  if (local) {
    emitLocal(&b, &a);
  } else {
    MlirValue inBounds = tileCpuWindowInBounds(&b, &a.w, a.shape);
    MlirBlock thenBlock, elseBlock;
    tbIfElse(&b, inBounds, &thenBlock, &elseBlock);
    TileBuilder fast = tbAtTerminator(thenBlock, b.loc);
    emitAtomic(&fast, &a, false);
    TileBuilder edge = tbAtTerminator(elseBlock, b.loc);
    emitAtomic(&edge, &a, true);
  }
  mlirOperationDestroy(op);
  return true;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  tileCpuLowerEach(op, pass, options, "tile.atomic_add", lowerAtomicAdd);
}

static const TilePassOption options[] = {TILE_CPU_TARGET_OPTIONS};

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__memref__,
    mlirGetDialectHandle__scf__, mlirGetDialectHandle__vector__};

const TilePassDescriptor tileCpuAtomicAddPass = {
    .argument = "tile-cpu-atomic-add",
    .name = "TileCpuAtomicAdd",
    .summary = "Lower tile.atomic_add to atomic read-modify-writes on global "
               "buffers and vector adds on block buffers (cpu)",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
