/* tile-vulkan-index-width: index values are 32-bit integers in the SPIR-V
 * the vulkan backend emits, so an index constant of device code (inside a
 * kernel loop or gpu.module, or used there) must fit in 32 bits; the
 * SPIR-V conversion otherwise failed with "failed to legalize operation
 * 'arith.constant'", which named no reason. The vulkan pipeline runs it on
 * the input, where constants still have their locations (canonicalize
 * gives the constants it moves none), and again on the device module for
 * the constants folds made. */
#include "ir/ir.h"
#include "passes/pass.h"

#include <stdint.h>

static bool inDeviceCode(MlirOperation op) {
  for (MlirOperation p = op; !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p))
    if (tileOpIs(p, "gpu.module") || tileIsKernelLoop(p))
      return true;
  return false;
}

/* Whether the constant is device code or reaches it: a kernel's launch
 * takes the constants it uses along (gpu-launch-sink-index-computations). */
static bool reachesDevice(MlirOperation constant) {
  if (inDeviceCode(constant))
    return true;
  for (MlirOpOperand use =
           mlirValueGetFirstUse(mlirOperationGetResult(constant, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (inDeviceCode(mlirOpOperandGetOwner(use)))
      return true;
  return false;
}

static bool isLocated(MlirOperation op) {
  MlirLocation loc = mlirOperationGetLocation(op);
  return !mlirLocationEqual(
      loc, mlirLocationUnknownGet(mlirOperationGetContext(op)));
}

/* Where to report: the constant, or when folding made it (folds give the
 * constants they create no location) its first user that has one. */
static MlirOperation locatedUser(MlirOperation constant) {
  if (isLocated(constant))
    return constant;
  for (MlirOpOperand use =
           mlirValueGetFirstUse(mlirOperationGetResult(constant, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (isLocated(mlirOpOperandGetOwner(use)))
      return mlirOpOperandGetOwner(use);
  return constant;
}

static MlirWalkResult checkConstant(MlirOperation op, void *userData) {
  unsigned *errors = userData;
  if (!tileOpIs(op, "arith.constant") || mlirOperationGetNumResults(op) != 1 ||
      !mlirTypeIsAIndex(mlirValueGetType(mlirOperationGetResult(op, 0))))
    return MlirWalkResultAdvance;
  MlirAttribute value = tileOpGetAttr(op, "value");
  if (mlirAttributeIsNull(value) || !mlirAttributeIsAInteger(value))
    return MlirWalkResultAdvance;
  int64_t v = mlirIntegerAttrGetValueInt(value);
  if ((v >= INT32_MIN && v <= INT32_MAX) || !reachesDevice(op))
    return MlirWalkResultAdvance;
  MlirOperation at = locatedUser(op);
  if (mlirOperationEqual(at, op))
    tileEmitOpError(op,
                    "index constant %lld does not fit the 32-bit index type "
                    "of vulkan kernels ([%d, %d])",
                    (long long)v, INT32_MIN, INT32_MAX);
  else
    tileEmitOpError(at,
                    "uses the index constant %lld (folded), which exceeds "
                    "the 32-bit index type of vulkan kernels ([%d, %d])",
                    (long long)v, INT32_MIN, INT32_MAX);
  ++*errors;
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  tilePassRunCheck(op, pass, checkConstant);
}

const TilePassDescriptor tileVulkanIndexWidthPass = {
    .argument = "tile-vulkan-index-width",
    .name = "TileVulkanIndexWidth",
    .summary = "Report index constants of device code that do not fit the "
               "32-bit index type of vulkan kernels",
    .anchor = "",
    .run = run,
};
