/* tile-vulkan-emulate-cooperative-matrix: for tests on devices without
 * cooperative matrices (lavapipe). Runs the gpu.subgroup_mma_* code that
 * tile-vulkan-cooperative-matrix emits as if every thread were a subgroup
 * of one: gpu.subgroup_id is the thread id, gpu.num_subgroups the thread
 * count, and each matrix a private array of the thread's, loaded, stored
 * and multiplied element by element by the ops' definitions (element (r, c)
 * of a matrix at src[i, j] with leading dimension `ld` is `r * ld + c`
 * elements after it, `c * ld + r` when transposed). What the path itself
 * decides (which blocks, the staging copies, the operands' offsets, strides
 * and layouts) then runs on any Vulkan device and can be checked against a
 * reference; the barriers are not (tile-gpu-barriers places them anew for
 * the emulating loads and stores). Takes the path's own code: a compute
 * accumulates in place into its accumulator's array. */
#include "ir/builder_gpu.h"
#include "ir/builder_vector.h"
#include "ir/choices.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "tile/dialect.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"

#include <stdio.h>
#include <string.h>

/* The shape and element type of a !gpu.mma_matrix<RxCxT, "USE">, read
 * from its printed form (the C API has no accessors for it). */
typedef struct {
  int64_t rows, cols;
  MlirType elem;
} MatrixShape;

static bool isMatrix(MlirType type) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendType(&text, type);
  bool is = strncmp(tileStrBufGet(&text), "!gpu.mma_matrix<", 16) == 0;
  tileStrBufFree(&text);
  return is;
}

static MatrixShape shapeOf(MlirType type) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendType(&text, type);
  long long rows = 0, cols = 0;
  char elem[8] = {0};
  sscanf(tileStrBufGet(&text), "!gpu.mma_matrix<%lldx%lldx%7[a-z0-9]", &rows,
         &cols, elem);
  tileStrBufFree(&text);
  MlirContext ctx = mlirTypeGetContext(type);
  MatrixShape s = {rows, cols,
                   elem[1] == '1' ? mlirF16TypeGet(ctx) : mlirF32TypeGet(ctx)};
  return s;
}

typedef struct {
  MlirOperation kernel;
  TileBuilder entry; /* the thread's arrays go to the kernel's entry */
  int64_t threads;
} Emulation;

/* A private rows x cols array of the matrix's element type. */
static MlirValue arrayFor(Emulation *e, MlirType matrix) {
  MatrixShape s = shapeOf(matrix);
  const int64_t shape[2] = {s.rows, s.cols};
  MlirType type =
      tbMemRefTypeIn(&e->entry, 2, shape, s.elem,
                     tileScopeGetMemorySpace(e->entry.ctx, TileScopeLocal));
  return tbAllocaType(&e->entry, type);
}

/* A loop nest over rows x cols; `in` builds in its body. */
typedef struct {
  TileBuilder in;
  MlirValue r, c;
} Nest;

static Nest forEach(TileBuilder *b, int64_t rows, int64_t cols) {
  MlirValue zero = tbConstIndex(b, 0), one = tbConstIndex(b, 1);
  TileLoop outer = tbFor(b, zero, tbConstIndex(b, rows), one);
  TileBuilder o = tbAtTerminator(outer.body, b->loc);
  TileLoop inner = tbFor(&o, zero, tbConstIndex(&o, cols), one);
  return (Nest){tbAtTerminator(inner.body, b->loc), outer.iv, inner.iv};
}

/* The indices of element (r, c) of the matrix at memref[i, j] with leading
 * dimension `ld` (column-major when `transpose`), by the flat offset. */
static void elementIndices(TileBuilder *b, MlirOperation op, int memrefPos,
                           MlirValue r, MlirValue c, MlirValue out[2]) {
  MlirValue memref = mlirOperationGetOperand(op, memrefPos);
  int64_t rowLength = tileDim(mlirValueGetType(memref), 1);
  int64_t ld = mlirIntegerAttrGetValueInt(tileOpGetAttr(op, "leadDimension"));
  bool transpose = !mlirAttributeIsNull(tileOpGetAttr(op, "transpose"));
  MlirValue cRow = tbConstIndex(b, rowLength);
  MlirValue base =
      tbAdd(b, tbMul(b, mlirOperationGetOperand(op, memrefPos + 1), cRow),
            mlirOperationGetOperand(op, memrefPos + 2));
  MlirValue major = transpose ? c : r, minor = transpose ? r : c;
  MlirValue flat =
      tbAdd(b, base, tbAdd(b, tbMul(b, major, tbConstIndex(b, ld)), minor));
  out[0] = tbDivU(b, flat, cRow);
  out[1] = tbRemU(b, flat, cRow);
}

static MlirValue emulateLoad(Emulation *e, MlirOperation op) {
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirValue array = arrayFor(e, type);
  MatrixShape s = shapeOf(type);
  TileBuilder b = tbBefore(op);
  Nest n = forEach(&b, s.rows, s.cols);
  MlirValue at[2], rc[2] = {n.r, n.c};
  elementIndices(&n.in, op, 0, n.r, n.c, at);
  tbStore(&n.in, tbLoad(&n.in, mlirOperationGetOperand(op, 0), 2, at), array, 2,
          rc);
  return array;
}

static void emulateStore(MlirOperation op) {
  MlirValue array = mlirOperationGetOperand(op, 0);
  MlirType type = mlirValueGetType(array);
  TileBuilder b = tbBefore(op);
  Nest n = forEach(&b, tileDim(type, 0), tileDim(type, 1));
  MlirValue at[2], rc[2] = {n.r, n.c};
  elementIndices(&n.in, op, 1, n.r, n.c, at);
  tbStore(&n.in, tbLoad(&n.in, array, 2, rc), mlirOperationGetOperand(op, 1), 2,
          at);
}

static MlirValue emulateConstant(Emulation *e, MlirOperation op) {
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirValue array = arrayFor(e, type);
  MatrixShape s = shapeOf(type);
  TileBuilder b = tbBefore(op);
  Nest n = forEach(&b, s.rows, s.cols);
  MlirValue rc[2] = {n.r, n.c};
  tbStore(&n.in, mlirOperationGetOperand(op, 0), array, 2, rc);
  return array;
}

/* acc[r][c] += sum over k of a[r][k] * b[k][c], in acc's element type. */
static MlirValue emulateCompute(MlirOperation op) {
  MlirValue a = mlirOperationGetOperand(op, 0);
  MlirValue b = mlirOperationGetOperand(op, 1);
  MlirValue acc = mlirOperationGetOperand(op, 2);
  MlirType accType = mlirValueGetType(acc);
  MlirType elem = tileElementType(accType);
  TileBuilder at = tbBefore(op);
  Nest n = forEach(&at, tileDim(accType, 0), tileDim(accType, 1));
  MlirValue rc[2] = {n.r, n.c};
  MlirValue sum = tbLoad(&n.in, acc, 2, rc);
  TileLoop k = tbForIter(&n.in, tbConstIndex(&n.in, 0),
                         tbConstIndex(&n.in, tileDim(mlirValueGetType(a), 1)),
                         tbConstIndex(&n.in, 1), 1, &sum);
  TileBuilder in = tbAtEnd(k.body, at.loc);
  MlirValue ai[2] = {n.r, k.iv}, bi[2] = {k.iv, n.c};
  MlirValue x = tbConvert(&in, tbLoad(&in, a, 2, ai), elem);
  MlirValue y = tbConvert(&in, tbLoad(&in, b, 2, bi), elem);
  MlirValue next = tbAddAny(&in, tbIterArg(k, 0), tbMulAny(&in, x, y));
  tbYield(&in, 1, &next);
  tbStore(&n.in, tbLoopResult(k, 0), acc, 2, rc);
  return acc;
}

/* A loop that carries matrices carries the arrays its inits became. */
static bool carriesMatrices(MlirOperation op) {
  if (!tileOpIs(op, "scf.for"))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (isMatrix(mlirValueGetType(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

static void retypeCarried(MlirOperation loop) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  for (intptr_t i = 0; i < mlirOperationGetNumResults(loop); ++i) {
    MlirType type = mlirValueGetType(mlirOperationGetOperand(loop, 3 + i));
    mlirValueSetType(mlirOperationGetResult(loop, i), type);
    mlirValueSetType(mlirBlockGetArgument(body, 1 + i), type);
  }
}

/* The op's replacement (null for a store), built before it. */
static MlirValue emulate(Emulation *e, MlirOperation op) {
  TileBuilder b = tbBefore(op);
  if (tileOpIs(op, "gpu.subgroup_id"))
    return tbThreadIdX(&b);
  if (tileOpIs(op, "gpu.num_subgroups"))
    return tbConstIndex(&b, e->threads);
  if (tileOpIs(op, "gpu.subgroup_mma_load_matrix"))
    return emulateLoad(e, op);
  if (tileOpIs(op, "gpu.subgroup_mma_constant_matrix"))
    return emulateConstant(e, op);
  if (tileOpIs(op, "gpu.subgroup_mma_compute"))
    return emulateCompute(op);
  emulateStore(op);
  return (MlirValue){NULL};
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (tileOpIs(op, "gpu.subgroup_id") || tileOpIs(op, "gpu.num_subgroups") ||
      tileOpHasPrefix(op, "gpu.subgroup_mma_") || carriesMatrices(op))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

/* In program order: a loop's inits are replaced before the loop, its body
 * after it. */
static unsigned emulateKernel(MlirOperation kernel, void *userData) {
  (void)userData;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  Emulation e = {kernel, tbBefore(mlirBlockGetFirstOperation(body)),
                 tileKernelThreads(kernel)};
  TileOpList ops = {0};
  mlirOperationWalk(kernel, collect, &ops, MlirWalkPreOrder);
  for (size_t i = 0; i < ops.count; ++i) {
    MlirOperation op = ops.ops[i];
    if (tileOpIs(op, "scf.for")) {
      retypeCarried(op);
      continue;
    }
    MlirValue replacement = emulate(&e, op);
    if (!mlirValueIsNull(replacement))
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), replacement);
    mlirOperationDestroy(op);
  }
  tileOpListFree(&ops);
  return 0;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)values;
  if (tileForEachKernel(op, emulateKernel, NULL))
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__gpu__, mlirGetDialectHandle__memref__,
    mlirGetDialectHandle__scf__};

const TilePassDescriptor tileVulkanEmulateCooperativeMatrixPass = {
    .argument = "tile-vulkan-emulate-cooperative-matrix",
    .name = "TileVulkanEmulateCooperativeMatrix",
    .summary = "For tests on devices without cooperative matrices: run the "
               "code of tile-vulkan-cooperative-matrix with one thread per "
               "subgroup and each matrix in a private array",
    .anchor = "func.func",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
