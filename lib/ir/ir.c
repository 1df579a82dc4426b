/* Small queries on MLIR IR that tile code asks over and over. */
#include "ir/ir.h"
#include "support/alloc.h"
#include "support/count.h"
#include "support/diagnostics.h"

#include "tile/dialect.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/Diagnostics.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Renames locations in the file "-" (where mlirModuleCreateParse puts
 * them) to `name`. */
static MlirLocation renamed(MlirLocation loc, MlirStringRef name) {
  if (!mlirLocationIsAFileLineColRange(loc) ||
      !tileStrRefEquals(
          mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc)), "-"))
    return loc;
  return mlirLocationFileLineColRangeGet(
      mlirLocationGetContext(loc), name,
      (unsigned)mlirLocationFileLineColRangeGetStartLine(loc),
      (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc),
      (unsigned)mlirLocationFileLineColRangeGetEndLine(loc),
      (unsigned)mlirLocationFileLineColRangeGetEndColumn(loc));
}

static MlirWalkResult renameLocations(MlirOperation op, void *userData) {
  MlirStringRef name = *(MlirStringRef *)userData;
  mlirOperationSetLocation(op, renamed(mlirOperationGetLocation(op), name));
  intptr_t numRegions = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < numRegions; ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i) {
        MlirValue arg = mlirBlockGetArgument(b, i);
        mlirBlockArgumentSetLocation(arg,
                                     renamed(mlirValueGetLocation(arg), name));
      }
  return MlirWalkResultAdvance;
}

/* What a parse that may be followed by a second one saw: whether it failed
 * because the source holds several top-level ops (that one diagnostic is
 * kept quiet), and every other diagnostic it let through to the handlers,
 * so that the second parse does not report them again. */
typedef struct {
  bool severalTopLevelOps;
  TileStrBuf seen; /* "severity line:column message\n" for each */
} FirstParse;

static void describeDiagnostic(MlirDiagnostic diag, TileStrBuf *out) {
  MlirStringRef file;
  unsigned line = 0, column = 0;
  tileLocationGetFilePosition(mlirDiagnosticGetLocation(diag), &file, &line,
                              &column);
  tileStrBufPrintf(out, "%d %u:%u ", (int)mlirDiagnosticGetSeverity(diag), line,
                   column);
  mlirDiagnosticPrint(diag, tileStrBufCallback, out);
  tileStrBufAppendStr(out, "\n");
}

static MlirLogicalResult noteFirstParse(MlirDiagnostic diag, void *userData) {
  FirstParse *first = userData;
  size_t start = first->seen.size;
  describeDiagnostic(diag, &first->seen);
  if (!strstr(tileStrBufGet(&first->seen) + start,
              "single top-level operation"))
    return mlirLogicalResultFailure();
  first->severalTopLevelOps = true;
  first->seen.size = start;
  first->seen.data[start] = '\0';
  return mlirLogicalResultSuccess();
}

/* Keeps quiet, once each, the diagnostics the first parse let through. */
static MlirLogicalResult quietRepeats(MlirDiagnostic diag, void *userData) {
  FirstParse *first = userData;
  TileStrBuf line = TILE_STRBUF_INIT;
  describeDiagnostic(diag, &line);
  char *seen = first->seen.size ? strstr(first->seen.data, line.data) : NULL;
  bool repeat = seen && (seen == first->seen.data || seen[-1] == '\n');
  if (repeat)
    memset(seen, ' ', line.size - 1); /* met: a later repeat is new */
  tileStrBufFree(&line);
  return repeat ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* Whether the first op of `source` (after blank lines, comments, aliases
 * and attribute or type definitions) looks like a module: the source most
 * likely holds that one op, which the operation parser reads with its own
 * name in every location. */
static bool startsWithModule(MlirStringRef source) {
  const char *p = source.data, *end = source.data + source.length;
  while (p < end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
      ++p;
    if (p < end &&
        (*p == '#' || *p == '!' || (*p == '/' && p + 1 < end && p[1] == '/'))) {
      const char *eol = memchr(p, '\n', (size_t)(end - p));
      p = eol ? eol + 1 : end;
      continue;
    }
    break;
  }
  static const char *const names[] = {"module", "builtin.module",
                                      "\"builtin.module\""};
  for (size_t i = 0; i < 3; ++i) {
    size_t n = strlen(names[i]);
    if ((size_t)(end - p) >= n && memcmp(p, names[i], n) == 0 &&
        ((size_t)(end - p) == n ||
         !(isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '.')))
      return true;
  }
  return false;
}

/* The module parser (which names the source "-"), with the locations it
 * made renamed to `sourceName`. */
static MlirOperation parseWithModuleParser(MlirContext ctx,
                                           MlirStringRef source,
                                           MlirStringRef sourceName) {
  MlirModule module = mlirModuleCreateParse(ctx, source);
  if (mlirModuleIsNull(module))
    return (MlirOperation){NULL};
  MlirOperation op = mlirModuleGetOperation(module);
  mlirOperationWalk(op, renameLocations, &sourceName, MlirWalkPreOrder);
  return op;
}

/* What the checks below found, and how strict the dim check is. */
typedef struct {
  unsigned errors;
  /* Every index outside the rank (compiling), or only a negative one (any
   * input). */
  bool wholeRange;
} InputCheck;

/* Rejects memref.dim / tensor.dim with a constant negative index: upstream
 * folding patterns index out of bounds on it (canonicalize crashed, and
 * every target). An index past the rank is undefined behaviour that
 * upstream folds leave alone, so only compiling rejects it. */
static MlirWalkResult checkDim(MlirOperation op, InputCheck *check) {
  /* The IR may be unverified here (tile-opt verifies after these checks). */
  if ((!tileOpIs(op, "memref.dim") && !tileOpIs(op, "tensor.dim")) ||
      mlirOperationGetNumOperands(op) != 2)
    return MlirWalkResultAdvance;
  MlirType source = mlirValueGetType(mlirOperationGetOperand(op, 0));
  int64_t i;
  if (!mlirTypeIsAShaped(source) || !mlirShapedTypeHasRank(source) ||
      !tileConstantInt(mlirOperationGetOperand(op, 1), &i))
    return MlirWalkResultAdvance;
  int64_t rank = mlirShapedTypeGetRank(source);
  if (i < 0 || (check->wholeRange && i >= rank)) {
    tileEmitOpError(op,
                    "dimension index %lld is out of range for a rank-%lld "
                    "source",
                    (long long)i, (long long)rank);
    ++check->errors;
  }
  return MlirWalkResultAdvance;
}

/* Rejects, when compiling, a memref.load, memref.store or
 * memref.atomic_rmw whose constant index lies outside its memref: negative,
 * or at or past a static size. MLIR verifies neither (the access is
 * undefined behaviour where it runs), and the kernel read or wrote next to
 * the buffer without a word on every target. */
static MlirWalkResult checkAccess(MlirOperation op, InputCheck *check) {
  intptr_t memref;
  if (tileOpIs(op, "memref.load"))
    memref = 0;
  else if (tileOpIs(op, "memref.store") || tileOpIs(op, "memref.atomic_rmw"))
    memref = 1;
  else
    return MlirWalkResultAdvance;
  intptr_t n = mlirOperationGetNumOperands(op);
  if (!check->wholeRange || n <= memref)
    return MlirWalkResultAdvance;
  MlirType type = mlirValueGetType(mlirOperationGetOperand(op, memref));
  /* The IR may be unverified: one index per dimension or nothing here. */
  if (!mlirTypeIsAMemRef(type) || n - memref - 1 != mlirShapedTypeGetRank(type))
    return MlirWalkResultAdvance;
  for (intptr_t d = 0; d + memref + 1 < n; ++d) {
    int64_t i;
    MlirValue index = mlirOperationGetOperand(op, memref + 1 + d);
    /* The input is not verified yet: an index of another type is not read
     * (a wide integer would be truncated). */
    if (!mlirTypeIsAIndex(mlirValueGetType(index)) ||
        !tileConstantInt(index, &i))
      continue;
    bool dynamic = mlirShapedTypeIsDynamicDim(type, d);
    int64_t size = dynamic ? 0 : mlirShapedTypeGetDimSize(type, d);
    if (i >= 0 && (dynamic || i < size))
      continue;
    TileStrBuf name = TILE_STRBUF_INIT;
    if (dynamic)
      tileEmitOpError(op, "index %lld of dimension %lld of %s is negative",
                      (long long)i, (long long)d, tileTypeStr(&name, type));
    else
      tileEmitOpError(op,
                      "index %lld is out of bounds for dimension %lld of %s "
                      "(size %lld)",
                      (long long)i, (long long)d, tileTypeStr(&name, type),
                      (long long)size);
    tileStrBufFree(&name);
    ++check->errors;
    break;
  }
  return MlirWalkResultAdvance;
}

/* Rejects an llvm.mlir.global without an integer address space. MLIR 22's
 * parser sets addr_space to 0 when none is written, but drops a value of
 * another kind (`{addr_space}`, `{addr_space = "x"}`) without a word, as
 * does the generic form that leaves it out; the op's accessors then read
 * the missing integer (translation to LLVM IR crashed on every GPU
 * target). */
static MlirWalkResult checkGlobal(MlirOperation op, InputCheck *check) {
  if (!tileOpIs(op, "llvm.mlir.global"))
    return MlirWalkResultAdvance;
  MlirAttribute space = tileOpGetAttr(op, "addr_space");
  if (mlirAttributeIsNull(space) || !mlirAttributeIsAInteger(space)) {
    tileEmitOpError(op, "needs 'addr_space' to be an integer address space "
                        "(a value of another kind is dropped when parsed)");
    ++check->errors;
  }
  return MlirWalkResultAdvance;
}

/* Rejects amdgpu.dpp on a source that is no integer or float: MLIR 22's
 * verifier of the op reads the bit width of its source as that of one and
 * crashes on anything else (later MLIR reads a vector's element type). The
 * source-text check finds it before a verifying parse; this one finds it in
 * IR made any other way, before the compile driver's passes verify it. */
static MlirWalkResult checkDpp(MlirOperation op, InputCheck *check) {
  if (!tileOpIs(op, "amdgpu.dpp") || mlirOperationGetNumOperands(op) < 1)
    return MlirWalkResultAdvance;
  MlirType source = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (!mlirTypeIsAInteger(source) && !mlirTypeIsAFloat(source)) {
    tileEmitOpError(op, "needs an integer or float source (of at most 64 "
                        "bits): MLIR 22's verifier of the op crashes on any "
                        "other type");
    ++check->errors;
  }
  return MlirWalkResultAdvance;
}

/* Every check above, in one walk of the input. */
static MlirWalkResult checkParsedOp(MlirOperation op, void *userData) {
  checkDim(op, userData);
  checkAccess(op, userData);
  checkDpp(op, userData);
  return checkGlobal(op, userData);
}

static bool checkInput(MlirOperation op, bool wholeRange) {
  InputCheck check = {0, wholeRange};
  if (!mlirOperationIsNull(op))
    mlirOperationWalk(op, checkParsedOp, &check, MlirWalkPreOrder);
  return check.errors == 0;
}

bool tileCheckInputOps(MlirOperation op) { return checkInput(op, true); }

MlirOperation tileCheckParsedInput(MlirOperation op) {
  if (checkInput(op, false))
    return op;
  mlirOperationDestroy(op);
  return (MlirOperation){NULL};
}

static MlirOperation parseModule(MlirContext ctx, MlirStringRef source,
                                 MlirStringRef sourceName, bool guess) {
  if (!tileCheckSource(ctx, source, sourceName))
    return (MlirOperation){NULL};
  if (guess && !startsWithModule(source))
    return parseWithModuleParser(ctx, source, sourceName);
  FirstParse first = {false, TILE_STRBUF_INIT};
  MlirDiagnosticHandlerID quiet =
      mlirContextAttachDiagnosticHandler(ctx, noteFirstParse, &first, NULL);
  MlirOperation op = mlirOperationCreateParse(ctx, source, sourceName);
  mlirContextDetachDiagnosticHandler(ctx, quiet);
  if (!mlirOperationIsNull(op) && !tileOpIs(op, "builtin.module")) {
    /* The implicit module sits at line 0, column 0 of the source, as
     * mlir-opt places it. */
    MlirModule module = mlirModuleCreateEmpty(
        mlirLocationFileLineColGet(ctx, sourceName, 0, 0));
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(module), op);
    op = mlirModuleGetOperation(module);
  } else if (mlirOperationIsNull(op) && first.severalTopLevelOps) {
    /* Several top-level ops after all (a module and more): only the module
     * parser wraps them, as mlir-opt does. */
    quiet = mlirContextAttachDiagnosticHandler(ctx, quietRepeats, &first, NULL);
    op = parseWithModuleParser(ctx, source, sourceName);
    mlirContextDetachDiagnosticHandler(ctx, quiet);
  }
  tileStrBufFree(&first.seen);
  return op;
}

bool tileIsPublicSymbol(MlirOperation op) {
  MlirAttribute visibility = tileOpGetAttr(op, "sym_visibility");
  return mlirAttributeIsNull(visibility) ||
         (mlirAttributeIsAString(visibility) &&
          tileStrRefEquals(mlirStringAttrGetValue(visibility), "public"));
}

MlirOperation tileSymbolNamed(MlirOperation table, MlirStringRef name) {
  if (mlirOperationGetNumRegions(table) < 1)
    return (MlirOperation){NULL};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(table, 0));
  for (MlirOperation op = mlirBlockIsNull(body)
                              ? (MlirOperation){NULL}
                              : mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute sym = tileOpGetAttr(op, "sym_name");
    if (!mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym) &&
        mlirStringRefEqual(mlirStringAttrGetValue(sym), name))
      return op;
  }
  return (MlirOperation){NULL};
}

bool tileOpIs(MlirOperation op, const char *name) {
  return tileStrRefEquals(mlirIdentifierStr(mlirOperationGetName(op)), name);
}

bool tileOpIsAny(MlirOperation op, const char *const *names, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (tileOpIs(op, names[i]))
      return true;
  return false;
}

bool tileOpInDialect(MlirOperation op, const char *dialect) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(dialect);
  return name.length > n + 1 && strncmp(name.data, dialect, n) == 0 &&
         name.data[n] == '.';
}

bool tileOpIsTile(MlirOperation op) { return tileOpInDialect(op, "tile"); }

MlirAttribute tileOpGetAttr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, tileRef(name));
}

static void emitV(MlirLocation loc, const char *prefix, const char *fmt,
                  va_list args) {
  TileStrBuf buf = TILE_STRBUF_INIT;
  if (prefix)
    tileStrBufAppendStr(&buf, prefix);
  tileStrBufVPrintf(&buf, fmt, args);
  mlirEmitError(loc, tileStrBufGet(&buf));
  tileStrBufFree(&buf);
}

/* Where a report about `op` goes: its location, or where that is unknown
 * (the folder drops the location of a constant it moves to the start of
 * a region, and canonicalize runs before most checks), the location of
 * the first op that uses one of its results and has one. */
static MlirLocation reportedLocation(MlirOperation op) {
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirLocation unknown = mlirLocationUnknownGet(mlirOperationGetContext(op));
  if (!mlirLocationEqual(loc, unknown))
    return loc;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    for (MlirOpOperand use =
             mlirValueGetFirstUse(mlirOperationGetResult(op, i));
         !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
      MlirLocation at = mlirOperationGetLocation(mlirOpOperandGetOwner(use));
      if (!mlirLocationEqual(at, unknown))
        return at;
    }
  return loc;
}

void tileEmitOpError(MlirOperation op, const char *fmt, ...) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  TileStrBuf prefix = TILE_STRBUF_INIT;
  tileStrBufPrintf(&prefix, "'%.*s' op ", (int)name.length, name.data);
  va_list args;
  va_start(args, fmt);
  emitV(reportedLocation(op), prefix.data, fmt, args);
  va_end(args);
  tileStrBufFree(&prefix);
}

void tileEmitErrorAt(MlirLocation loc, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emitV(loc, NULL, fmt, args);
  va_end(args);
}

static void emitAtSite(MlirStringRef message, void *userData) {
  const TileOpErrorSite *site = userData;
  MlirLocation loc = reportedLocation(site->op);
  if (site->prefix)
    tileEmitErrorAt(loc, "%s: %.*s", site->prefix, (int)message.length,
                    message.data);
  else
    tileEmitErrorAt(loc, "%.*s", (int)message.length, message.data);
}

TileErrorSink tileOpErrorSink(const TileOpErrorSite *site) {
  return (TileErrorSink){emitAtSite, (void *)site};
}

void tileAppendType(TileStrBuf *buf, MlirType type) {
  mlirTypePrint(type, tileStrBufCallback, buf);
}

void tileAppendAttr(TileStrBuf *buf, MlirAttribute attr) {
  mlirAttributePrint(attr, tileStrBufCallback, buf);
}

const char *tileTypeStr(TileStrBuf *buf, MlirType type) {
  tileStrBufClear(buf);
  tileAppendType(buf, type);
  return tileStrBufGet(buf);
}

const char *tileOpAt(TileStrBuf *buf, MlirOperation op) {
  tileStrBufClear(buf);
  tileStrBufPrintf(buf, "'");
  tileStrBufAppendRef(buf, mlirIdentifierStr(mlirOperationGetName(op)));
  tileStrBufPrintf(buf, "'");
  MlirStringRef file;
  unsigned line, column;
  if (tileLocationGetFilePosition(mlirOperationGetLocation(op), &file, &line,
                                  &column))
    tileStrBufPrintf(buf, " at line %u, column %u", line, column);
  return buf->data;
}

int64_t tileRank(MlirType shaped) { return mlirShapedTypeGetRank(shaped); }

int64_t tileDim(MlirType shaped, int64_t i) {
  return mlirShapedTypeGetDimSize(shaped, i);
}

bool tileIsDynamicDim(MlirType shaped, int64_t i) {
  return mlirShapedTypeIsDynamicDim(shaped, i);
}

MlirType tileElementType(MlirType shaped) {
  return mlirShapedTypeGetElementType(shaped);
}

static MlirType elementOf(MlirType type) {
  return mlirTypeIsAShaped(type) ? mlirShapedTypeGetElementType(type) : type;
}

MlirType tileFindElementType(MlirOperation op, bool (*matches)(MlirType),
                             char *what, size_t size) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = elementOf(mlirValueGetType(mlirOperationGetResult(op, i)));
    if (matches(t)) {
      snprintf(what, size, "result #%d", (int)i);
      return t;
    }
  }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = elementOf(mlirValueGetType(mlirOperationGetOperand(op, i)));
    if (matches(t)) {
      snprintf(what, size, "operand #%d", (int)i);
      return t;
    }
  }
  return (MlirType){NULL};
}

MlirType tileFindValueType(MlirOperation op, bool (*matches)(MlirType)) {
  intptr_t operands = mlirOperationGetNumOperands(op);
  intptr_t results = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < operands + results; ++i) {
    MlirType t = mlirValueGetType(
        i < operands ? mlirOperationGetOperand(op, i)
                     : mlirOperationGetResult(op, i - operands));
    if (matches(t))
      return t;
  }
  return (MlirType){NULL};
}

bool tileHasIdentityLayout(MlirType memref) {
  return mlirAttributeIsNull(mlirMemRefTypeGetLayout(memref)) ||
         mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(memref));
}

intptr_t tileOperandGroup(MlirOperation op, int group, intptr_t *first) {
  MlirAttribute sizes = tileOpGetAttr(op, "operandSegmentSizes");
  *first = 0;
  if (mlirAttributeIsNull(sizes) || !mlirAttributeIsADenseI32Array(sizes) ||
      group >= mlirDenseArrayGetNumElements(sizes))
    return 0;
  for (int i = 0; i < group; ++i)
    *first += mlirDenseI32ArrayGetElement(sizes, i);
  return mlirDenseI32ArrayGetElement(sizes, group);
}

bool tileOpHasBody(MlirOperation op) {
  return mlirOperationGetNumRegions(op) > 0 &&
         !mlirBlockIsNull(
             mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

/* The function type of `func`, or a null type. */
static MlirType functionTypeOf(MlirOperation func) {
  MlirAttribute attr = tileOpGetAttr(func, "function_type");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAType(attr) ||
      !mlirTypeIsAFunction(mlirTypeAttrGetValue(attr)))
    return (MlirType){NULL};
  return mlirTypeAttrGetValue(attr);
}

intptr_t tileSignatureSize(MlirOperation func) {
  MlirType type = functionTypeOf(func);
  return mlirTypeIsNull(type) ? 0
                              : mlirFunctionTypeGetNumInputs(type) +
                                    mlirFunctionTypeGetNumResults(type);
}

MlirType tileSignatureType(MlirOperation func, intptr_t index, char *what,
                           size_t size) {
  MlirType type = functionTypeOf(func);
  intptr_t inputs = mlirFunctionTypeGetNumInputs(type);
  bool isInput = index < inputs;
  snprintf(what, size, "%s #%d", isInput ? "argument" : "result",
           (int)(isInput ? index : index - inputs));
  return isInput ? mlirFunctionTypeGetInput(type, index)
                 : mlirFunctionTypeGetResult(type, index - inputs);
}

bool tileIsKernelLoop(MlirOperation op) {
  if (!tileOpIs(op, "scf.forall"))
    return false;
  MlirAttribute mapping = tileOpGetAttr(op, "mapping");
  if (mlirAttributeIsNull(mapping) || !mlirAttributeIsAArray(mapping) ||
      mlirArrayAttrGetNumElements(mapping) == 0)
    return false;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendAttr(&text, mlirArrayAttrGetElement(mapping, 0));
  bool isBlock = strncmp(tileStrBufGet(&text), "#gpu.block<", 11) == 0;
  tileStrBufFree(&text);
  return isBlock;
}

MlirOperation tileEnclosingKernel(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (tileIsKernelLoop(p))
      return p;
  return (MlirOperation){NULL};
}

bool tileIsThreadLoop(MlirOperation op) {
  return (tileOpIs(op, "scf.forall") && !tileIsKernelLoop(op)) ||
         tileOpIs(op, "scf.parallel");
}

MlirOperation tileEnclosingThreadLoop(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p) && !tileIsKernelLoop(p);
       p = mlirOperationGetParentOperation(p))
    if (tileIsThreadLoop(p))
      return p;
  return (MlirOperation){NULL};
}

MlirOperation tileEnclosingFunc(MlirOperation op) {
  while (!mlirOperationIsNull(op) && !tileOpIs(op, "func.func"))
    op = mlirOperationGetParentOperation(op);
  return op;
}

bool tileOpIsCall(MlirOperation op) {
  return tileOpIs(op, "func.call") || tileOpIs(op, "func.call_indirect");
}

intptr_t tileCallFirstArg(MlirOperation call) {
  return tileOpIs(call, "func.call_indirect") ? 1 : 0;
}

MlirAttribute tileCalleeSymbol(MlirOperation call) {
  MlirAttribute callee = {NULL};
  if (tileOpIs(call, "func.call_indirect")) {
    MlirValue f = mlirOperationGetNumOperands(call) > 0
                      ? mlirOperationGetOperand(call, 0)
                      : (MlirValue){NULL};
    if (!mlirValueIsNull(f) && mlirValueIsAOpResult(f) &&
        tileOpIs(mlirOpResultGetOwner(f), "func.constant"))
      callee = tileOpGetAttr(mlirOpResultGetOwner(f), "value");
  } else if (tileOpIs(call, "func.call")) {
    callee = tileOpGetAttr(call, "callee");
  }
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return (MlirAttribute){NULL};
  return callee;
}

MlirOperation tileCalleeOf(MlirOperation call) {
  MlirAttribute callee = tileCalleeSymbol(call);
  if (mlirAttributeIsNull(callee))
    return (MlirOperation){NULL};
  MlirOperation table = mlirOperationGetParentOperation(call);
  while (!mlirOperationIsNull(table) && !tileOpIs(table, "builtin.module") &&
         !tileOpIs(table, "gpu.module"))
    table = mlirOperationGetParentOperation(table);
  if (mlirOperationIsNull(table))
    return table;
  return tileSymbolNamed(table, mlirFlatSymbolRefAttrGetValue(callee));
}

/* Every location under `op` as called from the location `userData`. */
static MlirWalkResult callFrom(MlirOperation op, void *userData) {
  MlirLocation caller = *(MlirLocation *)userData;
  mlirOperationSetLocation(
      op, mlirLocationCallSiteGet(mlirOperationGetLocation(op), caller));
  return MlirWalkResultAdvance;
}

MlirOperation tileCloneCalleeFor(MlirOperation call, MlirOperation callee) {
  MlirOperation copy = mlirOperationClone(callee);
  MlirLocation loc = mlirOperationGetLocation(call);
  mlirOperationWalk(copy, callFrom, &loc, MlirWalkPostOrder);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(copy, 0));
  intptr_t first = tileCallFirstArg(call);
  for (intptr_t i = mlirBlockGetNumArguments(entry); i-- > 0;) {
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(entry, i),
                                  mlirOperationGetOperand(call, first + i));
    mlirBlockEraseArgument(entry, (unsigned)i);
  }
  return copy;
}

bool tileOpIsInside(MlirOperation op, MlirOperation ancestor) {
  for (MlirOperation p = op; !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p))
    if (mlirOperationEqual(p, ancestor))
      return true;
  return false;
}

bool tileValueIsInside(MlirValue v, MlirOperation ancestor) {
  MlirOperation def =
      mlirValueIsAOpResult(v)
          ? mlirOpResultGetOwner(v)
          : mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  return tileOpIsInside(def, ancestor);
}

bool tileGetBoolAttr(MlirOperation op, const char *name, bool fallback,
                     bool *ok) {
  MlirAttribute attr = tileOpGetAttr(op, name);
  *ok = true;
  if (mlirAttributeIsNull(attr))
    return fallback;
  if (mlirAttributeIsABool(attr))
    return mlirBoolAttrGetValue(attr);
  *ok = false;
  return fallback;
}

bool tileConstantInt(MlirValue v, int64_t *value) {
  if (!mlirValueIsAOpResult(v) ||
      !tileOpIs(mlirOpResultGetOwner(v), "arith.constant"))
    return false;
  MlirAttribute attr = tileOpGetAttr(mlirOpResultGetOwner(v), "value");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAInteger(attr))
    return false;
  *value = mlirIntegerAttrGetValueInt(attr);
  return true;
}

bool tileTransferOf(MlirOperation op, TileTransfer *t) {
  t->read = tileOpIs(op, "vector.transfer_read");
  if (!t->read && !tileOpIs(op, "vector.transfer_write"))
    return false;
  t->memrefAt = t->read ? 0 : 1;
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n <= t->memrefAt)
    return false;
  t->memref = mlirOperationGetOperand(op, t->memrefAt);
  if (!mlirTypeIsAMemRef(mlirValueGetType(t->memref)))
    return false;
  t->rank = mlirShapedTypeGetRank(mlirValueGetType(t->memref));
  intptr_t withoutMask = t->memrefAt + 1 + t->rank + (t->read ? 1 : 0);
  if (n != withoutMask && n != withoutMask + 1)
    return false;
  t->padding = t->read ? mlirOperationGetOperand(op, t->memrefAt + 1 + t->rank)
                       : (MlirValue){NULL};
  t->value = t->read ? (MlirValue){NULL} : mlirOperationGetOperand(op, 0);
  t->mask =
      n > withoutMask ? mlirOperationGetOperand(op, n - 1) : (MlirValue){NULL};
  t->vector =
      mlirValueGetType(t->read ? mlirOperationGetResult(op, 0) : t->value);
  return true;
}

bool tileTransferInBounds(MlirOperation op) {
  MlirAttribute inBounds = tileOpGetAttr(op, "in_bounds");
  if (mlirAttributeIsNull(inBounds) || !mlirAttributeIsAArray(inBounds))
    return false;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(inBounds); ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(inBounds, i);
    if (!mlirAttributeIsABool(entry) || !mlirBoolAttrGetValue(entry))
      return false;
  }
  return true;
}

int64_t tileGetIntAttr(MlirOperation op, const char *name, int64_t fallback) {
  MlirAttribute attr = tileOpGetAttr(op, name);
  return !mlirAttributeIsNull(attr) && mlirAttributeIsAInteger(attr)
             ? mlirIntegerAttrGetValueInt(attr)
             : fallback;
}

const char *tileAtomicKindName(MlirOperation op) {
  static const char *const kinds[] = {"addf",     "addi",    "andi", "assign",
                                      "maximumf", "maxnumf", "maxs", "maxu",
                                      "minimumf", "minnumf", "mins", "minu",
                                      "mulf",     "muli",    "ori",  "xori"};
  if (!tileOpIs(op, "memref.atomic_rmw"))
    return NULL;
  int64_t kind = tileGetIntAttr(op, "kind", -1);
  return kind >= 0 && kind < (int64_t)TILE_COUNT(kinds) ? kinds[kind] : NULL;
}

bool tileOpComputes(MlirOperation op) {
  static const char *const moves[] = {
      "arith.bitcast",    "arith.constant", "arith.select", "complex.bitcast",
      "complex.constant", "complex.create", "complex.im",   "complex.re"};
  static const char *const vectorMath[] = {
      "vector.contract",     "vector.fma",       "vector.multi_reduction",
      "vector.outerproduct", "vector.reduction", "vector.scan"};
  for (size_t i = 0; i < TILE_COUNT(vectorMath); ++i)
    if (tileOpIs(op, vectorMath[i]))
      return true;
  if (!tileOpInDialect(op, "arith") && !tileOpInDialect(op, "math") &&
      !tileOpInDialect(op, "complex"))
    return false;
  for (size_t i = 0; i < TILE_COUNT(moves); ++i)
    if (tileOpIs(op, moves[i]))
      return false;
  return true;
}

void tileOpListAppend(TileOpList *list, MlirOperation op) {
  if (list->count == list->capacity) {
    size_t capacity = list->capacity ? 2 * list->capacity : 16;
    list->ops = tileReallocArray(list->ops, capacity, sizeof(MlirOperation));
    list->capacity = capacity;
  }
  list->ops[list->count++] = op;
}

bool tileOpListContains(const TileOpList *list, MlirOperation op) {
  for (size_t i = 0; i < list->count; ++i)
    if (mlirOperationEqual(list->ops[i], op))
      return true;
  return false;
}

void tileOpListFree(TileOpList *list) {
  free(list->ops);
  *list = (TileOpList){0};
}

typedef struct {
  const char *const *names;
  size_t count;
  TileOpList *list;
} Collector;

static MlirWalkResult collectNamed(MlirOperation op, void *userData) {
  Collector *c = userData;
  if (tileOpIsAny(op, c->names, c->count))
    tileOpListAppend(c->list, op);
  return MlirWalkResultAdvance;
}

void tileCollectOps(MlirOperation root, const char *name, TileOpList *list) {
  tileCollectOpsOf(root, &name, 1, list);
}

void tileCollectOpsOf(MlirOperation root, const char *const *names,
                      size_t count, TileOpList *list) {
  Collector c = {names, count, list};
  mlirOperationWalk(root, collectNamed, &c, MlirWalkPreOrder);
}

typedef struct {
  const char *const *names;
  size_t count;
  MlirOperation found;
} FirstOp;

static MlirWalkResult findFirst(MlirOperation op, void *userData) {
  FirstOp *f = userData;
  if (!tileOpIsAny(op, f->names, f->count))
    return MlirWalkResultAdvance;
  f->found = op;
  return MlirWalkResultInterrupt;
}

MlirOperation tileFirstOpOf(MlirOperation root, const char *const *names,
                            size_t count) {
  FirstOp f = {names, count, {NULL}};
  mlirOperationWalk(root, findFirst, &f, MlirWalkPreOrder);
  return f.found;
}

MlirOperation tileFirstOp(MlirOperation root, const char *name) {
  return tileFirstOpOf(root, &name, 1);
}

static MlirWalkResult collectKernel(MlirOperation op, void *userData) {
  if (!tileIsKernelLoop(op))
    return MlirWalkResultAdvance;
  tileOpListAppend(userData, op);
  return MlirWalkResultSkip;
}

intptr_t tileLoopRank(MlirOperation loop) {
  MlirAttribute ubs = tileOpGetAttr(loop, "staticUpperBound");
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  return !mlirAttributeIsNull(ubs) ? mlirDenseArrayGetNumElements(ubs)
         : mlirBlockIsNull(body)   ? 0
                                   : mlirBlockGetNumArguments(body);
}

bool tileLoopRankFits(MlirOperation loop, intptr_t most) {
  intptr_t rank = tileLoopRank(loop);
  if (rank <= most)
    return true;
  tileEmitOpError(loop,
                  "has %lld induction variables; its lowering supports at "
                  "most %lld",
                  (long long)rank, (long long)most);
  return false;
}

int64_t tileKernelThreads(MlirOperation kernel) {
  MlirAttribute attr = tileOpGetAttr(kernel, "tile.threads");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAInteger(attr))
    return 0;
  int64_t threads = mlirIntegerAttrGetValueInt(attr);
  return threads < 1 ? 0 : threads;
}

const char *tileKernelThreadsProblem(MlirOperation kernel, int64_t most) {
  if (mlirAttributeIsNull(tileOpGetAttr(kernel, "tile.threads")))
    return "kernel loop needs a tile.threads attribute (threads per block)";
  int64_t threads = tileKernelThreads(kernel);
  if (threads == 0 || threads > most)
    return "tile.threads must be an integer in [1, 1024]";
  return NULL;
}

unsigned tileForEachKernel(MlirOperation root,
                           unsigned (*fn)(MlirOperation kernel, void *userData),
                           void *userData) {
  TileOpList list = {0};
  mlirOperationWalk(root, collectKernel, &list, MlirWalkPreOrder);
  unsigned errors = 0;
  for (size_t i = 0; i < list.count; ++i) {
    MlirOperation kernel = list.ops[i];
    const char *problem = tileKernelThreadsProblem(kernel, INT64_MAX);
    if (!problem) {
      errors += fn(kernel, userData);
      continue;
    }
    tileEmitOpError(kernel, "%s", problem);
    ++errors;
  }
  tileOpListFree(&list);
  return errors;
}

void tileInlineLoopBody(MlirOperation loop, MlirOperation dest,
                        const MlirValue *ivs) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, i), ivs[i]);
  MlirOperation terminator = mlirBlockGetTerminator(body);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op) && !mlirOperationEqual(op, terminator);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, dest);
    op = next;
  }
}

/* A copy of `source` followed by a NUL: MLIR's lexer reads up to one after
 * the text, and a reference that ends anywhere else (a slice, a fuzzer's
 * buffer) would be read past its end. Bytecode is copied to an address of
 * the largest alignment its sections ask for (resource blobs: 64 bytes and
 * more), which the reader requires of the buffer itself. Free with free(). */
static char *copyForParse(MlirStringRef source) {
  size_t alignment = tileBytecodeAlignment(source);
  if (alignment < 16 || alignment > TILE_MAX_BYTECODE_ALIGNMENT)
    alignment = 16;
  char *copy = tileMallocAligned(alignment, source.length + 1);
  if (source.length)
    memcpy(copy, source.data, source.length);
  copy[source.length] = '\0';
  return copy;
}

static MlirOperation parseCopy(MlirContext ctx, MlirStringRef source,
                               MlirStringRef sourceName, bool guess) {
  TileErrorWatch watch;
  tileErrorWatchBegin(&watch, ctx);
  char *text = copyForParse(source);
  MlirOperation op = tileCheckParsedInput(parseModule(
      ctx, mlirStringRefCreate(text, source.length), sourceName, guess));
  free(text);
  if (!tileErrorWatchEnd(&watch) && mlirOperationIsNull(op))
    tileReportSilentParseFailure(ctx, source, sourceName);
  return op;
}

MlirOperation tileParseOperation(MlirContext ctx, MlirStringRef source,
                                 MlirStringRef sourceName) {
  if (!tileCheckSource(ctx, source, sourceName))
    return (MlirOperation){NULL};
  TileErrorWatch watch;
  tileErrorWatchBegin(&watch, ctx);
  char *text = copyForParse(source);
  MlirOperation op = tileCheckParsedInput(mlirOperationCreateParse(
      ctx, mlirStringRefCreate(text, source.length), sourceName));
  free(text);
  if (!tileErrorWatchEnd(&watch) && mlirOperationIsNull(op))
    tileReportSilentParseFailure(ctx, source, sourceName);
  return op;
}

MlirOperation tileParseModule(MlirContext ctx, MlirStringRef source,
                              MlirStringRef sourceName) {
  return parseCopy(ctx, source, sourceName, false);
}

MlirOperation tileParseInput(MlirContext ctx, MlirStringRef source,
                             MlirStringRef sourceName) {
  return parseCopy(ctx, source, sourceName, true);
}

MlirOperation tileModuleCreateParse(MlirContext ctx, MlirStringRef source,
                                    MlirStringRef sourceName) {
  return tileParseModule(ctx, source, sourceName);
}

static int64_t gcd64(int64_t a, int64_t b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* A divisor of v known from how it is computed; 0 stands for "any" (v is
 * 0). Bounded by `depth` so that long chains cost nothing. */
static int64_t knownDivisor(MlirValue v, int depth) {
  if (depth > 16)
    return 1;
  if (mlirValueIsABlockArgument(v)) {
    /* The induction variable of scf.for: lb + i * step. */
    MlirOperation owner =
        mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
    if (!mlirOperationIsNull(owner) && tileOpIs(owner, "scf.for") &&
        mlirBlockArgumentGetArgNumber(v) == 0)
      return gcd64(knownDivisor(mlirOperationGetOperand(owner, 0), depth + 1),
                   knownDivisor(mlirOperationGetOperand(owner, 2), depth + 1));
    return 1;
  }
  MlirOperation op = mlirOpResultGetOwner(v);
  if (tileOpIs(op, "arith.constant")) {
    MlirAttribute value = tileOpGetAttr(op, "value");
    if (!mlirAttributeIsAInteger(value))
      return 1;
    int64_t c = mlirIntegerAttrGetValueInt(value);
    return c == INT64_MIN ? 1 : (c < 0 ? -c : c);
  }
  if (tileOpIs(op, "arith.muli")) {
    int64_t a = knownDivisor(mlirOperationGetOperand(op, 0), depth + 1);
    int64_t b = knownDivisor(mlirOperationGetOperand(op, 1), depth + 1);
    if (a == 0 || b == 0)
      return 0;
    /* Saturate: a product of known divisors past 2^31 says nothing new. */
    return a > (1 << 30) / b ? gcd64(a, 1 << 30) : a * b;
  }
  if (tileOpIs(op, "arith.addi") || tileOpIs(op, "arith.subi"))
    return gcd64(knownDivisor(mlirOperationGetOperand(op, 0), depth + 1),
                 knownDivisor(mlirOperationGetOperand(op, 1), depth + 1));
  if (tileOpIs(op, "arith.index_cast") || tileOpIs(op, "arith.extsi") ||
      tileOpIs(op, "arith.extui") || tileOpIs(op, "arith.index_castui"))
    return knownDivisor(mlirOperationGetOperand(op, 0), depth + 1);
  return 1;
}

bool tileIsKnownMultiple(MlirValue v, int64_t m) {
  int64_t d = knownDivisor(v, 0);
  return d == 0 || d % m == 0;
}
