/* The external symbols a host module needs from the process it is JIT-
 * compiled into: checked before the ExecutionEngine links the module, which
 * would otherwise only print LLVM's "Symbols not found" line to stderr and
 * leave the entries without an address. */
#include "runtime/runtime.h"
#include "support/alloc.h"
#include "support/count.h"

#include "ir/ir.h"
#include "support/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  TileOpList decls;
  bool *used;
} Declarations;

static bool isDeclaration(MlirOperation op) {
  MlirIdentifier name = mlirOperationGetName(op);
  MlirStringRef s = mlirIdentifierStr(name);
  bool isFunc = tileStrRefEquals(s, "llvm.func");
  bool isGlobal = tileStrRefEquals(s, "llvm.mlir.global");
  if (!isFunc && !isGlobal)
    return false;
  bool empty =
      mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
  if (isGlobal)
    empty = empty && mlirAttributeIsNull(
                         mlirOperationGetAttributeByName(op, tileRef("value")));
  return empty;
}

static MlirStringRef symbolName(MlirOperation op) {
  return mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(op, tileRef("sym_name")));
}

static void markUse(Declarations *d, MlirAttribute attr) {
  if (!mlirAttributeIsAFlatSymbolRef(attr))
    return;
  MlirStringRef ref = mlirFlatSymbolRefAttrGetValue(attr);
  for (size_t i = 0; i < d->decls.count; ++i)
    if (mlirStringRefEqual(ref, symbolName(d->decls.ops[i])))
      d->used[i] = true;
}

static MlirWalkResult markUses(MlirOperation op, void *userData) {
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i)
    markUse(userData, mlirOperationGetAttribute(op, i).attribute);
  return MlirWalkResultAdvance;
}

static bool resolvable(const char *name, void *library) {
  if (dlsym(RTLD_DEFAULT, name))
    return true;
  return library && dlsym(library, name);
}

/* Appends the used declarations of `module` that neither the process nor
 * `library` defines to `missing` ("'a', 'b'"); returns how many. */
static size_t findMissing(MlirOperation module, void *library,
                          TileStrBuf *missing) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  Declarations d = {{0}, NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (isDeclaration(op))
      tileOpListAppend(&d.decls, op);
  d.used = tileCallocArray(d.decls.count, sizeof(bool));
  mlirOperationWalk(module, markUses, &d, MlirWalkPreOrder);
  size_t numMissing = 0;
  TileStrBuf name = TILE_STRBUF_INIT;
  for (size_t i = 0; i < d.decls.count; ++i) {
    if (!d.used[i])
      continue;
    tileStrBufClear(&name);
    tileStrBufAppendRef(&name, symbolName(d.decls.ops[i]));
    if (resolvable(tileStrBufGet(&name), library))
      continue;
    tileStrBufPrintf(missing, "%s'%s'", numMissing ? ", " : "",
                     tileStrBufGet(&name));
    ++numMissing;
  }
  tileStrBufFree(&name);
  free(d.used);
  tileOpListFree(&d.decls);
  return numMissing;
}

bool tileJitCheckSymbols(MlirOperation module, const char *libraryPath,
                         TileErrorSink errors) {
  void *library =
      libraryPath ? dlopen(libraryPath, RTLD_NOW | RTLD_LOCAL) : NULL;
  TileStrBuf missing = TILE_STRBUF_INIT;
  size_t n = findMissing(module, library, &missing);
  if (n)
    tileReport(errors,
               "the JIT cannot resolve %s %s: neither this process "
               "nor %s defines %s",
               n == 1 ? "symbol" : "symbols", tileStrBufGet(&missing),
               libraryPath ? libraryPath : "a runtime library",
               n == 1 ? "it" : "them");
  tileStrBufFree(&missing);
  if (library)
    dlclose(library);
  return n == 0;
}

/* The f16 conversions LLVM's code generator calls on chips without F16C
 * (x86-64 before x86-64-v3), which libgcc_s defines since GCC 12. A process
 * that does not load libgcc_s into its global scope (python, which loads
 * this library with RTLD_LOCAL) left them unresolved: "Symbols not found:
 * [ __extendhfsf2 ]". */
void tileJitBindLibgcc(MlirExecutionEngine engine) {
  static const char *const names[] = {"__extendhfsf2", "__truncsfhf2"};
  void *libgcc = dlopen("libgcc_s.so.1", RTLD_LAZY | RTLD_NOLOAD);
  if (!libgcc)
    libgcc = dlopen("libgcc_s.so.1", RTLD_LAZY);
  if (!libgcc)
    return;
  for (size_t i = 0; i < TILE_COUNT(names); ++i) {
    void *address = dlsym(libgcc, names[i]);
    if (address)
      mlirExecutionEngineRegisterSymbol(
          engine, mlirStringRefCreateFromCString(names[i]), address);
  }
  /* Left open: the engine's code keeps the addresses. */
}
