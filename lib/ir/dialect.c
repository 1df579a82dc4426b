/* Loads the tile dialect (embedded IRDL) and the upstream dialects it uses. */
#include "tile/dialect.h"

#include "ir/ir.h"
#include "support/count.h"
#include "support/embed.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/IRDL.h"
#include "mlir-c/RegisterEverything.h"

#include <string.h>

extern const TileEmbeddedFile tileDialectFiles[];
extern const unsigned tileDialectFilesCount;

MlirStringRef tileGetDialectFile(const char *name) {
  for (unsigned i = 0; i < tileDialectFilesCount; ++i)
    if (strcmp(tileDialectFiles[i].name, name) == 0)
      return mlirStringRefCreate(tileDialectFiles[i].data,
                                 tileDialectFiles[i].size);
  return mlirStringRefCreate(NULL, 0);
}

MlirStringRef tileGetDialectSource(void) {
  return tileGetDialectFile("tile.irdl.mlir");
}

/* Refuses IRDL modules holding anything but irdl.dialect ops, or defining a
 * dialect the context already has (loading it again aborts inside MLIR). */
static bool checkIRDLModule(MlirContext ctx, MlirModule module) {
  MlirBlock body = mlirModuleGetBody(module);
  unsigned numDialects = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!tileOpIs(op, "irdl.dialect")) {
      MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
      tileEmitErrorAt(mlirOperationGetLocation(op),
                      "expected only irdl.dialect operations in an IRDL "
                      "file, found '%.*s'",
                      (int)name.length, name.data);
      return false;
    }
    ++numDialects;
    MlirAttribute name = tileOpGetAttr(op, "sym_name");
    MlirStringRef ns = mlirStringAttrGetValue(name);
    if (!mlirDialectIsNull(mlirContextGetOrLoadDialect(ctx, ns))) {
      tileEmitErrorAt(mlirOperationGetLocation(op),
                      "dialect '%.*s' is already loaded in this context",
                      (int)ns.length, ns.data);
      return false;
    }
  }
  if (numDialects == 0) {
    tileEmitErrorAt(mlirOperationGetLocation(mlirModuleGetOperation(module)),
                    "IRDL file defines no dialect (no irdl.dialect op)");
    return false;
  }
  return true;
}

MlirLogicalResult tileContextLoadIRDL(MlirContext ctx, MlirStringRef source,
                                      MlirStringRef sourceName) {
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__irdl__(), ctx);
  MlirOperation op = tileParseModule(ctx, source, sourceName);
  if (mlirOperationIsNull(op))
    return mlirLogicalResultFailure();
  MlirModule module = mlirModuleFromOperation(op);
  MlirLogicalResult result = checkIRDLModule(ctx, module)
                                 ? mlirLoadIRDLDialects(module)
                                 : mlirLogicalResultFailure();
  mlirModuleDestroy(module);
  return result;
}

void tileContextRegisterUpstreamDialects(MlirContext ctx) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
}

MlirLogicalResult tileContextLoadDialects(MlirContext ctx) {
  tileContextRegisterUpstreamDialects(ctx);
  /* Tile IR spells memory spaces with #gpu attributes and structure with scf;
   * load them so that attributes and types parse without a prior op. */
  static const char *const used[] = {"func", "scf",  "arith", "memref",
                                     "gpu",  "math", "vector"};
  for (size_t i = 0; i < TILE_COUNT(used); ++i)
    mlirContextGetOrLoadDialect(ctx, tileRef(used[i]));
  if (!mlirDialectIsNull(mlirContextGetOrLoadDialect(ctx, tileRef("tile"))))
    return mlirLogicalResultSuccess();
  return tileContextLoadIRDL(ctx, tileGetDialectSource(),
                             tileRef("tile.irdl.mlir"));
}

/* The printed memory space of each scope; types are compared by this text
 * so that asking never parses (and never diagnoses) anything. */
static const char *const scopeSpaces[] = {
    [TileScopeShared] = "#gpu.address_space<workgroup>",
    [TileScopeFragment] = "#tile.fragment",
    [TileScopeLocal] = "#gpu.address_space<private>",
};

MlirAttribute tileScopeGetMemorySpace(MlirContext ctx, TileScope scope) {
  if (scope != TileScopeShared && scope != TileScopeFragment &&
      scope != TileScopeLocal)
    return (MlirAttribute){NULL};
  const char *dialect = scope == TileScopeFragment ? "tile" : "gpu";
  if (mlirDialectIsNull(mlirContextGetOrLoadDialect(ctx, tileRef(dialect))))
    return (MlirAttribute){NULL};
  return mlirAttributeParseGet(ctx, tileRef(scopeSpaces[scope]));
}

TileScope tileMemRefTypeGetScope(MlirType type) {
  if (!mlirTypeIsAMemRef(type))
    return TileScopeInvalid;
  MlirAttribute space = mlirMemRefTypeGetMemorySpace(type);
  if (mlirAttributeIsNull(space))
    return TileScopeGlobal;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendAttr(&text, space);
  TileScope scope = TileScopeInvalid;
  static const TileScope scopes[] = {TileScopeShared, TileScopeFragment,
                                     TileScopeLocal};
  for (size_t i = 0; i < 3; ++i)
    if (strcmp(tileStrBufGet(&text), scopeSpaces[scopes[i]]) == 0)
      scope = scopes[i];
  tileStrBufFree(&text);
  return scope;
}

const char *tileScopeGetName(TileScope scope) {
  switch (scope) {
  case TileScopeGlobal:
    return "global";
  case TileScopeShared:
    return "shared";
  case TileScopeFragment:
    return "fragment";
  case TileScopeLocal:
    return "local";
  case TileScopeInvalid:
    break;
  }
  return "invalid";
}
