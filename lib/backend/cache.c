/* The kernel cache: artifacts on disk, keyed by what determines them. */
#include "tile/cache.h"

#include "backend/backend.h"
#include "support/alloc.h"
#include "support/build_id.h"
#include "support/checksum.h"
#include "support/output_file.h"
#include "support/sha256.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"
#include "llvm/Config/llvm-config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* An entry: magic, format version, key, payload length, payload checksum
 * (8 bytes, then 24 zero bytes), payload (tileArtifactSerialize). Version
 * 1 checked the payload with SHA-256, which took most of a cache hit's
 * time. */
static const char magic[8] = {'T', 'I', 'L', 'E', 'C', 'A', 'C', 'H'};
enum { FormatVersion = 2, HeaderSize = 8 + 8 + 32 + 8 + 32 };

struct TileCache {
  char *directory;
};

/* Creates `path` and its parents (mkdir -p). */
static bool makeDirectories(char *path) {
  for (char *p = path + 1; *p; ++p) {
    if (*p != '/')
      continue;
    *p = '\0';
    bool ok = mkdir(path, 0777) == 0 || errno == EEXIST;
    *p = '/';
    if (!ok)
      return false;
  }
  if (mkdir(path, 0777) == 0)
    return true;
  /* What exists there must be a directory: a file's entries went nowhere. */
  struct stat st;
  if (errno != EEXIST || stat(path, &st) != 0)
    return false;
  if (S_ISDIR(st.st_mode))
    return true;
  errno = ENOTDIR;
  return false;
}

static bool cacheTurnedOff(void) {
  const char *v = getenv("TILE_CACHE");
  return v && (!strcasecmp(v, "off") || !strcmp(v, "0") ||
               !strcasecmp(v, "no") || !strcasecmp(v, "false"));
}

/* $TILE_CACHE_DIR, $XDG_CACHE_HOME/tile-mlir, $HOME/.cache/tile-mlir. */
static char *defaultDirectory(void) {
  TileStrBuf dir = TILE_STRBUF_INIT;
  const char *explicit = getenv("TILE_CACHE_DIR");
  const char *xdg = getenv("XDG_CACHE_HOME");
  const char *home = getenv("HOME");
  if (explicit && *explicit)
    tileStrBufAppendStr(&dir, explicit);
  else if (xdg && *xdg == '/')
    tileStrBufPrintf(&dir, "%s/tile-mlir", xdg);
  else if (home && *home)
    tileStrBufPrintf(&dir, "%s/.cache/tile-mlir", home);
  return dir.size ? tileStrBufTake(&dir) : NULL;
}

TileCache *tileCacheOpen(const char *directory, TileErrorSink errors) {
  if (!directory && cacheTurnedOff())
    return NULL;
  char *dir = directory ? tileStrDup(directory) : defaultDirectory();
  if (!dir) {
    tileReport(errors, "no directory for the kernel cache: set TILE_CACHE_DIR "
                       "(or XDG_CACHE_HOME or HOME)");
    return NULL;
  }
  size_t n = strlen(dir);
  while (n > 1 && dir[n - 1] == '/')
    dir[--n] = '\0';
  if (!*dir || !makeDirectories(dir)) {
    tileReport(errors, "cannot create the kernel cache directory '%s': %s", dir,
               strerror(errno));
    free(dir);
    return NULL;
  }
  TileCache *cache = tileCallocArray(1, sizeof(TileCache));
  cache->directory = dir;
  return cache;
}

void tileCacheClose(TileCache *cache) {
  if (!cache)
    return;
  free(cache->directory);
  free(cache);
}

const char *tileCacheGetDirectory(const TileCache *cache) {
  return cache->directory;
}

/* Each field is its length then its bytes, so that no two different lists
 * of fields hash alike. */
static void hashField(TileSha256 *h, const char *data, size_t size) {
  unsigned char length[8];
  for (int i = 0; i < 8; ++i)
    length[i] = (unsigned char)((uint64_t)size >> (8 * i));
  tileSha256Update(h, length, 8);
  tileSha256Update(h, data, size);
}

static void hashString(TileSha256 *h, const char *s) {
  hashField(h, s ? s : "", s ? strlen(s) : 0);
}

static void hashPrinted(TileSha256 *h, TileStrBuf *text) {
  hashField(h, tileStrBufGet(text), text->size);
  tileStrBufClear(text);
}

static void hashMachine(TileSha256 *h) {
  char *cpu = LLVMGetHostCPUName();
  char *features = LLVMGetHostCPUFeatures();
  hashString(h, cpu);
  hashString(h, features);
  hashString(h, getenv("TILE_HOST_CPU"));
  LLVMDisposeMessage(cpu);
  LLVMDisposeMessage(features);
}

/* The compiler that runs: this build of libtile (a rebuilt libtile makes
 * other code from the same input, under the same version) and the LLVM
 * library it is loaded with. */
static void hashToolchain(TileSha256 *h) {
  hashString(h, tileBuildId());
  unsigned version[3];
  LLVMGetVersion(&version[0], &version[1], &version[2]);
  char text[64];
  snprintf(text, sizeof(text), "%u.%u.%u", version[0], version[1], version[2]);
  hashString(h, text);
}

void tileCacheKey(const TileBackendContext *ctx, MlirOperation module,
                  const char *wantedParts, char hex[65]) {
  TileSha256 h;
  tileSha256Init(&h);
  hashString(&h, "tile-mlir kernel cache 1");
  TileStrBuf text = TILE_STRBUF_INIT;
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  mlirOperationPrintWithFlags(module, flags, tileStrBufCallback, &text);
  mlirOpPrintingFlagsDestroy(flags);
  hashPrinted(&h, &text);
  tileTargetPrint(tileBackendContextGetTarget(ctx), tileStrBufCallback, &text);
  hashPrinted(&h, &text);
  tileTargetPrint(tileBackendContextGetHostTarget(ctx), tileStrBufCallback,
                  &text);
  hashPrinted(&h, &text);
  hashString(&h, tileBackendContextGetExecutionBackend(ctx)->name);
  tileBackendContextPrintPipeline(ctx, tileStrBufCallback, &text);
  hashPrinted(&h, &text);
  hashString(&h, wantedParts);
  hashString(&h, TILE_VERSION);
  hashString(&h, LLVM_VERSION_STRING);
  hashToolchain(&h);
  hashMachine(&h);
  tileStrBufFree(&text);
  unsigned char digest[32];
  tileSha256Final(&h, digest);
  tileSha256Hex(digest, hex);
}

static char *entryPath(const TileCache *cache, const char *key) {
  TileStrBuf path = TILE_STRBUF_INIT;
  tileStrBufPrintf(&path, "%s/%s.tile", cache->directory, key);
  return tileStrBufTake(&path);
}

static void putU64(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t getU64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v |= (uint64_t)p[i] << (8 * i);
  return v;
}

/* The payload of the entry for `key` in `bytes`, or a null reference when
 * it is not a whole, undamaged entry for that key. */
static MlirStringRef checkedPayload(const char *bytes, size_t size,
                                    const unsigned char digestKey[32]) {
  const unsigned char *p = (const unsigned char *)bytes;
  MlirStringRef none = {NULL, 0};
  if (size < HeaderSize || memcmp(p, magic, 8) != 0 ||
      getU64(p + 8) != FormatVersion || memcmp(p + 16, digestKey, 32) != 0 ||
      getU64(p + 48) != size - HeaderSize)
    return none;
  unsigned char checksum[32] = {0};
  putU64(checksum, tileChecksum64(p + HeaderSize, size - HeaderSize));
  if (memcmp(checksum, p + 56, 32) != 0)
    return none;
  return mlirStringRefCreate(bytes + HeaderSize, size - HeaderSize);
}

static void keyDigest(const char *hex, unsigned char digest[32]) {
  for (int i = 0; i < 32; ++i) {
    unsigned v = 0;
    sscanf(hex + 2 * i, "%2x", &v);
    digest[i] = (unsigned char)v;
  }
}

static TileArtifact *load(const char *path, const char *key, MlirContext ctx) {
  size_t size = 0;
  char *bytes = tileReadFile(path, &size);
  if (!bytes)
    return NULL;
  unsigned char digest[32];
  keyDigest(key, digest);
  MlirStringRef payload = checkedPayload(bytes, size, digest);
  TileArtifact *a = payload.data ? tileArtifactDeserialize(ctx, payload) : NULL;
  free(bytes);
  return a;
}

static void store(const char *path, const char *key, const TileArtifact *a) {
  TileStrBuf entry = TILE_STRBUF_INIT;
  tileStrBufAppend(&entry, magic, 8);
  unsigned char header[HeaderSize - 8] = {0};
  tileStrBufAppend(&entry, (const char *)header, sizeof(header));
  if (!tileArtifactSerialize(a, &entry)) {
    tileStrBufFree(&entry);
    return;
  }
  unsigned char *p = (unsigned char *)entry.data;
  putU64(p + 8, FormatVersion);
  keyDigest(key, p + 16);
  putU64(p + 48, entry.size - HeaderSize);
  putU64(p + 56, tileChecksum64(p + HeaderSize, entry.size - HeaderSize));
  TileStrBuf error = TILE_STRBUF_INIT;
  /* Best effort: a full disk or a read-only cache only costs the next
   * compilation its hit. */
  tileWriteFile(path, entry.data, entry.size, &error);
  tileStrBufFree(&error);
  tileStrBufFree(&entry);
}

TileArtifact *tileCompileCached(TileCache *cache, const TileBackendContext *ctx,
                                MlirOperation module,
                                const TileCompileOptions *options, bool *hit) {
  if (hit)
    *hit = false;
  if (!cache ||
      (options && (options->configurePassManager || options->partsOnly)))
    return tileCompileWithOptions(ctx, module, options);
  char key[65];
  tileCacheKey(ctx, module, options ? options->wantedParts : NULL, key);
  char *path = entryPath(cache, key);
  TileArtifact *a = load(path, key, mlirOperationGetContext(module));
  if (a) {
    tileArtifactSetWanted(a, options ? options->wantedParts : NULL);
    if (hit)
      *hit = true;
  } else {
    a = tileCompileWithOptions(ctx, module, options);
    if (a)
      store(path, key, a);
  }
  free(path);
  return a;
}
