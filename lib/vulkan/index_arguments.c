/* Run-time checks of the index values a launch passes to a vulkan kernel:
 * they travel as 32-bit words and kernels index buffers with 32 bits, so a
 * size, an index scalar or a buffer's element count beyond 2^31 - 1 would
 * be truncated into a silently wrong kernel. The host code reports such a
 * value to libtile_rt_vulkan (tileRtVulkanIndexOutOfRange), which refuses
 * the launch that follows with the kernel's name. */
#include "vulkan/vulkan.h"

#include "ir/ir.h"
#include "support/count.h"

#include <stdint.h>

static const char *const ReportName = "tileRtVulkanIndexOutOfRange";

/* if (bad) tileRtVulkanIndexOutOfRange(argument, dimension, value) */
static void reportIf(TileBuilder *b, MlirOperation launch, MlirValue bad,
                     int argument, int dimension, MlirValue value) {
  MlirBlock then = tbIf(b, bad);
  TileBuilder in = tbAtTerminator(then, b->loc);
  MlirType i32 = tbI32(&in);
  MlirValue args[] = {tbConstInt(&in, i32, argument),
                      tbConstInt(&in, i32, dimension), value};
  tileVulkanCallRuntime(&in, launch, ReportName,
                        "llvm.func @tileRtVulkanIndexOutOfRange(i32, i32, i64)",
                        TILE_COUNT(args), args);
}

static MlirValue asI64(TileBuilder *b, MlirValue v) {
  return tbConvert(b, v, mlirIntegerTypeGet(b->ctx, 64));
}

void tileVulkanCheckIndexScalar(TileBuilder *b, MlirOperation launch,
                                MlirValue value, int argument) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue v = asI64(b, value);
  MlirValue low = tbCmpI(b, "slt", v, tbConstInt(b, i64, INT32_MIN));
  MlirValue high = tbCmpI(b, "sgt", v, tbConstInt(b, i64, INT32_MAX));
  reportIf(b, launch, tbBinary(b, "arith.ori", low, high), argument,
           TileVulkanScalar, v);
}

void tileVulkanCheckBufferSizes(TileBuilder *b, MlirOperation launch,
                                MlirValue buffer, int argument) {
  MlirType type = mlirValueGetType(buffer);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue limit = tbConstInt(b, i64, INT32_MAX);
  /* Each size is below 2^63, so a product of two sizes clamped to 2^31
   * cannot overflow. */
  MlirValue elements = tbConstInt(b, i64, 1);
  for (int64_t d = 0; d < tileRank(type); ++d) {
    if (!tileIsDynamicDim(type, d)) {
      elements = tbMul(b, elements, tbConstInt(b, i64, tileDim(type, d)));
      continue;
    }
    MlirValue size = asI64(b, tbDim(b, buffer, d));
    reportIf(b, launch, tbCmpI(b, "sgt", size, limit), argument, (int)d, size);
    elements = tbMul(b, elements, tbBinary(b, "arith.minsi", size, limit));
    elements = tbBinary(b, "arith.minsi", elements,
                        tbConstInt(b, i64, (int64_t)INT32_MAX + 1));
  }
  reportIf(b, launch, tbCmpI(b, "sgt", elements, limit), argument,
           TileVulkanElements, elements);
}

/* `v` clamped to [0, limit]. */
static MlirValue clamp(TileBuilder *b, MlirValue v, MlirValue zero,
                       MlirValue limit) {
  return tbBinary(b, "arith.minsi", tbBinary(b, "arith.maxsi", v, zero), limit);
}

MlirValue tileVulkanCheckStridedSpan(TileBuilder *b, MlirOperation launch,
                                     MlirValue offset, const MlirValue *sizes,
                                     const MlirValue *strides, int rank,
                                     int argument) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue zero = tbConstInt(b, i64, 0), one = tbConstInt(b, i64, 1);
  MlirValue limit = tbConstInt(b, i64, INT32_MAX);
  MlirValue o = asI64(b, offset);
  reportIf(b, launch, tbCmpI(b, "slt", o, zero), argument, TileVulkanOffset, o);
  /* The last element's index, with each factor clamped to [0, 2^31 - 1]
   * and the sum to 2^31 - 1, so that nothing overflows; and the same
   * unclamped, in index arithmetic, for the span bound. */
  MlirValue last = clamp(b, o, zero, limit);
  MlirValue lastIndex = offset;
  MlirValue no = tbConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 0);
  MlirValue empty = no;
  for (int d = 0; d < rank; ++d) {
    MlirValue stride = asI64(b, strides[d]), size = asI64(b, sizes[d]);
    reportIf(b, launch, tbCmpI(b, "slt", stride, zero), argument,
             TileVulkanStride, stride);
    empty = tbBinary(b, "arith.ori", empty, tbCmpI(b, "eq", size, zero));
    MlirValue steps = clamp(b, tbSub(b, size, one), zero, limit);
    MlirValue reach = tbMul(b, steps, clamp(b, stride, zero, limit));
    last = tbBinary(b, "arith.minsi", tbAdd(b, last, reach), limit);
    MlirValue indexSteps = tbSub(b, sizes[d], tbConstIndex(b, 1));
    lastIndex = tbAdd(b, lastIndex, tbMul(b, indexSteps, strides[d]));
  }
  /* A span of 2^31 elements or more (its last index does not fit), unless
   * the view has no element. */
  MlirValue full = tbCmpI(b, "eq", last, limit);
  MlirValue tooLong = tbSelect(b, empty, no, full);
  reportIf(b, launch, tooLong, argument, TileVulkanSpan, tbAdd(b, last, one));
  return tbSelect(b, empty, tbConstIndex(b, 0),
                  tbAdd(b, lastIndex, tbConstIndex(b, 1)));
}
