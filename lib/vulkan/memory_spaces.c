/* tile-vulkan-memory-spaces: puts GPU memory in the places the SPIR-V
 * conversion of MLIR 22 accepts. Workgroup attributions of kernels become
 * memref.alloc in memory space 3 (a Workgroup variable), and private
 * memrefs (fragment registers, local tiles, and the arrays a kernel makes
 * with memref.alloca, with their views) move to the Function storage
 * class (an alloca was a StorageBuffer, which nothing converts);
 * convert-gpu-to-spirv maps neither #gpu.address_space itself. The atomics
 * the conversion cannot convert are reported here (those of a thread's own
 * memory are loads and stores already: tile-expand-atomics{private-only},
 * earlier in the pipeline). */
#include "ir/builder_gpu.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"
#include "support/list.h"
#include "support/strbuf.h"
#include "tile/dialect.h"
#include "vulkan/vulkan.h"

#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SPIRV.h"

#include <string.h>

typedef struct {
  MlirAttribute workgroup, function;
} Spaces;

static bool inFunction(const Spaces *s, MlirType type) {
  return mlirTypeIsAMemRef(type) &&
         mlirAttributeEqual(mlirMemRefTypeGetMemorySpace(type), s->function);
}

/* Whether the result of `op`, a memref without memory space, is a thread's
 * own memory: a memref.alloca (an array the input makes itself), or a view
 * of such memory. */
static bool ownsPrivate(const Spaces *s, MlirOperation op) {
  if (tileOpIs(op, "memref.alloca"))
    return true;
  static const char *const views[] = {
      "memref.subview",          "memref.cast",
      "memref.expand_shape",     "memref.collapse_shape",
      "memref.reinterpret_cast", "memref.view",
      "memref.transpose"};
  return tileOpIsAny(op, views, TILE_COUNT(views)) &&
         mlirOperationGetNumOperands(op) > 0 &&
         inFunction(s, mlirValueGetType(mlirOperationGetOperand(op, 0)));
}

static MlirType mapped(const Spaces *s, MlirType type, bool private) {
  if (!mlirTypeIsAMemRef(type))
    return type;
  TileScope scope = tileMemRefTypeGetScope(type);
  if (scope == TileScopeGlobal && private)
    scope = TileScopeLocal;
  MlirAttribute space = scope == TileScopeShared  ? s->workgroup
                        : scope == TileScopeLocal ? s->function
                                                  : mlirAttributeGetNull();
  if (mlirAttributeIsNull(space))
    return type;
  int64_t shape[TILE_MAX_RANK];
  intptr_t rank = tileRank(type);
  for (intptr_t d = 0; d < rank && d < TILE_MAX_RANK; ++d)
    shape[d] = tileDim(type, d);
  return mlirMemRefTypeGet(tileElementType(type), rank, shape,
                           mlirMemRefTypeGetLayout(type), space);
}

static MlirWalkResult retype(MlirOperation op, void *userData) {
  const Spaces *s = userData;
  bool private = ownsPrivate(s, op);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue v = mlirOperationGetResult(op, i);
    mlirValueSetType(v, mapped(s, mlirValueGetType(v), private));
  }
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i) {
        MlirValue v = mlirBlockGetArgument(b, i);
        mlirValueSetType(v, mapped(s, mlirValueGetType(v), false));
      }
  return MlirWalkResultAdvance;
}

/* Workgroup attributions (block arguments after the parameters) become
 * allocations at the kernel's entry. */
static void allocateAttributions(MlirOperation func) {
  MlirAttribute count = tileOpGetAttr(func, "workgroup_attributions");
  if (mlirAttributeIsNull(count))
    return;
  int64_t n = mlirIntegerAttrGetValueInt(count);
  MlirType type = mlirTypeAttrGetValue(tileOpGetAttr(func, "function_type"));
  intptr_t first = mlirFunctionTypeGetNumInputs(type);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(entry));
  for (int64_t i = 0; i < n; ++i) {
    MlirValue arg = mlirBlockGetArgument(entry, first + i);
    MlirType memref = mlirValueGetType(arg);
    MlirNamedAttribute segments =
        tbNamed(&b, "operandSegmentSizes",
                mlirDenseI32ArrayGet(b.ctx, 2, (const int32_t[]){0, 0}));
    MlirValue buffer = tbResult(
        tbCreate(&b, "memref.alloc", 0, NULL, 1, &memref, 1, &segments));
    mlirValueReplaceAllUsesOfWith(arg, buffer);
  }
  for (int64_t i = n; i-- > 0;)
    mlirBlockEraseArgument(entry, (unsigned)(first + i));
  mlirOperationSetAttributeByName(func, tileRef("workgroup_attributions"),
                                  tbI64Attr(&b, 0));
}

/* The kinds of memref.atomic_rmw (arith::AtomicRMWKind's values) that MLIR
 * 22 converts to SPIR-V: addi, andi, maxs, maxu, mins and minu and ori, of
 * integers; and addf of f32 or f64 whose old value is unused, which
 * float_atomics.c lowers. Other float atomics and generic_atomic_rmw are
 * reported at the op instead of failing inside convert-gpu-to-spirv
 * ("failed to legalize operation"). */
static bool checkAtomic(MlirOperation op) {
  static const char converted[] = "addi,andi,maxs,maxu,mins,minu,ori";
  static const char works[] = "memref.atomic_rmw addi, andi, ori, maxs, "
                              "maxu, mins and minu of integers, and addf of "
                              "f32 or f64, or of f16 in buffers, whose old "
                              "value is unused, work";
  if (tileOpIs(op, "memref.generic_atomic_rmw")) {
    tileEmitOpError(op,
                    "has no lowering on the vulkan target (MLIR's SPIR-V "
                    "conversion has none); %s",
                    works);
    return false;
  }
  if (!tileOpIs(op, "memref.atomic_rmw") || tileVulkanIsFloatAtomicAdd(op))
    return true;
  const char *kind = tileAtomicKindName(op);
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  bool isFloat = mlirTypeIsAFloat(type);
  if (kind && tileListContains(converted, ',', kind, strlen(kind)) && !isFloat)
    return true;
  TileStrBuf what = TILE_STRBUF_INIT;
  if (!kind)
    tileStrBufPrintf(&what, "updates memory");
  else if (strcmp(kind, "addf") == 0 && mlirTypeIsAF32(type))
    tileStrBufPrintf(&what, "applies addf atomically and uses the old value");
  else {
    tileStrBufPrintf(&what, "applies %s atomically to ", kind);
    tileAppendType(&what, type);
    tileStrBufPrintf(&what, " values");
    if (strcmp(kind, "addf") == 0 && mlirTypeIsAF16(type))
      tileStrBufPrintf(&what, " in workgroup memory");
  }
  tileEmitOpError(op, "%s, which the vulkan target does not support yet: %s",
                  tileStrBufGet(&what), works);
  tileStrBufFree(&what);
  return false;
}

static MlirWalkResult visitFunc(MlirOperation op, void *userData) {
  bool *ok = userData;
  if (tileOpIs(op, "gpu.func"))
    allocateAttributions(op);
  *ok &= checkAtomic(op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  MlirContext ctx = mlirOperationGetContext(op);
  Spaces spaces = {
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 3),
      mlirAttributeParseGet(ctx, tileRef("#spirv.storage_class<Function>"))};
  bool ok = true;
  mlirOperationWalk(op, visitFunc, &ok, MlirWalkPreOrder);
  mlirOperationWalk(op, retype, &spaces, MlirWalkPreOrder);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__memref__, mlirGetDialectHandle__spirv__};

const TilePassDescriptor tileVulkanMemorySpacesPass = {
    .argument = "tile-vulkan-memory-spaces",
    .name = "TileVulkanMemorySpaces",
    .summary = "Make workgroup attributions Workgroup allocations and move "
               "private memrefs to the Function storage class",
    .anchor = "gpu.module",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
