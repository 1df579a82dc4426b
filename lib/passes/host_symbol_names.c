/* tile-host-symbol-names and tile-host-c-wrappers: host code links with the
 * C library. A function of the input named like one of its functions
 * (`@exp`, `@expf`, `@malloc`) became a definition of that symbol: the
 * code LLVM generates for math.exp calls `expf`, which then ran the
 * input's function (a SIGSEGV in a reference loop that called exp); the
 * memref lowering declares `malloc`, which it named `malloc_0` beside the
 * input's @malloc, a symbol nothing defines; and an ahead-of-time object
 * exported `exp` to every program it was linked into.
 *
 * tile-host-symbol-names renames such a function, and its calls, to
 * `<name>.tile` (with a number after it should that be taken too), and
 * keeps its name in `tile.c_name`, which names its entry point
 * (backend/compile.c). tile-host-c-wrappers, after convert-func-to-llvm,
 * gives its C interface wrapper the name callers look up,
 * `_mlir_ciface_<name>` (the JIT's packed calls and ahead-of-time
 * headers), and drops the attribute there. The names are C's and
 * POSIX's math, memory, string and process functions, with their `f`, `l`
 * and `f128` forms, and every name that starts with `__` (the compiler
 * runtime's, such as `__truncsfbf2`) or `_mlir_` (MLIR's runtime and the
 * execution engine's wrappers). */
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"
#include "support/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

/* Math functions, each also with the suffixes below. */
static const char *const MathNames[] = {
    "acos",      "acosh",      "asin",    "asinh",     "atan",   "atan2",
    "atanh",     "cbrt",       "ceil",    "copysign",  "cos",    "cosh",
    "erf",       "erfc",       "exp",     "exp10",     "exp2",   "expm1",
    "fabs",      "fdim",       "floor",   "fma",       "fmax",   "fmin",
    "fmod",      "frexp",      "hypot",   "ilogb",     "ldexp",  "lgamma",
    "llrint",    "llround",    "log",     "log10",     "log1p",  "log2",
    "logb",      "lrint",      "lround",  "modf",      "nan",    "nearbyint",
    "nextafter", "nexttoward", "pow",     "remainder", "remquo", "rint",
    "round",     "roundeven",  "scalbln", "scalbn",    "sin",    "sincos",
    "sinh",      "sqrt",       "tan",     "tanh",      "tgamma", "trunc",
};
static const char *const MathSuffixes[] = {"", "f", "l", "f128"};

/* Memory, string, process and output functions that generated code or
 * LLVM's lowering of intrinsics call. */
static const char *const LibraryNames[] = {
    "abort",   "aligned_alloc",  "bcmp",   "calloc",  "exit",
    "free",    "malloc",         "memcmp", "memcpy",  "memmove",
    "memset",  "posix_memalign", "printf", "putchar", "puts",
    "realloc", "memrefCopy",
};

static const char *const ReservedPrefixes[] = {"__", "_mlir_"};

/* `name` is `prefix` or starts with it. */
static bool startsWith(MlirStringRef name, const char *prefix) {
  return tileStrRefEquals(name, prefix) || tileStrRefHasPrefix(name, prefix);
}

static bool isLibraryName(MlirStringRef name) {
  for (size_t i = 0; i < TILE_COUNT(ReservedPrefixes); ++i)
    if (startsWith(name, ReservedPrefixes[i]))
      return true;
  for (size_t i = 0; i < TILE_COUNT(LibraryNames); ++i)
    if (tileStrRefEquals(name, LibraryNames[i]))
      return true;
  for (size_t i = 0; i < TILE_COUNT(MathNames); ++i) {
    if (!startsWith(name, MathNames[i]))
      continue;
    size_t n = strlen(MathNames[i]);
    MlirStringRef suffix = {name.data + n, name.length - n};
    for (size_t s = 0; s < TILE_COUNT(MathSuffixes); ++s)
      if (tileStrRefEquals(suffix, MathSuffixes[s]))
        return true;
  }
  return false;
}

/*===--- tile-host-symbol-names -------------------------------------------===*/

static void renameFunction(MlirOperation module, MlirOperation func,
                           MlirStringRef name) {
  MlirContext ctx = mlirOperationGetContext(func);
  TileStrBuf fresh = TILE_STRBUF_INIT;
  for (unsigned n = 0;; ++n) {
    tileStrBufClear(&fresh);
    tileStrBufAppendRef(&fresh, name);
    tileStrBufAppendStr(&fresh, ".tile");
    if (n)
      tileStrBufPrintf(&fresh, ".%u", n);
    if (mlirOperationIsNull(tileSymbolNamed(module, tileRef(fresh.data))))
      break;
  }
  MlirStringRef freshRef = mlirStringRefCreateFromCString(fresh.data);
  /* The original name, kept for the wrapper (copied: the attribute that
   * holds it is replaced below). */
  MlirAttribute original = mlirStringAttrGet(ctx, name);
  (void)mlirSymbolTableReplaceAllSymbolUses(name, freshRef, module);
  mlirOperationSetAttributeByName(func, mlirSymbolTableGetSymbolAttributeName(),
                                  mlirStringAttrGet(ctx, freshRef));
  mlirOperationSetAttributeByName(func, tileRef("tile.c_name"), original);
  tileStrBufFree(&fresh);
}

static void runRename(MlirOperation module, MlirExternalPass pass,
                      const TileOptionValue *options) {
  (void)pass;
  (void)options;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  TileOpList funcs = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute name = tileOpGetAttr(op, "sym_name");
    if (tileOpIs(op, "func.func") && tileOpHasBody(op) &&
        !mlirAttributeIsNull(name) && mlirAttributeIsAString(name) &&
        isLibraryName(mlirStringAttrGetValue(name)))
      tileOpListAppend(&funcs, op);
  }
  for (size_t i = 0; i < funcs.count; ++i) {
    MlirOperation func = funcs.ops[i];
    /* The name's bytes live in the context, not in the attribute that is
     * about to be replaced. */
    MlirStringRef name =
        mlirStringAttrGetValue(tileOpGetAttr(func, "sym_name"));
    renameFunction(module, func, name);
  }
  tileOpListFree(&funcs);
}

const TilePassDescriptor tileHostSymbolNamesPass = {
    .argument = "tile-host-symbol-names",
    .name = "TileHostSymbolNames",
    .summary = "Rename the functions named like C library functions "
               "(@exp, @malloc, names starting with __) to <name>.tile, "
               "which host code does not link against",
    .anchor = "builtin.module",
    .run = runRename,
};

/*===--- tile-host-c-wrappers ---------------------------------------------===*/

static void runWrappers(MlirOperation module, MlirExternalPass pass,
                        const TileOptionValue *options) {
  (void)pass;
  (void)options;
  static const char Prefix[] = "_mlir_ciface_";
  MlirContext ctx = mlirOperationGetContext(module);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute original = tileOpGetAttr(op, "tile.c_name");
    if (mlirAttributeIsNull(original))
      continue;
    MlirAttribute name = tileOpGetAttr(op, "sym_name");
    if (!mlirAttributeIsAString(original) || mlirAttributeIsNull(name) ||
        !mlirAttributeIsAString(name))
      continue;
    MlirStringRef text = mlirStringAttrGetValue(name);
    if (!tileStrRefHasPrefix(text, Prefix))
      continue; /* the function itself keeps it, for its entry's name */
    TileStrBuf wrapper = TILE_STRBUF_INIT;
    tileStrBufAppendStr(&wrapper, Prefix);
    tileStrBufAppendRef(&wrapper, mlirStringAttrGetValue(original));
    mlirOperationSetAttributeByName(
        op, mlirSymbolTableGetSymbolAttributeName(),
        mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(wrapper.data)));
    tileStrBufFree(&wrapper);
    mlirOperationRemoveAttributeByName(op, tileRef("tile.c_name"));
  }
}

const TilePassDescriptor tileHostCWrappersPass = {
    .argument = "tile-host-c-wrappers",
    .name = "TileHostCWrappers",
    .summary = "Give the C interface wrapper of each function that "
               "tile-host-symbol-names renamed its original name "
               "(_mlir_ciface_<name>)",
    .anchor = "builtin.module",
    .run = runWrappers,
};
