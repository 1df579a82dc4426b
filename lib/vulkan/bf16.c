/* tile-vulkan-bf16: SPIR-V has no bf16 type here, so vulkan kernels keep
 * bf16 values as their 16 bits (i16) and compute with them in f32. Before
 * it, arith-emulate-unsupported-floats and math-extend-to-supported-types
 * have made every bf16 computation of the gpu.modules an f32 one between
 * arith.extf and arith.truncf. This pass then, in every gpu.module:
 *
 *   - gives every value, block argument, function type and constant that
 *     holds bf16 the same shape of i16 (memrefs keep their layout and
 *     memory space);
 *   - makes arith.extf from bf16 a shift of the bits into the high half of
 *     an f32, arith.truncf to bf16 rounding to nearest even on the bits of
 *     the f32 (a NaN becomes the quiet NaN 0x7FC0, as on the cpu),
 *     arith.sitofp and uitofp to bf16 conversions to f32 first, and
 *     arith.bitcast between bf16 and i16 nothing;
 *   - makes each atomic addition of bf16 into a buffer whose old value is
 *     unused a store of the addend's bits marked `tile.vulkan_bf16_add`,
 *     which tile-vulkan-mark-float-atomics marks nontemporal for
 *     tile-vulkan-half-atomics (float_atomics.c: a compare-and-swap loop on
 *     the word holding the element);
 *   - refuses, at the op, what it cannot keep in bits: truncation from f64
 *     (which would round twice), other atomic updates of bf16 memory (the
 *     ones of a thread's own memory became loads and stores before, in
 *     tile-expand-atomics) and any other op that still computes with bf16
 *     values.
 *
 * The host passes the same buffers: each launch's bf16 operands are cast
 * to their i16 types (the casts disappear in the host's LLVM lowering,
 * where both are the same descriptor). */
#include "ir/builder.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"
#include "support/count.h"
#include "vulkan/vulkan.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

/*===--- types ------------------------------------------------------------===*/

static MlirType i16Type(MlirContext ctx) { return mlirIntegerTypeGet(ctx, 16); }

/* bf16 values of every kind as i16. */
static const TileVulkanRetyping asBits = {mlirTypeIsABF16, i16Type, false};

static bool holdsBF16(MlirType type) { return tileVulkanHolds(&asBits, type); }

static MlirType bits(MlirContext ctx, MlirType type) {
  return tileVulkanRetype(&asBits, ctx, type);
}

/*===--- what each op becomes ---------------------------------------------===*/

typedef struct {
  TileOpList extends, truncates, fromInts, bitcasts, constants, atomicAdds;
  unsigned errors;
  bool complexReported; /* the first op with complex<bf16> only */
} Work;

/* An integer constant of `type` (a vector of it splats `v`). */
static MlirValue constLike(TileBuilder *b, MlirType type, int64_t v) {
  MlirType element = tbScalarOf(type);
  MlirAttribute scalar = mlirIntegerAttrGet(element, v);
  if (!mlirTypeIsAVector(type))
    return tbConstAttr(b, scalar);
  MlirType types[] = {type};
  MlirNamedAttribute value =
      tbNamed(b, "value", mlirDenseElementsAttrSplatGet(type, scalar));
  return tbResult(tbCreate(b, "arith.constant", 0, NULL, 1, types, 1, &value));
}

static MlirValue binary(TileBuilder *b, const char *op, MlirValue x,
                        int64_t y) {
  return tbBinary(b, op, x, constLike(b, mlirValueGetType(x), y));
}

/* bf16 bits (i16, already converted) -> f32. */
static MlirValue widen(TileBuilder *b, MlirValue x) {
  MlirType type = mlirValueGetType(x);
  MlirValue word =
      tbConvertOp(b, "arith.extui", x, tbShapedLike(type, tbI32(b)));
  word = binary(b, "arith.shli", word, 16);
  return tbConvertOp(b, "arith.bitcast", word, tbShapedLike(type, tbF32(b)));
}

/* f32 -> bf16 bits, rounded to nearest even; a NaN becomes the quiet NaN
 * 0x7FC0 (what arith-expand makes of a truncf to bf16 on the cpu). */
static MlirValue narrow(TileBuilder *b, MlirValue x) {
  MlirType type = mlirValueGetType(x);
  MlirType words = tbShapedLike(type, tbI32(b));
  MlirType halves = tbShapedLike(type, mlirIntegerTypeGet(b->ctx, 16));
  MlirValue word = tbConvertOp(b, "arith.bitcast", x, words);
  MlirValue odd =
      binary(b, "arith.andi", binary(b, "arith.shrui", word, 16), 1);
  MlirValue bias = tbAdd(b, odd, constLike(b, words, 0x7FFF));
  MlirValue rounded =
      tbConvertOp(b, "arith.trunci",
                  binary(b, "arith.shrui", tbAdd(b, word, bias), 16), halves);
  return tbSelect(b, tbCmpF(b, "uno", x, x), constLike(b, halves, 0x7FC0),
                  rounded);
}

/* Ops that move bf16 values without computing with them: they take i16
 * alike. */
static bool movesOnly(MlirOperation op) {
  static const char *const names[] = {
      "arith.select",
      "memref.load",
      "memref.store",
      "memref.alloca",
      "memref.alloc",
      "memref.subview",
      "memref.cast",
      "memref.reinterpret_cast",
      "memref.collapse_shape",
      "memref.expand_shape",
      "memref.transpose",
      "memref.copy",
      "memref.dim",
      "memref.extract_strided_metadata",
      "memref.extract_aligned_pointer_as_index",
      "memref.assume_alignment",
      "memref.memory_space_cast",
      "vector.load",
      "vector.store",
      "vector.broadcast",
      "vector.extract",
      "vector.insert",
      "vector.extract_strided_slice",
      "vector.insert_strided_slice",
      "vector.shuffle",
      "vector.splat",
      "vector.from_elements",
      "vector.shape_cast",
      "vector.transpose",
      "scf.for",
      "scf.if",
      "scf.yield",
      "scf.while",
      "scf.condition",
      "scf.index_switch",
      "scf.execute_region",
      "cf.br",
      "cf.cond_br",
      "gpu.func",
      "gpu.return",
      "gpu.shuffle",
      "func.func",
      "func.return",
      "func.call",
      "ub.poison",
  };
  return tileOpIsAny(op, names, TILE_COUNT(names));
}

/* complex<bf16>, alone or as the elements of a shaped type. */
static bool isComplexBF16(MlirType type) {
  if (mlirTypeIsAShaped(type))
    type = mlirShapedTypeGetElementType(type);
  return mlirTypeIsAComplex(type) &&
         mlirTypeIsABF16(mlirComplexTypeGetElementType(type));
}

static bool sourceIsBF16(MlirOperation op) {
  return mlirTypeIsABF16(
      tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, 0))));
}

static bool resultIsBF16(MlirOperation op) {
  return mlirTypeIsABF16(
      tbScalarOf(mlirValueGetType(mlirOperationGetResult(op, 0))));
}

static MlirWalkResult classify(MlirOperation op, void *userData) {
  Work *w = userData;
  if (!mlirTypeIsNull(tileFindValueType(op, isComplexBF16))) {
    if (!w->complexReported)
      tileEmitOpError(op, "holds complex<bf16> values, which the vulkan "
                          "target does not support: it keeps bf16 as bits, "
                          "and complex numbers of them have no lowering "
                          "there");
    w->complexReported = true;
    ++w->errors;
    return MlirWalkResultAdvance;
  }
  if (mlirTypeIsNull(tileFindValueType(op, holdsBF16)))
    return MlirWalkResultAdvance;
  if (tileOpIs(op, "arith.extf") && sourceIsBF16(op)) {
    tileOpListAppend(&w->extends, op);
  } else if (tileOpIs(op, "arith.truncf") && resultIsBF16(op)) {
    MlirType from =
        tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, 0)));
    /* (roundingmode 0 is to_nearest_even, what the bits compute.) */
    if (!mlirTypeIsAF32(from) || tileGetIntAttr(op, "roundingmode", 0) != 0) {
      tileEmitOpError(op,
                      "rounds to bf16 from %s, which the vulkan target "
                      "cannot: it keeps bf16 as bits computed from f32, "
                      "rounding to nearest even (tile-expand-rounding, "
                      "which its pipeline runs first, rewrites this as such "
                      "a truncf)",
                      mlirTypeIsAF32(from) ? "f32 with a rounding mode"
                                           : "a type other than f32");
      ++w->errors;
    } else {
      tileOpListAppend(&w->truncates, op);
    }
  } else if ((tileOpIs(op, "arith.sitofp") || tileOpIs(op, "arith.uitofp")) &&
             resultIsBF16(op)) {
    tileOpListAppend(&w->fromInts, op);
  } else if (tileOpIs(op, "arith.bitcast")) {
    tileOpListAppend(&w->bitcasts, op);
  } else if (tileOpIs(op, "arith.constant")) {
    tileOpListAppend(&w->constants, op);
  } else if (tileVulkanIsFloatAtomicAdd(op)) {
    tileOpListAppend(&w->atomicAdds, op);
  } else if (tileOpIs(op, "memref.atomic_rmw") ||
             tileOpIs(op, "memref.generic_atomic_rmw")) {
    tileEmitOpError(op, "updates bf16 values atomically in a way the vulkan "
                        "target does not support: SPIR-V has no bf16 "
                        "atomics here, and addf into buffers whose old "
                        "value is unused (a compare-and-swap loop) is what "
                        "works");
    ++w->errors;
  } else if (!movesOnly(op)) {
    tileEmitOpError(op, "computes with bf16 values in a way the vulkan target "
                        "cannot: it keeps bf16 as bits and computes with "
                        "them in f32 through arith and math ops");
    ++w->errors;
  }
  return MlirWalkResultAdvance;
}

/* An arith.constant of bf16 (scalar or dense) as the same bits in i16. */
static void rewriteConstant(MlirOperation op) {
  MlirAttribute value = tileOpGetAttr(op, "value");
  MlirContext ctx = mlirOperationGetContext(op);
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirAttribute converted = {NULL};
  if (mlirAttributeIsAFloat(value)) {
    float f = (float)mlirFloatAttrGetValueDouble(value);
    uint32_t word;
    memcpy(&word, &f, sizeof(word));
    if (f != f)
      word = 0x7FC00000u | (word & 0x80000000u);
    converted = mlirIntegerAttrGet(type, (int64_t)(uint16_t)(word >> 16));
  } else if (mlirAttributeIsADenseElements(value)) {
    /* bf16 elements are stored as their 16 bits, as i16 ones are. */
    MlirType shaped = mlirAttributeGetType(value);
    MlirType ints = bits(ctx, shaped);
    bool splat = mlirDenseElementsAttrIsSplat(value);
    intptr_t n = splat ? 1 : mlirElementsAttrGetNumElements(value);
    converted = mlirDenseElementsAttrRawBufferGet(
        ints, (size_t)n * 2, mlirDenseElementsAttrGetRawData(value));
  }
  if (mlirAttributeIsNull(converted))
    return;
  mlirOperationSetAttributeByName(op, tileRef("value"), converted);
}

static void rewrite(Work *w) {
  for (size_t i = 0; i < w->extends.count; ++i) {
    MlirOperation op = w->extends.ops[i];
    TileBuilder b = tbBefore(op);
    MlirValue f = widen(&b, mlirOperationGetOperand(op, 0));
    MlirType to = mlirValueGetType(mlirOperationGetResult(op, 0));
    if (!mlirTypeIsAF32(tbScalarOf(to)))
      f = tbConvertOp(&b, "arith.extf", f, to);
    tbReplaceOp(op, f);
  }
  for (size_t i = 0; i < w->truncates.count; ++i) {
    MlirOperation op = w->truncates.ops[i];
    TileBuilder b = tbBefore(op);
    tbReplaceOp(op, narrow(&b, mlirOperationGetOperand(op, 0)));
  }
  for (size_t i = 0; i < w->fromInts.count; ++i) {
    MlirOperation op = w->fromInts.ops[i];
    TileBuilder b = tbBefore(op);
    MlirValue x = mlirOperationGetOperand(op, 0);
    MlirValue f = tbConvertOp(
        &b, tileOpIs(op, "arith.sitofp") ? "arith.sitofp" : "arith.uitofp", x,
        tbShapedLike(mlirValueGetType(x), tbF32(&b)));
    tbReplaceOp(op, narrow(&b, f));
  }
  for (size_t i = 0; i < w->bitcasts.count; ++i) {
    MlirOperation op = w->bitcasts.ops[i];
    MlirValue from = mlirOperationGetOperand(op, 0);
    if (mlirTypeEqual(mlirValueGetType(from),
                      mlirValueGetType(mlirOperationGetResult(op, 0))))
      tbReplaceOp(op, from);
  }
  for (size_t i = 0; i < w->constants.count; ++i)
    rewriteConstant(w->constants.ops[i]);
  /* atomic_rmw addf %bits, %memref[%indices] (both i16 now): a store of
   * the same operands, marked. */
  for (size_t i = 0; i < w->atomicAdds.count; ++i) {
    MlirOperation op = w->atomicAdds.ops[i];
    TileBuilder b = tbBefore(op);
    intptr_t n = mlirOperationGetNumOperands(op);
    MlirValue operands[TILE_MAX_RANK + 2]; /* value, memref, indices */
    for (intptr_t k = 0; k < n; ++k)
      operands[k] = mlirOperationGetOperand(op, k);
    MlirNamedAttribute mark =
        tbNamed(&b, TILE_VULKAN_BF16_ADD, mlirUnitAttrGet(b.ctx));
    tbCreate(&b, "memref.store", n, operands, 0, NULL, 1, &mark);
    mlirOperationDestroy(op);
  }
}

static void freeWork(Work *w) {
  tileOpListFree(&w->extends);
  tileOpListFree(&w->truncates);
  tileOpListFree(&w->fromInts);
  tileOpListFree(&w->bitcasts);
  tileOpListFree(&w->constants);
  tileOpListFree(&w->atomicAdds);
}

static unsigned convert(MlirOperation gpuModule) {
  Work w = {0};
  mlirOperationWalk(gpuModule, classify, &w, MlirWalkPreOrder);
  if (!w.errors) {
    tileVulkanRetypeAll(&asBits, gpuModule);
    rewrite(&w);
  }
  freeWork(&w);
  return w.errors;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  if (!tileVulkanRetypeKernels(&asBits, op, convert))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileVulkanBF16Pass = {
    .argument = "tile-vulkan-bf16",
    .name = "TileVulkanBF16",
    .summary = "Keep the bf16 values of vulkan kernels as their bits (i16) "
               "and compute with them in f32; cast the launches' bf16 "
               "operands alike",
    .anchor = "builtin.module",
    .run = run,
};
