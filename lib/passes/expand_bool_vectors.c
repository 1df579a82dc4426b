/* tile-expand-bool-vectors: a memref of i1 (or of any integer narrower than
 * a byte) holds a byte per element (MLIR's LLVM lowering gives each i1 or
 * i4 a byte of memory), but LLVM packs a vector of them into bits:
 * vector.load and vector.store of i1 lowered to a load or store of
 * <N x i1>, which read the first bits of the first byte and wrote the
 * vector's bits into one byte (on the cpu, a store of 8 lanes changed one
 * element and left seven; the loads were wrong as often). Each becomes a
 * scalar memref.load or memref.store per lane (vector.from_elements and
 * vector.extract join and split them); the masked, gathered, expanding and
 * compressing accesses of such memory, which lower the same way, are
 * refused at the op. For the targets that lower through LLVM (cpu, cuda, rocm)
 * and their host code; vulkan keeps i1 memory in bytes
 * (tile-vulkan-bool-buffers). */
#include "ir/builder.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"
#include "support/count.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdlib.h>

enum { OptTarget };

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "cpu",
                   "the target named in messages", NULL, NULL},
};

/* Whether `v` is a memref of integers narrower than a byte. */
static bool isNarrowIntMemRef(MlirValue v) {
  MlirType type = mlirValueGetType(v);
  if (!mlirTypeIsAMemRef(type))
    return false;
  MlirType element = mlirShapedTypeGetElementType(type);
  return mlirTypeIsAInteger(element) && mlirIntegerTypeGetWidth(element) < 8;
}

typedef struct {
  TileOpList loads, stores;
  const char *target;
  unsigned errors;
} Work;

/* Whether vector type `type` has one dimension of a fixed size. */
static bool isFixed1D(MlirType type) {
  return mlirTypeIsAVector(type) && mlirShapedTypeGetRank(type) == 1 &&
         !mlirVectorTypeIsScalable(type) && mlirShapedTypeHasStaticShape(type);
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Work *w = userData;
  static const char *const others[] = {
      "vector.maskedload", "vector.maskedstore", "vector.gather",
      "vector.scatter",    "vector.expandload",  "vector.compressstore"};
  bool load = tileOpIs(op, "vector.load");
  bool store = tileOpIs(op, "vector.store");
  if (load || store) {
    MlirValue memref = mlirOperationGetOperand(op, load ? 0 : 1);
    if (!isNarrowIntMemRef(memref))
      return MlirWalkResultAdvance;
    MlirType vector = mlirValueGetType(load ? mlirOperationGetResult(op, 0)
                                            : mlirOperationGetOperand(op, 0));
    if (!isFixed1D(vector) ||
        mlirShapedTypeGetRank(mlirValueGetType(memref)) == 0) {
      tileEmitOpError(
          op,
          "%s a vector of i%u of more than one dimension "
          "(or of a scalable size), which the %s target "
          "cannot: memory holds a byte per element, LLVM's "
          "vectors pack them into bits; one-dimensional "
          "vectors of a fixed size work",
          load ? "loads" : "stores",
          mlirIntegerTypeGetWidth(mlirShapedTypeGetElementType(vector)),
          w->target);
      ++w->errors;
    } else {
      tileOpListAppend(load ? &w->loads : &w->stores, op);
    }
    return MlirWalkResultAdvance;
  }
  if (!tileOpIsAny(op, others, TILE_COUNT(others)))
    return MlirWalkResultAdvance;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (isNarrowIntMemRef(mlirOperationGetOperand(op, i))) {
      tileEmitOpError(op,
                      "accesses memory of integers narrower than a byte, "
                      "which the %s target does not support with this op: "
                      "memory holds a byte per element, LLVM's vectors "
                      "pack them into bits (vector.load and vector.store "
                      "work, a lane at a time)",
                      w->target);
      ++w->errors;
      break;
    }
  return MlirWalkResultAdvance;
}

/* The indices of lane `lane` of an access at `indices` (the last one
 * advanced). */
static void laneIndices(TileBuilder *b, MlirOperation op, intptr_t first,
                        int64_t lane, MlirValue *indices, intptr_t *count) {
  intptr_t n = mlirOperationGetNumOperands(op) - first;
  for (intptr_t i = 0; i < n && i < TILE_MAX_RANK; ++i)
    indices[i] = mlirOperationGetOperand(op, first + i);
  *count = n < TILE_MAX_RANK ? n : TILE_MAX_RANK;
  if (lane && *count)
    indices[*count - 1] = tbAdd(b, indices[*count - 1], tbConstIndex(b, lane));
}

static void expandLoad(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  MlirValue memref = mlirOperationGetOperand(op, 0);
  MlirType vector = mlirValueGetType(mlirOperationGetResult(op, 0));
  int64_t lanes = mlirShapedTypeGetDimSize(vector, 0);
  MlirValue *elements = tileCallocArray((size_t)lanes, sizeof(MlirValue));
  for (int64_t k = 0; k < lanes; ++k) {
    MlirValue indices[TILE_MAX_RANK];
    intptr_t n;
    laneIndices(&b, op, 1, k, indices, &n);
    elements[k] = tbLoad(&b, memref, n, indices);
  }
  tbReplaceOp(op, tbResult(tbCreate(&b, "vector.from_elements", lanes, elements,
                                    1, &vector, 0, NULL)));
  free(elements);
}

static void expandStore(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  MlirValue value = mlirOperationGetOperand(op, 0);
  MlirValue memref = mlirOperationGetOperand(op, 1);
  int64_t lanes = mlirShapedTypeGetDimSize(mlirValueGetType(value), 0);
  for (int64_t k = 0; k < lanes; ++k) {
    MlirValue indices[TILE_MAX_RANK];
    intptr_t n;
    laneIndices(&b, op, 2, k, indices, &n);
    tbStore(&b, tbVExtract(&b, value, k), memref, n, indices);
  }
  mlirOperationDestroy(op);
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *values) {
  Work w = {{0}, {0}, values[OptTarget].s, 0};
  mlirOperationWalk(root, collect, &w, MlirWalkPreOrder);
  for (size_t i = 0; i < w.loads.count; ++i)
    expandLoad(w.loads.ops[i]);
  for (size_t i = 0; i < w.stores.count; ++i)
    expandStore(w.stores.ops[i]);
  tileOpListFree(&w.loads);
  tileOpListFree(&w.stores);
  if (w.errors)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__memref__,
    mlirGetDialectHandle__vector__,
};

const TilePassDescriptor tileExpandBoolVectorsPass = {
    .argument = "tile-expand-bool-vectors",
    .name = "TileExpandBoolVectors",
    .summary = "Load and store vectors of i1 (and of other integers "
               "narrower than a byte) a lane at a time: memory holds a byte "
               "per element, LLVM's vectors pack them into bits; refuse the "
               "other vector accesses of such memory",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
