/* tile-gpu-check-device-ops: the device code of a gpu.module (kernels and
 * the functions they call, once outlined) holds only what the target can
 * compile. What it refuses, at the op:
 *
 *   - cuda: conversions between floats and integers wider than 64 bits.
 *     NVPTX lowers them to compiler-rt calls it cannot make and aborts
 *     with "LLVM ERROR: unsupported library call operation".
 *   - cuda and rocm: arithmetic on f80 and f128 (and complex numbers of
 *     them): NVPTX and the AMDGPU back end have neither type's arithmetic
 *     and abort the same way. Loads, stores, selects and bitcasts of them
 *     compile.
 *   - vulkan: values of types SPIR-V lacks here: floats other than f16,
 *     bf16 (kept as its bits by tile-vulkan-bf16), f32 and f64, integers
 *     wider than 64 bits (the conversion failed on them without saying
 *     why).
 *   - rocm and vulkan: memref.alloc, realloc and dealloc (a device heap:
 *     AMDGPU code called malloc and free, which nothing defines, so the
 *     code object did not load; SPIR-V has none), and memref.alloca of a
 *     dynamic size (the AMDGPU back end aborted on it). cuda has both.
 *   - vulkan: vectors of more than one dimension or more than 4 lanes
 *     (SPIR-V's vectors have one, of 2 to 4 lanes without the Vector16
 *     capability; the conversion failed to legalize their ops, or a
 *     constant of them with no location), where tile-vulkan-unroll-vectors
 *     left them: it cuts those of two dimensions into rows and those of
 *     one into pieces, for the ops it knows. Constants and poison values are
 * left to the ops that use them, which have a location.
 *   - vulkan: math ops on f64 other than absf, ceil, floor, round,
 *     roundeven, trunc, sqrt, rsqrt, fma, copysign, clampf, fpowi and the
 *     classification ops (tileGpuVulkanLacksF64Math): GLSL.std.450's
 *     exponential, logarithmic and trigonometric functions take 16- and
 *     32-bit floats only (the conversion made spirv.GL.Exp of an f64,
 *     which its verifier refused). Here, before tile-math-expand, so
 *     that expm1, log1p, atan2 and sincos are named, not the math.exp,
 *     math.log or math.atan their formulas use; so are complex ops on
 *     complex<f64> whose real formulas need those functions (exp, log,
 *     pow, sqrt, the trigonometric ones, ...), at the complex op.
 *   - vulkan: rounding modes other than to_nearest_even and toward_zero
 *     on an op (tile-expand-rounding computes those of arith.truncf): the
 *     conversion wrote RTN and RTP, which Vulkan forbids (spirv-val:
 *     VUID-StandaloneSpirv-FPRoundingMode-04675), and failed to legalize
 *     to_nearest_away.
 *   - vulkan: scf.execute_region of several blocks, and branches between
 *     blocks of a kernel's body (SPIR-V shaders need structured control
 *     flow; "failed to legalize operation").
 *   - vulkan: a memref chosen at run time (arith.select, scf.if,
 *     scf.index_switch, a loop's iter_args): SPIR-V's logical addressing
 *     has no pointers to choose between.
 *   - every target: memref.alloca of a fragment (only tile.alloc makes
 *     one; the NVVM and ROCDL conversions failed on its memory space
 *     without a location), and in workgroup or global memory or an
 *     integer memory space other than the stack's (vulkan: "failed to
 *     legalize operation"; cuda: wrong addresses; rocm: an LLVM abort).
 *   - vulkan: memref.get_global (no SPIR-V conversion of globals; "failed
 *     to legalize operation 'memref.get_global'"), cf.assert and
 *     gpu.printf (shaders can neither stop nor print).
 *
 *   - every target: launch attributes of kernels and device functions
 *     below 1 (known_block_size, known_grid_size, the nvvm. and rocdl.
 *     counts: maxntid, maxnreg, waves_per_eu, flat_work_group_size, ...):
 *     LLVM ended the process on a negative one ("can't parse integer
 *     attribute -1 in nvvm.maxntid").
 *
 * The other targets have no such limit; the pass accepts their code. */
#include "gpu/device_ops.h"
#include "gpu/fail.h"
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "tile/dialect.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { OptTarget };

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "gpu",
                   "the target whose limits apply (cuda, rocm, vulkan; gpu: "
                   "none)",
                   "gpu|cuda|rocm|vulkan", NULL},
};

typedef struct {
  const char *target;
  bool cuda, rocm, vulkan; /* which target `target` is */
  unsigned errors;
  bool vulkanReported; /* vulkan: one refusal per gpu.module */
} Check;

static bool isWideInteger(MlirType type) {
  type = tbScalarOf(type);
  return mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) > 64;
}

static void checkCuda(MlirOperation op, Check *c) {
  if (!tileOpIs(op, "arith.fptosi") && !tileOpIs(op, "arith.fptoui") &&
      !tileOpIs(op, "arith.sitofp") && !tileOpIs(op, "arith.uitofp"))
    return;
  MlirType from = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType to = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!isWideInteger(from) && !isWideInteger(to))
    return;
  TileStrBuf a = TILE_STRBUF_INIT, b = TILE_STRBUF_INIT;
  tileGpuFail(&c->errors, op,
              "converts %s to %s, which the cuda target cannot compile: "
              "NVPTX converts between floats and integers of at most 64 "
              "bits",
              tileTypeStr(&a, tbScalarOf(from)),
              tileTypeStr(&b, tbScalarOf(to)));
  tileStrBufFree(&a);
  tileStrBufFree(&b);
}

/* Whether the element type `element` (or that of complex `element`) is
 * f80 or f128, the only float types of these widths. */
static bool isWideFloat(MlirType element) {
  if (mlirTypeIsAComplex(element))
    element = mlirComplexTypeGetElementType(element);
  if (!mlirTypeIsAFloat(element))
    return false;
  unsigned width = mlirFloatTypeGetWidth(element);
  return width == 80 || width == 128;
}

/* cuda and rocm: arithmetic on f80 or f128, which NVPTX and the AMDGPU back
 * end lower to soft-float library calls they cannot make ("LLVM ERROR:
 * unsupported library call operation", an abort). */
static void checkWideFloats(MlirOperation op, Check *c) {
  char what[32];
  MlirType type = tileOpComputes(op)
                      ? tileFindElementType(op, isWideFloat, what, sizeof(what))
                      : (MlirType){NULL};
  if (mlirTypeIsNull(type))
    return;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileGpuFail(&c->errors, op,
              "computes with %s values, which the %s target cannot "
              "compile: %s has no f80 or f128 arithmetic (f16, bf16, f32 "
              "and f64 are); loads, stores and arith.bitcast of them to an "
              "integer work",
              tileTypeStr(&text, type), c->target,
              c->cuda ? "NVPTX" : "the AMDGPU back end");
  tileStrBufFree(&text);
}

/* Whether SPIR-V lacks the element type `element` here (bf16 is kept as
 * its bits by tile-vulkan-bf16). */
static bool vulkanLacks(MlirType element) {
  if (mlirTypeIsAInteger(element)) {
    /* i2 and i4 are emulated on i32; other widths failed to legalize. */
    unsigned width = mlirIntegerTypeGetWidth(element);
    return width > 64 || (width & (width - 1)) != 0;
  }
  if (mlirTypeIsAFloat(element))
    return !mlirTypeIsAF16(element) && !mlirTypeIsABF16(element) &&
           !mlirTypeIsAF32(element) && !mlirTypeIsAF64(element);
  return false;
}

static void checkVulkan(MlirOperation op, Check *c) {
  if (c->vulkanReported)
    return;
  char what[32];
  MlirType type = tileFindElementType(op, vulkanLacks, what, sizeof(what));
  if (mlirTypeIsNull(type))
    return;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileGpuFail(&c->errors, op,
              "%s holds %s values, which the vulkan target does not "
              "support: SPIR-V has no such type here (f16, bf16, f32, f64, "
              "i1, i2, i4, i8, i16, i32 and i64 are)",
              what, tileTypeStr(&text, type));
  tileStrBufFree(&text);
  c->vulkanReported = true;
}

/* rocm and vulkan: memref.alloc and its kin take memory from a device
 * heap. AMDGPU code called malloc and free, which no device library of the
 * backend defines (the code object had them undefined, and would not
 * load); SPIR-V has no heap ("failed to legalize operation"). */
static void checkHeap(MlirOperation op, Check *c) {
  if (tileOpIs(op, "memref.alloca") && mlirOperationGetNumOperands(op) > 0) {
    /* LLVM's AMDGPU back end aborted on a dynamic stack allocation
     * ("Cannot select: dynamic_stackalloc"); SPIR-V has none. */
    tileGpuFail(&c->errors, op,
                "allocates an array of dynamic size, which %s kernels "
                "cannot: a thread's own array needs a static shape here",
                c->target);
    return;
  }
  if (!tileOpIs(op, "memref.alloc") && !tileOpIs(op, "memref.realloc") &&
      !tileOpIs(op, "memref.dealloc"))
    return;
  tileGpuFail(&c->errors, op,
              "takes memory from a device heap, which the %s target does "
              "not have in kernels: a block's buffers are tile.alloc, a "
              "thread's own array memref.alloca",
              c->target);
}

/* A memref.alloca is a thread's own array, on the thread's stack: in no
 * memory space, in #gpu.address_space<private>, or on cuda and rocm in
 * the integer spaces of their stacks (0, generic, and 5, NVPTX's local
 * and AMDGPU's private memory). Any other is reported: a fragment (the
 * tile passes spread only tile.alloc's fragments over a block's threads;
 * the NVVM and ROCDL conversions failed on the memory space without a
 * location); workgroup or global memory, or another integer space (vulkan:
 * SPIR-V's conversion makes Function variables only, "failed to legalize
 * operation 'memref.alloca'"; cuda: a stack array whose address was
 * converted as a shared one, so that the kernel read and wrote shared
 * memory at a stack address; rocm: LLVM's AMDGPU back end aborted on one
 * in global memory, "Cannot select: FrameIndex"). */
static void checkAllocaSpace(MlirOperation op, Check *c) {
  if (!tileOpIs(op, "memref.alloca") || mlirOperationGetNumResults(op) != 1)
    return;
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsAMemRef(type))
    return;
  MlirAttribute space = mlirMemRefTypeGetMemorySpace(type);
  TileScope scope = tileMemRefTypeGetScope(type);
  bool stack = mlirAttributeIsNull(space) || scope == TileScopeLocal ||
               (!c->vulkan && mlirAttributeIsAInteger(space) &&
                (mlirIntegerAttrGetValueInt(space) == 0 ||
                 mlirIntegerAttrGetValueInt(space) == 5));
  if (stack)
    return;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileGpuFail(&c->errors, op,
              "allocates %s, which %s kernels cannot: a block's shared and "
              "fragment buffers are tile.alloc, a thread's own array "
              "memref.alloca without a memory space or in "
              "#gpu.address_space<private>",
              tileTypeStr(&text, type), c->target);
  tileStrBufFree(&text);
}

/* vulkan: memref.get_global (MLIR's SPIR-V conversion has no pattern for
 * memref.global: "failed to legalize operation 'memref.get_global'"). */
static void checkGlobal(MlirOperation op, Check *c) {
  if (!tileOpIs(op, "memref.get_global"))
    return;
  MlirStringRef name = mlirFlatSymbolRefAttrGetValue(tileOpGetAttr(op, "name"));
  tileGpuFail(&c->errors, op,
              "reads the global @%.*s, which vulkan kernels cannot: SPIR-V "
              "has no conversion of memref.global here; pass it to the "
              "kernel as a buffer argument",
              (int)name.length, name.data);
}

/* Whether SPIR-V has no vector for `t` (rank above 1, or more than 4
 * lanes; a vector of rank 0 is its one element). */
static bool isUnsupportedVector(MlirType t) {
  if (!mlirTypeIsAVector(t))
    return false;
  int64_t rank = mlirShapedTypeGetRank(t);
  return rank > 1 || (rank == 1 && mlirShapedTypeGetDimSize(t, 0) > 4);
}

static void checkVectorShape(MlirOperation op, Check *c) {
  /* tile.vector_piece: a slice tile-vulkan-unroll-vectors made between
   * the pieces it wrote and an op it did not rewrite, which is reported. */
  if (tileOpIs(op, "arith.constant") || tileOpIs(op, "ub.poison") ||
      !mlirAttributeIsNull(tileOpGetAttr(op, "tile.vector_piece")))
    return;
  MlirType type = tileFindValueType(op, isUnsupportedVector);
  if (mlirTypeIsNull(type))
    return;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileGpuFail(&c->errors, op,
              "works on %s, which the vulkan target does not lower: SPIR-V "
              "vectors have one dimension of 2 to 4 lanes%s",
              tileTypeStr(&text, type),
              mlirShapedTypeGetRank(type) == 1
                  ? " (wider ones are cut into pieces of 4 for arith and "
                    "math ops, loads, stores, transfers along the last "
                    "dimension, broadcasts of a scalar, from_elements, "
                    "shuffles, reductions, and extracts and inserts of a "
                    "lane)"
              : mlirShapedTypeGetRank(type) == 2
                  ? " (vectors of two dimensions are cut into rows for "
                    "arith and math ops, transfers along the last two "
                    "dimensions, broadcasts, extracts and inserts of a row "
                    "or an element, shape casts to and from one dimension, "
                    "transposes, matrix-product contractions and outer "
                    "products)"
                  : "");
  tileStrBufFree(&text);
}

static bool isF64(MlirValue v) {
  return mlirTypeIsAF64(tbScalarOf(mlirValueGetType(v)));
}

bool tileGpuVulkanLacksF64Math(MlirOperation op) {
  static const char *const lowered[] = {
      "math.absf",      "math.ceil",     "math.floor",    "math.round",
      "math.roundeven", "math.trunc",    "math.sqrt",     "math.rsqrt",
      "math.fma",       "math.copysign", "math.clampf",   "math.fpowi",
      "math.isnan",     "math.isinf",    "math.isfinite", "math.isnormal"};
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length < 5 || strncmp(name.data, "math.", 5) != 0)
    return false;
  for (size_t i = 0; i < TILE_COUNT(lowered); ++i)
    if (tileOpIs(op, lowered[i]))
      return false;
  bool f64 = false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    f64 = f64 || isF64(mlirOperationGetOperand(op, i));
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    f64 = f64 || isF64(mlirOperationGetResult(op, i));
  return f64;
}

/* A complex op on complex<f64> whose real formula
 * (convert-complex-to-standard) needs math ops GLSL.std.450 lacks for f64:
 * every one but the arithmetic, comparisons, parts, abs and sign. */
static bool isTranscendentalComplexF64(MlirOperation op) {
  static const char *const lowered[] = {
      "complex.create", "complex.re",   "complex.im",     "complex.constant",
      "complex.conj",   "complex.neg",  "complex.add",    "complex.sub",
      "complex.mul",    "complex.div",  "complex.eq",     "complex.neq",
      "complex.abs",    "complex.sign", "complex.bitcast"};
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length < 8 || strncmp(name.data, "complex.", 8) != 0)
    return false;
  for (size_t i = 0; i < TILE_COUNT(lowered); ++i)
    if (tileOpIs(op, lowered[i]))
      return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (mlirTypeIsAComplex(t) &&
        mlirTypeIsAF64(mlirComplexTypeGetElementType(t)))
      return true;
  }
  return false;
}

static void checkF64Math(MlirOperation op, Check *c) {
  if (isTranscendentalComplexF64(op)) {
    tileGpuFail(&c->errors, op,
                "on complex<f64> has no lowering on the vulkan target: its "
                "real formula needs exponential, logarithmic or "
                "trigonometric functions of f64, which GLSL.std.450 lacks "
                "(complex<f32> has them; add, sub, mul, div, neg, conj, "
                "abs, sign and the comparisons of complex<f64> are "
                "lowered)");
    return;
  }
  if (tileGpuVulkanLacksF64Math(op))
    tileGpuFail(&c->errors, op,
                "on f64 has no lowering on the vulkan target: GLSL.std.450's "
                "exponential, logarithmic and trigonometric functions take "
                "16- and 32-bit floats only (absf, ceil, floor, round, "
                "roundeven, trunc, sqrt, rsqrt, fma, copysign, clampf, fpowi "
                "and the classification ops of f64 are lowered)");
}

/* vulkan: a rounding mode Vulkan lacks (arith.truncf's roundingmode, the
 * values of arith::RoundingMode). */
static void checkRounding(MlirOperation op, Check *c) {
  static const char *const modes[] = {"to_nearest_even", "downward", "upward",
                                      "toward_zero", "to_nearest_away"};
  int64_t m = tileGetIntAttr(op, "roundingmode", 0);
  if (m == 0 || m == 3)
    return;
  tileGpuFail(&c->errors, op,
              "rounds %s, which vulkan kernels cannot: Vulkan takes the "
              "rounding modes to_nearest_even and toward_zero only",
              m > 0 && m < (int64_t)TILE_COUNT(modes) ? modes[m] : "so");
}

/* A branch that leaves the first block of a region other than an
 * scf.execute_region's (reported once per region, at its first branch). */
static bool isFirstBranch(MlirOperation op) {
  if (!tileOpIs(op, "cf.br") && !tileOpIs(op, "cf.cond_br") &&
      !tileOpIs(op, "cf.switch"))
    return false;
  MlirBlock block = mlirOperationGetBlock(op);
  return mlirBlockEqual(
             block, mlirRegionGetFirstBlock(mlirBlockGetParentRegion(block))) &&
         !tileOpIs(mlirOperationGetParentOperation(op), "scf.execute_region");
}

/* vulkan: what a shader cannot do (MLIR's SPIR-V conversion has no pattern
 * for any: "failed to legalize operation"). */
static void checkShader(MlirOperation op, Check *c) {
  if (tileOpIs(op, "scf.execute_region") &&
      !mlirBlockIsNull(mlirBlockGetNextInRegion(
          mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)))))
    tileGpuFail(&c->errors, op,
                "has several blocks (unstructured control flow), which "
                "vulkan kernels cannot: SPIR-V shaders need structured "
                "control flow; branch with scf.if");
  else if (isFirstBranch(op))
    /* An scf.execute_region that canonicalize inlined into the kernel's
     * body (its loop ran once per thread and was folded away). */
    tileGpuFail(&c->errors, op,
                "branches between blocks (unstructured control flow), which "
                "vulkan kernels cannot: SPIR-V shaders need structured "
                "control flow; branch with scf.if");
  else if (tileOpIs(op, "cf.assert"))
    tileGpuFail(&c->errors, op,
                "cannot stop a vulkan kernel: SPIR-V shaders have no trap "
                "or abort; check the condition on the host, or write a flag "
                "to a buffer");
  else if (tileOpIs(op, "gpu.printf"))
    tileGpuFail(&c->errors, op,
                "has no lowering on the vulkan target (MLIR's SPIR-V "
                "conversion has no debug printf); write the values to a "
                "buffer");
}

/* Whether `name` (of length n) starts with `prefix`. */
static bool startsWith(MlirStringRef name, const char *prefix) {
  size_t n = strlen(prefix);
  return name.length >= n && strncmp(name.data, prefix, n) == 0;
}

/* rocdl.flat_work_group_size's "min,max": two counts of 1 or more. */
static bool isWorkGroupRange(MlirStringRef text) {
  char buf[64];
  if (text.length == 0 || text.length >= sizeof(buf))
    return false;
  memcpy(buf, text.data, text.length);
  buf[text.length] = '\0';
  unsigned long lo, hi;
  int used = 0;
  return sscanf(buf, "%lu,%lu%n", &lo, &hi, &used) == 2 &&
         (size_t)used == text.length && buf[0] != '-' &&
         strchr(buf, '-') == NULL && lo >= 1 && lo <= hi && hi <= INT32_MAX;
}

/* The launch attributes of a kernel or device function (known_block_size,
 * known_grid_size, and every integer or integer array of the nvvm. and
 * rocdl. attributes: maxntid, reqntid, cluster_dim, maxnreg, minctasm,
 * waves_per_eu, max_flat_work_group_size, ...) hold counts of 1 or more,
 * and rocdl.flat_work_group_size a range of them. LLVM reads them when it
 * compiles the kernel, and a negative one ended the process there ("can't
 * parse integer attribute -1 in nvvm.maxntid"); a vulkan kernel of
 * known_block_size 0 compiled with a workgroup of no thread. */
static void checkLaunchAttributes(MlirOperation op, Check *c) {
  if (!tileOpIs(op, "gpu.func") && !tileOpIs(op, "llvm.func"))
    return;
  intptr_t n = mlirOperationGetNumAttributes(op);
  for (intptr_t i = 0; i < n; ++i) {
    MlirNamedAttribute named = mlirOperationGetAttribute(op, i);
    MlirStringRef name = mlirIdentifierStr(named.name);
    MlirAttribute value = named.attribute;
    if (!startsWith(name, "nvvm.") && !startsWith(name, "rocdl.") &&
        !mlirStringRefEqual(name, tileRef("known_block_size")) &&
        !mlirStringRefEqual(name, tileRef("known_grid_size")))
      continue;
    if (mlirStringRefEqual(name, tileRef("rocdl.flat_work_group_size"))) {
      if (!mlirAttributeIsAString(value) ||
          !isWorkGroupRange(mlirStringAttrGetValue(value)))
        tileGpuFail(&c->errors, op,
                    "states rocdl.flat_work_group_size, which must be "
                    "\"min,max\" with 1 <= min <= max");
      continue;
    }
    bool bad = false;
    if (mlirAttributeIsAInteger(value) &&
        mlirIntegerTypeGetWidth(mlirAttributeGetType(value)) > 1)
      bad = mlirIntegerAttrGetValueInt(value) < 1;
    else if (mlirAttributeIsADenseI32Array(value))
      for (intptr_t k = 0; k < mlirDenseArrayGetNumElements(value); ++k)
        bad |= mlirDenseI32ArrayGetElement(value, k) < 1;
    else if (mlirAttributeIsADenseI64Array(value))
      for (intptr_t k = 0; k < mlirDenseArrayGetNumElements(value); ++k)
        bad |= mlirDenseI64ArrayGetElement(value, k) < 1;
    if (bad)
      tileGpuFail(&c->errors, op,
                  "states %.*s with a count below 1; launch sizes, register "
                  "and occupancy bounds are 1 or more",
                  (int)name.length, name.data);
  }
}

/* vulkan: an op whose memref result is chosen at run time (arith.select,
 * scf.if, scf.index_switch, or a loop carrying a memref). SPIR-V's logical
 * addressing has no pointer to choose with: the conversion failed with
 * "failed to legalize operation 'builtin.unrealized_conversion_cast'". */
static void checkMemrefChoice(MlirOperation op, Check *c) {
  if (!tileOpIs(op, "arith.select") && !tileOpIs(op, "scf.if") &&
      !tileOpIs(op, "scf.index_switch") && !tileOpIs(op, "scf.for") &&
      !tileOpIs(op, "scf.while"))
    return;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetResult(op, i)))) {
      tileGpuFail(&c->errors, op,
                  "chooses a memref at run time (result %ld), which vulkan "
                  "kernels cannot: SPIR-V's logical addressing has no "
                  "pointers to choose between; choose between the values "
                  "loaded from the memrefs instead",
                  (long)i);
      return;
    }
}

static MlirWalkResult checkOp(MlirOperation op, void *userData) {
  Check *c = userData;
  checkLaunchAttributes(op, c);
  checkAllocaSpace(op, c);
  if (c->vulkan) {
    checkVectorShape(op, c);
    checkRounding(op, c);
    checkF64Math(op, c);
    checkGlobal(op, c);
    checkShader(op, c);
    checkMemrefChoice(op, c);
  }
  if (c->rocm || c->vulkan)
    checkHeap(op, c);
  if (c->cuda || c->rocm)
    checkWideFloats(op, c);
  if (c->cuda)
    checkCuda(op, c);
  else if (c->vulkan)
    checkVulkan(op, c);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  const char *target = values[OptTarget].s;
  Check c = {target,
             strcmp(target, "cuda") == 0,
             strcmp(target, "rocm") == 0,
             strcmp(target, "vulkan") == 0,
             0,
             false};
  mlirOperationWalk(op, checkOp, &c, MlirWalkPreOrder);
  if (c.errors)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileGpuCheckDeviceOpsPass = {
    .argument = "tile-gpu-check-device-ops",
    .name = "TileGpuCheckDeviceOps",
    .summary = "Report device code the target cannot compile (cuda: float "
               "conversions of integers wider than 64 bits; cuda and rocm: "
               "f80 and f128 arithmetic; vulkan: types SPIR-V lacks, f64 math "
               "GLSL lacks, rounding modes Vulkan lacks; rocm "
               "and vulkan: heap allocations)",
    .anchor = "gpu.module",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
