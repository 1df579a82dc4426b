/* Storage types SPIR-V lacks, kept as integers of their size: the types of
 * a gpu.module's values, block arguments and functions, and the launches'
 * operands (tile-vulkan-bf16: bf16 as i16; tile-vulkan-bool-buffers: the
 * elements of i1 memrefs as i8). */
#include "support/alloc.h"
#include "vulkan/vulkan.h"

#include "ir/builder_vector.h"
#include "ir/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

bool tileVulkanHolds(const TileVulkanRetyping *r, MlirType type) {
  if (mlirTypeIsNull(type))
    return false;
  if (r->match(type))
    return !r->memrefsOnly;
  if (mlirTypeIsAMemRef(type) || mlirTypeIsAUnrankedMemRef(type) ||
      (!r->memrefsOnly && mlirTypeIsAShaped(type)))
    return r->match(mlirShapedTypeGetElementType(type));
  if (mlirTypeIsAFunction(type)) {
    for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(type); ++i)
      if (tileVulkanHolds(r, mlirFunctionTypeGetInput(type, i)))
        return true;
    for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(type); ++i)
      if (tileVulkanHolds(r, mlirFunctionTypeGetResult(type, i)))
        return true;
  }
  return false;
}

MlirType tileVulkanRetype(const TileVulkanRetyping *r, MlirContext ctx,
                          MlirType type) {
  if (!tileVulkanHolds(r, type))
    return type;
  MlirType to = r->storage(ctx);
  if (r->match(type))
    return to;
  if (mlirTypeIsAVector(type) || mlirTypeIsAMemRef(type)) {
    intptr_t rank = mlirShapedTypeGetRank(type);
    int64_t *shape = tileCallocArray((size_t)rank, sizeof(int64_t));
    for (intptr_t d = 0; d < rank; ++d)
      shape[d] = mlirShapedTypeGetDimSize(type, d);
    MlirType converted =
        mlirTypeIsAVector(type)
            ? mlirVectorTypeGet(rank, shape, to)
            : mlirMemRefTypeGet(to, rank, shape, mlirMemRefTypeGetLayout(type),
                                mlirMemRefTypeGetMemorySpace(type));
    free(shape);
    return converted;
  }
  if (mlirTypeIsAUnrankedMemRef(type))
    return mlirUnrankedMemRefTypeGet(to,
                                     mlirUnrankedMemrefGetMemorySpace(type));
  if (mlirTypeIsAFunction(type)) {
    intptr_t n = mlirFunctionTypeGetNumInputs(type);
    intptr_t m = mlirFunctionTypeGetNumResults(type);
    MlirType *types = tileCallocArray((size_t)(n + m), sizeof(MlirType));
    for (intptr_t i = 0; i < n; ++i)
      types[i] = tileVulkanRetype(r, ctx, mlirFunctionTypeGetInput(type, i));
    for (intptr_t i = 0; i < m; ++i)
      types[n + i] =
          tileVulkanRetype(r, ctx, mlirFunctionTypeGetResult(type, i));
    MlirType converted = mlirFunctionTypeGet(ctx, n, types, m, types + n);
    free(types);
    return converted;
  }
  return type;
}

static MlirWalkResult retypeOp(MlirOperation op, void *userData) {
  const TileVulkanRetyping *r = userData;
  MlirContext ctx = mlirOperationGetContext(op);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue v = mlirOperationGetResult(op, i);
    mlirValueSetType(v, tileVulkanRetype(r, ctx, mlirValueGetType(v)));
  }
  for (intptr_t k = 0; k < mlirOperationGetNumRegions(op); ++k)
    for (MlirBlock block =
             mlirRegionGetFirstBlock(mlirOperationGetRegion(op, k));
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(block); ++i) {
        MlirValue v = mlirBlockGetArgument(block, i);
        mlirValueSetType(v, tileVulkanRetype(r, ctx, mlirValueGetType(v)));
      }
  MlirAttribute fnType = tileOpGetAttr(op, "function_type");
  if (!mlirAttributeIsNull(fnType) && mlirAttributeIsAType(fnType)) {
    MlirType t = mlirTypeAttrGetValue(fnType);
    if (tileVulkanHolds(r, t))
      mlirOperationSetAttributeByName(
          op, tileRef("function_type"),
          mlirTypeAttrGet(tileVulkanRetype(r, ctx, t)));
  }
  return MlirWalkResultAdvance;
}

void tileVulkanRetypeAll(const TileVulkanRetyping *r, MlirOperation root) {
  mlirOperationWalk(root, retypeOp, (void *)r, MlirWalkPreOrder);
}

static MlirWalkResult castLaunch(MlirOperation op, void *userData) {
  const TileVulkanRetyping *r = userData;
  if (!tileOpIs(op, "gpu.launch_func"))
    return MlirWalkResultAdvance;
  MlirContext ctx = mlirOperationGetContext(op);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    MlirType type = mlirValueGetType(v);
    if (!tileVulkanHolds(r, type))
      continue;
    TileBuilder b = tbBefore(op);
    const char *how = mlirTypeIsAMemRef(type) || mlirTypeIsAUnrankedMemRef(type)
                          ? "builtin.unrealized_conversion_cast"
                          : "arith.bitcast";
    mlirOperationSetOperand(
        op, i, tbConvertOp(&b, how, v, tileVulkanRetype(r, ctx, type)));
  }
  return MlirWalkResultAdvance;
}

void tileVulkanCastLaunches(const TileVulkanRetyping *r, MlirOperation module) {
  mlirOperationWalk(module, castLaunch, (void *)r, MlirWalkPreOrder);
}

bool tileVulkanRetypeKernels(const TileVulkanRetyping *r, MlirOperation module,
                             TileVulkanConvert convert) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  unsigned errors = 0;
  for (MlirOperation child = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(child); child = mlirOperationGetNextInBlock(child))
    if (tileOpIs(child, "gpu.module"))
      errors += convert(child);
  if (!errors)
    tileVulkanCastLaunches(r, module);
  return errors == 0;
}
