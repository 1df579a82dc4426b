/*===-- runtime-api.c - Tests of the execution layer's C API --------------===*\
|*                                                                            *|
|* tile/runtime.h from a caller's program: element conversions (exhaustive   *|
|* for half precision), buffers, entry signatures, runtime library search,   *|
|* executables of the jit and aot execution backends, the C header.          *|
\*===----------------------------------------------------------------------===*/

// RUN: %tile_cc_capi %s %tile_link -o %t
// RUN: rm -rf %t.dir && mkdir -p %t.dir && touch %t.dir/libtile_rt_fake.so
// RUN: env TILE_RUNTIME_PATH=/nonexistent:%t.dir %t 2>&1 | FileCheck %s

#include "tile/tile.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void printError(MlirStringRef message, void *userData) {
  (void)userData;
  printf("error: %.*s\n", (int)message.length, message.data);
}

static void appendText(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

static const TileErrorSink sink = {printError, NULL};

static uint32_t floatBits(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof(x));
  return x;
}

static float bitsFloat(uint32_t x) {
  float f;
  memcpy(&f, &x, sizeof(f));
  return f;
}

/* Every half converts to float and back to itself; NaNs stay NaNs. */
static void testHalfRoundTrip(void) {
  printf("@testHalfRoundTrip\n");
  unsigned bad = 0;
  for (uint32_t h = 0; h < 0x10000; ++h) {
    float f = tileHalfToFloat((uint16_t)h);
    bool nan = (h & 0x7c00) == 0x7c00 && (h & 0x3ff);
    if (nan ? !isnan(f) || !isnan(tileHalfToFloat(tileFloatToHalf(f)))
            : tileFloatToHalf(f) != h)
      ++bad;
  }
  // CHECK-LABEL: @testHalfRoundTrip
  // CHECK: mismatches: 0
  printf("mismatches: %u\n", bad);
  // CHECK: 1 -> 3c00, 65504 -> 7bff, 65520 -> 7c00, 2^-24 -> 0001, 2^-25 ->
  // 0000
  printf("1 -> %04x, 65504 -> %04x, 65520 -> %04x, 2^-24 -> %04x, "
         "2^-25 -> %04x\n",
         tileFloatToHalf(1.0f), tileFloatToHalf(65504.0f),
         tileFloatToHalf(65520.0f), tileFloatToHalf(0x1p-24f),
         tileFloatToHalf(0x1p-25f));
  // CHECK: 0001 -> 5.96046e-08, 03ff -> 6.09756e-05, fc00 -> -inf
  printf("0001 -> %g, 03ff -> %g, fc00 -> %g\n", tileHalfToFloat(1),
         tileHalfToFloat(0x3ff), tileHalfToFloat(0xfc00));
}

/* float -> half agrees with the compiler's own _Float16 conversion on a
 * dense sample of all floats. */
static void testHalfRounding(void) {
  printf("@testHalfRounding\n");
  unsigned bad = 0, checked = 0;
  for (uint64_t x = 0; x <= 0xffffffffu; x += 4099) {
    float f = bitsFloat((uint32_t)x);
    if (isnan(f))
      continue;
    _Float16 h = (_Float16)f;
    uint16_t expected;
    memcpy(&expected, &h, sizeof(expected));
    bad += tileFloatToHalf(f) != expected;
    ++checked;
  }
  // CHECK-LABEL: @testHalfRounding
  // CHECK: mismatches: 0 of {{[0-9]+}}
  printf("mismatches: %u of %u\n", bad, checked);
}

/* The bfloat16 nearest to `f` (ties to even), found by comparing the two
 * candidates in double precision. */
static uint16_t nearestBFloat16(float f) {
  uint32_t x = floatBits(f);
  uint16_t lo = (uint16_t)(x >> 16), hi = (uint16_t)(lo + 1);
  if ((x & 0xffff) == 0)
    return lo;
  double dlo = fabs((double)f - tileBFloat16ToFloat(lo));
  double dhi = fabs((double)tileBFloat16ToFloat(hi) - f);
  if (isinf(tileBFloat16ToFloat(hi)) && !isinf(f))
    dhi = fabs(ldexp(1.0, 128) * (f < 0 ? -1 : 1) - f);
  return dlo < dhi ? lo : dhi < dlo ? hi : (lo & 1) ? hi : lo;
}

static void testBFloat16(void) {
  printf("@testBFloat16\n");
  unsigned bad = 0;
  for (uint64_t x = 0; x <= 0xffffffffu; x += 4099) {
    float f = bitsFloat((uint32_t)x);
    if (isnan(f))
      bad += !isnan(tileBFloat16ToFloat(tileFloatToBFloat16(f)));
    else
      bad += tileFloatToBFloat16(f) != nearestBFloat16(f);
  }
  // CHECK-LABEL: @testBFloat16
  // CHECK: mismatches: 0
  printf("mismatches: %u\n", bad);
  // CHECK: 1 -> 3f80, 1.00390625 -> 3f80, 1.01171875 -> 3f82
  printf("1 -> %04x, 1.00390625 -> %04x, 1.01171875 -> %04x\n",
         tileFloatToBFloat16(1.0f), tileFloatToBFloat16(1.00390625f),
         tileFloatToBFloat16(1.01171875f));
}

/* Integer stores round and clamp; NaN stores 0. */
static void testElementStore(void) {
  printf("@testElementStore\n");
  int8_t i8[4];
  tileElementStore(TileElementI8, &i8[0], 300);
  tileElementStore(TileElementI8, &i8[1], -300);
  tileElementStore(TileElementI8, &i8[2], NAN);
  tileElementStore(TileElementI8, &i8[3], 2.6);
  int64_t i64;
  tileElementStore(TileElementI64, &i64, 1e30);
  // CHECK-LABEL: @testElementStore
  // CHECK: 127 -128 0 3 9223372036854775807
  printf("%d %d %d %d %lld\n", i8[0], i8[1], i8[2], i8[3], (long long)i64);
  // CHECK: f16 2 bytes, index 8 bytes, i1 1 byte, bf16 is a float
  printf("f16 %zu bytes, index %zu bytes, i1 %zu byte, bf16 is %s\n",
         tileElementTypeGetSize(TileElementF16),
         tileElementTypeGetSize(TileElementIndex),
         tileElementTypeGetSize(TileElementI1),
         tileElementTypeIsFloat(TileElementBF16) ? "a float" : "no float");
}

static void testBuffers(void) {
  printf("@testBuffers\n");
  int64_t sizes[3] = {2, 3, 4};
  TileBuffer *b = tileBufferCreate(TileElementF32, 3, sizes);
  float *data = tileBufferGetData(b);
  data[23] = 5;
  TileBuffer *copy = tileBufferClone(b);
  // CHECK-LABEL: @testBuffers
  // CHECK: 24 elements, 96 bytes, aligned 1, copy 5, zero 0
  printf("%lld elements, %zu bytes, aligned %d, copy %g, zero %g\n",
         (long long)tileBufferGetNumElements(b), tileBufferGetByteSize(b),
         (int)((uintptr_t)data % 64 == 0),
         ((float *)tileBufferGetData(copy))[23],
         ((float *)tileBufferGetData(copy))[0]);
  int64_t negative[1] = {-1}, huge[2] = {INT64_MAX / 2, 3};
  // CHECK: negative 0, overflow 0, rank 9: 0, rank 0: 1 element
  TileBuffer *scalar = tileBufferCreate(TileElementI64, 0, NULL);
  printf("negative %d, overflow %d, rank 9: %d, rank 0: %lld element\n",
         tileBufferCreate(TileElementF32, 1, negative) != NULL,
         tileBufferCreate(TileElementF32, 2, huge) != NULL,
         tileBufferCreate(TileElementF32, 9, sizes) != NULL,
         (long long)tileBufferGetNumElements(scalar));
  tileBufferDestroy(scalar);
  tileBufferDestroy(copy);
  tileBufferDestroy(b);
}

static void exitOnFault(int signal) { _exit(signal == SIGSEGV ? 42 : 43); }

/* Whether storing to `address` faults (in a child process). */
static bool storeFaults(volatile float *address) {
  pid_t child = fork();
  if (child == 0) {
    signal(SIGSEGV, exitOnFault);
    *address = 1;
    _exit(0);
  }
  int status = 0;
  return child > 0 && waitpid(child, &status, 0) == child &&
         WIFEXITED(status) && WEXITSTATUS(status) == 42;
}

static void testGuardedBuffers(void) {
  printf("@testGuardedBuffers\n");
  int64_t sizes[3] = {2, 3, 4};
  TileBuffer *b = tileBufferCreateGuarded(TileElementF32, 3, sizes);
  float *data = tileBufferGetData(b);
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  float sum = 0;
  for (int i = 0; i < 24; ++i)
    sum += data[i];
  // CHECK-LABEL: @testGuardedBuffers
  // CHECK: 96 bytes, aligned 1, zero 1, ends 32 bytes before a page
  printf("%zu bytes, aligned %d, zero %d, ends %zu bytes before a page\n",
         tileBufferGetByteSize(b), (int)((uintptr_t)data % 64 == 0), sum == 0,
         page - ((uintptr_t)data + 96) % page);
  int64_t element = 0;
  /* The guard page before the data is the one before the page it starts in:
   * `below` is its last element. */
  float *below = (float *)((uintptr_t)data / page * page) - 1;
  // CHECK: hit before 1 (-{{[0-9]+}}), after 1 (32), slack 0, inside 0
  bool before = tileBufferGuardHit(b, (uintptr_t)below, &element);
  printf("hit before %d (%lld), ", before && element == below - data,
         (long long)element);
  bool after = tileBufferGuardHit(b, (uintptr_t)(data + 32), &element);
  printf("after %d (%lld), slack %d, inside %d\n", after, (long long)element,
         tileBufferGuardHit(b, (uintptr_t)(data + 30), &element),
         tileBufferGuardHit(b, (uintptr_t)(data + 3), &element));
  // CHECK: store faults past the end 1, before 1, in the slack 0, inside 0
  printf("store faults past the end %d, before %d, in the slack %d, inside "
         "%d\n",
         storeFaults(data + 32), storeFaults(below), storeFaults(data + 31),
         storeFaults(data));
  data[5] = 7;
  TileBuffer *copy = tileBufferClone(b);
  float *copied = tileBufferGetData(copy);
  TileBuffer *plain = tileBufferCreate(TileElementF32, 3, sizes);
  int64_t none = 0;
  TileBuffer *empty = tileBufferCreateGuarded(TileElementF32, 1, &none);
  // CHECK: copy 7 guarded 1, plain buffer 0, empty 1 faults 1
  printf(
      "copy %g guarded %d, plain buffer %d, empty %d faults %d\n", copied[5],
      tileBufferGuardHit(copy, (uintptr_t)(copied + 32), &element),
      tileBufferGuardHit(plain, (uintptr_t)tileBufferGetData(plain) - 1,
                         &element),
      tileBufferGuardHit(empty, (uintptr_t)tileBufferGetData(empty), &element),
      storeFaults(tileBufferGetData(empty)));
  /* The 32 bytes of padding after the 96 of data fault on nothing: a write
   * there is found afterwards. */
  int64_t written = 0;
  bool intact = tileBufferCheckPadding(b, &written);
  data[25] = 1;
  bool afterWrite = tileBufferCheckPadding(b, &written);
  // CHECK: padding intact 1, after a write 0 (element 25), plain 1
  printf("padding intact %d, after a write %d (element %lld), plain %d\n",
         intact, afterWrite, (long long)written,
         tileBufferCheckPadding(plain, &written));
  int64_t negative[1] = {-1}, huge[2] = {INT64_MAX / 2, 3};
  // CHECK: guarded negative 0, overflow 0
  printf("guarded negative %d, overflow %d\n",
         tileBufferCreateGuarded(TileElementF32, 1, negative) != NULL,
         tileBufferCreateGuarded(TileElementF32, 2, huge) != NULL);
  tileBufferDestroy(empty);
  tileBufferDestroy(plain);
  tileBufferDestroy(copy);
  tileBufferDestroy(b);
}

static const char *source =
    "func.func @add(%A: memref<?xf32>, %B: memref<4xf32>, %s: f32) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c4 = arith.constant 4 : index\n"
    "  scf.for %i = %c0 to %c4 step %c1 {\n"
    "    %x = memref.load %A[%i] : memref<?xf32>\n"
    "    %y = arith.addf %x, %s : f32\n"
    "    memref.store %y, %B[%i] : memref<4xf32>\n"
    "  }\n"
    "  return\n"
    "}\n"
    "func.func private @helper(%x: f32)\n"
    "func.func @results() -> f32 {\n"
    "  %0 = arith.constant 1.0 : f32\n"
    "  return %0 : f32\n"
    "}\n"
    "func.func @vector(%v: vector<4xf32>) { return }\n"
    "func.func @shared(%m: memref<4xf32, #gpu.address_space<workgroup>>) "
    "{ return }\n"
    "func.func @strided(%m: memref<4xf32, strided<[2]>>) { return }\n";

static MlirOperation parse(MlirContext ctx) {
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
  return mlirModuleGetOperation(module);
}

static void testEntryTable(MlirContext ctx) {
  printf("@testEntryTable\n");
  MlirOperation module = parse(ctx);
  TileEntryTable *t = tileEntryTableCreate(module);
  // CHECK-LABEL: @testEntryTable
  // CHECK: add: 3 args, supported
  // CHECK-NEXT:   memref<?xf32>: f32 rank 1 [?]
  // CHECK-NEXT:   memref<4xf32>: f32 rank 1 [4]
  // CHECK-NEXT:   f32: f32 rank -1 []
  // CHECK-NEXT: results: 0 args, it returns results (entries write their
  // results into memref arguments) CHECK-NEXT: vector: 1 args, argument 0
  // (vector<4xf32>) is not a memref or a scalar of i1, i8, i16, i32, i64,
  // index, f16, bf16, f32 or f64 CHECK-NEXT: shared: 1 args, argument 0
  // (memref<4xf32, #gpu.address_space<workgroup>>) has a memory space (only
  // global memrefs are passed) CHECK-NEXT: strided: 1 args, argument 0
  // (memref<4xf32, strided<[2]>>) has a non-identity layout CHECK-NEXT: helper
  // listed: 0
  for (intptr_t i = 0; i < tileEntryTableGetNumEntries(t); ++i) {
    const TileEntrySignature *e = tileEntryTableGetEntry(t, i);
    printf("%s: %u args, %s\n", e->name, e->numArgs,
           e->unsupported ? e->unsupported : "supported");
    for (unsigned a = 0; !e->unsupported && a < e->numArgs; ++a) {
      const TileArgType *arg = &e->args[a];
      printf("  %s: %s rank %d [", arg->typeName,
             tileElementTypeGetName(arg->elementType), arg->rank);
      for (int d = 0; d < arg->rank; ++d)
        arg->shape[d] == TILE_DYNAMIC_SIZE
            ? printf("?")
            : printf("%lld", (long long)arg->shape[d]);
      printf("]\n");
    }
  }
  printf("helper listed: %d\n", tileEntryTableFind(t, "helper") != NULL);
  tileEntryTableDestroy(t);
  mlirOperationDestroy(module);
}

/* $TILE_RUNTIME_PATH comes first; what is nowhere is reported with the
 * places searched. */
static void testLibrarySearch(void) {
  printf("@testLibrarySearch\n");
  char *found = tileRuntimeLibraryFind("tile_rt_fake", sink);
  const char *slash = found ? strrchr(found, '/') : NULL;
  // CHECK-LABEL: @testLibrarySearch
  // CHECK: found /libtile_rt_fake.so
  printf("found %s\n", slash ? slash : "nothing");
  free(found);
  // CHECK: error: cannot find the runtime library 'libtile_no_such_runtime.so'
  // (looked in $TILE_RUNTIME_PATH (/nonexistent:{{.*}}), {{.*}}/lib and the
  // system library path) CHECK: returned 0
  found = tileRuntimeLibraryFind("tile_no_such_runtime", sink);
  printf("returned %d\n", found != NULL);
}

/* Compiles the module for the cpu with `exec`; returns the context. */
static TileBackendContext *compile(MlirContext ctx, const char *exec,
                                   const char *parts, TileArtifact **out) {
  TileBackendContext *backend =
      tileBackendContextCreate("cpu", NULL, exec, sink);
  MlirOperation module = parse(ctx);
  MlirOperation kept = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)));
  /* Keep @add only: the others are for the signature tests. */
  MlirOperation op = mlirOperationGetNextInBlock(kept);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationRemoveFromParent(op);
    mlirOperationDestroy(op);
    op = next;
  }
  *out = tileCompile(backend, module, parts);
  mlirOperationDestroy(module);
  return backend;
}

static void testJit(MlirContext ctx, const TileEntrySignature *add) {
  printf("@testJit\n");
  TileArtifact *artifact;
  TileBackendContext *backend = compile(ctx, "jit", NULL, &artifact);
  TileExecutable *exe = tileExecutableCreate(backend, artifact, sink);
  tileArtifactDestroy(artifact);
  int64_t four = 4, five = 5;
  TileBuffer *a = tileBufferCreate(TileElementF32, 1, &four);
  TileBuffer *b = tileBufferCreate(TileElementF32, 1, &four);
  TileBuffer *wrong = tileBufferCreate(TileElementF32, 1, &five);
  for (int i = 0; i < 4; ++i)
    ((float *)tileBufferGetData(a))[i] = (float)i;
  TileArgValue args[3] = {{a, 0, 0}, {b, 0, 0}, {NULL, 0, 0.5}};
  MlirLogicalResult r = tileExecutableInvoke(exe, add, args, sink);
  float *out = tileBufferGetData(b);
  // CHECK-LABEL: @testJit
  // CHECK: success: 0.5 1.5 2.5 3.5
  printf("%s: %g %g %g %g\n",
         mlirLogicalResultIsSuccess(r) ? "success" : "failure", out[0], out[1],
         out[2], out[3]);
  // CHECK: error: argument 1 of 'add' (memref<4xf32>) got a buffer of size 5 in
  // dimension 0
  args[1].buffer = wrong;
  tileExecutableInvoke(exe, add, args, sink);
  // CHECK: error: argument 0 of 'add' (memref<?xf32>) got a rank-1 i32 buffer
  TileBuffer *ints = tileBufferCreate(TileElementI32, 1, &four);
  args[0].buffer = ints;
  args[1].buffer = b;
  tileExecutableInvoke(exe, add, args, sink);
  // CHECK: error: argument 0 of 'add' (memref<?xf32>) needs a buffer
  args[0].buffer = NULL;
  tileExecutableInvoke(exe, add, args, sink);
  tileBufferDestroy(ints);
  tileBufferDestroy(wrong);
  tileBufferDestroy(b);
  tileBufferDestroy(a);
  tileExecutableDestroy(exe);
  tileBackendContextDestroy(backend);
}

/* Views run kernels on the caller's memory, which they never free; device
 * memory is refused where kernels read host memory; misaligned memory is
 * refused when the view is made. */
static void testViews(MlirContext ctx, const TileEntrySignature *add) {
  printf("@testViews\n");
  TileArtifact *artifact;
  TileBackendContext *backend = compile(ctx, "jit", NULL, &artifact);
  TileExecutable *exe = tileExecutableCreate(backend, artifact, sink);
  tileArtifactDestroy(artifact);
  int64_t four = 4;
  float *memory =
      aligned_alloc(TILE_BUFFER_ALIGNMENT, 2 * TILE_BUFFER_ALIGNMENT);
  for (int i = 0; i < 8; ++i)
    memory[i] = (float)(10 * i);
  float *second = memory + TILE_BUFFER_ALIGNMENT / sizeof(float);
  TileBuffer *a =
      tileBufferCreateView(TileElementF32, 1, &four, memory, TileMemoryHost);
  TileBuffer *b =
      tileBufferCreateView(TileElementF32, 1, &four, second, TileMemoryHost);
  TileArgValue args[3] = {{a, 0, 0}, {b, 0, 0}, {NULL, 0, 1.0}};
  MlirLogicalResult r = tileExecutableInvoke(exe, add, args, sink);
  // CHECK-LABEL: @testViews
  // CHECK: success: 1 11 21 31, data 1, host 1
  printf("%s: %g %g %g %g, data %d, host %d\n",
         mlirLogicalResultIsSuccess(r) ? "success" : "failure", second[0],
         second[1], second[2], second[3], tileBufferGetData(b) == second,
         tileBufferGetMemoryKind(b) == TileMemoryHost);
  int64_t zero = 0;
  TileBuffer *empty =
      tileBufferCreateView(TileElementF32, 1, &zero, NULL, TileMemoryHost);
  // CHECK: misaligned 1, null 1, empty 1
  printf("misaligned %d, null %d, empty %d\n",
         tileBufferCreateView(TileElementF32, 1, &four, memory + 1,
                              TileMemoryHost) == NULL,
         tileBufferCreateView(TileElementF32, 1, &four, NULL, TileMemoryHost) ==
             NULL,
         empty != NULL);
  tileBufferDestroy(empty);
  TileBuffer *device =
      tileBufferCreateView(TileElementF32, 1, &four, memory, TileMemoryDevice);
  // CHECK: device clone 0
  printf("device clone %d\n", tileBufferClone(device) != NULL);
  // CHECK: error: argument 0 of 'add' (memref<?xf32>) is in device memory, but
  // execution backend 'jit' passes host memory to kernels
  args[0].buffer = device;
  tileExecutableInvoke(exe, add, args, sink);
  tileBufferDestroy(device);
  tileBufferDestroy(b);
  tileBufferDestroy(a);
  /* The memory is the caller's: still there after the views went. */
  // CHECK: still 31
  printf("still %g\n", second[3]);
  free(memory);
  tileExecutableDestroy(exe);
  tileBackendContextDestroy(backend);
}

static void testAot(MlirContext ctx, const TileEntryTable *entries) {
  printf("@testAot\n");
  TileArtifact *artifact;
  TileBackendContext *backend = compile(ctx, "aot", "obj", &artifact);
  // CHECK-LABEL: @testAot
  // CHECK: error: execution backend 'aot' runs nothing in this process: link
  // the artifact's object (part 'obj') and its C header
  // (tileArtifactPrintCHeader) into a program CHECK: executable 0, object 1
  TileExecutable *exe = tileExecutableCreate(backend, artifact, sink);
  printf("executable %d, object %d\n", exe != NULL,
         tileArtifactGetPart(artifact, "obj").length > 0);
  // CHECK: #ifndef ADD_H
  // CHECK: } tile_memref_f32_1d;
  // CHECK-NOT: typedef
  // CHECK: void _mlir_ciface_add(
  // CHECK-NEXT: tile_memref_f32_1d *arg0,
  // CHECK-NEXT: tile_memref_f32_1d *arg1,
  // CHECK-NEXT: float arg2);
  // CHECK-NOT: _mlir_ciface
  // CHECK: #endif /* ADD_H */
  fflush(stdout);
  tileArtifactPrintCHeader(artifact, entries, "ADD_H", appendText, stdout,
                           sink);
  tileArtifactDestroy(artifact);
  tileBackendContextDestroy(backend);
}

int main(void) {
  testHalfRoundTrip();
  testHalfRounding();
  testBFloat16();
  testElementStore();
  testBuffers();
  testGuardedBuffers();
  tileRegisterUpstreamPasses();
  tileRegisterBuiltinBackends();
  MlirContext ctx = mlirContextCreate();
  tileContextLoadDialects(ctx);
  testEntryTable(ctx);
  testLibrarySearch();
  MlirOperation module = parse(ctx);
  TileEntryTable *entries = tileEntryTableCreate(module);
  testJit(ctx, tileEntryTableFind(entries, "add"));
  testViews(ctx, tileEntryTableFind(entries, "add"));
  testAot(ctx, entries);
  tileEntryTableDestroy(entries);
  mlirOperationDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
