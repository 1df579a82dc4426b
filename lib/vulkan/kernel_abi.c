/* tile-vulkan-kernel-abi: gives every kernel the argument list a Vulkan
 * dispatch can bind, rewriting the kernel and its launches together:
 *
 *   - a buffer of static shape stays as it is (one storage buffer);
 *   - a buffer with dynamic dimensions or a strided layout becomes a flat
 *     memref<?xT> (one storage buffer); element accesses are linearised
 *     in the kernel, with the buffer's strides and offset where it has a
 *     strided layout (the host binds the elements from the buffer's base
 *     through the last one the view reaches); its sizes, and those of a
 *     collapse_shape of it or its extract_strided_metadata (what
 *     fold-memref-alias-ops leaves of a reshape whose accesses it folded),
 *     come from its own;
 *   - its dynamic sizes, strides and offset and every scalar argument
 *     (index, integers up to 32 bits, f16, f32) become 32-bit words of one
 *     extra argument buffer memref<Nxi32>, appended last, which the kernel
 *     reads at entry.
 *
 * So every launch operand is a buffer, and the host can pass each as a
 * pointer and a byte size (tile-vulkan-launch-abi); kernel argument i is
 * binding i of descriptor set 0. See docs/vulkan.md. */
#include "ir/builder_gpu.h"
#include "ir/ir.h"
#include "ir/launches.h"
#include "passes/pass.h"
#include "vulkan/vulkan.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/SPIRV.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libtile_rt_vulkan binds at most this many buffers to one kernel
 * (lib/runtime/shims/vulkan/module.c); a kernel that needs more is
 * refused here, where the error can point at it. */
enum { MaxBindings = 64 };

typedef enum { Keep, Flatten, Scalar } ParamKind;

typedef struct {
  ParamKind kind;
  int rank;
  int word;                   /* Scalar: its word */
  int dimWord[TILE_MAX_RANK]; /* Flatten: word of each dynamic size */
  /* Flatten of a strided layout: its strides and offset, and the word of
     each dynamic one (-1: static) */
  bool strided;
  int64_t strides[TILE_MAX_RANK], offset;
  int strideWord[TILE_MAX_RANK], offsetWord;
} Param;

/* How one kernel's arguments map to bindings; built per kernel by the pass
 * run (never kept in a static: compilations may run at once). */
typedef struct {
  MlirOperation func;
  unsigned numParams;
  Param *params; /* numParams entries */
  int numWords;
} Plan;

/*===--- planning ---------------------------------------------------------===*/

static bool scalarFits(MlirType type) {
  if (mlirTypeIsAIndex(type))
    return true;
  if (mlirTypeIsAInteger(type))
    return mlirIntegerTypeGetWidth(type) <= 32;
  return mlirTypeIsAF32(type) || mlirTypeIsAF16(type);
}

static bool bufferElementFits(MlirType element) {
  return (mlirTypeIsAInteger(element) &&
          mlirIntegerTypeGetWidth(element) >= 8) ||
         (mlirTypeIsAFloat(element) && !mlirTypeIsABF16(element));
}

/* Whether `type` has a strided layout other than the identity, with its
 * strides and offset. */
static bool stridedLayout(MlirType type, Param *p) {
  return !tileHasIdentityLayout(type) && p->rank <= TILE_MAX_RANK &&
         mlirLogicalResultIsSuccess(
             mlirMemRefTypeGetStridesAndOffset(type, p->strides, &p->offset));
}

static int wordIfDynamic(Plan *plan, int64_t value) {
  return mlirShapedTypeIsDynamicStrideOrOffset(value) ? plan->numWords++ : -1;
}

static bool planParam(Plan *plan, unsigned i, MlirType type) {
  Param *p = &plan->params[i];
  TileStrBuf text = TILE_STRBUF_INIT;
  bool ok = true;
  if (mlirTypeIsAMemRef(type)) {
    p->rank = (int)tileRank(type);
    p->strided = stridedLayout(type, p);
    if ((!tileHasIdentityLayout(type) && !p->strided) ||
        !bufferElementFits(tileElementType(type))) {
      tileEmitOpError(plan->func,
                      "takes %s; vulkan kernels take buffers of the identity "
                      "or a strided layout with int (8 bits or wider, or "
                      "i1) or float elements (bf16 ones as their bits)",
                      tileTypeStr(&text, type));
      ok = false;
    } else if (mlirShapedTypeHasStaticShape(type) && !p->strided) {
      p->kind = Keep;
    } else {
      p->kind = Flatten;
      for (int d = 0; d < p->rank; ++d)
        p->dimWord[d] = tileIsDynamicDim(type, d) ? plan->numWords++ : -1;
      for (int d = 0; p->strided && d < p->rank; ++d)
        p->strideWord[d] = wordIfDynamic(plan, p->strides[d]);
      if (p->strided)
        p->offsetWord = wordIfDynamic(plan, p->offset);
    }
  } else if (scalarFits(type)) {
    p->kind = Scalar;
    p->word = plan->numWords++;
  } else {
    tileEmitOpError(plan->func,
                    "takes a %s argument; vulkan kernels take index, f16, "
                    "f32 and integer scalars of at most 32 bits",
                    tileTypeStr(&text, type));
    ok = false;
  }
  tileStrBufFree(&text);
  return ok;
}

static MlirBlock entryBlock(MlirOperation func) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

/* The buffers a kernel binds once planned: kept and flattened buffers,
 * plus the argument buffer when there are words. */
static unsigned numBindings(const Plan *plan) {
  unsigned n = plan->numWords ? 1 : 0;
  for (unsigned i = 0; i < plan->numParams; ++i)
    n += plan->params[i].kind != Scalar;
  return n;
}

static bool makePlan(Plan *plan, MlirOperation func) {
  plan->func = func;
  MlirType type = mlirTypeAttrGetValue(tileOpGetAttr(func, "function_type"));
  plan->numParams = (unsigned)mlirFunctionTypeGetNumInputs(type);
  plan->params = tileCallocArray(plan->numParams, sizeof(Param));
  plan->numWords = 0;
  bool ok = true;
  for (unsigned i = 0; i < plan->numParams; ++i)
    ok &= planParam(plan, i, mlirFunctionTypeGetInput(type, i));
  if (ok && numBindings(plan) > MaxBindings) {
    tileEmitOpError(func,
                    "needs %u buffer bindings; the vulkan runtime binds at "
                    "most %d buffers to a kernel (scalar arguments share one)",
                    numBindings(plan), MaxBindings);
    ok = false;
  }
  return ok;
}

/*===--- the kernel side --------------------------------------------------===*/

/* The word `w` of the argument buffer as a value of `type`. */
static MlirValue readWord(TileBuilder *b, MlirValue words, int w,
                          MlirType type) {
  MlirValue at = tbConstIndex(b, w);
  MlirValue word = tbLoad(b, words, 1, &at);
  if (mlirTypeIsAIndex(type))
    return tbConvert(b, word, type);
  if (mlirTypeIsAF32(type))
    return tbResult(tbCreate(b, "arith.bitcast", 1, &word, 1, &type, 0, NULL));
  if (mlirTypeIsAF16(type)) {
    MlirType i16 = mlirIntegerTypeGet(b->ctx, 16);
    MlirValue half = tbConvert(b, word, i16);
    return tbResult(tbCreate(b, "arith.bitcast", 1, &half, 1, &type, 0, NULL));
  }
  return tbConvert(b, word, type);
}

typedef struct {
  MlirValue dims[TILE_MAX_RANK];
  int rank;
  bool strided; /* then strides and offset place the elements */
  MlirValue strides[TILE_MAX_RANK], offset;
} FlatInfo;

/* The linear index of `idx` in a row-major buffer of sizes `dims`, or in
 * a strided one. */
static MlirValue linearIndex(TileBuilder *b, const FlatInfo *f,
                             const MlirValue *idx) {
  if (f->strided) {
    MlirValue linear = f->offset;
    for (int d = 0; d < f->rank; ++d)
      linear = tbAdd(b, linear, tbMul(b, idx[d], f->strides[d]));
    return linear;
  }
  if (f->rank == 0)
    return tbConstIndex(b, 0);
  MlirValue linear = idx[0];
  for (int d = 1; d < f->rank; ++d)
    linear = tbAdd(b, tbMul(b, linear, f->dims[d]), idx[d]);
  return linear;
}

static int64_t constantIndexOf(MlirValue v) {
  int64_t value;
  return tileConstantInt(v, &value) ? value : -1;
}

static bool refuseUse(MlirOperation user) {
  tileEmitOpError(user, "uses a kernel buffer of dynamic shape in a way "
                        "the vulkan backend cannot flatten (only loads, "
                        "stores, atomics and sizes)");
  return false;
}

/* memref.extract_strided_metadata of the buffer (fold-memref-alias-ops
 * asks it for the sizes that delinearize an index through a
 * collapse_shape): its offset, sizes and strides are the buffer's; its
 * base has no flat form. */
static bool rewriteMetadata(MlirOperation user, const FlatInfo *f) {
  MlirValue base = mlirOperationGetResult(user, 0);
  if (!mlirOpOperandIsNull(mlirValueGetFirstUse(base)))
    return refuseUse(user);
  TileBuilder b = tbBefore(user);
  MlirValue strides[TILE_MAX_RANK];
  for (int d = f->rank - 1; d >= 0; --d)
    strides[d] = f->strided         ? f->strides[d]
                 : d == f->rank - 1 ? tbConstIndex(&b, 1)
                                    : tbMul(&b, strides[d + 1], f->dims[d + 1]);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(user, 1),
                                f->strided ? f->offset : tbConstIndex(&b, 0));
  for (int d = 0; d < f->rank; ++d) {
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(user, 2 + d),
                                  f->dims[d]);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(user, 2 + f->rank + d),
                                  strides[d]);
  }
  mlirOperationDestroy(user);
  return true;
}

/* A memref.collapse_shape of the buffer that is only asked for its sizes
 * (its loads and stores were folded into the buffer's): each is the
 * product of the buffer's sizes it joins. */
static bool rewriteCollapsedSizes(MlirOperation user, const FlatInfo *f) {
  MlirValue collapsed = mlirOperationGetResult(user, 0);
  MlirAttribute groups = tileOpGetAttr(user, "reassociation");
  TileOpList dims = {0};
  bool ok = !mlirAttributeIsNull(groups) && mlirAttributeIsAArray(groups);
  for (MlirOpOperand use = mlirValueGetFirstUse(collapsed);
       ok && !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation dim = mlirOpOperandGetOwner(use);
    int64_t d = tileOpIs(dim, "memref.dim")
                    ? constantIndexOf(mlirOperationGetOperand(dim, 1))
                    : -1;
    ok = d >= 0 && d < mlirArrayAttrGetNumElements(groups);
    if (ok)
      tileOpListAppend(&dims, dim);
  }
  for (size_t i = 0; ok && i < dims.count; ++i) {
    MlirOperation dim = dims.ops[i];
    MlirAttribute group = mlirArrayAttrGetElement(
        groups, constantIndexOf(mlirOperationGetOperand(dim, 1)));
    TileBuilder b = tbBefore(dim);
    MlirValue size = tbConstIndex(&b, 1);
    for (intptr_t k = 0; ok && k < mlirArrayAttrGetNumElements(group); ++k) {
      int64_t d = mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(group, k));
      ok = d >= 0 && d < f->rank;
      if (ok)
        size = tbMul(&b, size, f->dims[d]);
    }
    if (ok)
      tbReplaceOp(dim, size);
  }
  tileOpListFree(&dims);
  if (!ok)
    return refuseUse(user);
  mlirOperationDestroy(user);
  return true;
}

/* Rewrites one use of a flattened buffer; false (after an error) when the
 * use is not an element access or a size query. */
static bool rewriteFlatUse(MlirOperation user, MlirValue buffer,
                           const FlatInfo *f) {
  TileBuilder b = tbBefore(user);
  if (tileOpIs(user, "memref.extract_strided_metadata"))
    return rewriteMetadata(user, f);
  if (tileOpIs(user, "memref.collapse_shape"))
    return rewriteCollapsedSizes(user, f);
  if (tileOpIs(user, "memref.dim")) {
    int64_t d = constantIndexOf(mlirOperationGetOperand(user, 1));
    if (d < 0 || d >= f->rank) {
      tileEmitOpError(user, "asks a buffer for a size that is not a "
                            "constant dimension");
      return false;
    }
    tbReplaceOp(user, f->dims[d]);
    return true;
  }
  int memrefPos = tileOpIs(user, "memref.load")         ? 0
                  : tileOpIs(user, "memref.store")      ? 1
                  : tileOpIs(user, "memref.atomic_rmw") ? 1
                                                        : -1;
  if (memrefPos < 0 ||
      !mlirValueEqual(mlirOperationGetOperand(user, memrefPos), buffer))
    return refuseUse(user);
  MlirValue idx[TILE_MAX_RANK] = {{NULL}};
  for (int d = 0; d < f->rank; ++d)
    idx[d] = mlirOperationGetOperand(user, memrefPos + 1 + d);
  MlirValue linear = linearIndex(&b, f, idx);
  MlirValue operands[3];
  intptr_t n = 0;
  for (int i = 0; i < memrefPos + 1; ++i)
    operands[n++] = mlirOperationGetOperand(user, i);
  operands[n++] = linear;
  mlirOperationSetOperands(user, n, operands);
  return true;
}

static bool flattenParam(MlirValue arg, const FlatInfo *f) {
  MlirType type = mlirValueGetType(arg);
  int64_t dynamic = mlirShapedTypeGetDynamicSize();
  mlirValueSetType(
      arg, mlirMemRefTypeContiguousGet(tileElementType(type), 1, &dynamic,
                                       mlirMemRefTypeGetMemorySpace(type)));
  /* Collected first: rewriting a use may erase its op. */
  TileOpList users = {0};
  for (MlirOpOperand use = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use))
    tileOpListAppend(&users, mlirOpOperandGetOwner(use));
  bool ok = true;
  for (size_t i = 0; i < users.count; ++i)
    if (i == 0 || !mlirOperationEqual(users.ops[i], users.ops[i - 1]))
      ok &= rewriteFlatUse(users.ops[i], arg, f);
  tileOpListFree(&users);
  return ok;
}

/* The new signature, and binding i of descriptor set 0 for argument i:
 * the order libtile_rt_vulkan binds launch buffers in. */
static void setSignature(MlirOperation func, unsigned numParams) {
  MlirBlock entry = entryBlock(func);
  MlirType *inputs = tileCallocArray(numParams, sizeof(MlirType));
  MlirAttribute *argAttrs = tileCallocArray(numParams, sizeof(MlirAttribute));
  MlirContext ctx = mlirOperationGetContext(func);
  TileBuilder b = tbBefore(func);
  for (unsigned i = 0; i < numParams; ++i) {
    inputs[i] = mlirValueGetType(mlirBlockGetArgument(entry, i));
    char text[64];
    snprintf(text, sizeof(text), "#spirv.interface_var_abi<(0, %u)>", i);
    MlirNamedAttribute binding =
        tbNamed(&b, "spirv.interface_var_abi", tbParseAttr(&b, text));
    argAttrs[i] = mlirDictionaryAttrGet(ctx, 1, &binding);
  }
  mlirOperationSetAttributeByName(
      func, tileRef("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, numParams, inputs, 0, NULL)));
  mlirOperationSetAttributeByName(func, tileRef("arg_attrs"),
                                  mlirArrayAttrGet(ctx, numParams, argAttrs));
  free(inputs);
  free(argAttrs);
}

static MlirType wordsType(MlirContext ctx, int numWords) {
  int64_t n = numWords;
  return mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ctx, 32), 1, &n,
                                     mlirAttributeGetNull());
}

static bool rewriteKernel(const Plan *plan) {
  MlirOperation func = plan->func;
  MlirBlock entry = entryBlock(func);
  MlirContext ctx = mlirOperationGetContext(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirValue words = {NULL};
  if (plan->numWords)
    words = mlirBlockInsertArgument(entry, plan->numParams,
                                    wordsType(ctx, plan->numWords), loc);
  /* New ops go before an op of their own at the start of the block: the
   * block may start with an op that flattening erases (a memref.dim or
   * extract_strided_metadata of a buffer), and ops inserted before it
   * after that went before freed memory. */
  TileBuilder start = tbBefore(mlirBlockGetFirstOperation(entry));
  MlirOperation anchor = mlirOpResultGetOwner(tbConstIndex(&start, 0));
  TileBuilder b = tbBefore(anchor);
  bool ok = true;
  for (unsigned i = 0; i < plan->numParams; ++i) {
    const Param *p = &plan->params[i];
    MlirValue arg = mlirBlockGetArgument(entry, i);
    MlirType type = mlirValueGetType(arg);
    if (p->kind == Scalar) {
      mlirValueReplaceAllUsesOfWith(arg, readWord(&b, words, p->word, type));
    } else if (p->kind == Flatten) {
      FlatInfo f = {.rank = p->rank, .strided = p->strided};
      for (int d = 0; d < p->rank; ++d)
        f.dims[d] = p->dimWord[d] >= 0
                        ? readWord(&b, words, p->dimWord[d], tbIndex(&b))
                        : tbConstIndex(&b, tileDim(type, d));
      for (int d = 0; p->strided && d < p->rank; ++d)
        f.strides[d] = p->strideWord[d] >= 0
                           ? readWord(&b, words, p->strideWord[d], tbIndex(&b))
                           : tbConstIndex(&b, p->strides[d]);
      if (p->strided)
        f.offset = p->offsetWord >= 0
                       ? readWord(&b, words, p->offsetWord, tbIndex(&b))
                       : tbConstIndex(&b, p->offset);
      ok &= flattenParam(arg, &f);
    }
  }
  mlirOperationDestroy(anchor);
  unsigned kept = plan->numParams;
  for (unsigned i = plan->numParams; i-- > 0;)
    if (plan->params[i].kind == Scalar) {
      mlirBlockEraseArgument(entry, i);
      --kept;
    }
  setSignature(func, kept + (plan->numWords ? 1 : 0));
  return ok;
}

/*===--- the launch side --------------------------------------------------===*/

/* The host value of word `w`: an i32 holding the scalar's bits. */
static MlirValue wordOf(TileBuilder *b, MlirValue v) {
  MlirType type = mlirValueGetType(v);
  MlirType i32 = tbI32(b);
  if (mlirTypeIsAF32(type))
    return tbResult(tbCreate(b, "arith.bitcast", 1, &v, 1, &i32, 0, NULL));
  if (mlirTypeIsAF16(type)) {
    MlirType i16 = mlirIntegerTypeGet(b->ctx, 16);
    MlirValue half =
        tbResult(tbCreate(b, "arith.bitcast", 1, &v, 1, &i16, 0, NULL));
    return tbResult(tbCreate(b, "arith.extui", 1, &half, 1, &i32, 0, NULL));
  }
  if (mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) < 32)
    return tbResult(tbCreate(b, "arith.extui", 1, &v, 1, &i32, 0, NULL));
  return tbConvert(b, v, i32);
}

static MlirValue collapse(TileBuilder *b, MlirValue buffer) {
  MlirType type = mlirValueGetType(buffer);
  if (tileRank(type) == 1)
    return buffer;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileStrBufAppendStr(&text, "[[");
  for (int64_t d = 0; d < tileRank(type); ++d)
    tileStrBufPrintf(&text, "%s%lld", d ? ", " : "", (long long)d);
  tileStrBufAppendStr(&text, "]]");
  int64_t dynamic = mlirShapedTypeGetDynamicSize();
  MlirType flat = mlirMemRefTypeContiguousGet(
      tileElementType(type), 1, &dynamic, mlirMemRefTypeGetMemorySpace(type));
  MlirNamedAttribute reassociation =
      tbNamed(b, "reassociation", tbParseAttr(b, tileStrBufGet(&text)));
  tileStrBufFree(&text);
  return tbResult(tbCreate(b, "memref.collapse_shape", 1, &buffer, 1, &flat, 1,
                           &reassociation));
}

/* A strided buffer `v` as the host binds it: the elements from its base
 * through the last one it reaches, as a memref<?xT> at offset 0; the
 * kernel adds the offset and strides itself. Its sizes, strides and
 * offset are stored into the words the plan gave them. */
static MlirValue stridedSpan(TileBuilder *b, const Param *p, MlirValue v,
                             MlirValue words, MlirOperation launch,
                             int argument) {
  MlirType type = mlirValueGetType(v);
  MlirType element = tileElementType(type);
  MlirAttribute space = mlirMemRefTypeGetMemorySpace(type);
  MlirOperation meta = tbStridedMetadata(b, v);
  MlirValue base = mlirOperationGetResult(meta, 0);
  MlirValue offset = mlirOperationGetResult(meta, 1);
  MlirValue sizes[TILE_MAX_RANK], strides[TILE_MAX_RANK];
  for (int d = 0; d < p->rank; ++d) {
    sizes[d] = mlirOperationGetResult(meta, 2 + d);
    strides[d] = mlirOperationGetResult(meta, 2 + p->rank + d);
  }
  MlirValue extent = tileVulkanCheckStridedSpan(b, launch, offset, sizes,
                                                strides, p->rank, argument);
  for (int d = 0; d < p->rank; ++d)
    if (p->strideWord[d] >= 0) {
      MlirValue at = tbConstIndex(b, p->strideWord[d]);
      tbStore(b, wordOf(b, strides[d]), words, 1, &at);
    }
  if (p->offsetWord >= 0) {
    MlirValue at = tbConstIndex(b, p->offsetWord);
    tbStore(b, wordOf(b, offset), words, 1, &at);
  }
  int64_t dynamic = mlirShapedTypeGetDynamicSize();
  MlirType flat = mlirMemRefTypeContiguousGet(element, 1, &dynamic, space);
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "operandSegmentSizes",
              tbParseAttr(b, "array<i32: 1, 0, 1, 0>")),
      tbNamed(b, "static_offsets", tbParseAttr(b, "array<i64: 0>")),
      tbNamed(b, "static_sizes",
              tbParseAttr(b, "array<i64: -9223372036854775808>")),
      tbNamed(b, "static_strides", tbParseAttr(b, "array<i64: 1>")),
  };
  MlirValue operands[] = {base, extent};
  return tbResult(tbCreate(b, "memref.reinterpret_cast", 2, operands, 1, &flat,
                           TILE_COUNT(attrs), attrs));
}

/* The argument buffer of a host function: one alloca at its entry. */
static MlirValue hostWords(MlirOperation launch, int numWords) {
  MlirOperation func = launch;
  while (!tileOpIs(func, "func.func") && !tileOpIs(func, "llvm.func"))
    func = mlirOperationGetParentOperation(func);
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(entryBlock(func)));
  return tbAllocaType(&b, wordsType(b.ctx, numWords));
}

static bool rewriteLaunch(const Plan *plan, MlirOperation launch) {
  intptr_t first, count;
  tbLaunchKernelOperands(launch, &first, &count);
  if (count != (intptr_t)plan->numParams) {
    tileEmitOpError(launch, "passes %ld operands to a kernel of %u arguments",
                    (long)count, plan->numParams);
    return false;
  }
  TileBuilder b = tbBefore(launch);
  MlirValue words =
      plan->numWords ? hostWords(launch, plan->numWords) : (MlirValue){NULL};
  MlirValue *operands = tileCallocArray(plan->numParams + 1, sizeof(MlirValue));
  intptr_t n = 0;
  for (unsigned i = 0; i < plan->numParams; ++i) {
    const Param *p = &plan->params[i];
    MlirValue v = mlirOperationGetOperand(launch, first + i);
    if (p->kind == Scalar && mlirTypeIsAIndex(mlirValueGetType(v)))
      tileVulkanCheckIndexScalar(&b, launch, v, (int)i);
    if (p->kind == Flatten)
      tileVulkanCheckBufferSizes(&b, launch, v, (int)i);
    if (p->kind == Scalar) {
      MlirValue at = tbConstIndex(&b, p->word);
      tbStore(&b, wordOf(&b, v), words, 1, &at);
      continue;
    }
    for (int d = 0; p->kind == Flatten && d < p->rank; ++d) {
      if (p->dimWord[d] < 0)
        continue;
      MlirValue at = tbConstIndex(&b, p->dimWord[d]);
      tbStore(&b, wordOf(&b, tbDim(&b, v, d)), words, 1, &at);
    }
    operands[n++] = p->kind != Flatten ? v
                    : p->strided ? stridedSpan(&b, p, v, words, launch, (int)i)
                                 : collapse(&b, v);
  }
  if (plan->numWords)
    operands[n++] = words;
  tbSetLaunchKernelOperands(launch, n, operands);
  free(operands);
  return true;
}

/*===--- the pass ---------------------------------------------------------===*/

/* Plans one kernel and rewrites it and its launches. */
/* The constant block sizes of a launch, or false when one is not constant. */
static bool launchBlockSize(MlirOperation launch, int64_t size[3]) {
  for (int d = 0; d < 3; ++d) {
    intptr_t first, count;
    tbLaunchSegment(launch, (TileLaunchSegment)(TileLaunchBlockX + d), &first,
                    &count);
    if (count != 1 ||
        !tileConstantInt(mlirOperationGetOperand(launch, first), &size[d]))
      return false;
  }
  return true;
}

/* A kernel written without known_block_size or spirv.entry_point_abi (a
 * gpu.module of the input, not one outlined from a gpu.launch) takes the
 * constant block size of its launches as its workgroup size, which SPIR-V
 * fixes in the kernel. */
static bool inferBlockSize(MlirOperation kernel, const TileLaunches *launches,
                           size_t first, size_t n) {
  if (!mlirAttributeIsNull(tileOpGetAttr(kernel, "known_block_size")) ||
      !mlirAttributeIsNull(tileOpGetAttr(kernel, "spirv.entry_point_abi")) ||
      n == 0)
    return true;
  int64_t size[3];
  for (size_t l = first; l < first + n; ++l) {
    MlirOperation launch = launches->launches[l].op;
    int64_t other[3];
    if (!launchBlockSize(launch, other)) {
      tileEmitOpError(launch,
                      "launches a vulkan kernel with a block size that is not "
                      "constant, which SPIR-V fixes in the kernel: launch it "
                      "with constant block sizes, or give the kernel "
                      "known_block_size");
      return false;
    }
    if (l > first && memcmp(size, other, sizeof(size)) != 0) {
      tileEmitOpError(launch,
                      "launches a vulkan kernel with blocks of %lld x %lld x "
                      "%lld threads, and another launch with %lld x %lld x "
                      "%lld; SPIR-V fixes one workgroup size per kernel",
                      (long long)other[0], (long long)other[1],
                      (long long)other[2], (long long)size[0],
                      (long long)size[1], (long long)size[2]);
      return false;
    }
    memcpy(size, other, sizeof(size));
  }
  for (int d = 0; d < 3; ++d)
    if (size[d] < 1 || size[d] > INT32_MAX) {
      tileEmitOpError(launches->launches[first].op,
                      "launches a vulkan kernel with a block size of %lld, "
                      "which no workgroup can have",
                      (long long)size[d]);
      return false;
    }
  int32_t known[3] = {(int32_t)size[0], (int32_t)size[1], (int32_t)size[2]};
  mlirOperationSetAttributeByName(
      kernel, tileRef("known_block_size"),
      mlirDenseI32ArrayGet(mlirOperationGetContext(kernel), 3, known));
  return true;
}

static bool lowerKernel(MlirOperation kernel, const TileLaunches *launches) {
  Plan plan = {0};
  bool ok = makePlan(&plan, kernel);
  if (ok) {
    MlirOperation module = mlirOperationGetParentOperation(kernel);
    size_t first,
        n = tileLaunchesOf(
            launches, mlirStringAttrGetValue(tileOpGetAttr(module, "sym_name")),
            mlirStringAttrGetValue(tileOpGetAttr(kernel, "sym_name")), &first);
    ok &= inferBlockSize(kernel, launches, first, n);
    int64_t subgroup = tileVulkanKernelSubgroupSize(kernel);
    int64_t lanes = tileVulkanKernelShuffleLanes(kernel);
    if (subgroup && lanes > subgroup) {
      tileEmitOpError(kernel,
                      "shuffles values within groups of %lld invocations, "
                      "but runs in subgroups of %lld (tile_vulkan.subgroup)",
                      (long long)lanes, (long long)subgroup);
      ok = false;
    }
    if (subgroup)
      lanes = 0;
    for (size_t l = first; l < first + n; ++l) {
      MlirOperation launch = launches->launches[l].op;
      TileBuilder b = tbBefore(launch);
      if (subgroup)
        tileVulkanTellSubgroupSize(&b, launch, subgroup);
      if (lanes)
        tileVulkanTellShuffleLanes(&b, launch, lanes);
      ok &= rewriteLaunch(&plan, launch);
    }
    ok &= rewriteKernel(&plan);
  }
  free(plan.params);
  return ok;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  TileOpList funcs = {0};
  TileLaunches launches;
  tileCollectOps(op, "gpu.func", &funcs);
  tileLaunchesCollect(op, &launches);
  bool ok = true;
  for (size_t i = 0; i < funcs.count; ++i)
    if (!mlirAttributeIsNull(tileOpGetAttr(funcs.ops[i], "gpu.kernel")))
      ok &= lowerKernel(funcs.ops[i], &launches);
  tileOpListFree(&funcs);
  tileLaunchesFree(&launches);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__memref__,
    mlirGetDialectHandle__gpu__,   mlirGetDialectHandle__spirv__,
    mlirGetDialectHandle__scf__,   mlirGetDialectHandle__llvm__};

const TilePassDescriptor tileVulkanKernelAbiPass = {
    .argument = "tile-vulkan-kernel-abi",
    .name = "TileVulkanKernelAbi",
    .summary = "Give vulkan kernels buffer-only arguments: flatten buffers of "
               "dynamic shape and pack their sizes and all scalars into one "
               "argument buffer, in kernels and launches alike",
    .anchor = "builtin.module",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
