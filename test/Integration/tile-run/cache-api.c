/*===-- cache-api.c - Tests of the kernel cache's C API -------------------===*\
|*                                                                            *|
|* tile/cache.h from a caller's program: where the cache lives, keys, a miss *|
|* then a hit that runs, truncated and damaged entries rebuilt, entries      *|
|* under the wrong name refused, compilations with pass manager hooks left   *|
|* alone.                                                                    *|
\*===----------------------------------------------------------------------===*/

// RUN: %tile_cc_capi %s %tile_link -o %t
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %t %t.dir 2>&1 | FileCheck %s

#include "tile/tile.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void printError(MlirStringRef message, void *userData) {
  (void)userData;
  printf("error: %.*s\n", (int)message.length, message.data);
}

static const TileErrorSink sink = {printError, NULL};

static const char *source =
    "func.func @scale(%A: memref<?xf32>, %s: f32) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %n = memref.dim %A, %c0 : memref<?xf32>\n"
    "  scf.forall (%b) in (%n) {\n"
    "    %x = memref.load %A[%b] : memref<?xf32>\n"
    "    %y = arith.mulf %x, %s : f32\n"
    "    memref.store %y, %A[%b] : memref<?xf32>\n"
    "  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}\n"
    "  return\n"
    "}\n";

static MlirOperation parse(MlirContext ctx) {
  return tileModuleCreateParse(ctx, mlirStringRefCreateFromCString(source),
                               mlirStringRefCreateFromCString("scale.mlir"));
}

static int countEntries(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d))
    n += strstr(e->d_name, ".tile") != NULL && e->d_name[0] != '.';
  if (d)
    closedir(d);
  return n;
}

static long fileSize(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* Compiles a fresh parse of the source through the cache. */
static TileArtifact *compileOnce(TileCache *cache, MlirContext ctx,
                                 TileBackendContext *backend, bool *hit) {
  MlirOperation module = parse(ctx);
  TileCompileOptions options = {"mlir,llvm", NULL, NULL, false};
  TileArtifact *a = tileCompileCached(cache, backend, module, &options, hit);
  mlirOperationDestroy(module);
  return a;
}

static float run(TileBackendContext *backend, TileArtifact *a,
                 MlirContext ctx) {
  MlirOperation module = parse(ctx);
  TileEntryTable *entries = tileEntryTableCreate(module);
  TileExecutable *exe = tileExecutableCreate(backend, a, sink);
  int64_t four = 4;
  TileBuffer *buffer = tileBufferCreate(TileElementF32, 1, &four);
  float *data = tileBufferGetData(buffer);
  for (int i = 0; i < 4; ++i)
    data[i] = (float)i;
  TileArgValue args[2] = {{buffer, 0, 0}, {NULL, 0, 2.5}};
  tileExecutableInvoke(exe, tileEntryTableFind(entries, "scale"), args, sink);
  float last = data[3];
  tileBufferDestroy(buffer);
  tileExecutableDestroy(exe);
  tileEntryTableDestroy(entries);
  mlirOperationDestroy(module);
  return last;
}

static void testOpen(const char *dir) {
  printf("@testOpen\n");
  setenv("TILE_CACHE", "off", 1);
  // CHECK-LABEL: @testOpen
  // CHECK-NEXT: off: 1
  printf("off: %d\n", tileCacheOpen(NULL, sink) == NULL);
  unsetenv("TILE_CACHE");
  char nested[4096];
  snprintf(nested, sizeof(nested), "%s/env/a/b", dir);
  setenv("TILE_CACHE_DIR", nested, 1);
  TileCache *cache = tileCacheOpen(NULL, sink);
  // CHECK-NEXT: from TILE_CACHE_DIR: 1, created: 1
  printf("from TILE_CACHE_DIR: %d, created: %d\n",
         strcmp(tileCacheGetDirectory(cache), nested) == 0,
         fileSize(nested) >= 0);
  tileCacheClose(cache);
  unsetenv("TILE_CACHE_DIR");
  // CHECK-NEXT: error: cannot create the kernel cache directory
  // '/proc/no/cache': {{.+}} CHECK-NEXT: unwritable: 1
  printf("unwritable: %d\n", tileCacheOpen("/proc/no/cache", sink) == NULL);
}

static void testKeys(MlirContext ctx) {
  printf("@testKeys\n");
  TileBackendContext *cpu = tileBackendContextCreate("cpu", NULL, "jit", sink);
  TileBackendContext *vulkan =
      tileBackendContextCreate("vulkan", NULL, NULL, sink);
  MlirOperation a = parse(ctx), b = parse(ctx);
  char k1[65], k2[65], k3[65], k4[65];
  tileCacheKey(cpu, a, "mlir", k1);
  tileCacheKey(cpu, b, "mlir", k2);
  tileCacheKey(vulkan, a, "mlir", k3);
  tileCacheKey(cpu, a, "mlir,asm", k4);
  // CHECK-LABEL: @testKeys
  // CHECK-NEXT: length 64, same source 1, other target 0, other parts 0
  printf("length %zu, same source %d, other target %d, other parts %d\n",
         strlen(k1), strcmp(k1, k2) == 0, strcmp(k1, k3) == 0,
         strcmp(k1, k4) == 0);
  mlirOperationDestroy(a);
  mlirOperationDestroy(b);
  tileBackendContextDestroy(vulkan);
  tileBackendContextDestroy(cpu);
}

/* Cuts `path` to its first `size` bytes. */
static void truncateFile(const char *path, long size) {
  FILE *f = fopen(path, "rb");
  char *bytes = malloc((size_t)size);
  size_t got = fread(bytes, 1, (size_t)size, f);
  fclose(f);
  f = fopen(path, "wb");
  fwrite(bytes, 1, got, f);
  fclose(f);
  free(bytes);
}

/* Flips a bit of the byte `back` bytes before the end of `path`. */
static void flipByte(const char *path, long back) {
  FILE *f = fopen(path, "r+b");
  fseek(f, -back, SEEK_END);
  int c = fgetc(f);
  fseek(f, -back, SEEK_END);
  fputc(c ^ 0x40, f);
  fclose(f);
}

static void testMissHitDamage(const char *dir, MlirContext ctx) {
  printf("@testMissHitDamage\n");
  TileCache *cache = tileCacheOpen(dir, sink);
  TileBackendContext *cpu = tileBackendContextCreate("cpu", NULL, "jit", sink);
  bool hit;
  TileArtifact *first = compileOnce(cache, ctx, cpu, &hit);
  // CHECK-LABEL: @testMissHitDamage
  // CHECK-NEXT: first: hit 0, entries 1, runs 7.5
  printf("first: hit %d, entries %d, runs %g\n", hit, countEntries(dir),
         run(cpu, first, ctx));
  TileArtifact *second = compileOnce(cache, ctx, cpu, &hit);
  MlirStringRef llvm1 = tileArtifactGetPart(first, "llvm");
  MlirStringRef llvm2 = tileArtifactGetPart(second, "llvm");
  // CHECK-NEXT: second: hit 1, same llvm 1, parts 2, entry scale, runs 7.5
  printf("second: hit %d, same llvm %d, parts %ld, entry %s, runs %g\n", hit,
         llvm1.length == llvm2.length &&
             memcmp(llvm1.data, llvm2.data, llvm1.length) == 0,
         (long)tileArtifactGetNumParts(second),
         tileArtifactGetEntry(second, 0)->name, run(cpu, second, ctx));
  tileArtifactDestroy(second);

  MlirOperation module = parse(ctx);
  char key[65], path[4200];
  tileCacheKey(cpu, module, "mlir,llvm", key);
  mlirOperationDestroy(module);
  snprintf(path, sizeof(path), "%s/%s.tile", dir, key);
  long whole = fileSize(path);

  truncateFile(path, whole / 2);
  TileArtifact *again = compileOnce(cache, ctx, cpu, &hit);
  // CHECK-NEXT: truncated: hit 0, rebuilt 1, runs 7.5
  printf("truncated: hit %d, rebuilt %d, runs %g\n", hit,
         fileSize(path) == whole, run(cpu, again, ctx));
  tileArtifactDestroy(again);

  flipByte(path, 100);
  again = compileOnce(cache, ctx, cpu, &hit);
  // CHECK-NEXT: damaged: hit 0, rebuilt 1
  printf("damaged: hit %d, rebuilt %d\n", hit, fileSize(path) == whole);
  tileArtifactDestroy(again);
  again = compileOnce(cache, ctx, cpu, &hit);
  // CHECK-NEXT: after rebuild: hit 1
  printf("after rebuild: hit %d\n", hit);
  tileArtifactDestroy(again);

  /* An entry under another key's name is not that key's. */
  TileBackendContext *one =
      tileBackendContextCreate("cpu,threads=1", NULL, "jit", sink);
  module = parse(ctx);
  char other[65], otherPath[4200];
  tileCacheKey(one, module, "mlir,llvm", other);
  mlirOperationDestroy(module);
  snprintf(otherPath, sizeof(otherPath), "%s/%s.tile", dir, other);
  char command[9000];
  snprintf(command, sizeof(command), "cp '%s' '%s'", path, otherPath);
  (void)!system(command);
  again = compileOnce(cache, ctx, one, &hit);
  // CHECK-NEXT: renamed entry: hit 0
  printf("renamed entry: hit %d\n", hit);
  tileArtifactDestroy(again);
  tileBackendContextDestroy(one);
  tileArtifactDestroy(first);
  tileBackendContextDestroy(cpu);
  tileCacheClose(cache);
}

static void hook(MlirPassManager pm, void *userData) {
  (void)pm;
  ++*(int *)userData;
}

static void testHookBypasses(const char *dir, MlirContext ctx) {
  printf("@testHookBypasses\n");
  char sub[4096];
  snprintf(sub, sizeof(sub), "%s/hook", dir);
  TileCache *cache = tileCacheOpen(sub, sink);
  TileBackendContext *cpu = tileBackendContextCreate("cpu", NULL, "jit", sink);
  int calls = 0;
  TileCompileOptions options = {NULL, hook, &calls, false};
  for (int i = 0; i < 2; ++i) {
    MlirOperation module = parse(ctx);
    bool hit = true;
    TileArtifact *a = tileCompileCached(cache, cpu, module, &options, &hit);
    // CHECK-LABEL: @testHookBypasses
    // CHECK-NEXT: hit 0, entries 0
    // CHECK-NEXT: hit 0, entries 0
    printf("hit %d, entries %d\n", hit, countEntries(sub));
    tileArtifactDestroy(a);
    mlirOperationDestroy(module);
  }
  // CHECK-NEXT: hook ran: 1
  printf("hook ran: %d\n", calls > 0);
  tileBackendContextDestroy(cpu);
  tileCacheClose(cache);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  tileRegisterUpstreamPasses();
  tileRegisterBuiltinBackends();
  MlirContext ctx = mlirContextCreate();
  tileContextLoadDialects(ctx);
  tileContextLoadBackendDialects(ctx);
  testOpen(argv[1]);
  testKeys(ctx);
  testMissHitDamage(argv[1], ctx);
  testHookBypasses(argv[1], ctx);
  mlirContextDestroy(ctx);
  printf("@done\n");
  // CHECK-LABEL: @done
  return 0;
}
