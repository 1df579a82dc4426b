/* The "aot" execution backend: an object file plus a generated C header
 * that declares the C interface of each entry, for linking into programs. */
#include "runtime/runtime.h"
#include "support/alloc.h"

#include "support/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const TileExecutor tileAotExecutor = {
    .name = "aot",
    .whyNot = "runs nothing in this process: link the artifact's object "
              "(part 'obj') and its C header (tileArtifactPrintCHeader) "
              "into a program",
};

/* The C type of a memref element; f16 and bf16 elements are their bits. */
static const char *elementCType(TileElementType type) {
  switch (type) {
  case TileElementI1:
    return "bool";
  case TileElementI8:
    return "int8_t";
  case TileElementI16:
    return "int16_t";
  case TileElementI32:
    return "int32_t";
  case TileElementI64:
  case TileElementIndex:
    return "int64_t";
  case TileElementF16:
  case TileElementBF16:
    return "uint16_t";
  case TileElementF32:
    return "float";
  case TileElementF64:
    return "double";
  default:
    return "void";
  }
}

/* The C type of a scalar argument: half-precision values are passed in
 * floating-point registers, so they need the compiler's own types. */
static const char *scalarCType(TileElementType type) {
  if (type == TileElementF16)
    return "_Float16";
  if (type == TileElementBF16)
    return "__bf16";
  return elementCType(type);
}

static void printMemRefName(TileStrBuf *out, const TileArgType *t) {
  tileStrBufPrintf(out, "tile_memref_%s_%dd",
                   tileElementTypeGetName(t->elementType), t->rank);
}

/* One descriptor struct, guarded so that several headers can coexist. */
static void printMemRefStruct(TileStrBuf *out, const TileArgType *t) {
  TileStrBuf name = TILE_STRBUF_INIT, guard = TILE_STRBUF_INIT;
  printMemRefName(&name, t);
  for (const char *p = tileStrBufGet(&name); *p; ++p)
    tileStrBufPrintf(&guard, "%c", toupper((unsigned char)*p));
  const char *c = elementCType(t->elementType);
  tileStrBufPrintf(out, "#ifndef %s_DEFINED\n#define %s_DEFINED\n",
                   tileStrBufGet(&guard), tileStrBufGet(&guard));
  tileStrBufPrintf(out,
                   "typedef struct {\n  %s *allocated;\n  %s *aligned;\n"
                   "  int64_t offset;\n",
                   c, c);
  if (t->rank)
    tileStrBufPrintf(out, "  int64_t sizes[%d];\n  int64_t strides[%d];\n",
                     t->rank, t->rank);
  tileStrBufPrintf(out, "} %s;\n#endif\n\n", tileStrBufGet(&name));
  tileStrBufFree(&name);
  tileStrBufFree(&guard);
}

static bool sameMemRefKind(const TileArgType *a, const TileArgType *b) {
  return a->rank >= 0 && a->rank == b->rank && a->elementType == b->elementType;
}

/* Whether an earlier argument (of this or an earlier entry) already
 * printed the struct of `entries[e].args[i]`. */
static bool printedBefore(const TileEntrySignature *const *entries, size_t e,
                          unsigned i) {
  const TileArgType *t = &entries[e]->args[i];
  for (size_t f = 0; f <= e; ++f)
    for (unsigned j = 0; j < (f == e ? i : entries[f]->numArgs); ++j)
      if (sameMemRefKind(&entries[f]->args[j], t))
        return true;
  return false;
}

static void printParameter(TileStrBuf *out, const TileArgType *t, unsigned i) {
  if (t->rank >= 0) {
    printMemRefName(out, t);
    tileStrBufPrintf(out, " *arg%u", i);
  } else {
    tileStrBufPrintf(out, "%s arg%u", scalarCType(t->elementType), i);
  }
}

static bool hasBuffer(const TileEntrySignature *e) {
  for (unsigned i = 0; i < e->numArgs; ++i)
    if (e->args[i].rank >= 0)
      return true;
  return false;
}

/* The declaration, one parameter per line when it does not fit in 80
 * columns. `allocator` names what makes device memory where kernels read
 * it (cuda and rocm), else NULL. */
static void printPrototype(TileStrBuf *out, const TileEntrySignature *e,
                           bool hasDevice, const char *allocator) {
  tileStrBufPrintf(out, "/* func.func @%s(", e->name);
  for (unsigned i = 0; i < e->numArgs; ++i)
    tileStrBufPrintf(out, "%s%s", i ? ", " : "", e->args[i].typeName);
  /* Where kernels read device memory, say which buffers are. */
  if (hasDevice && e->hostOnly)
    tileStrBufAppendStr(out, ")\n * launches no kernel: it runs on the host, "
                             "and its buffers are host memory */\n");
  else if (allocator && hasBuffer(e))
    tileStrBufPrintf(out,
                     ")\n * uses the GPU: its buffers are device memory "
                     "(%s) */\n",
                     allocator);
  else
    tileStrBufAppendStr(out, ") */\n");
  TileStrBuf line = TILE_STRBUF_INIT, wrapped = TILE_STRBUF_INIT;
  tileStrBufPrintf(&line, "void _mlir_ciface_%s(", e->name);
  tileStrBufAppendStr(&wrapped, tileStrBufGet(&line));
  for (unsigned i = 0; i < e->numArgs; ++i) {
    tileStrBufAppendStr(&line, i ? ", " : "");
    printParameter(&line, &e->args[i], i);
    tileStrBufAppendStr(&wrapped, i ? ",\n    " : "\n    ");
    printParameter(&wrapped, &e->args[i], i);
  }
  tileStrBufAppendStr(&line, e->numArgs ? ");\n\n" : "void);\n\n");
  tileStrBufAppendStr(&wrapped, ");\n\n");
  bool fits = line.size <= 82;
  tileStrBufAppendStr(out, tileStrBufGet(fits ? &line : &wrapped));
  tileStrBufFree(&line);
  tileStrBufFree(&wrapped);
}

static bool inArtifact(const TileArtifact *a, const char *name) {
  for (intptr_t i = 0; i < tileArtifactGetNumEntries(a); ++i)
    if (strcmp(tileArtifactGetEntry(a, i)->name, name) == 0)
      return true;
  return false;
}

static void printHeader(TileStrBuf *out, const TileArtifact *a,
                        const TileEntrySignature *const *entries, size_t n,
                        const char *guard) {
  const char *lib = tileArtifactGetRuntimeLibrary(a);
  tileStrBufPrintf(out,
                   "/* The C interface of code compiled by tile-mlir. Link "
                   "the object file\n * with the runtime library the code "
                   "calls, if any:\n * link:%s%s\n */\n",
                   lib ? " -l" : "", lib ? lib : "");
  tileStrBufPrintf(out, "#ifndef %s\n#define %s\n\n", guard, guard);
  tileStrBufAppendStr(out, "#include <stdbool.h>\n#include <stdint.h>\n\n"
                           "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
  for (size_t e = 0; e < n; ++e)
    for (unsigned i = 0; i < entries[e]->numArgs; ++i)
      if (entries[e]->args[i].rank >= 0 && !printedBefore(entries, e, i))
        printMemRefStruct(out, &entries[e]->args[i]);
  const char *format = tileArtifactGetDeviceFormat(a);
  const char *allocator =
      strcmp(format, "ptx") == 0 ? "cuMemAlloc or cuMemAllocManaged"
      : strcmp(format, "hsaco") == 0 || strcmp(format, "isa") == 0
          ? "hipMalloc or hipMallocManaged"
          : NULL;
  for (size_t e = 0; e < n; ++e)
    printPrototype(out, entries[e], *format, allocator);
  tileStrBufPrintf(out, "#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n",
                   guard);
}

/* Whether `_mlir_ciface_<name>` is a C identifier: the symbol the header
 * declares (MLIR's quoted symbol names may hold any character). */
static bool isCNameSuffix(const char *name) {
  if (!*name)
    return false;
  for (const char *p = name; *p; ++p)
    if (!isalnum((unsigned char)*p) && *p != '_')
      return false;
  return true;
}

MlirLogicalResult
tileArtifactPrintCHeader(const TileArtifact *a, const TileEntryTable *table,
                         const char *guard, MlirStringCallback callback,
                         void *userData, TileErrorSink errors) {
  intptr_t total = tileEntryTableGetNumEntries(table);
  const TileEntrySignature **entries =
      tileCallocArray((size_t)total, sizeof(*entries));
  size_t n = 0;
  for (intptr_t i = 0; i < total; ++i) {
    const TileEntrySignature *e = tileEntryTableGetEntry(table, i);
    if (!inArtifact(a, e->name))
      continue;
    if (e->unsupported) {
      tileReport(errors, "'%s' has no C interface to declare: %s", e->name,
                 e->unsupported);
      free(entries);
      return mlirLogicalResultFailure();
    }
    if (!isCNameSuffix(e->name)) {
      tileReport(errors,
                 "'%s' has no C interface to declare: its name is no C "
                 "identifier (_mlir_ciface_%s); name it with letters, digits "
                 "and '_' only",
                 e->name, e->name);
      free(entries);
      return mlirLogicalResultFailure();
    }
    entries[n++] = e;
  }
  TileStrBuf out = TILE_STRBUF_INIT;
  printHeader(&out, a, entries, n, guard ? guard : "TILE_KERNELS_H");
  callback(mlirStringRefCreate(tileStrBufGet(&out), out.size), userData);
  tileStrBufFree(&out);
  free(entries);
  return mlirLogicalResultSuccess();
}
