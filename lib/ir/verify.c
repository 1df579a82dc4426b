/* The semantic rules of tile IR, checked with located diagnostics. */
#include "ir/verify.h"

#include "ir/accesses.h"
#include "ir/ir.h"
#include "support/count.h"
#include "support/diagnostics.h"
#include "tile/dialect.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  const TileVerifyOptions *options;
  MlirOperation root;
  unsigned errors;
  TileStrBuf t0, t1, t2; /* scratch for printing types */
} Verifier;

#define FAIL(op, ...)                                                          \
  do {                                                                         \
    tileEmitOpError(op, __VA_ARGS__);                                          \
    ++v->errors;                                                               \
  } while (0)

static const char *typeStr(TileStrBuf *buf, MlirType type) {
  return tileTypeStr(buf, type);
}

/*===--- attributes -------------------------------------------------------===*/

/* Discardable tile.* attributes that structure ops may carry. */
static const char *const structureAttrs[] = {"tile.threads", "tile.num_stages",
                                             "tile.order", "tile.stage"};

/* Attributes each tile op accepts (besides operandSegmentSizes). */
static const char *allowedAttrs(MlirOperation op) {
  if (tileOpIs(op, "tile.copy"))
    return "pad";
  if (tileOpIs(op, "tile.gemm"))
    return "transpose_a, transpose_b, clear_accum, policy";
  if (tileOpIs(op, "tile.reduce"))
    return "kind, dim, clear";
  return "";
}

static bool listContains(const char *list, MlirStringRef name) {
  size_t n = name.length;
  for (const char *p = list; *p;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (len == n && strncmp(p, name.data, n) == 0)
      return true;
    if (!comma)
      break;
    p = comma + 2;
  }
  return false;
}

static void checkAttributeNames(Verifier *v, MlirOperation op) {
  intptr_t n = mlirOperationGetNumDiscardableAttributes(op);
  bool isTileOp = tileOpIsTile(op);
  for (intptr_t i = 0; i < n; ++i) {
    MlirNamedAttribute named = mlirOperationGetDiscardableAttribute(op, i);
    MlirStringRef name = mlirIdentifierStr(named.name);
    if (isTileOp) {
      if (tileStrRefEquals(name, "operandSegmentSizes") ||
          listContains(allowedAttrs(op), name))
        continue;
      const char *allowed = allowedAttrs(op);
      FAIL(op, "has unknown attribute '%.*s' (%s%s)", (int)name.length,
           name.data, allowed[0] ? "valid: " : "it takes no attributes",
           allowed);
      continue;
    }
    if (name.length < 5 || strncmp(name.data, "tile.", 5) != 0)
      continue;
    bool known = false;
    for (size_t k = 0; k < TILE_COUNT(structureAttrs); ++k)
      known |= tileStrRefEquals(name, structureAttrs[k]);
    known |= v->options->loweringAttributes &&
             (tileStrRefEquals(name, "tile.dynamic_shared_bytes") ||
              tileStrRefEquals(name, "tile.subgroup_size"));
    if (!known)
      FAIL(op,
           "has unknown tile attribute '%.*s' (valid: tile.threads, "
           "tile.num_stages, tile.order, tile.stage)",
           (int)name.length, name.data);
  }
}

/*===--- scopes and kernels -----------------------------------------------===*/

static TileScope scopeOf(MlirValue value) {
  return tileMemRefTypeGetScope(mlirValueGetType(value));
}

/* Whether `op` touches block- or thread-distributed memory. */
static bool needsKernel(MlirOperation op) {
  if (tileOpIs(op, "tile.gemm") || tileOpIs(op, "tile.reduce"))
    return true;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i) {
    TileScope s = scopeOf(mlirOperationGetOperand(op, i));
    if (s == TileScopeShared || s == TileScopeFragment)
      return true;
  }
  if (mlirOperationGetNumResults(op) == 1) {
    TileScope s = scopeOf(mlirOperationGetResult(op, 0));
    return s == TileScopeShared || s == TileScopeFragment;
  }
  return false;
}

static void checkPlacement(Verifier *v, MlirOperation op) {
  bool inKernel = !mlirOperationIsNull(tileEnclosingKernel(op));
  if (!inKernel && v->options->kernelRequired && needsKernel(op))
    FAIL(op, "must be inside a kernel (an scf.forall mapped to #gpu.block "
             "with a tile.threads attribute)");
  if (inKernel && !mlirOperationIsNull(tileEnclosingThreadLoop(op)))
    FAIL(op, "cannot be used inside a thread-parallel loop, whose body runs "
             "once per element");
}

/* Every memref operand must name a scope tile IR knows. */
static bool checkScopes(Verifier *v, MlirOperation op) {
  intptr_t n = mlirOperationGetNumOperands(op);
  bool ok = true;
  for (intptr_t i = 0; i < n; ++i) {
    MlirType type = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (mlirTypeIsAMemRef(type) &&
        tileMemRefTypeGetScope(type) == TileScopeInvalid) {
      FAIL(op,
           "operand #%d has memory space %s, which is not a tile scope "
           "(none for global, #gpu.address_space<workgroup>, #tile.fragment "
           "or #gpu.address_space<private>)",
           (int)i, typeStr(&v->t0, type));
      ok = false;
    }
  }
  return ok;
}

/* Tile buffers have at most TILE_MAX_RANK dimensions: every lowering keeps
 * per-dimension values in arrays of that size. */
static bool checkRanks(Verifier *v, MlirOperation op) {
  bool ok = true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType type = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (mlirTypeIsAShaped(type) && mlirShapedTypeHasRank(type) &&
        mlirShapedTypeGetRank(type) > TILE_MAX_RANK) {
      FAIL(op,
           "operand #%d has rank %lld; tile ops take buffers of at most %d "
           "dimensions",
           (int)i, (long long)mlirShapedTypeGetRank(type), TILE_MAX_RANK);
      ok = false;
    }
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType type = mlirValueGetType(mlirOperationGetResult(op, i));
    if (mlirTypeIsAShaped(type) && mlirShapedTypeHasRank(type) &&
        mlirShapedTypeGetRank(type) > TILE_MAX_RANK) {
      FAIL(op, "result has rank %lld; tile buffers have at most %d dimensions",
           (long long)mlirShapedTypeGetRank(type), TILE_MAX_RANK);
      ok = false;
    }
  }
  return ok;
}

/* Loops inside a kernel become loops over the block's threads, with one
 * value per induction variable in arrays of TILE_MAX_RANK entries; so does
 * every scf.forall that is not a kernel on the cpu, inside a kernel or not
 * (one with 9 induction variables under a forall without a mapping
 * overflowed the cpu lowering's arrays). */
static void checkLoopRank(Verifier *v, MlirOperation op) {
  if (tileIsKernelLoop(op) ||
      !(tileOpIs(op, "scf.forall") ||
        (tileOpIs(op, "scf.parallel") &&
         !mlirOperationIsNull(tileEnclosingKernel(op)))))
    return;
  intptr_t rank = tileLoopRank(op);
  if (rank > TILE_MAX_RANK)
    FAIL(op,
         "thread-parallel loop has %lld induction variables; the lowering "
         "of kernels supports at most %d",
         (long long)rank, TILE_MAX_RANK);
}

/* A thread-parallel loop that writes a thread's own buffer (a local tile
 * or a memref.alloca made outside the loop) runs every iteration on every
 * thread, so that every copy gets every value, as the cpu's one buffer
 * does. Two things would break that: a fragment access, which spreads the
 * iterations over the threads holding its elements (each copy would get
 * only some of the values), and an atomic update of memory other threads
 * see, which would happen once per thread. */
typedef struct {
  Verifier *v;
  MlirOperation write;
} PrivateLoop;

static MlirWalkResult checkPrivateLoopOp(MlirOperation op, void *userData) {
  PrivateLoop *p = userData;
  Verifier *v = p->v;
  unsigned count;
  const TileAccess *rows = tileAccessesOf(op, &count);
  for (unsigned i = 0; i < count; ++i) {
    if (rows[i].operand >= (unsigned)mlirOperationGetNumOperands(op))
      continue;
    MlirValue buffer = mlirOperationGetOperand(op, rows[i].operand);
    MlirType type = mlirValueGetType(buffer);
    if (tileMemRefTypeGetScope(type) == TileScopeFragment &&
        tileRank(type) > 0) {
      FAIL(op,
           "accesses a fragment in a thread-parallel loop that also writes "
           "a buffer each thread has its own copy of (the %s): the "
           "fragment spreads the loop's iterations over the threads that "
           "hold its elements, so each copy would get only some of the "
           "values (write a shared tile instead, or use two loops)",
           tileOpAt(&v->t0, p->write));
      return MlirWalkResultAdvance;
    }
    if (rows[i].reads && rows[i].writes &&
        !tileIsThreadPrivate(tileViewRoot(buffer))) {
      FAIL(op,
           "is an atomic update in a thread-parallel loop that writes a "
           "buffer each thread has its own copy of (the %s): such a "
           "loop runs every iteration on every thread, so the update would "
           "happen once per thread",
           tileOpAt(&v->t0, p->write));
      return MlirWalkResultAdvance;
    }
  }
  return MlirWalkResultAdvance;
}

static void checkPrivateWrites(Verifier *v, MlirOperation op) {
  if (!tileIsThreadLoop(op) || mlirOperationIsNull(tileEnclosingKernel(op)))
    return;
  PrivateLoop p = {v, tileFirstPrivateWrite(op)};
  if (!mlirOperationIsNull(p.write))
    mlirOperationWalk(op, checkPrivateLoopOp, &p, MlirWalkPreOrder);
}

/* Whether a memref's layout is strided (the identity layout included):
 * every target lowers buffers as a pointer, an offset and strides, and
 * MLIR's conversions failed on other layout maps without a location. */
static bool isStrided(MlirType type) {
  if (!mlirTypeIsAMemRef(type) ||
      mlirAttributeIsAStridedLayout(mlirMemRefTypeGetLayout(type)) ||
      mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type)))
    return true;
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t *strides = tileCallocArray((size_t)rank, sizeof(int64_t));
  int64_t offset;
  bool strided = mlirLogicalResultIsSuccess(
      mlirMemRefTypeGetStridesAndOffset(type, strides, &offset));
  free(strides);
  return strided;
}

static void checkLayout(Verifier *v, MlirOperation op, const char *what,
                        intptr_t i, MlirType type) {
  if (isStrided(type))
    return;
  TileStrBuf layout = TILE_STRBUF_INIT;
  tileAppendAttr(&layout, mlirMemRefTypeGetLayout(type));
  FAIL(op,
       "%s #%d has the layout %s, which is not strided; buffers take the "
       "identity layout or a strided one (no target lowers other layout "
       "maps)",
       what, (int)i, tileStrBufGet(&layout));
  tileStrBufFree(&layout);
}

/* Function arguments and op results: the buffers of a program come in
 * through the former and are made or viewed by the latter. */
static void checkLayouts(Verifier *v, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    checkLayout(v, op, "result", i,
                mlirValueGetType(mlirOperationGetResult(op, i)));
  if (!tileOpIs(op, "func.func"))
    return;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (intptr_t i = 0;
       !mlirBlockIsNull(entry) && i < mlirBlockGetNumArguments(entry); ++i)
    checkLayout(v, op, "argument", i,
                mlirValueGetType(mlirBlockGetArgument(entry, i)));
}

/*===--- element types ----------------------------------------------------===*/

static bool isFloat(MlirType t) { return mlirTypeIsAFloat(t); }
static bool isInt(MlirType t) { return mlirTypeIsAInteger(t); }

static unsigned widthOf(MlirType t) {
  return isFloat(t) ? mlirFloatTypeGetWidth(t)
         : isInt(t) ? mlirIntegerTypeGetWidth(t)
                    : 0;
}

/* Whether a static shape's byte size stays within TILE_MAX_ALLOC_BYTES,
 * computed without overflow. */
static bool fitsInBlock(MlirType type) {
  unsigned bits = widthOf(mlirShapedTypeGetElementType(type));
  uint64_t bytes = bits ? (bits + 7) / 8 : 8; /* index: 8 bytes */
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d) {
    int64_t size = mlirShapedTypeGetDimSize(type, d);
    if (size < 0 || (size && bytes > TILE_MAX_ALLOC_BYTES / (uint64_t)size))
      return false;
    bytes *= (uint64_t)size;
  }
  return bytes <= TILE_MAX_ALLOC_BYTES;
}

/* Whether a copy may convert between the two element types. */
static bool convertible(MlirType a, MlirType b) {
  return mlirTypeEqual(a, b) || (isFloat(a) && isFloat(b)) ||
         (isInt(a) && isInt(b));
}

/* Whether C may accumulate products of A-typed elements. */
static bool accumulatorFits(MlirType a, MlirType c) {
  if (mlirTypeEqual(a, c))
    return true;
  if (isFloat(a))
    return (mlirTypeIsAF32(c) || mlirTypeIsAF64(c)) && widthOf(c) >= widthOf(a);
  if (isInt(a))
    return isInt(c) && widthOf(c) >= 32 && widthOf(c) >= widthOf(a);
  return false;
}

/*===--- tile ops ---------------------------------------------------------===*/

static void checkAlloc(Verifier *v, MlirOperation op) {
  if (mlirOperationGetNumResults(op) != 1)
    return;
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  TileScope scope = tileMemRefTypeGetScope(type);
  if (scope == TileScopeGlobal || scope == TileScopeInvalid)
    FAIL(op,
         "result must be in shared, fragment or local scope "
         "(#gpu.address_space<workgroup>, #tile.fragment or "
         "#gpu.address_space<private>), got %s",
         typeStr(&v->t0, type));
  if (!mlirShapedTypeHasStaticShape(type))
    FAIL(op, "result must be statically shaped, got %s", typeStr(&v->t0, type));
  if (!mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type)))
    FAIL(op, "result must have the identity layout, got %s",
         typeStr(&v->t0, type));
  else if (mlirShapedTypeHasStaticShape(type) && !fitsInBlock(type))
    FAIL(op,
         "result %s needs more than %lld bytes, more than any target "
         "gives one block",
         typeStr(&v->t0, type), (long long)TILE_MAX_ALLOC_BYTES);
}

/* Checks a windowed access: `window` indexed with `numOffsets` offsets,
 * moving a tile shaped like `tile`. `role` names the windowed operand. */
static bool checkWindow(Verifier *v, MlirOperation op, const char *role,
                        MlirType window, intptr_t numOffsets, MlirType tile,
                        const char *tileRole) {
  int64_t windowRank = tileRank(window), tileRank_ = tileRank(tile);
  if (numOffsets != windowRank) {
    FAIL(op, "%s has rank %lld and takes one offset per dimension, got %lld",
         role, (long long)windowRank, (long long)numOffsets);
    return false;
  }
  if (tileRank_ > windowRank) {
    FAIL(op, "%s has rank %lld, lower than the rank %lld of %s", role,
         (long long)windowRank, (long long)tileRank_, tileRole);
    return false;
  }
  if (!mlirShapedTypeHasStaticShape(tile)) {
    FAIL(op,
         "%s gives the extent of the window and must be statically "
         "shaped, got %s",
         tileRole, typeStr(&v->t0, tile));
    return false;
  }
  return true;
}

static void checkCopy(Verifier *v, MlirOperation op) {
  MlirValue src = mlirOperationGetOperand(op, 0);
  MlirValue dst = mlirOperationGetOperand(op, 1);
  MlirType srcType = mlirValueGetType(src), dstType = mlirValueGetType(dst);
  intptr_t first;
  intptr_t numSrc = tileOperandGroup(op, 2, &first);
  intptr_t numDst = tileOperandGroup(op, 3, &first);
  if (numSrc && numDst) {
    FAIL(op,
         "takes offsets for one side only (the larger buffer); got %lld "
         "source and %lld dest offsets",
         (long long)numSrc, (long long)numDst);
  } else if (numSrc) {
    checkWindow(v, op, "source", srcType, numSrc, dstType, "dest");
  } else if (numDst) {
    checkWindow(v, op, "dest", dstType, numDst, srcType, "source");
  } else {
    bool same = tileRank(srcType) == tileRank(dstType) &&
                mlirShapedTypeHasStaticShape(srcType) &&
                mlirShapedTypeHasStaticShape(dstType);
    for (int64_t i = 0; same && i < tileRank(srcType); ++i)
      same = tileDim(srcType, i) == tileDim(dstType, i);
    if (!same)
      FAIL(op,
           "without offsets, source and dest must have the same static "
           "shape, got %s and %s; give offsets for the larger side",
           typeStr(&v->t0, srcType), typeStr(&v->t1, dstType));
  }
  MlirType srcElem = tileElementType(srcType),
           dstElem = tileElementType(dstType);
  if (!convertible(srcElem, dstElem))
    FAIL(op,
         "cannot convert %s elements to %s (copies convert between "
         "float types or between integer types only)",
         typeStr(&v->t0, srcElem), typeStr(&v->t1, dstElem));
  MlirAttribute pad = tileOpGetAttr(op, "pad");
  if (!mlirAttributeIsNull(pad)) {
    bool typed = (mlirAttributeIsAFloat(pad) || mlirAttributeIsAInteger(pad)) &&
                 mlirTypeEqual(mlirAttributeGetType(pad), srcElem);
    if (!typed) {
      TileStrBuf a = TILE_STRBUF_INIT;
      tileAppendAttr(&a, pad);
      FAIL(op, "pad must be a %s constant (the source element type), got %s",
           typeStr(&v->t0, srcElem), tileStrBufGet(&a));
      tileStrBufFree(&a);
    } else if (!numSrc) {
      FAIL(op, "pad has no effect: only reads of a source window can fall "
               "out of bounds (out-of-bounds writes are dropped)");
    }
  }
}

static const char *const policies[] = {"square", "full_row", "full_col"};

static void checkGemm(Verifier *v, MlirOperation op) {
  MlirType a = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType b = mlirValueGetType(mlirOperationGetOperand(op, 1));
  MlirType c = mlirValueGetType(mlirOperationGetOperand(op, 2));
  static const char *const names[] = {"A", "B", "C"};
  MlirType types[] = {a, b, c};
  bool ok = true;
  for (int i = 0; i < 3; ++i) {
    TileScope s = tileMemRefTypeGetScope(types[i]);
    bool allowed = i < 2 ? (s == TileScopeShared || s == TileScopeFragment ||
                            s == TileScopeLocal)
                         : (s == TileScopeFragment || s == TileScopeLocal);
    if (!allowed) {
      FAIL(op, "%s must be in %s scope, got %s", names[i],
           i < 2 ? "shared, fragment or local" : "fragment or local",
           tileScopeGetName(s));
      ok = false;
    }
    if (tileRank(types[i]) != 2 || !mlirShapedTypeHasStaticShape(types[i])) {
      FAIL(op, "%s must be a static 2-d tile, got %s", names[i],
           typeStr(&v->t0, types[i]));
      ok = false;
    }
  }
  bool attrOk, ta, tb;
  ta = tileGetBoolAttr(op, "transpose_a", false, &attrOk);
  if (!attrOk) {
    FAIL(op, "transpose_a must be a bool attribute");
    ok = false;
  }
  tb = tileGetBoolAttr(op, "transpose_b", false, &attrOk);
  if (!attrOk) {
    FAIL(op, "transpose_b must be a bool attribute");
    ok = false;
  }
  tileGetBoolAttr(op, "clear_accum", false, &attrOk);
  if (!attrOk) {
    FAIL(op, "clear_accum must be a bool attribute");
    ok = false;
  }
  MlirAttribute policy = tileOpGetAttr(op, "policy");
  if (!mlirAttributeIsNull(policy)) {
    bool valid = false;
    if (mlirAttributeIsAString(policy))
      for (size_t i = 0; i < 3; ++i)
        valid |= tileStrRefEquals(mlirStringAttrGetValue(policy), policies[i]);
    if (!valid)
      FAIL(op, "policy must be \"square\", \"full_row\" or \"full_col\"");
  }
  if (!ok)
    return;
  int64_t m = tileDim(a, ta ? 1 : 0), ka = tileDim(a, ta ? 0 : 1);
  int64_t kb = tileDim(b, tb ? 1 : 0), n = tileDim(b, tb ? 0 : 1);
  if (ka != kb)
    FAIL(op, "K mismatch: op(A) is %lldx%lld but op(B) is %lldx%lld",
         (long long)m, (long long)ka, (long long)kb, (long long)n);
  if (tileDim(c, 0) != m || tileDim(c, 1) != n)
    FAIL(op, "C must be %lldx%lld (M x N of op(A)*op(B)), got %s", (long long)m,
         (long long)n, typeStr(&v->t0, c));
  MlirType ea = tileElementType(a), eb = tileElementType(b),
           ec = tileElementType(c);
  if (!mlirTypeEqual(ea, eb))
    FAIL(op, "A and B must have the same element type, got %s and %s",
         typeStr(&v->t0, ea), typeStr(&v->t1, eb));
  else if (!accumulatorFits(ea, ec))
    FAIL(op,
         "cannot accumulate %s products in %s (use f32 for float inputs, "
         "i32 for integer inputs)",
         typeStr(&v->t0, ea), typeStr(&v->t1, ec));
}

static void checkFill(Verifier *v, MlirOperation op) {
  MlirType dst = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType value = mlirValueGetType(mlirOperationGetOperand(op, 1));
  if (!mlirTypeEqual(tileElementType(dst), value))
    FAIL(op, "value of type %s does not match the element type of %s",
         typeStr(&v->t0, value), typeStr(&v->t1, dst));
}

static const char *const reduceKinds[] = {"sum", "max", "min", "absmax",
                                          "abssum"};

static void checkReduce(Verifier *v, MlirOperation op) {
  MlirType src = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType dst = mlirValueGetType(mlirOperationGetOperand(op, 1));
  for (int i = 0; i < 2; ++i) {
    MlirType t = i ? dst : src;
    TileScope s = tileMemRefTypeGetScope(t);
    if (s == TileScopeGlobal)
      FAIL(op, "%s must be in shared, fragment or local scope, got global",
           i ? "dest" : "source");
    if (!mlirShapedTypeHasStaticShape(t))
      FAIL(op, "%s must be statically shaped, got %s", i ? "dest" : "source",
           typeStr(&v->t0, t));
  }
  MlirAttribute kind = tileOpGetAttr(op, "kind");
  bool validKind = false;
  if (!mlirAttributeIsNull(kind) && mlirAttributeIsAString(kind))
    for (size_t i = 0; i < TILE_COUNT(reduceKinds); ++i)
      validKind |=
          tileStrRefEquals(mlirStringAttrGetValue(kind), reduceKinds[i]);
  if (!validKind)
    FAIL(op, "needs kind = \"sum\", \"max\", \"min\", \"absmax\" or "
             "\"abssum\"");
  bool clearOk;
  tileGetBoolAttr(op, "clear", true, &clearOk);
  if (!clearOk)
    FAIL(op, "clear must be a bool attribute");
  MlirAttribute dimAttr = tileOpGetAttr(op, "dim");
  int64_t rank = tileRank(src);
  if (mlirAttributeIsNull(dimAttr) || !mlirAttributeIsAInteger(dimAttr)) {
    FAIL(op, "needs an integer dim attribute (the dimension to reduce)");
    return;
  }
  int64_t dim = mlirIntegerAttrGetValueInt(dimAttr);
  if (dim < 0 || dim >= rank) {
    FAIL(op, "dim %lld is out of range for a rank-%lld source", (long long)dim,
         (long long)rank);
    return;
  }
  bool shapeOk = tileRank(dst) == rank - 1;
  for (int64_t i = 0, j = 0; shapeOk && i < rank; ++i)
    if (i != dim)
      shapeOk = tileDim(dst, j++) == tileDim(src, i);
  if (!shapeOk)
    FAIL(op,
         "dest %s must have the shape of source %s without dimension "
         "%lld",
         typeStr(&v->t0, dst), typeStr(&v->t1, src), (long long)dim);
  if (!mlirTypeEqual(tileElementType(src), tileElementType(dst)))
    FAIL(op, "source and dest must have the same element type, got %s and %s",
         typeStr(&v->t0, tileElementType(src)),
         typeStr(&v->t1, tileElementType(dst)));
}

static void checkAtomicAdd(Verifier *v, MlirOperation op) {
  MlirType src = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType dst = mlirValueGetType(mlirOperationGetOperand(op, 1));
  intptr_t numOffsets = mlirOperationGetNumOperands(op) - 2;
  TileScope s = tileMemRefTypeGetScope(dst);
  if (s != TileScopeGlobal && s != TileScopeShared)
    FAIL(op, "dest must be in global or shared scope, got %s",
         tileScopeGetName(s));
  checkWindow(v, op, "dest", dst, numOffsets, src, "source");
  MlirType e = tileElementType(dst);
  if (!mlirTypeEqual(tileElementType(src), e))
    FAIL(op, "source and dest must have the same element type, got %s and %s",
         typeStr(&v->t0, tileElementType(src)), typeStr(&v->t1, e));
  else if (!(mlirTypeIsAF32(e) || mlirTypeIsAF16(e) || mlirTypeIsABF16(e) ||
             mlirTypeIsAF64(e) || (isInt(e) && widthOf(e) >= 32)))
    FAIL(op,
         "atomic add is not available for %s elements (f16, bf16, f32, "
         "f64, i32 and i64 are)",
         typeStr(&v->t0, e));
}

/*===--- structure --------------------------------------------------------===*/

/* The grid dimension a kernel mapping entry names (0, 1, 2 for x, y, z), or
 * -1 for another block mapping (linear dimensions). */
static int gridDimension(const char *mapping) {
  static const char *const names[] = {"#gpu.block<x>", "#gpu.block<y>",
                                      "#gpu.block<z>"};
  for (int d = 0; d < 3; ++d)
    if (strcmp(mapping, names[d]) == 0)
      return d;
  return -1;
}

/* A kernel grid has the x, y and z dimensions of a GPU launch, each at most
 * once: the GPU lowering has no others (it read a fourth as x again). */
static void checkMapping(Verifier *v, MlirOperation op) {
  MlirAttribute mapping = tileOpGetAttr(op, "mapping");
  intptr_t n = mlirArrayAttrGetNumElements(mapping);
  if (n > 3) {
    FAIL(op,
         "kernel loop has %lld dimensions; a kernel grid has at most 3 "
         "(#gpu.block<x>, <y> and <z>)",
         (long long)n);
    return;
  }
  bool seen[3] = {false, false, false};
  TileStrBuf text = TILE_STRBUF_INIT;
  for (intptr_t i = 0; i < n; ++i) {
    tileStrBufClear(&text);
    tileAppendAttr(&text, mlirArrayAttrGetElement(mapping, i));
    int d = gridDimension(tileStrBufGet(&text));
    if (strncmp(text.data, "#gpu.block<", 11) != 0)
      FAIL(op, "kernel mapping mixes block ids with %s", text.data);
    else if (d < 0)
      FAIL(op,
           "kernel mapping uses %s; kernel grids map to #gpu.block<x>, <y> "
           "and <z>",
           text.data);
    else if (seen[d])
      FAIL(op, "kernel mapping uses %s twice", text.data);
    else
      seen[d] = true;
  }
  tileStrBufFree(&text);
}

static void checkKernel(Verifier *v, MlirOperation op) {
  checkMapping(v, op);
  const char *threadsProblem = tileKernelThreadsProblem(op, 1024);
  if (threadsProblem)
    FAIL(op, "%s", threadsProblem);
  if (mlirOperationGetNumResults(op) != 0)
    FAIL(op, "kernel loop cannot have shared outputs; kernels write through "
             "memrefs");
  if (!mlirOperationIsNull(tileEnclosingKernel(op)))
    FAIL(op, "kernels cannot be nested");
}

/* Number of tile ops directly in the body of a loop. */
static int64_t countTileOps(MlirOperation loop) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  int64_t n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    n += tileOpIsTile(o);
  return n;
}

static void checkStageList(Verifier *v, MlirOperation op, const char *name,
                           int64_t numStages, int64_t numTileOps) {
  MlirAttribute list = tileOpGetAttr(op, name);
  if (mlirAttributeIsNull(list))
    return;
  if (numStages < 1) {
    FAIL(op, "%s needs tile.num_stages on the same loop", name);
    return;
  }
  if (!mlirAttributeIsADenseI64Array(list)) {
    FAIL(op, "%s must be an array<i64: ...>", name);
    return;
  }
  int64_t n = mlirDenseArrayGetNumElements(list);
  if (n != numTileOps) {
    FAIL(op, "%s has %lld entries but the loop body has %lld tile ops", name,
         (long long)n, (long long)numTileOps);
    return;
  }
  bool isOrder = strcmp(name, "tile.order") == 0;
  bool seen[64] = {false};
  for (int64_t i = 0; i < n; ++i) {
    int64_t e = mlirDenseI64ArrayGetElement(list, i);
    if (isOrder) {
      if (e < 0 || e >= n || (n <= 64 && seen[e])) {
        FAIL(op, "tile.order must be a permutation of 0..%lld",
             (long long)(n - 1));
        return;
      }
      if (n <= 64)
        seen[e] = true;
    } else if (e < 0 || e >= numStages) {
      FAIL(op, "tile.stage entry %lld is outside [0, %lld)", (long long)e,
           (long long)numStages);
      return;
    }
  }
}

static void checkStructureAttrs(Verifier *v, MlirOperation op) {
  bool isKernel = tileIsKernelLoop(op);
  if (!isKernel && !mlirAttributeIsNull(tileOpGetAttr(op, "tile.threads")))
    FAIL(op, "tile.threads belongs on a kernel loop (an scf.forall mapped to "
             "#gpu.block)");
  MlirAttribute stages = tileOpGetAttr(op, "tile.num_stages");
  int64_t numStages = 0;
  if (!mlirAttributeIsNull(stages)) {
    if (!tileOpIs(op, "scf.for"))
      FAIL(op, "tile.num_stages belongs on an scf.for (a pipelined loop)");
    else if (!mlirAttributeIsAInteger(stages) ||
             mlirIntegerAttrGetValueInt(stages) < 1 ||
             mlirIntegerAttrGetValueInt(stages) > TILE_MAX_STAGES)
      FAIL(op,
           "tile.num_stages must be an integer in [1, %d] (stages are "
           "buffers in shared memory and unrolled copies of the loop "
           "body)",
           TILE_MAX_STAGES);
    else
      numStages = mlirIntegerAttrGetValueInt(stages);
    if (numStages && v->options->kernelRequired &&
        mlirOperationIsNull(tileEnclosingKernel(op)))
      FAIL(op, "a pipelined loop must be inside a kernel");
  }
  bool hasLists = !mlirAttributeIsNull(tileOpGetAttr(op, "tile.order")) ||
                  !mlirAttributeIsNull(tileOpGetAttr(op, "tile.stage"));
  if (hasLists && !tileOpIs(op, "scf.for")) {
    FAIL(op, "tile.order and tile.stage belong on a pipelined scf.for");
    return;
  }
  if (hasLists) {
    int64_t numTileOps = countTileOps(op);
    checkStageList(v, op, "tile.order", numStages, numTileOps);
    checkStageList(v, op, "tile.stage", numStages, numTileOps);
  }
}

static MlirWalkResult visit(MlirOperation op, void *userData) {
  Verifier *v = userData;
  checkAttributeNames(v, op);
  checkStructureAttrs(v, op);
  if (tileIsKernelLoop(op)) {
    checkKernel(v, op);
    v->errors += tileVerifyWholeBlock(op, v->root);
  }
  checkLoopRank(v, op);
  checkPrivateWrites(v, op);
  checkLayouts(v, op);
  if (!tileOpIsTile(op))
    return MlirWalkResultAdvance;
  checkPlacement(v, op);
  if (!checkRanks(v, op) || !checkScopes(v, op))
    return MlirWalkResultAdvance;
  if (tileOpIs(op, "tile.alloc"))
    checkAlloc(v, op);
  else if (tileOpIs(op, "tile.copy"))
    checkCopy(v, op);
  else if (tileOpIs(op, "tile.gemm"))
    checkGemm(v, op);
  else if (tileOpIs(op, "tile.fill"))
    checkFill(v, op);
  else if (tileOpIs(op, "tile.reduce"))
    checkReduce(v, op);
  else if (tileOpIs(op, "tile.atomic_add"))
    checkAtomicAdd(v, op);
  return MlirWalkResultAdvance;
}

unsigned tileVerify(MlirOperation root, const TileVerifyOptions *options) {
  Verifier v = {.options = options,
                .root = root,
                .t0 = TILE_STRBUF_INIT,
                .t1 = TILE_STRBUF_INIT,
                .t2 = TILE_STRBUF_INIT};
  mlirOperationWalk(root, visit, &v, MlirWalkPreOrder);
  tileStrBufFree(&v.t0);
  tileStrBufFree(&v.t1);
  tileStrBufFree(&v.t2);
  return v.errors;
}
