/* Artifacts as bytes, for the kernel cache: parts, device format, runtime
 * library, kernels, entries and the host module (as MLIR bytecode). */
#include "backend/backend.h"

#include <stdio.h>
#include <string.h>

/* Every number is 8 bytes, little-endian; every string and byte run is its
 * length then its bytes. */
static void putU64(TileStrBuf *out, uint64_t v) {
  unsigned char bytes[8];
  for (int i = 0; i < 8; ++i)
    bytes[i] = (unsigned char)(v >> (8 * i));
  tileStrBufAppend(out, (const char *)bytes, 8);
}

static void putBytes(TileStrBuf *out, MlirStringRef bytes) {
  putU64(out, bytes.length);
  tileStrBufAppend(out, bytes.data ? bytes.data : "", bytes.length);
}

static void putString(TileStrBuf *out, const char *s) {
  putBytes(out, mlirStringRefCreateFromCString(s ? s : ""));
}

static void putKernel(TileStrBuf *out, const TileKernelInfo *k) {
  putString(out, k->name);
  for (int d = 0; d < 3; ++d)
    putU64(out, (uint64_t)k->grid[d]);
  for (int d = 0; d < 3; ++d)
    putU64(out, (uint64_t)k->block[d]);
  putU64(out, (uint64_t)k->sharedBytes);
  putU64(out, (uint64_t)k->dynamicSharedBytes);
  putU64(out, k->numArgs);
  for (unsigned i = 0; i < k->numArgs; ++i)
    putString(out, k->argTypes[i]);
}

static void putEntry(TileStrBuf *out, const TileEntryInfo *e) {
  putString(out, e->name);
  putU64(out, e->numArgs);
  for (unsigned i = 0; i < e->numArgs; ++i)
    putString(out, e->argTypes[i]);
}

bool tileArtifactSerialize(const TileArtifact *a, TileStrBuf *out) {
  putString(out, tileArtifactGetDeviceFormat(a));
  putString(out, tileArtifactGetRuntimeLibrary(a));
  putU64(out, (uint64_t)tileArtifactGetNumParts(a));
  for (intptr_t i = 0; i < tileArtifactGetNumParts(a); ++i) {
    const char *name = tileArtifactGetPartName(a, i);
    putString(out, name);
    putBytes(out, tileArtifactGetPart(a, name));
  }
  putU64(out, (uint64_t)tileArtifactGetNumKernels(a));
  for (intptr_t i = 0; i < tileArtifactGetNumKernels(a); ++i)
    putKernel(out, tileArtifactGetKernel(a, i));
  putU64(out, (uint64_t)tileArtifactGetNumEntries(a));
  for (intptr_t i = 0; i < tileArtifactGetNumEntries(a); ++i)
    putEntry(out, tileArtifactGetEntry(a, i));
  MlirOperation host = tileArtifactGetHostModule(a);
  TileStrBuf bytecode = TILE_STRBUF_INIT;
  if (!mlirOperationIsNull(host))
    mlirOperationWriteBytecode(host, tileStrBufCallback, &bytecode);
  putBytes(out, mlirStringRefCreate(bytecode.data, bytecode.size));
  tileStrBufFree(&bytecode);
  return true;
}

/* Reading: every read checks the bounds; the first failure sticks. */
typedef struct {
  const unsigned char *p, *end;
  bool ok;
} Reader;

static uint64_t getU64(Reader *r) {
  if (!r->ok || r->end - r->p < 8) {
    r->ok = false;
    return 0;
  }
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v |= (uint64_t)r->p[i] << (8 * i);
  r->p += 8;
  return v;
}

static MlirStringRef getBytes(Reader *r) {
  uint64_t n = getU64(r);
  if (!r->ok || (uint64_t)(r->end - r->p) < n) {
    r->ok = false;
    return mlirStringRefCreate(NULL, 0);
  }
  MlirStringRef bytes = mlirStringRefCreate((const char *)r->p, (size_t)n);
  r->p += n;
  return bytes;
}

/* A count of items of at least `minSize` bytes each that the rest of the
 * input can hold (a corrupt count must not allocate without bound). */
static uint64_t getCount(Reader *r, uint64_t limit, size_t minSize) {
  uint64_t n = getU64(r);
  if (n > limit || n > (uint64_t)(r->end - r->p) / minSize)
    r->ok = false;
  return r->ok ? n : 0;
}

static const char *getString(Reader *r, TileArtifact *a) {
  MlirStringRef s = getBytes(r);
  return r->ok ? tileArtifactIntern(a, s) : "";
}

static void getKernel(Reader *r, TileArtifact *a) {
  MlirStringRef name = getBytes(r);
  if (!r->ok)
    return;
  const char *interned = tileArtifactIntern(a, name);
  TileKernelInfo *k = tileArtifactAddKernel(a, interned);
  for (int d = 0; d < 3; ++d)
    k->grid[d] = (int64_t)getU64(r);
  for (int d = 0; d < 3; ++d)
    k->block[d] = (int64_t)getU64(r);
  k->sharedBytes = (int64_t)getU64(r);
  k->dynamicSharedBytes = (int64_t)getU64(r);
  k->numArgs = (unsigned)getCount(r, TILE_MAX_KERNEL_ARGS, 8);
  for (unsigned i = 0; i < k->numArgs; ++i)
    k->argTypes[i] = getString(r, a);
}

static void getEntry(Reader *r, TileArtifact *a) {
  MlirStringRef name = getBytes(r);
  if (!r->ok)
    return;
  TileEntryInfo *e = tileArtifactAddEntry(a, tileArtifactIntern(a, name));
  e->numArgs = (unsigned)getCount(r, TILE_MAX_KERNEL_ARGS, 8);
  for (unsigned i = 0; i < e->numArgs; ++i)
    e->argTypes[i] = getString(r, a);
}

static void getParts(Reader *r, TileArtifact *a) {
  uint64_t n = getCount(r, 64, 16);
  for (uint64_t i = 0; i < n && r->ok; ++i) {
    MlirStringRef name = getBytes(r);
    MlirStringRef data = getBytes(r);
    if (r->ok)
      tileArtifactSetPart(a, tileArtifactIntern(a, name), data);
  }
}

/* The host module: bytecode parsed into `ctx` (copied so that the parser
 * finds a NUL after it, as MLIR's lexer wants for text). */
static bool getHostModule(Reader *r, MlirContext ctx, TileArtifact *a) {
  MlirStringRef bytes = getBytes(r);
  if (!r->ok || !bytes.length)
    return r->ok;
  TileStrBuf copy = TILE_STRBUF_INIT;
  tileStrBufAppend(&copy, bytes.data, bytes.length);
  MlirOperation host = mlirOperationCreateParse(
      ctx, mlirStringRefCreate(tileStrBufGet(&copy), copy.size),
      mlirStringRefCreateFromCString("tile-mlir-cache"));
  tileStrBufFree(&copy);
  if (mlirOperationIsNull(host))
    return false;
  tileArtifactTakeHostModule(a, host);
  return true;
}

TileArtifact *tileArtifactDeserialize(MlirContext ctx, MlirStringRef bytes) {
  Reader r = {(const unsigned char *)bytes.data,
              (const unsigned char *)bytes.data + bytes.length, true};
  TileArtifact *a = tileArtifactCreate();
  char format[32];
  MlirStringRef f = getBytes(&r);
  snprintf(format, sizeof(format), "%.*s", (int)f.length, f.data ? f.data : "");
  tileArtifactSetDeviceFormat(a, format);
  MlirStringRef library = getBytes(&r);
  if (r.ok && library.length)
    tileArtifactSetRuntimeLibrary(a, tileArtifactIntern(a, library));
  getParts(&r, a);
  uint64_t kernels = getCount(&r, 1u << 20, 8);
  for (uint64_t i = 0; i < kernels && r.ok; ++i)
    getKernel(&r, a);
  uint64_t entries = getCount(&r, 1u << 20, 8);
  for (uint64_t i = 0; i < entries && r.ok; ++i)
    getEntry(&r, a);
  if (!r.ok || !getHostModule(&r, ctx, a) || r.p != r.end) {
    tileArtifactDestroy(a);
    return NULL;
  }
  return a;
}
