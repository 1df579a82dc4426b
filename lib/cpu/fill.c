/* tile-cpu-fill: tile.fill becomes vector stores of the broadcast value,
 * row by row (masked at the end of rows of dynamically shaped buffers; an
 * access per element where rows are strided: tileCpuStoreRun). */
#include "cpu/lowering.h"

#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

typedef struct {
  MlirValue dest, value;
  intptr_t rank;
  MlirValue *indices; /* rank entries; the last is set per chunk */
} Fill;

static void storeChunk(TileBuilder *b, MlirValue at, int64_t width,
                       void *userData) {
  Fill *f = userData;
  f->indices[f->rank - 1] = at;
  MlirType vectorType = tbVectorType(mlirValueGetType(f->value), width);
  tileCpuStoreRun(b, tbVBroadcast(b, vectorType, f->value), f->dest, f->rank,
                  f->indices, (MlirValue){NULL});
}

/* Rows of a static buffer: vector stores of whole vectors and a tail. */
static void fillStatic(TileBuilder *b, Fill *f, MlirType type, int64_t lanes) {
  int64_t shape[TILE_MAX_RANK];
  for (intptr_t d = 0; d < f->rank; ++d)
    shape[d] = tileDim(type, d);
  TileBuilder row = tileCpuLoopNest(b, f->rank - 1, shape, f->indices);
  tileCpuForEachChunk(&row, shape[f->rank - 1], lanes, storeChunk, f);
}

/* Rows of a buffer with dynamic sizes: masked vector stores. */
static void fillDynamic(TileBuilder *b, Fill *f, MlirType type, int64_t lanes) {
  TileBuilder at = *b;
  for (intptr_t d = 0; d < f->rank; ++d) {
    MlirValue size = tileIsDynamicDim(type, d)
                         ? tbDim(&at, f->dest, d)
                         : tbConstIndex(&at, tileDim(type, d));
    bool inner = d == f->rank - 1;
    TileLoop loop = tbFor(&at, tbConstIndex(&at, 0), size,
                          tbConstIndex(&at, inner ? lanes : 1));
    f->indices[d] = loop.iv;
    at = tbAtTerminator(loop.body, b->loc);
    if (!inner)
      continue;
    MlirType vectorType = tbVectorType(mlirValueGetType(f->value), lanes);
    MlirValue mask = tileCpuTailMask(&at, lanes, loop.iv, size);
    tileCpuStoreRun(&at, tbVBroadcast(&at, vectorType, f->value), f->dest,
                    f->rank, f->indices, mask);
  }
}

static bool lowerFill(MlirOperation op, int vectorBits) {
  MlirValue dest = mlirOperationGetOperand(op, 0);
  MlirValue value = mlirOperationGetOperand(op, 1);
  MlirType type = mlirValueGetType(dest);
  if (!tileCpuCheckOp(op) ||
      !tileCpuCheckElement(op, tileElementType(type), "dest"))
    return false;
  TileBuilder b = tbBefore(op);
  MlirValue indices[TILE_MAX_RANK];
  Fill f = {dest, value, tileRank(type), indices};
  if (f.rank == 0) {
    tbStore(&b, value, dest, 0, NULL);
  } else {
    int64_t lanes = tileCpuLanes(vectorBits, tileElementType(type));
    if (mlirShapedTypeHasStaticShape(type))
      fillStatic(&b, &f, type, lanes);
    else
      fillDynamic(&b, &f, type, lanes);
  }
  mlirOperationDestroy(op);
  return true;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  tileCpuLowerEach(op, pass, options, "tile.fill", lowerFill);
}

static const TilePassOption options[] = {TILE_CPU_TARGET_OPTIONS};

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__memref__, mlirGetDialectHandle__scf__,
    mlirGetDialectHandle__vector__};

const TilePassDescriptor tileCpuFillPass = {
    .argument = "tile-cpu-fill",
    .name = "TileCpuFill",
    .summary = "Lower tile.fill to vector stores (cpu)",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
