/* Atomic additions of floats into vulkan memory: of f32 as
 * OpAtomicFAddEXT (SPV_EXT_shader_atomic_float_add), of f64 as
 * compare-and-swap loops on their bits, and of f16 and bf16 into buffers
 * as compare-and-swap loops on the words holding them. In steps around
 * convert-gpu-to-spirv, which has no pattern for a float memref.atomic_rmw
 * and converts the memref an access goes through only inside itself:
 *
 *   - tile-vulkan-mark-float-atomics, on the gpu.module just before it:
 *     drops the nontemporal hint of every load and store (Vulkan has no
 *     use for it), then makes each `memref.atomic_rmw addf` whose old value
 *     is not used (tileVulkanIsFloatAtomicAdd) a store of the addend
 *     marked nontemporal, and so marks the stores of bf16 bits that
 *     tile-vulkan-bf16 made of bf16 additions (TILE_VULKAN_BF16_ADD). The
 *     conversion gives such a store the pointer of the element, and keeps
 *     the mark as the Nontemporal memory access of its spirv.Store.
 *   - tile-vulkan-float-atomics, on the spirv.module before
 *     spirv-lower-abi-attrs: each spirv.Store of f32 marked Nontemporal
 *     becomes spirv.EXT.AtomicFAdd on the same pointer and value, at the
 *     scope of its storage class (Device for buffers, Workgroup for shared
 *     tiles) and with the semantics the conversion gives integer atomics;
 *     stores through other pointers are left. spirv-update-vce then
 *     declares the capability (AtomicFloat32AddEXT) and the extension.
 *     Each marked store of f64 becomes a compare-and-swap loop on i64
 *     (below).
 *   - tile-vulkan-half-atomics, on the spirv.module after
 *     spirv-lower-abi-attrs: each marked store of f16, or of i16 (bf16
 *     bits), into a buffer becomes a compare-and-swap loop on the 32-bit
 *     word that holds the element, through a second view of the buffer's
 *     binding as words (below).
 *
 * tile-vulkan-memory-spaces and tile-vulkan-bf16 refused the float atomics
 * these do not take (other kinds, f16 and bf16 in workgroup memory, an old
 * value that is used), at the op. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"
#include "support/count.h"
#include "support/strbuf.h"
#include "vulkan/vulkan.h"

#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SPIRV.h"

#include <stdlib.h>
#include <string.h>

static const char nontemporal[] = "nontemporal";

/* Whether memref type `type` is a kernel buffer: no memory space, or the
 * global one (not workgroup or private memory). */
static bool isBuffer(MlirType type) {
  MlirAttribute space = mlirMemRefTypeGetMemorySpace(type);
  if (mlirAttributeIsNull(space))
    return true;
  if (mlirAttributeIsAInteger(space))
    return mlirIntegerAttrGetValueInt(space) == 1;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendAttr(&text, space);
  bool global = strcmp(tileStrBufGet(&text), "#gpu.address_space<global>") == 0;
  tileStrBufFree(&text);
  return global;
}

bool tileVulkanIsFloatAtomicAdd(MlirOperation op) {
  if (!tileOpIs(op, "memref.atomic_rmw"))
    return false;
  const char *kind = tileAtomicKindName(op);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  bool half = (mlirTypeIsAF16(type) || mlirTypeIsABF16(type)) &&
              isBuffer(mlirValueGetType(mlirOperationGetOperand(op, 1)));
  return kind && strcmp(kind, "addf") == 0 &&
         (mlirTypeIsAF32(type) || mlirTypeIsAF64(type) || half) &&
         mlirOpOperandIsNull(mlirValueGetFirstUse(result)) &&
         mlirOperationGetNumOperands(op) <= TILE_MAX_RANK + 2;
}

static MlirWalkResult mark(MlirOperation op, void *userData) {
  TileOpList *atomics = userData;
  if (tileOpIs(op, "memref.store") &&
      mlirOperationRemoveAttributeByName(op, tileRef(TILE_VULKAN_BF16_ADD)))
    mlirOperationSetAttributeByName(
        op, tileRef(nontemporal),
        mlirBoolAttrGet(mlirOperationGetContext(op), 1));
  else if (tileOpIs(op, "memref.load") || tileOpIs(op, "memref.store") ||
           tileOpIs(op, "vector.load") || tileOpIs(op, "vector.store"))
    mlirOperationRemoveAttributeByName(op, tileRef(nontemporal));
  else if (tileVulkanIsFloatAtomicAdd(op))
    tileOpListAppend(atomics, op);
  return MlirWalkResultAdvance;
}

/* atomic_rmw addf %value, %memref[%indices] -> memref.store %value,
 * %memref[%indices] {nontemporal = true}: the operands are the same. */
static void runMark(MlirOperation root, MlirExternalPass pass,
                    const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList atomics = {0};
  mlirOperationWalk(root, mark, &atomics, MlirWalkPreOrder);
  for (size_t i = 0; i < atomics.count; ++i) {
    MlirOperation op = atomics.ops[i];
    TileBuilder b = tbBefore(op);
    intptr_t n = mlirOperationGetNumOperands(op);
    MlirValue operands[TILE_MAX_RANK + 2]; /* value, memref, indices */
    for (intptr_t k = 0; k < n; ++k)
      operands[k] = mlirOperationGetOperand(op, k);
    MlirNamedAttribute attr = tbNamed(&b, nontemporal, tbBoolAttr(&b, true));
    tbCreate(&b, "memref.store", n, operands, 0, NULL, 1, &attr);
    mlirOperationDestroy(op);
  }
  tileOpListFree(&atomics);
}

static const TileDialectHandleGetter markDialects[] = {
    mlirGetDialectHandle__memref__,
};

const TilePassDescriptor tileVulkanMarkFloatAtomicsPass = {
    .argument = "tile-vulkan-mark-float-atomics",
    .name = "TileVulkanMarkFloatAtomics",
    .summary = "Drop the nontemporal hints of loads and stores and make each "
               "float memref.atomic_rmw addf whose old value is unused (and "
               "each store of bf16 bits marked tile.vulkan_bf16_add) a "
               "store marked nontemporal, which tile-vulkan-float-atomics "
               "and tile-vulkan-half-atomics make an atomic addition once "
               "convert-gpu-to-spirv has run",
    .anchor = "gpu.module",
    .dependentDialects = markDialects,
    .numDependentDialects = TILE_COUNT(markDialects),
    .run = runMark,
};

/* The scope of an atomic through `pointer`: its workgroup for shared
 * memory, the device for buffers; NULL for other storage classes. */
static const char *scopeOf(MlirValue pointer) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendType(&text, mlirValueGetType(pointer));
  const char *type = tileStrBufGet(&text);
  const char *scope = strstr(type, ", Workgroup>")       ? "Workgroup"
                      : strstr(type, ", StorageBuffer>") ? "Device"
                                                         : NULL;
  tileStrBufFree(&text);
  return scope;
}

/* Whether spirv.Store `op` of a value for which `holds` is true carries
 * the Nontemporal memory access (its pointer is checked by scopeOf). */
static bool isMarkedStoreOf(MlirOperation op, bool (*holds)(MlirType)) {
  if (!tileOpIs(op, "spirv.Store") || mlirOperationGetNumOperands(op) != 2)
    return false;
  if (!holds(mlirValueGetType(mlirOperationGetOperand(op, 1))))
    return false;
  MlirAttribute access = tileOpGetAttr(op, "memory_access");
  if (mlirAttributeIsNull(access))
    return false;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendAttr(&text, access);
  bool marked = strstr(tileStrBufGet(&text), "Nontemporal") != NULL;
  tileStrBufFree(&text);
  return marked;
}

static bool isWideFloat(MlirType type) {
  return mlirTypeIsAF32(type) || mlirTypeIsAF64(type);
}

/* A marked store of f32 or f64 (tile-vulkan-float-atomics). */
static bool isMarked(MlirOperation op) {
  return isMarkedStoreOf(op, isWideFloat);
}

static MlirWalkResult collectMarked(MlirOperation op, void *userData) {
  if (isMarked(op))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static MlirAttribute scopeAttr(TileBuilder *b, const char *scopeName) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileStrBufPrintf(&text, "#spirv.scope<%s>", scopeName);
  MlirAttribute scope = tbParseAttr(b, tileStrBufGet(&text));
  tileStrBufFree(&text);
  return scope;
}

/*===--- f64: compare-and-swap loops on the bits
 * ---------------------------===*/

/* SPIR-V has atomic float additions of f32 here (and no device runs f64
 * ones: lavapipe lacks shaderBufferFloat64AtomicAdd), so an f64 addition
 * is a compare-and-swap loop on 64-bit integers (Int64Atomics). Logical
 * addressing has no pointer casts: the variable the addition goes to holds
 * i64 instead, every load of it is bitcast to f64 and every store from
 * f64. */

/* `type` printed, with every f64 made i64, and parsed back. */
static MlirType asBits(MlirContext ctx, MlirType type) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendType(&text, type);
  char *s = (char *)tileStrBufGet(&text);
  for (char *f = strstr(s, "f64"); f; f = strstr(f + 3, "f64"))
    f[0] = 'i';
  MlirType bits = mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(s));
  tileStrBufFree(&text);
  return bits;
}

static MlirValue bitcast(TileBuilder *b, MlirValue v, MlirType to) {
  return tbResult(tbCreate(b, "spirv.Bitcast", 1, &v, 1, &to, 0, NULL));
}

/* Creates terminator `name` at the end of `block`, branching to
 * `successors`. */
static void branch(MlirBlock block, MlirLocation loc, const char *name,
                   intptr_t numOperands, const MlirValue *operands,
                   intptr_t numSuccessors, MlirBlock *successors) {
  MlirOperationState state = mlirOperationStateGet(tileRef(name), loc);
  mlirOperationStateAddOperands(&state, numOperands, operands);
  mlirOperationStateAddSuccessors(&state, numSuccessors, successors);
  if (numOperands) {
    MlirContext ctx = mlirLocationGetContext(loc);
    MlirNamedAttribute segments = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, tileRef("operandSegmentSizes")),
        mlirDenseI32ArrayGet(ctx, 3, (const int32_t[]){1, 0, 0}));
    mlirOperationStateAddAttributes(&state, 1, &segments);
  }
  mlirBlockAppendOwnedOperation(block, mlirOperationCreate(&state));
}

/* What a compare-and-swap loop stores in place of the bits `old` it read
 * (an integer of the pointer's type). */
typedef MlirValue (*TileCasUpdate)(TileBuilder *b, MlirValue old,
                                   const void *data);

/* Before `at`: a loop that reads the integer of type `bits` that `pointer`
 * points to, computes its replacement with `update` and swaps it in at
 * `scopeName` if nothing changed the integer meanwhile, else starts
 * again. */
static void emitCasLoop(MlirOperation at, MlirValue pointer, MlirType bits,
                        const char *scopeName, TileCasUpdate update,
                        const void *data) {
  TileBuilder b = tbBefore(at);
  MlirLocation loc = b.loc;
  MlirOperation loop = tbCreateWithRegions(
      &b, "spirv.mlir.loop", 0, NULL, 0, NULL, 1,
      (MlirNamedAttribute[]){tbNamed(
          &b, "loop_control", tbParseAttr(&b, "#spirv.loop_control<None>"))},
      1);
  MlirRegion region = mlirOperationGetRegion(loop, 0);
  MlirBlock blocks[4]; /* entry, header, continue, merge */
  for (int i = 0; i < 4; ++i) {
    blocks[i] = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(region, blocks[i]);
  }
  branch(blocks[0], loc, "spirv.Branch", 0, NULL, 1, &blocks[1]);
  TileBuilder in = tbAtEnd(blocks[1], loc);
  MlirValue old =
      tbResult(tbCreate(&in, "spirv.Load", 1, &pointer, 1, &bits, 0, NULL));
  MlirValue swap[] = {pointer, update(&in, old, data), old};
  MlirAttribute none = tbParseAttr(&in, "#spirv.memory_semantics<None>");
  MlirNamedAttribute attrs[] = {
      tbNamed(&in, "memory_scope", scopeAttr(&in, scopeName)),
      tbNamed(&in, "equal_semantics", none),
      tbNamed(&in, "unequal_semantics", none),
  };
  MlirValue seen = tbResult(tbCreate(&in, "spirv.AtomicCompareExchange", 3,
                                     swap, 1, &bits, 3, attrs));
  MlirValue compared[] = {seen, old};
  MlirType i1 = mlirIntegerTypeGet(b.ctx, 1);
  MlirValue done =
      tbResult(tbCreate(&in, "spirv.IEqual", 2, compared, 1, &i1, 0, NULL));
  MlirBlock targets[] = {blocks[3], blocks[2]};
  branch(blocks[1], loc, "spirv.BranchConditional", 1, &done, 2, targets);
  branch(blocks[2], loc, "spirv.Branch", 0, NULL, 1, &blocks[1]);
  TileBuilder merge = tbAtEnd(blocks[3], loc);
  tbCreate(&merge, "spirv.mlir.merge", 0, NULL, 0, NULL, 0, NULL);
}

/* The bits of f64 `old` + the f64 `data` points to. */
static MlirValue addDouble(TileBuilder *b, MlirValue old, const void *data) {
  MlirType f64 = mlirF64TypeGet(b->ctx);
  MlirValue sums[] = {bitcast(b, old, f64), *(const MlirValue *)data};
  MlirValue sum =
      tbResult(tbCreate(b, "spirv.FAdd", 2, sums, 1, &f64, 0, NULL));
  return bitcast(b, sum, mlirValueGetType(old));
}

/* A marked store of f64 `value` through `pointer` (now to i64): a loop
 * that reads the bits, adds in f64 and swaps the sum in if nothing changed
 * them meanwhile. */
static void emitAddLoop(MlirOperation store, const char *scopeName) {
  MlirValue value = mlirOperationGetOperand(store, 1);
  emitCasLoop(store, mlirOperationGetOperand(store, 0),
              mlirIntegerTypeGet(mlirOperationGetContext(store), 64), scopeName,
              addDouble, &value);
  mlirOperationDestroy(store);
}

/* Whether pointer `p` already points to i64 (an earlier addition to the
 * same variable made it so). */
static bool pointsToBits(MlirValue p) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendType(&text, mlirValueGetType(p));
  bool bits = strstr(tileStrBufGet(&text), "f64") == NULL;
  tileStrBufFree(&text);
  return bits;
}

/* The root a pointer is taken from through access chains: the
 * spirv.mlir.addressof of a variable (shared tiles), or an argument of the
 * kernel (buffers, until spirv-lower-abi-attrs makes them variables). */
static MlirValue rootOf(MlirValue pointer) {
  for (int depth = 0; depth < 16 && mlirValueIsAOpResult(pointer); ++depth) {
    MlirOperation def = mlirOpResultGetOwner(pointer);
    if (!tileOpIs(def, "spirv.AccessChain"))
      break;
    pointer = mlirOperationGetOperand(def, 0);
  }
  return pointer;
}

/* Gives pointer `p` (to f64, or to aggregates of f64) its i64 type and
 * rewrites what goes through it; false on a use it does not know. */
static bool retypePointer(MlirValue p) {
  MlirContext ctx = mlirTypeGetContext(mlirValueGetType(p));
  mlirValueSetType(p, asBits(ctx, mlirValueGetType(p)));
  for (MlirOpOperand use = mlirValueGetFirstUse(p); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    unsigned at = mlirOpOperandGetOperandNumber(use);
    if (tileOpIs(user, "spirv.AccessChain") && at == 0) {
      if (!retypePointer(mlirOperationGetResult(user, 0)))
        return false;
    } else if (tileOpIs(user, "spirv.Load")) {
      MlirValue loaded = mlirOperationGetResult(user, 0);
      MlirType type = mlirValueGetType(loaded);
      if (!mlirTypeIsAF64(type))
        return false;
      mlirValueSetType(loaded, asBits(ctx, type));
      TileBuilder b = tbAfter(user);
      MlirValue f = bitcast(&b, loaded, type);
      mlirValueReplaceAllUsesExcept(loaded, f, 1,
                                    (MlirOperation[]){mlirOpResultGetOwner(f)});
    } else if (tileOpIs(user, "spirv.Store") && at == 0) {
      if (isMarked(user))
        continue; /* emitAddLoop takes the f64 value */
      MlirValue stored = mlirOperationGetOperand(user, 1);
      if (!mlirTypeIsAF64(mlirValueGetType(stored)))
        return false;
      TileBuilder b = tbBefore(user);
      mlirOperationSetOperand(user, 1,
                              bitcast(&b, stored, mlirIntegerTypeGet(ctx, 64)));
    } else {
      return false;
    }
  }
  return true;
}

typedef struct {
  MlirStringRef name;
  TileOpList refs;
} AddressScan;

static MlirWalkResult findAddresses(MlirOperation op, void *userData) {
  AddressScan *scan = userData;
  if (tileOpIs(op, "spirv.mlir.addressof")) {
    MlirAttribute name = tileOpGetAttr(op, "variable");
    if (mlirAttributeIsAFlatSymbolRef(name) &&
        mlirStringRefEqual(mlirFlatSymbolRefAttrGetValue(name), scan->name))
      tileOpListAppend(&scan->refs, op);
  } else if (tileOpIs(op, "spirv.GlobalVariable")) {
    MlirAttribute name = tileOpGetAttr(op, "sym_name");
    if (mlirAttributeIsAString(name) &&
        mlirStringRefEqual(mlirStringAttrGetValue(name), scan->name)) {
      MlirAttribute type = tileOpGetAttr(op, "type");
      MlirContext ctx = mlirOperationGetContext(op);
      mlirOperationSetAttributeByName(
          op, tileRef("type"),
          mlirTypeAttrGet(asBits(ctx, mlirTypeAttrGetValue(type))));
    }
  }
  return MlirWalkResultAdvance;
}

/* A kernel argument `arg` holding i64: its block argument and its entry in
 * the function's type. */
static bool argumentAsBits(MlirValue arg) {
  MlirBlock block = mlirBlockArgumentGetOwner(arg);
  MlirOperation func = mlirBlockGetParentOperation(block);
  MlirAttribute typeAttr = tileOpGetAttr(func, "function_type");
  if (!tileOpIs(func, "spirv.func") || mlirAttributeIsNull(typeAttr) ||
      !mlirBlockEqual(block,
                      mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0))))
    return false;
  MlirType fn = mlirTypeAttrGetValue(typeAttr);
  intptr_t n = mlirFunctionTypeGetNumInputs(fn);
  intptr_t m = mlirFunctionTypeGetNumResults(fn);
  intptr_t at = mlirBlockArgumentGetArgNumber(arg);
  MlirContext ctx = mlirOperationGetContext(func);
  MlirType *types = tileCallocArray((size_t)(n + m + 1), sizeof(MlirType));
  for (intptr_t i = 0; i < n; ++i)
    types[i] = mlirFunctionTypeGetInput(fn, i);
  for (intptr_t i = 0; i < m; ++i)
    types[n + i] = mlirFunctionTypeGetResult(fn, i);
  types[at] = asBits(ctx, types[at]);
  mlirOperationSetAttributeByName(
      func, tileRef("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, types, m, types + n)));
  free(types);
  return retypePointer(arg);
}

/* Makes the variable or argument that f64 store `store` adds to hold i64;
 * false when one of its uses is not a load, store or access chain of f64. */
static bool rootAsBits(MlirOperation root, MlirOperation store) {
  MlirValue base = rootOf(mlirOperationGetOperand(store, 0));
  if (mlirValueIsABlockArgument(base))
    return argumentAsBits(base);
  MlirOperation def = mlirOpResultGetOwner(base);
  MlirAttribute name = tileOpGetAttr(def, "variable");
  if (!tileOpIs(def, "spirv.mlir.addressof") ||
      !mlirAttributeIsAFlatSymbolRef(name))
    return false;
  AddressScan scan = {mlirFlatSymbolRefAttrGetValue(name), {0}};
  mlirOperationWalk(root, findAddresses, &scan, MlirWalkPreOrder);
  bool ok = true;
  for (size_t i = 0; i < scan.refs.count && ok; ++i)
    ok = retypePointer(mlirOperationGetResult(scan.refs.ops[i], 0));
  tileOpListFree(&scan.refs);
  return ok;
}

static void runLower(MlirOperation root, MlirExternalPass pass,
                     const TileOptionValue *options) {
  (void)options;
  TileOpList stores = {0};
  mlirOperationWalk(root, collectMarked, &stores, MlirWalkPreOrder);
  for (size_t i = 0; i < stores.count; ++i) {
    MlirOperation store = stores.ops[i];
    MlirValue operands[] = {mlirOperationGetOperand(store, 0),
                            mlirOperationGetOperand(store, 1)};
    const char *scopeName = scopeOf(operands[0]);
    if (!scopeName)
      continue;
    MlirType type = mlirValueGetType(operands[1]);
    if (mlirTypeIsAF64(type)) {
      /* The pointer may already be to i64: an earlier addition to the
       * same variable made it so. */
      if (!pointsToBits(operands[0]) && !rootAsBits(root, store)) {
        tileEmitOpError(store, "adds f64 values atomically to a buffer the "
                               "vulkan target cannot view as 64-bit "
                               "integers, which its compare-and-swap loop "
                               "needs");
        mlirExternalPassSignalFailure(pass);
        continue;
      }
      emitAddLoop(store, scopeName);
      continue;
    }
    TileBuilder b = tbBefore(store);
    MlirNamedAttribute attrs[] = {
        tbNamed(&b, "memory_scope", scopeAttr(&b, scopeName)),
        tbNamed(&b, "semantics",
                tbParseAttr(&b, "#spirv.memory_semantics<AcquireRelease>")),
    };
    tbCreate(&b, "spirv.EXT.AtomicFAdd", 2, operands, 1, &type, 2, attrs);
    mlirOperationDestroy(store);
  }
  tileOpListFree(&stores);
}

static const TileDialectHandleGetter lowerDialects[] = {
    mlirGetDialectHandle__spirv__,
};

const TilePassDescriptor tileVulkanFloatAtomicsPass = {
    .argument = "tile-vulkan-float-atomics",
    .name = "TileVulkanFloatAtomics",
    .summary = "Make each spirv.Store that tile-vulkan-mark-float-atomics "
               "marked (Nontemporal) an atomic addition of f32 values "
               "(spirv.EXT.AtomicFAdd)",
    .anchor = "spirv.module",
    .dependentDialects = lowerDialects,
    .numDependentDialects = TILE_COUNT(lowerDialects),
    .run = runLower,
};

/*===--- f16: compare-and-swap loops on the word of the element
 * -----------===*/

/* SPIR-V atomics take 32- and 64-bit integers only, so an f16 addition into
 * a buffer is a compare-and-swap loop on the 32-bit word holding the
 * element: the word read as two f16 lanes (OpBitcast puts lane 0 in the low
 * bits, the element of the lower address), the element's lane added to,
 * the word swapped in if nothing changed it meanwhile. The buffer stays a
 * buffer of f16 for every other access (16-bit stores of neighbouring
 * elements must not become read-modify-writes of words), and a second
 * variable at the same descriptor set and binding views it as words; both
 * are decorated Aliased. The runtime rounds every buffer up to whole words
 * (launch.c), so the word of a last odd element is in the buffer. Shared
 * memory has no second view: f16 additions there are refused
 * (tile-vulkan-memory-spaces). */

/* f16, or i16: the bits of bf16 (tile-vulkan-bf16). */
static bool isHalf(MlirType type) {
  return mlirTypeIsAF16(type) ||
         (mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) == 16);
}

static MlirWalkResult collectHalfMarked(MlirOperation op, void *userData) {
  if (isMarkedStoreOf(op, isHalf))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static const char wordsType[] =
    "!spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, "
    "StorageBuffer>";

/* Whether `op` is a variable of words at the binding of `variable`. */
static bool viewsAsWords(MlirOperation op, MlirOperation variable) {
  if (!tileOpIs(op, "spirv.GlobalVariable"))
    return false;
  MlirContext ctx = mlirOperationGetContext(op);
  MlirAttribute type = tileOpGetAttr(op, "type");
  const char *const same[] = {"descriptor_set", "binding"};
  bool match = !mlirAttributeIsNull(type) &&
               mlirTypeEqual(mlirTypeAttrGetValue(type),
                             mlirTypeParseGet(ctx, tileRef(wordsType)));
  for (size_t i = 0; i < TILE_COUNT(same) && match; ++i)
    match = mlirAttributeEqual(tileOpGetAttr(op, same[i]),
                               tileOpGetAttr(variable, same[i]));
  return match;
}

/* Lists `words` beside `name` in every entry point interface that lists
 * `name`. */
static void listBeside(MlirOperation module, MlirStringRef name,
                       MlirStringRef words) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute interface = tileOpGetAttr(op, "interface");
    if (!tileOpIs(op, "spirv.EntryPoint") || mlirAttributeIsNull(interface))
      continue;
    intptr_t n = mlirArrayAttrGetNumElements(interface);
    bool listed = false;
    for (intptr_t i = 0; i < n && !listed; ++i) {
      MlirAttribute ref = mlirArrayAttrGetElement(interface, i);
      listed = mlirAttributeIsAFlatSymbolRef(ref) &&
               mlirStringRefEqual(mlirFlatSymbolRefAttrGetValue(ref), name);
    }
    if (!listed)
      continue;
    MlirAttribute *refs = tileCallocArray((size_t)n + 1, sizeof *refs);
    for (intptr_t i = 0; i < n; ++i)
      refs[i] = mlirArrayAttrGetElement(interface, i);
    refs[n] = mlirFlatSymbolRefAttrGet(ctx, words);
    mlirOperationSetAttributeByName(op, tileRef("interface"),
                                    mlirArrayAttrGet(ctx, n + 1, refs));
    free(refs);
  }
}

/* The variable viewing the buffer of `variable` as 32-bit words
 * (`<name>_words`, or with a number after it where that name is taken),
 * made on first use after `variable`, at its binding; both are decorated
 * Aliased, and the words are listed in the entry point interfaces that
 * list the buffer. */
static MlirOperation wordsOf(MlirOperation module, MlirOperation variable) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirStringRef name =
      mlirStringAttrGetValue(tileOpGetAttr(variable, "sym_name"));
  TileStrBuf text = TILE_STRBUF_INIT;
  MlirOperation words = {NULL};
  for (int n = 0;; ++n) {
    tileStrBufClear(&text);
    tileStrBufPrintf(&text, "%.*s_words", (int)name.length, name.data);
    if (n)
      tileStrBufPrintf(&text, "_%d", n);
    words = tileSymbolNamed(module, tileRef(tileStrBufGet(&text)));
    if (mlirOperationIsNull(words) || viewsAsWords(words, variable))
      break;
  }
  if (mlirOperationIsNull(words)) {
    MlirStringRef wordsName = tileRef(tileStrBufGet(&text));
    words = mlirOperationClone(variable);
    mlirOperationSetAttributeByName(words, tileRef("sym_name"),
                                    mlirStringAttrGet(ctx, wordsName));
    mlirOperationSetAttributeByName(
        words, tileRef("type"),
        mlirTypeAttrGet(mlirTypeParseGet(ctx, tileRef(wordsType))));
    mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(variable),
                                       variable, words);
    MlirAttribute unit = mlirUnitAttrGet(ctx);
    mlirOperationSetAttributeByName(variable, tileRef("aliased"), unit);
    mlirOperationSetAttributeByName(words, tileRef("aliased"), unit);
    listBeside(module, name, wordsName);
  }
  tileStrBufFree(&text);
  return words;
}

/* The buffer variable and element index of f16 pointer `pointer`, an
 * access chain [0, index] of a spirv.mlir.addressof; false otherwise. */
static bool elementOf(MlirOperation module, MlirValue pointer,
                      MlirOperation *variable, MlirValue *index) {
  if (!mlirValueIsAOpResult(pointer))
    return false;
  MlirOperation chain = mlirOpResultGetOwner(pointer);
  if (!tileOpIs(chain, "spirv.AccessChain") ||
      mlirOperationGetNumOperands(chain) != 3)
    return false;
  MlirValue base = mlirOperationGetOperand(chain, 0);
  if (!mlirValueIsAOpResult(base))
    return false;
  MlirOperation address = mlirOpResultGetOwner(base);
  MlirAttribute name = tileOpGetAttr(address, "variable");
  if (!tileOpIs(address, "spirv.mlir.addressof") ||
      !mlirAttributeIsAFlatSymbolRef(name))
    return false;
  *variable = tileSymbolNamed(module, mlirFlatSymbolRefAttrGetValue(name));
  *index = mlirOperationGetOperand(chain, 2);
  return !mlirOperationIsNull(*variable) &&
         tileOpIs(*variable, "spirv.GlobalVariable");
}

static MlirValue spirvConstant(TileBuilder *b, MlirType type, int64_t v) {
  MlirNamedAttribute value = tbNamed(b, "value", mlirIntegerAttrGet(type, v));
  return tbResult(tbCreate(b, "spirv.Constant", 0, NULL, 1, &type, 1, &value));
}

static MlirValue spirvBinary(TileBuilder *b, const char *name, MlirValue x,
                             MlirValue y) {
  MlirValue operands[] = {x, y};
  MlirType type = mlirValueGetType(x);
  return tbResult(tbCreate(b, name, 2, operands, 1, &type, 0, NULL));
}

static MlirValue spirvUnary(TileBuilder *b, const char *name, MlirValue x,
                            MlirType type) {
  return tbResult(tbCreate(b, name, 1, &x, 1, &type, 0, NULL));
}

/* The f32 of bf16 bits `x` (i16): the bits in the high half. */
static MlirValue widenBF16(TileBuilder *b, MlirValue x) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue word = spirvUnary(b, "spirv.UConvert", x, i32);
  word =
      spirvBinary(b, "spirv.ShiftLeftLogical", word, spirvConstant(b, i32, 16));
  return bitcast(b, word, mlirF32TypeGet(b->ctx));
}

/* The bf16 bits (i16) of f32 `x` rounded to nearest even; a NaN becomes
 * 0x7FC0, as tile-vulkan-bf16 rounds. */
static MlirValue narrowBF16(TileBuilder *b, MlirValue x) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue word = bitcast(b, x, i32);
  MlirValue sixteen = spirvConstant(b, i32, 16);
  MlirValue odd =
      spirvBinary(b, "spirv.BitwiseAnd",
                  spirvBinary(b, "spirv.ShiftRightLogical", word, sixteen),
                  spirvConstant(b, i32, 1));
  MlirValue biased = spirvBinary(
      b, "spirv.IAdd", word,
      spirvBinary(b, "spirv.IAdd", odd, spirvConstant(b, i32, 0x7FFF)));
  MlirValue rounded =
      spirvBinary(b, "spirv.ShiftRightLogical", biased, sixteen);
  MlirValue nan =
      spirvUnary(b, "spirv.IsNan", x, mlirIntegerTypeGet(b->ctx, 1));
  MlirValue choices[] = {nan, spirvConstant(b, i32, 0x7FC0), rounded};
  MlirValue chosen =
      tbResult(tbCreate(b, "spirv.Select", 3, choices, 1, &i32, 0, NULL));
  return spirvUnary(b, "spirv.UConvert", chosen,
                    mlirIntegerTypeGet(b->ctx, 16));
}

/* `element` + `value`: f16 values, or bf16 bits (i16) added in f32 and
 * rounded back. */
static MlirValue addHalves(TileBuilder *b, MlirValue element, MlirValue value) {
  MlirType type = mlirValueGetType(element);
  if (mlirTypeIsAF16(type)) {
    MlirValue sums[] = {element, value};
    return tbResult(tbCreate(b, "spirv.FAdd", 2, sums, 1, &type, 0, NULL));
  }
  MlirValue sums[] = {widenBF16(b, element), widenBF16(b, value)};
  MlirType f32 = mlirF32TypeGet(b->ctx);
  return narrowBF16(
      b, tbResult(tbCreate(b, "spirv.FAdd", 2, sums, 1, &f32, 0, NULL)));
}

typedef struct {
  MlirValue lane, value;
} HalfAdd;

/* The word `old` with the 16-bit lane `lane` of it added `value` to. */
static MlirValue addToLane(TileBuilder *b, MlirValue old, const void *data) {
  const HalfAdd *add = data;
  MlirType half = mlirValueGetType(add->value);
  MlirType lanes = mlirVectorTypeGet(1, (const int64_t[]){2}, half);
  MlirValue pair = bitcast(b, old, lanes);
  MlirValue extractOperands[] = {pair, add->lane};
  MlirValue element = tbResult(tbCreate(b, "spirv.VectorExtractDynamic", 2,
                                        extractOperands, 1, &half, 0, NULL));
  MlirValue sum = addHalves(b, element, add->value);
  MlirValue insertOperands[] = {pair, sum, add->lane};
  MlirValue updated = tbResult(tbCreate(b, "spirv.VectorInsertDynamic", 3,
                                        insertOperands, 1, &lanes, 0, NULL));
  return bitcast(b, updated, mlirValueGetType(old));
}

/* A marked store of an f16 `value` (or of bf16 bits) into element `index`
 * of `variable`: the loop on its word (through `words`). */
static void emitHalfAddLoop(MlirOperation store, MlirOperation words,
                            MlirValue index) {
  TileBuilder b = tbBefore(store);
  MlirType indexType = mlirValueGetType(index);
  MlirAttribute wordsName = tileOpGetAttr(words, "sym_name");
  MlirType wordsType = mlirTypeAttrGetValue(tileOpGetAttr(words, "type"));
  MlirNamedAttribute ref = tbNamed(
      &b, "variable",
      mlirFlatSymbolRefAttrGet(b.ctx, mlirStringAttrGetValue(wordsName)));
  MlirValue base = tbResult(
      tbCreate(&b, "spirv.mlir.addressof", 0, NULL, 1, &wordsType, 1, &ref));
  MlirValue one = spirvConstant(&b, indexType, 1);
  MlirValue word = spirvBinary(&b, "spirv.ShiftRightLogical", index, one);
  MlirValue chainOperands[] = {base, spirvConstant(&b, indexType, 0), word};
  MlirType pointerType =
      mlirTypeParseGet(b.ctx, tileRef("!spirv.ptr<i32, StorageBuffer>"));
  MlirValue pointer = tbResult(tbCreate(
      &b, "spirv.AccessChain", 3, chainOperands, 1, &pointerType, 0, NULL));
  HalfAdd add = {spirvBinary(&b, "spirv.BitwiseAnd", index, one),
                 mlirOperationGetOperand(store, 1)};
  emitCasLoop(store, pointer, mlirIntegerTypeGet(b.ctx, 32), "Device",
              addToLane, &add);
  mlirOperationDestroy(store);
}

static void runHalf(MlirOperation root, MlirExternalPass pass,
                    const TileOptionValue *options) {
  (void)options;
  TileOpList stores = {0};
  mlirOperationWalk(root, collectHalfMarked, &stores, MlirWalkPreOrder);
  for (size_t i = 0; i < stores.count; ++i) {
    MlirOperation store = stores.ops[i];
    const char *scopeName = scopeOf(mlirOperationGetOperand(store, 0));
    if (!scopeName)
      continue;
    MlirOperation variable;
    MlirValue index;
    if (strcmp(scopeName, "Device") != 0 ||
        !elementOf(root, mlirOperationGetOperand(store, 0), &variable,
                   &index)) {
      tileEmitOpError(
          store,
          "adds %s values atomically to memory the "
          "vulkan target cannot view as 32-bit words, "
          "which its compare-and-swap loop needs (an "
          "element of a kernel buffer)",
          mlirTypeIsAF16(mlirValueGetType(mlirOperationGetOperand(store, 1)))
              ? "f16"
              : "bf16");
      mlirExternalPassSignalFailure(pass);
      continue;
    }
    emitHalfAddLoop(store, wordsOf(root, variable), index);
  }
  tileOpListFree(&stores);
}

const TilePassDescriptor tileVulkanHalfAtomicsPass = {
    .argument = "tile-vulkan-half-atomics",
    .name = "TileVulkanHalfAtomics",
    .summary = "Make each f16 spirv.Store into a buffer that "
               "tile-vulkan-mark-float-atomics marked (Nontemporal) a "
               "compare-and-swap loop on the 32-bit word holding the "
               "element, through an aliased view of the buffer as words "
               "(after spirv-lower-abi-attrs)",
    .anchor = "spirv.module",
    .dependentDialects = lowerDialects,
    .numDependentDialects = TILE_COUNT(lowerDialects),
    .run = runHalf,
};
