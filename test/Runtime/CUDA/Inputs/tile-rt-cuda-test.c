/* tile-rt-cuda-test: drives libtile_rt_cuda.so through dlopen. */
#include <dlfcn.h>
#include <inttypes.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The ABI under test, with handles as the opaque pointers generated code
   passes. The library is loaded, never linked, so its prototypes are
   restated here as pointer types. */
typedef struct {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[4]; /* rank 2: sizes then strides */
} MemRef2;

typedef struct {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[6];
} MemRef3;

typedef bool (*AvailableFn)(char *, size_t);
typedef void *(*ModuleLoadFn)(void *, size_t);
typedef void *(*ModuleLoadJITFn)(void *, int);
typedef void (*ModuleUnloadFn)(void *);
typedef void *(*ModuleGetFunctionFn)(void *, const char *);
typedef void (*LaunchKernelFn)(void *, intptr_t, intptr_t, intptr_t, intptr_t,
                               intptr_t, intptr_t, int32_t, void *, void **,
                               void **, size_t);
typedef void (*LaunchClusterKernelFn)(void *, intptr_t, intptr_t, intptr_t,
                                      intptr_t, intptr_t, intptr_t, intptr_t,
                                      intptr_t, intptr_t, int32_t, void *,
                                      void **, void **);
typedef void *(*CreateFn)(void);
typedef void (*HandleFn)(void *);
typedef void (*HandlePairFn)(void *, void *);
typedef void *(*MemAllocFn)(uint64_t, void *, uint32_t);
typedef void (*MemFreeFn)(void *, void *);
typedef void (*MemcpyFn)(void *, void *, size_t, void *);
typedef void (*MemsetFn)(void *, uint32_t, size_t, void *);
typedef void (*HostRegisterFn)(void *, uint64_t);
typedef void (*MemRefFn)(int64_t, void *, int64_t);
typedef void (*SetDeviceFn)(int32_t);
typedef void (*EncodeTiledFn)(void *, int, uint32_t, void *, const uint64_t *,
                              const uint64_t *, const uint32_t *,
                              const uint32_t *, int, int, int, int);
typedef void *(*EncodeTiledMemRefFn)(int64_t, void *, int64_t, int64_t, int64_t,
                                     int64_t, int64_t, int64_t *);
typedef void (*CatchRefusalsFn)(void (*)(void *, const char *), void *);

static void *library;

static void *symbol(const char *name) {
  void *address = dlsym(library, name);
  if (!address) {
    fprintf(stderr, "tile-rt-cuda-test: %s is not exported\n", name);
    exit(2);
  }
  return address;
}

/* Data and function pointers share a representation on POSIX systems. */
#define API(type, name) ((type)(uintptr_t)symbol(name))

/* Kernels as PTX text, JIT-compiled by the driver for whatever GPU is
   present. fill: out[i] = i * k for i < n. sharedProbe: each thread writes
   and reads back a word at the top of the dynamic shared memory and
   stores tid + the dynamic shared size. staticShared: the same through a
   word of its 1 KiB of static shared memory (256 threads at most). */
static const char fillPtx[] =
    ".version 7.0\n"
    ".target sm_70\n"
    ".address_size 64\n"
    ".extern .shared .align 16 .b8 dynamicShared[];\n"
    ".visible .entry fill(.param .u64 out, .param .u32 n, .param .u32 k)\n"
    "{\n"
    "  .reg .pred %p;\n"
    "  .reg .b32 %r<6>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  ld.param.u32 %r1, [n];\n"
    "  ld.param.u32 %r2, [k];\n"
    "  mov.u32 %r3, %ctaid.x;\n"
    "  mov.u32 %r4, %ntid.x;\n"
    "  mov.u32 %r5, %tid.x;\n"
    "  mad.lo.u32 %r3, %r3, %r4, %r5;\n"
    "  setp.ge.u32 %p, %r3, %r1;\n"
    "  @%p bra DONE;\n"
    "  mul.lo.u32 %r4, %r3, %r2;\n"
    "  cvta.to.global.u64 %rd1, %rd1;\n"
    "  mul.wide.u32 %rd2, %r3, 4;\n"
    "  add.u64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r4;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    ".visible .entry sharedProbe(.param .u64 out)\n"
    "{\n"
    "  .reg .b32 %r<8>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r2, %dynamic_smem_size;\n"
    "  mov.u32 %r3, dynamicShared;\n"
    "  add.u32 %r3, %r3, %r2;\n"
    "  add.u32 %r4, %r1, 1;\n"
    "  shl.b32 %r4, %r4, 2;\n"
    "  sub.u32 %r3, %r3, %r4;\n"
    "  st.shared.u32 [%r3], %r1;\n"
    "  bar.sync 0;\n"
    "  ld.shared.u32 %r5, [%r3];\n"
    "  add.u32 %r5, %r5, %r2;\n"
    "  cvta.to.global.u64 %rd1, %rd1;\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.u64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r5;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry staticShared(.param .u64 out)\n"
    "{\n"
    "  .shared .align 4 .b8 staticWords[1024];\n"
    "  .reg .b32 %r<8>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r2, %dynamic_smem_size;\n"
    "  mov.u32 %r3, staticWords;\n"
    "  shl.b32 %r4, %r1, 2;\n"
    "  add.u32 %r3, %r3, %r4;\n"
    "  st.shared.u32 [%r3], %r1;\n"
    "  bar.sync 0;\n"
    "  ld.shared.u32 %r5, [%r3];\n"
    "  add.u32 %r5, %r5, %r2;\n"
    "  cvta.to.global.u64 %rd1, %rd1;\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.u64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r5;\n"
    "  ret;\n"
    "}\n";

/* clusterRank: out[block] = 100 * blocks per cluster + rank in cluster. */
static const char clusterPtx[] =
    ".version 7.8\n"
    ".target sm_90\n"
    ".address_size 64\n"
    ".visible .entry clusterRank(.param .u64 out)\n"
    "{\n"
    "  .reg .b32 %r<4>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %ctaid.x;\n"
    "  mov.u32 %r2, %cluster_ctarank;\n"
    "  mov.u32 %r3, %cluster_nctarank;\n"
    "  mad.lo.u32 %r2, %r3, 100, %r2;\n"
    "  cvta.to.global.u64 %rd1, %rd1;\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.u64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r2;\n"
    "  ret;\n"
    "}\n";

/* ---- availability and one-call scenarios (any machine) ---- */

static int runAvailable(void) {
  char why[512] = "";
  bool available = API(AvailableFn, "tileRtCudaAvailable")(why, sizeof(why));
  printf("@available\n");
  if (available)
    printf("available: yes\n");
  else
    printf("available: no: %s\n", why);
  /* A tiny buffer truncates, never overflows. */
  char tiny[8] = "xxxxxxx";
  API(AvailableFn, "tileRtCudaAvailable")(tiny, 4);
  printf("truncated: %zu\n", strlen(tiny));
  return 0;
}

/* Calls one entry point with placeholder arguments; with no usable driver
   each must report it and exit before touching them. */
static int runCall(const char *name) {
  char buffer[64] = "";
  int64_t box[2] = {1, 1};
  MemRef2 memref = {buffer, buffer, 0, {1, 1, 1, 1}};
  if (!strcmp(name, "mgpuModuleLoad"))
    API(ModuleLoadFn, name)(buffer, sizeof(buffer));
  else if (!strcmp(name, "mgpuModuleLoadJIT"))
    API(ModuleLoadJITFn, name)(buffer, 2);
  else if (!strcmp(name, "mgpuModuleGetFunction"))
    API(ModuleGetFunctionFn, name)(NULL, "kernel");
  else if (!strcmp(name, "mgpuLaunchKernel"))
    API(LaunchKernelFn, name)(NULL, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, NULL, 0);
  else if (!strcmp(name, "mgpuLaunchClusterKernel"))
    API(LaunchClusterKernelFn, name)(NULL, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, NULL,
                                     NULL, NULL);
  else if (!strcmp(name, "mgpuStreamCreate") ||
           !strcmp(name, "mgpuEventCreate"))
    API(CreateFn, name)();
  else if (!strcmp(name, "mgpuModuleUnload") ||
           !strcmp(name, "mgpuStreamDestroy") ||
           !strcmp(name, "mgpuStreamSynchronize") ||
           !strcmp(name, "mgpuEventDestroy") ||
           !strcmp(name, "mgpuEventSynchronize") ||
           !strcmp(name, "mgpuMemHostUnregister"))
    API(HandleFn, name)(buffer);
  else if (!strcmp(name, "mgpuStreamWaitEvent") ||
           !strcmp(name, "mgpuEventRecord"))
    API(HandlePairFn, name)(buffer, buffer);
  else if (!strcmp(name, "mgpuMemAlloc"))
    API(MemAllocFn, name)(1024, NULL, 0);
  else if (!strcmp(name, "mgpuMemFree"))
    API(MemFreeFn, name)(buffer, NULL);
  else if (!strcmp(name, "mgpuMemcpy"))
    API(MemcpyFn, name)(buffer, buffer + 32, 16, NULL);
  else if (!strcmp(name, "mgpuMemset32") || !strcmp(name, "mgpuMemset16"))
    API(MemsetFn, name)(buffer, 0, 4, NULL);
  else if (!strcmp(name, "mgpuMemHostRegister"))
    API(HostRegisterFn, name)(buffer, sizeof(buffer));
  else if (!strcmp(name, "mgpuMemHostRegisterMemRef") ||
           !strcmp(name, "mgpuMemHostUnregisterMemRef"))
    API(MemRefFn, name)(2, &memref, 4);
  else if (!strcmp(name, "mgpuSetDefaultDevice"))
    API(SetDeviceFn, name)(0);
  else if (!strcmp(name, "mgpuTensorMapEncodeTiled"))
    API(EncodeTiledFn, name)(buffer, 0, 1, buffer, NULL, NULL, NULL, NULL, 0, 0,
                             0, 0);
  else if (!strcmp(name, "mgpuTensorMapEncodeTiledMemref"))
    API(EncodeTiledMemRefFn, name)(2, &memref, 6, 0, 0, 0, 0, box);
  else {
    fprintf(stderr, "tile-rt-cuda-test: no call scenario for %s\n", name);
    return 2;
  }
  printf("returned from %s\n", name);
  return 0;
}

/* A failure ends the process; a call made while it ends (here from an
   atexit handler) must leave quietly: one error line in all. */
static void callAgainAtExit(void) {
  printf("@at-exit\n");
  API(CreateFn, "mgpuStreamCreate")();
  printf("returned at exit\n");
}

static int runAgainAtExit(void) {
  atexit(callAgainAtExit);
  API(MemAllocFn, "mgpuMemAlloc")(1024, NULL, 0);
  printf("returned from mgpuMemAlloc\n");
  return 0;
}

/* ---- scenarios that need a GPU ---- */

static size_t countMismatches32(const uint32_t *data, size_t count,
                                uint32_t (*expected)(size_t, uint32_t),
                                uint32_t parameter) {
  size_t bad = 0;
  for (size_t i = 0; i < count; ++i)
    bad += data[i] != expected(i, parameter);
  return bad;
}

static uint32_t constant(size_t i, uint32_t value) {
  (void)i;
  return value;
}

static uint32_t timesK(size_t i, uint32_t k) { return (uint32_t)i * k; }

static uint32_t plusValue(size_t i, uint32_t value) {
  return (uint32_t)i + value;
}

enum { Words = 4096 };

static void copyBack(void *host, void *device, size_t bytes, void *stream) {
  API(MemcpyFn, "mgpuMemcpy")(host, device, bytes, stream);
  API(HandleFn, "mgpuStreamSynchronize")(stream);
}

static int runMemory(void) {
  void *stream = API(CreateFn, "mgpuStreamCreate")();
  MemAllocFn memAlloc = API(MemAllocFn, "mgpuMemAlloc");
  MemFreeFn memFree = API(MemFreeFn, "mgpuMemFree");
  uint32_t *host = calloc(Words, 4), *pattern = calloc(Words, 4);
  void *a = memAlloc(Words * 4, stream, 0);
  void *b = memAlloc(Words * 4, stream, 0);
  printf("@memory\n");
  printf("device pointers: %s\n", a && b && a != b ? "distinct" : "bad");
  printf("zero-byte allocation: %s\n",
         memAlloc(0, stream, 0) ? "non-null" : "null");

  API(MemsetFn, "mgpuMemset32")(a, 0xdeadbeefu, Words, stream);
  copyBack(host, a, Words * 4, stream);
  printf("memset32 mismatches: %zu\n",
         countMismatches32(host, Words, constant, 0xdeadbeefu));

  /* Only the low 16 bits of the value count: the rest is register noise. */
  API(MemsetFn, "mgpuMemset16")(a, 0xffff1234u, 2 * Words, stream);
  copyBack(host, a, Words * 4, stream);
  printf("memset16 mismatches: %zu\n",
         countMismatches32(host, Words, constant, 0x12341234u));

  for (size_t i = 0; i < Words; ++i)
    pattern[i] = (uint32_t)(i * 2654435761u);
  API(MemcpyFn, "mgpuMemcpy")(a, pattern, Words * 4, stream);
  API(MemcpyFn, "mgpuMemcpy")(b, a, Words * 4, stream);
  memset(host, 0, Words * 4);
  copyBack(host, b, Words * 4, stream);
  printf("host->device->device->host: %s\n",
         memcmp(host, pattern, Words * 4) ? "differs" : "equal");

  memFree(a, stream);
  memFree(b, stream);
  memFree(NULL, stream);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  free(host);
  free(pattern);
  return 0;
}

static int runStreams(void) {
  void *producer = API(CreateFn, "mgpuStreamCreate")();
  void *consumer = API(CreateFn, "mgpuStreamCreate")();
  void *event = API(CreateFn, "mgpuEventCreate")();
  uint32_t *host = calloc(Words, 4);
  void *device = API(MemAllocFn, "mgpuMemAlloc")(Words * 4, producer, 0);
  API(MemsetFn, "mgpuMemset32")(device, 7, Words, producer);
  API(HandlePairFn, "mgpuEventRecord")(event, producer);
  API(HandlePairFn, "mgpuStreamWaitEvent")(consumer, event);
  API(MemcpyFn, "mgpuMemcpy")(host, device, Words * 4, consumer);
  API(HandleFn, "mgpuStreamSynchronize")(consumer);
  API(HandleFn, "mgpuEventSynchronize")(event);
  printf("@streams\n");
  printf("ordered copy mismatches: %zu\n",
         countMismatches32(host, Words, constant, 7));
  API(MemFreeFn, "mgpuMemFree")(device, consumer);
  API(HandleFn, "mgpuEventDestroy")(event);
  API(HandleFn, "mgpuStreamDestroy")(producer);
  API(HandleFn, "mgpuStreamDestroy")(consumer);
  free(host);
  return 0;
}

/* Launches fill over n words at out on a fresh stream and waits. */
static void launchFill(void *kernel, void *out, uint32_t n, uint32_t k,
                       void *stream) {
  void *params[] = {&out, &n, &k};
  intptr_t blocks = (n + 127) / 128;
  API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, blocks, 1, 1, 128, 1, 1, 0,
                                          stream, params, NULL, 3);
  API(HandleFn, "mgpuStreamSynchronize")(stream);
}

static void *sharedRaceKernel;

static void *loadKernel(const char *ptx, const char *name, void **module) {
  *module = API(ModuleLoadJITFn, "mgpuModuleLoadJIT")((void *)ptx, 2);
  return API(ModuleGetFunctionFn, "mgpuModuleGetFunction")(*module, name);
}

static int runLaunch(void) {
  void *module, *stream = API(CreateFn, "mgpuStreamCreate")();
  void *fill = loadKernel(fillPtx, "fill", &module);
  uint32_t n = 1000; /* not a multiple of the 128-thread block */
  uint32_t *host = calloc(Words, 4);
  void *device = API(MemAllocFn, "mgpuMemAlloc")(Words * 4, stream, 0);
  API(MemsetFn, "mgpuMemset32")(device, 0xffffffffu, Words, stream);
  launchFill(fill, device, n, 3, stream);
  copyBack(host, device, Words * 4, stream);
  printf("@launch\n");
  printf("fill mismatches: %zu\n", countMismatches32(host, n, timesK, 3));
  printf("untouched tail mismatches: %zu\n",
         countMismatches32(host + n, Words - n, constant, 0xffffffffu));

  /* An empty grid launches nothing. */
  void *params[] = {&device, &n, &n};
  API(LaunchKernelFn, "mgpuLaunchKernel")(fill, 0, 1, 1, 128, 1, 1, 0, stream,
                                          params, NULL, 3);
  printf("empty grid: skipped\n");

  /* 64 KiB of dynamic shared memory needs the opt-in attribute. */
  void *probe =
      API(ModuleGetFunctionFn, "mgpuModuleGetFunction")(module, "sharedProbe");
  void *probeParams[] = {&device};
  int32_t shared = 64 * 1024;
  API(LaunchKernelFn, "mgpuLaunchKernel")(probe, 1, 1, 1, 256, 1, 1, shared,
                                          stream, probeParams, NULL, 1);
  copyBack(host, device, 256 * 4, stream);
  printf("shared 64 KiB mismatches: %zu\n",
         countMismatches32(host, 256, plusValue, (uint32_t)shared));

  /* 1 KiB static + 47 KiB dynamic is the 48 KiB every launch gets; 1 KiB
     + 48 KiB needs the attribute, though the dynamic part alone does not. */
  void *statics =
      API(ModuleGetFunctionFn, "mgpuModuleGetFunction")(module, "staticShared");
  int32_t sizes[] = {47 * 1024, 48 * 1024};
  for (int i = 0; i < 2; ++i) {
    API(LaunchKernelFn, "mgpuLaunchKernel")(
        statics, 1, 1, 1, 256, 1, 1, sizes[i], stream, probeParams, NULL, 1);
    copyBack(host, device, 256 * 4, stream);
    printf("static 1 KiB + dynamic %d KiB mismatches: %zu\n",
           (int)sizes[i] / 1024,
           countMismatches32(host, 256, plusValue, (uint32_t)sizes[i]));
  }

  API(MemFreeFn, "mgpuMemFree")(device, stream);
  API(HandleFn, "mgpuModuleUnload")(module);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  free(host);
  return 0;
}

/* A kernel writes straight into a registered host memref (4 x 250 words). */
static int runHostRegister(void) {
  void *module, *stream = API(CreateFn, "mgpuStreamCreate")();
  void *fill = loadKernel(fillPtx, "fill", &module);
  uint32_t *host = calloc(1000, 4);
  MemRef2 memref = {(char *)host, (char *)host, 0, {4, 250, 250, 1}};
  API(MemRefFn, "mgpuMemHostRegisterMemRef")(2, &memref, 4);
  launchFill(fill, host, 1000, 5, stream);
  printf("@host-register\n");
  printf("kernel wrote host memory, mismatches: %zu\n",
         countMismatches32(host, 1000, timesK, 5));
  API(MemRefFn, "mgpuMemHostUnregisterMemRef")(2, &memref, 4);
  API(HandleFn, "mgpuModuleUnload")(module);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  free(host);
  return 0;
}

/* host_shared allocations are managed memory: both sides use one pointer. */
static int runManaged(void) {
  void *module, *stream = API(CreateFn, "mgpuStreamCreate")();
  void *fill = loadKernel(fillPtx, "fill", &module);
  uint32_t *shared = API(MemAllocFn, "mgpuMemAlloc")(1000 * 4, stream, 1);
  launchFill(fill, shared, 1000, 7, stream);
  printf("@managed\n");
  printf("host reads kernel output, mismatches: %zu\n",
         countMismatches32(shared, 1000, timesK, 7));
  shared[0] = 42; /* and writes it */
  printf("host write: %" PRIu32 "\n", shared[0]);
  API(MemFreeFn, "mgpuMemFree")(shared, stream);
  API(HandleFn, "mgpuModuleUnload")(module);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  return 0;
}

/* Threads start with no current context; each call must find one. */
static void *threadBody(void *argument) {
  uint32_t value = (uint32_t)(uintptr_t)argument;
  void *stream = API(CreateFn, "mgpuStreamCreate")();
  uint32_t *host = calloc(Words, 4);
  void *device = API(MemAllocFn, "mgpuMemAlloc")(Words * 4, stream, 0);
  API(MemsetFn, "mgpuMemset32")(device, value, Words, stream);
  copyBack(host, device, Words * 4, stream);
  size_t bad = countMismatches32(host, Words, constant, value);
  API(MemFreeFn, "mgpuMemFree")(device, stream);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  free(host);
  return (void *)(uintptr_t)bad;
}

static int runThreads(void) {
  enum { Threads = 4 };
  pthread_t threads[Threads];
  for (uintptr_t i = 0; i < Threads; ++i)
    pthread_create(&threads[i], NULL, threadBody, (void *)(i + 1));
  printf("@threads\n");
  for (int i = 0; i < Threads; ++i) {
    void *bad = NULL;
    pthread_join(threads[i], &bad);
    printf("thread %d mismatches: %zu\n", i, (size_t)(uintptr_t)bad);
  }
  return 0;
}

/* Copies a descriptor back from device memory (the runtime owns it). */
static const char *describeDescriptor(void *descriptor, void *stream) {
  uint64_t words[16] = {0};
  copyBack(words, descriptor, sizeof(words), stream);
  for (int i = 0; i < 16; ++i)
    if (words[i])
      return "encoded";
  return "empty";
}

/* A 128x256 f16 tensor with a 64x64 box and 128-byte swizzle; then a
   strided 4x64x64 f32 view (rows of 128, planes of 8192 elements, offset
   by 64 elements) with a 1x32x32 box. */
static int runTensorMap(void) {
  enum { Float16 = 6, Float32 = 7, Swizzle128B = 3 };
  void *stream = API(CreateFn, "mgpuStreamCreate")();
  EncodeTiledMemRefFn encode =
      API(EncodeTiledMemRefFn, "mgpuTensorMapEncodeTiledMemref");
  void *tensor = API(MemAllocFn, "mgpuMemAlloc")(4 * 8192 * 4, stream, 0);
  MemRef2 plain = {tensor, tensor, 0, {128, 256, 256, 1}};
  int64_t box2[2] = {64, 64};
  printf("@tensor-map\n");
  printf("descriptor in device memory: %s\n",
         describeDescriptor(
             encode(2, &plain, Float16, 0, Swizzle128B, 0, 0, box2), stream));
  MemRef3 view = {tensor, tensor, 64, {4, 64, 64, 8192, 128, 1}};
  int64_t box3[3] = {1, 32, 32};
  printf(
      "strided 3-d descriptor: %s\n",
      describeDescriptor(encode(3, &view, Float32, 0, 0, 0, 0, box3), stream));
  API(MemFreeFn, "mgpuMemFree")(tensor, stream);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  return 0;
}

static int runCluster(void) {
  void *module, *stream = API(CreateFn, "mgpuStreamCreate")();
  void *kernel = loadKernel(clusterPtx, "clusterRank", &module);
  uint32_t host[8] = {0};
  void *device = API(MemAllocFn, "mgpuMemAlloc")(sizeof(host), stream, 0);
  void *params[] = {&device};
  API(LaunchClusterKernelFn, "mgpuLaunchClusterKernel")(
      kernel, 2, 1, 1, 8, 1, 1, 32, 1, 1, 0, stream, params, NULL);
  copyBack(host, device, sizeof(host), stream);
  printf("@cluster\n");
  for (int i = 0; i < 8; ++i)
    printf("%" PRIu32 "%s", host[i], i == 7 ? "\n" : " ");
  API(MemFreeFn, "mgpuMemFree")(device, stream);
  API(HandleFn, "mgpuModuleUnload")(module);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  return 0;
}

/* ---- the driver itself, loaded by the library under test ---- */

/* A symbol of the libcuda.so.1 the library loaded (NULL if it has none). */
static void *driverSymbol(const char *name) {
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  return cuda ? dlsym(cuda, name) : NULL;
}

/* The device's opt-in shared memory limit per block. */
static int deviceSharedLimit(void) {
  typedef int (*GetAttributeFn)(int *, int, int);
  enum { MaxSharedMemoryPerBlockOptin = 97 };
  void *address = driverSymbol("cuDeviceGetAttribute");
  int limit = 0;
  if (!address || ((GetAttributeFn)(uintptr_t)address)(
                      &limit, MaxSharedMemoryPerBlockOptin, 0) != 0) {
    fprintf(stderr, "tile-rt-cuda-test: cannot read the shared limit\n");
    exit(2);
  }
  return limit;
}

/* What the stand-in driver counted (-1 with a real driver). */
static long mockCount(const char *what) {
  typedef long (*CountFn)(const char *);
  void *address = driverSymbol("tileMockCudaCount");
  return address ? ((CountFn)(uintptr_t)address)(what) : -1;
}

/* Generated code calls this per launch: encode the operands' TMA
   descriptors, take a stream, launch, synchronise, give the stream back.
   Repeated, it must allocate nothing and create no stream after the first
   time. */
static int runReuse(void) {
  enum { Float16 = 6, Swizzle128B = 3, Calls = 100 };
  EncodeTiledMemRefFn encode =
      API(EncodeTiledMemRefFn, "mgpuTensorMapEncodeTiledMemref");
  void *tensor = API(MemAllocFn, "mgpuMemAlloc")(2 * 128 * 256 * 2, NULL, 0);
  MemRef2 a = {tensor, tensor, 0, {128, 256, 256, 1}};
  MemRef2 b = {tensor, tensor, 128 * 256, {128, 256, 256, 1}};
  int64_t box[2] = {64, 64};
  void *first[2] = {NULL, NULL};
  long before[2] = {0, 0};
  bool same = true;
  for (int call = 0; call < Calls; ++call) {
    void *da = encode(2, &a, Float16, 0, Swizzle128B, 0, 0, box);
    void *db = encode(2, &b, Float16, 0, Swizzle128B, 0, 0, box);
    void *stream = API(CreateFn, "mgpuStreamCreate")();
    API(HandleFn, "mgpuStreamSynchronize")(stream);
    API(HandleFn, "mgpuStreamDestroy")(stream);
    if (call == 0) {
      first[0] = da;
      first[1] = db;
      before[0] = mockCount("allocations");
      before[1] = mockCount("streams");
    }
    same &= da == first[0] && db == first[1];
  }
  printf("@reuse\n");
  printf("descriptors: %s, %s\n", same ? "same every call" : "changed",
         first[0] != first[1] ? "distinct per buffer" : "shared");
  printf("allocations after call 1: %ld, after call %d: %ld\n", before[0],
         Calls, mockCount("allocations"));
  printf("streams after call 1: %ld, after call %d: %ld\n", before[1], Calls,
         mockCount("streams"));
  API(MemFreeFn, "mgpuMemFree")(tensor, NULL);
  return 0;
}

/* TMA descriptor copies under churn: a copy handed out and not launched
   with yet keeps its bytes while 600 other descriptors come and go (the
   cache freed it for another descriptor, which a kernel launched next
   would have read); and 1000 distinct descriptors, each launched with (an
   empty grid), wait for the device a few times, not once per descriptor
   past the cache's 256. */
static int runTensorMapChurn(void) {
  enum { Float16 = 6, Swizzle128B = 3, Others = 600, Distinct = 1000 };
  EncodeTiledMemRefFn encode =
      API(EncodeTiledMemRefFn, "mgpuTensorMapEncodeTiledMemref");
  LaunchKernelFn launch = API(LaunchKernelFn, "mgpuLaunchKernel");
  void *module, *fill = loadKernel(fillPtx, "fill", &module);
  char *tensor = API(MemAllocFn, "mgpuMemAlloc")(64 << 20, NULL, 0);
  int64_t box[2] = {64, 64};
  MemRef2 kept = {tensor, tensor, 0, {128, 256, 256, 1}};
  void *held = encode(2, &kept, Float16, 0, Swizzle128B, 0, 0, box);
  uint64_t before[16], after[16];
  copyBack(before, held, sizeof(before), NULL);
  for (int i = 1; i <= Others; ++i) {
    MemRef2 other = {tensor, tensor, (int64_t)i * 64, {128, 256, 256, 1}};
    encode(2, &other, Float16, 0, Swizzle128B, 0, 0, box);
  }
  copyBack(after, held, sizeof(after), NULL);
  printf("@tensor-map-churn\n");
  printf("held copy after %d other descriptors: %s\n", Others,
         memcmp(before, after, sizeof(before)) ? "overwritten" : "intact");
  launch(fill, 0, 1, 1, 128, 1, 1, 0, NULL, NULL, NULL, 0);
  long waits = mockCount("context synchronizations");
  for (int i = 0; i < Distinct; ++i) {
    MemRef2 next = {
        tensor, tensor, (int64_t)(Others + 1 + i) * 64, {128, 256, 256, 1}};
    encode(2, &next, Float16, 0, Swizzle128B, 0, 0, box);
    launch(fill, 0, 1, 1, 128, 1, 1, 0, NULL, NULL, NULL, 0);
  }
  printf("context synchronizations for %d new descriptors: %ld\n", Distinct,
         mockCount("context synchronizations") - waits);
  API(MemFreeFn, "mgpuMemFree")(tensor, NULL);
  API(ModuleUnloadFn, "mgpuModuleUnload")(module);
  return 0;
}

/* Two threads launch one kernel with different dynamic shared sizes over
   48 KiB: neither launch may find the kernel's limit lowered by the other
   (the runtime set it to each launch's own size, and a launch failed). */
static void *launchWithShared(void *shared) {
  void *kernel = sharedRaceKernel;
  for (int i = 0; i < 200000; ++i)
    API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, 1, 1, 1, 32, 1, 1,
                                            (int32_t)(intptr_t)shared, NULL,
                                            NULL, NULL, 0);
  return NULL;
}

static int runSharedRace(void) {
  static const char ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                            ".visible .entry k()\n{\nret;\n}\n";
  void *module;
  sharedRaceKernel = loadKernel(ptx, "k", &module);
  pthread_t a, b;
  pthread_create(&a, NULL, launchWithShared, (void *)(intptr_t)100000);
  pthread_create(&b, NULL, launchWithShared, (void *)(intptr_t)60000);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("@shared-race\n2 x 200000 launches returned\n");
  API(ModuleUnloadFn, "mgpuModuleUnload")(module);
  return 0;
}

/* Generated code loads its module once, into the context current then,
   and looks a kernel up in it on every launch. After the program switches
   to another device, the lookup must reach a module of that device's
   context (the driver refuses another context's module): loaded there on
   first use, once per context, also when threads on both devices look it
   up at the same time. */
static void *module2;

static void *lookUpOnDevice(void *device) {
  API(SetDeviceFn, "mgpuSetDefaultDevice")((int32_t)(intptr_t)device);
  for (int i = 0; i < 20000; ++i)
    API(ModuleGetFunctionFn, "mgpuModuleGetFunction")(module2, "fill");
  return NULL;
}

static int runTwoDevices(void) {
  void *module, *fill = loadKernel(fillPtx, "fill", &module);
  uint32_t n = 1000;
  uint32_t *host = calloc(Words, 4);
  printf("@two-devices\n");
  printf("modules after the load: %ld\n", mockCount("modules"));
  launchFill(fill, host, n, 3, NULL);
  printf("device 0 fill mismatches: %zu\n",
         countMismatches32(host, n, timesK, 3));
  API(SetDeviceFn, "mgpuSetDefaultDevice")(1);
  fill = API(ModuleGetFunctionFn, "mgpuModuleGetFunction")(module, "fill");
  launchFill(fill, host, n, 7, NULL);
  printf("device 1 fill mismatches: %zu\n",
         countMismatches32(host, n, timesK, 7));
  API(SetDeviceFn, "mgpuSetDefaultDevice")(0);
  API(ModuleGetFunctionFn, "mgpuModuleGetFunction")(module, "fill");
  printf("modules after both devices: %ld\n", mockCount("modules"));
  /* Each context's module is unloaded with that context current (the
     driver unloads from the current one), and device 0's is current
     again afterwards. */
  API(HandleFn, "mgpuModuleUnload")(module);
  printf("live modules after the unload: %ld\n", mockCount("live modules"));

  /* A fresh module, looked up by a thread on each device at once. */
  loadKernel(fillPtx, "fill", &module2);
  long before = mockCount("modules");
  pthread_t threads[2];
  for (intptr_t d = 0; d < 2; ++d)
    pthread_create(&threads[d], NULL, lookUpOnDevice, (void *)d);
  for (int d = 0; d < 2; ++d)
    pthread_join(threads[d], NULL);
  printf("modules loaded by 2 x 20000 concurrent lookups: %ld\n",
         mockCount("modules") - before);
  API(HandleFn, "mgpuModuleUnload")(module2);
  printf("live modules after the second unload: %ld\n",
         mockCount("live modules"));
  free(host);
  return 0;
}

/* Work captured into a CUDA graph (torch.cuda.graph): on the caller's
   capturing stream, generated code encodes its TMA descriptors (one cached
   by an earlier call, one new), launches, synchronises and gives the
   stream back. The launch is recorded; the synchronisation, which the
   driver refuses during a capture (ending it), is skipped; the new
   descriptor is uploaded at once, outside the capture; and both stay
   cached while 600 others come and go, since the graph may run again at
   any time. A module loaded during the capture loads. */
static int runCapture(void) {
  typedef int (*BeginCaptureFn)(void *, int);
  typedef int (*EndCaptureFn)(void *, void **);
  typedef void (*SetStreamFn)(void *);
  typedef void (*ClearStreamFn)(void);
  enum { Float16 = 6, Swizzle128B = 3, Global = 0, Others = 600 };
  EncodeTiledMemRefFn encode =
      API(EncodeTiledMemRefFn, "mgpuTensorMapEncodeTiledMemref");
  void *module, *fill = loadKernel(fillPtx, "fill", &module);
  void *begin = driverSymbol("cuStreamBeginCapture_v2");
  void *end = driverSymbol("cuStreamEndCapture");
  if (!begin || !end) {
    fprintf(stderr, "tile-rt-cuda-test: the driver cannot capture\n");
    return 2;
  }
  char *tensor = API(MemAllocFn, "mgpuMemAlloc")(64 << 20, NULL, 0);
  void *out = API(MemAllocFn, "mgpuMemAlloc")(Words * 4, NULL, 0);
  int64_t box[2] = {64, 64};
  MemRef2 a = {tensor, tensor, 0, {128, 256, 256, 1}};
  MemRef2 b = {tensor, tensor, 64, {128, 256, 256, 1}};
  void *stream = API(CreateFn, "mgpuStreamCreate")();
  void *cached = encode(2, &a, Float16, 0, Swizzle128B, 0, 0, box);
  launchFill(fill, out, 1000, 3, stream);

  ((BeginCaptureFn)(uintptr_t)begin)(stream, Global);
  API(SetStreamFn, "tileRtCudaSetStream")(stream);
  void *da = encode(2, &a, Float16, 0, Swizzle128B, 0, 0, box);
  encode(2, &b, Float16, 0, Swizzle128B, 0, 0, box);
  void *late, *lateFill = loadKernel(fillPtx, "fill", &late);
  void *taken = API(CreateFn, "mgpuStreamCreate")();
  launchFill(fill, out, 1000, 5, taken);
  API(HandleFn, "mgpuStreamDestroy")(taken);
  void *graph = NULL;
  int ended = ((EndCaptureFn)(uintptr_t)end)(stream, &graph);
  API(ClearStreamFn, "tileRtCudaClearStream")();

  for (int i = 1; i <= Others; ++i) {
    MemRef2 other = {tensor, tensor, (int64_t)(i + 1) * 64, {128, 256, 256, 1}};
    encode(2, &other, Float16, 0, Swizzle128B, 0, 0, box);
    API(LaunchKernelFn, "mgpuLaunchKernel")(fill, 0, 1, 1, 128, 1, 1, 0, NULL,
                                            NULL, NULL, 0);
  }
  long allocations = mockCount("allocations");
  encode(2, &a, Float16, 0, Swizzle128B, 0, 0, box);
  encode(2, &b, Float16, 0, Swizzle128B, 0, 0, box);
  printf("@capture\n");
  printf("capture ended: %s\n", ended == 0 ? "success" : "failed");
  printf("launches captured: %ld\n", mockCount("captured launches"));
  printf("descriptor cached before the capture: %s\n",
         da == cached ? "reused" : "new");
  printf("module loaded during the capture: %s\n", lateFill ? "yes" : "no");
  printf("descriptors of the captured launch after %d others: %s\n", Others,
         mockCount("allocations") == allocations ? "kept" : "uploaded again");
  API(MemFreeFn, "mgpuMemFree")(out, NULL);
  API(MemFreeFn, "mgpuMemFree")(tensor, NULL);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  API(ModuleUnloadFn, "mgpuModuleUnload")(late);
  API(ModuleUnloadFn, "mgpuModuleUnload")(module);
  return 0;
}

/* With the caller's stream set, generated code's streams are that one and
   are never destroyed; cleared, the runtime's own come back. */
static int runCallerStream(void) {
  typedef void (*SetStreamFn)(void *);
  typedef void (*ClearStreamFn)(void);
  void *own = API(CreateFn, "mgpuStreamCreate")();
  API(SetStreamFn, "tileRtCudaSetStream")(own);
  void *taken = API(CreateFn, "mgpuStreamCreate")();
  API(HandleFn, "mgpuStreamDestroy")(taken);
  API(HandleFn, "mgpuStreamDestroy")(taken);
  long live = mockCount("live streams");
  API(SetStreamFn, "tileRtCudaSetStream")(NULL);
  void *legacy = API(CreateFn, "mgpuStreamCreate")();
  API(ClearStreamFn, "tileRtCudaClearStream")();
  void *pooled = API(CreateFn, "mgpuStreamCreate")();
  printf("@caller-stream\n");
  printf("set: %s, still live: %ld\n", taken == own ? "the caller's" : "other",
         live);
  printf("legacy default stream: %s\n", legacy ? "other" : "null");
  printf("cleared: %s\n", pooled && pooled != own ? "a new one" : "wrong");
  API(HandleFn, "mgpuStreamDestroy")(pooled);
  return 0;
}

/* A host program (PyTorch) may tear the driver down before the global
   destructors of generated code unload their modules: every release call
   must then return quietly, and the process end with status 0. */
static int runDeinit(void) {
  typedef void (*DeinitFn)(void);
  void *module, *stream = API(CreateFn, "mgpuStreamCreate")();
  loadKernel(fillPtx, "fill", &module);
  void *event = API(CreateFn, "mgpuEventCreate")();
  void *memory = API(MemAllocFn, "mgpuMemAlloc")(1024, stream, 0);
  void *deinit = driverSymbol("tileMockCudaDeinitialize");
  if (!deinit) {
    fprintf(stderr, "tile-rt-cuda-test: the driver cannot be torn down\n");
    return 2;
  }
  ((DeinitFn)(uintptr_t)deinit)();
  API(MemFreeFn, "mgpuMemFree")(memory, stream);
  API(HandleFn, "mgpuEventDestroy")(event);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  API(HandleFn, "mgpuModuleUnload")(module);
  printf("@deinit\n");
  printf("released after the driver was torn down\n");
  return 0;
}

/* ---- refusals: a caller that catches them goes on ---- */

typedef struct {
  jmp_buf back;
  char message[512];
} Refusal;

static _Noreturn void comeBack(void *data, const char *message) {
  Refusal *refusal = data;
  snprintf(refusal->message, sizeof(refusal->message), "%s", message);
  longjmp(refusal->back, 1);
}

/* Launches fill on a grid of 1 x gridY blocks of blockX threads with a
   catcher set: false, with the message, where the launch was refused. */
static bool launchCatching(void *kernel, intptr_t gridY, intptr_t blockX,
                           void **params, void *stream, Refusal *refusal) {
  if (setjmp(refusal->back))
    return false;
  API(CatchRefusalsFn, "tileRtCatchRefusals")(comeBack, refusal);
  API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, 1, gridY, 1, blockX, 1, 1, 0,
                                          stream, params, NULL, 3);
  API(CatchRefusalsFn, "tileRtCatchRefusals")(NULL, NULL);
  return true;
}

/* Allocates `bytes` with a catcher set: NULL, with the message, where the
   allocation was refused. */
static void *allocateCatching(uint64_t bytes, Refusal *refusal) {
  if (setjmp(refusal->back))
    return NULL;
  API(CatchRefusalsFn, "tileRtCatchRefusals")(comeBack, refusal);
  void *memory = API(MemAllocFn, "mgpuMemAlloc")(bytes, NULL, 0);
  API(CatchRefusalsFn, "tileRtCatchRefusals")(NULL, NULL);
  return memory;
}

/* As host code does around a launch: allocate scratch memory (device and
   managed), take a stream and an event, then launch on a grid beyond the
   device's limits with a catcher set. True where the launch was refused;
   what the call allocated must then be freed. */
static bool hostCallCatching(void *kernel, void **params, Refusal *refusal) {
  if (setjmp(refusal->back))
    return true;
  API(CatchRefusalsFn, "tileRtCatchRefusals")(comeBack, refusal);
  void *scratch = API(MemAllocFn, "mgpuMemAlloc")(4096, NULL, 0);
  void *shared = API(MemAllocFn, "mgpuMemAlloc")(256, NULL, 1);
  void *freed = API(MemAllocFn, "mgpuMemAlloc")(64, NULL, 0);
  API(MemFreeFn, "mgpuMemFree")(freed, NULL);
  void *stream = API(CreateFn, "mgpuStreamCreate")();
  void *event = API(CreateFn, "mgpuEventCreate")();
  (void)scratch, (void)shared, (void)event;
  API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, 1, 70000, 1, 128, 1, 1, 0,
                                          stream, params, NULL, 3);
  API(CatchRefusalsFn, "tileRtCatchRefusals")(NULL, NULL);
  return false;
}

/* A grid and a block beyond the device's limits come back to the caller
   (a descriptor encoded before them included), and so does an allocation
   the device has no room for; a launch that fits then runs, and a refusal
   with no catcher set ends the process as before. */
static int runRefusals(void) {
  void *module, *stream = API(CreateFn, "mgpuStreamCreate")();
  void *fill = loadKernel(fillPtx, "fill", &module);
  uint32_t n = 1000, k = 5;
  uint32_t *host = calloc(Words, 4);
  void *device = API(MemAllocFn, "mgpuMemAlloc")(Words * 4, stream, 0);
  void *params[] = {&device, &n, &k};
  int64_t box[2] = {64, 64};
  MemRef2 tensor = {device, device, 0, {64, 64, 64, 1}};
  API(EncodeTiledMemRefFn, "mgpuTensorMapEncodeTiledMemref")(2, &tensor, 6, 0,
                                                             3, 0, 0, box);
  printf("@refusals\n");
  Refusal refusal;
  const intptr_t shapes[][2] = {{70000, 128}, {1, 2048}};
  for (int i = 0; i < 2; ++i)
    if (!launchCatching(fill, shapes[i][0], shapes[i][1], params, stream,
                        &refusal))
      printf("refused: %s\n", refusal.message);
  if (!allocateCatching((uint64_t)1 << 50, &refusal))
    printf("refused: %s\n", refusal.message);
  long live = mockCount("live allocations");
  if (hostCallCatching(fill, params, &refusal)) {
    long created = mockCount("streams");
    void *next = API(CreateFn, "mgpuStreamCreate")();
    API(HandleFn, "mgpuStreamDestroy")(next);
    printf("refused: %s\nafter it: %ld more live allocations; the next "
           "stream is %s\n",
           refusal.message, mockCount("live allocations") - live,
           mockCount("streams") == created ? "the one it took" : "a new one");
  }
  if (launchCatching(fill, (n + 127) / 128, 128, params, stream, &refusal)) {
    API(HandleFn, "mgpuStreamSynchronize")(stream);
    copyBack(host, device, Words * 4, stream);
    printf("then ran; fill mismatches: %zu\n",
           countMismatches32(host, n, timesK, k));
  }
  API(LaunchKernelFn, "mgpuLaunchKernel")(fill, 1, 70000, 1, 128, 1, 1, 0,
                                          stream, params, NULL, 3);
  printf("returned from an uncaught refusal\n");
  return 0;
}

/* ---- driver errors: each must end the process with a clear line ---- */

static int runError(const char *which) {
  void *module = NULL;
  if (!strcmp(which, "missing-kernel"))
    loadKernel(fillPtx, "noSuchKernel", &module);
  else if (!strcmp(which, "bad-ptx"))
    API(ModuleLoadJITFn, "mgpuModuleLoadJIT")(
        ".version 7.0\n.target sm_70\n.address_size 64\nnot ptx\n", 2);
  else if (!strcmp(which, "bad-device"))
    API(SetDeviceFn, "mgpuSetDefaultDevice")(1000);
  else if (!strcmp(which, "too-much-shared") ||
           !strcmp(which, "negative-grid")) {
    void *kernel = loadKernel(fillPtx, "fill", &module);
    bool shared = !strcmp(which, "too-much-shared");
    API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, shared ? 1 : -1, 1, 1, 32,
                                            1, 1, shared ? 1 << 30 : 0, NULL,
                                            NULL, NULL, 0);
  } else if (!strcmp(which, "grid-y") || !strcmp(which, "big-block")) {
    /* Beyond every device's limits (65535 blocks along y, 1024 threads). */
    void *kernel = loadKernel(fillPtx, "fill", &module);
    bool grid = !strcmp(which, "grid-y");
    API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, 1, grid ? 70000 : 1, 1,
                                            grid ? 32 : 2048, 1, 1, 0, NULL,
                                            NULL, NULL, 0);
  } else if (!strcmp(which, "too-much-static-shared")) {
    void *kernel = loadKernel(fillPtx, "staticShared", &module);
    /* Fits as dynamic memory alone, not with the static kilobyte. */
    int32_t shared = deviceSharedLimit() - 512;
    API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, 1, 1, 1, 32, 1, 1, shared,
                                            NULL, NULL, NULL, 0);
  } else if (!strcmp(which, "null-cluster-kernel")) {
    API(LaunchClusterKernelFn, "mgpuLaunchClusterKernel")(
        NULL, 1, 1, 1, 2, 1, 1, 32, 1, 1, 0, NULL, NULL, NULL);
  } else if (!strcmp(which, "captured-cache-full")) {
    /* 257 distinct descriptors, each launched with inside one capture: the
       cache may free none of the first 256 for the last. */
    typedef int (*BeginCaptureFn)(void *, int);
    void *kernel = loadKernel(fillPtx, "fill", &module);
    void *begin = driverSymbol("cuStreamBeginCapture_v2");
    void *stream = API(CreateFn, "mgpuStreamCreate")();
    char *tensor = API(MemAllocFn, "mgpuMemAlloc")(64 << 20, NULL, 0);
    int64_t box[2] = {64, 64};
    ((BeginCaptureFn)(uintptr_t)begin)(stream, 0);
    for (int i = 0; i <= 256; ++i) {
      MemRef2 next = {tensor, tensor, (int64_t)i * 64, {128, 256, 256, 1}};
      API(EncodeTiledMemRefFn, "mgpuTensorMapEncodeTiledMemref")(2, &next, 6, 0,
                                                                 3, 0, 0, box);
      API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, 0, 1, 1, 128, 1, 1, 0,
                                              stream, NULL, NULL, 0);
    }
  } else if (!strcmp(which, "strided-tensor-map")) {
    char buffer[64];
    MemRef2 memref = {buffer, buffer, 0, {4, 4, 1, 4}};
    int64_t box[2] = {4, 4};
    API(EncodeTiledMemRefFn, "mgpuTensorMapEncodeTiledMemref")(2, &memref, 7, 0,
                                                               0, 0, 0, box);
  } else {
    fprintf(stderr, "tile-rt-cuda-test: no error scenario %s\n", which);
    return 2;
  }
  printf("returned from %s\n", which);
  return 0;
}

typedef struct {
  const char *name;
  int (*run)(void);
} Scenario;

static const Scenario scenarios[] = {
    {"available", runAvailable},
    {"again-at-exit", runAgainAtExit},
    {"memory", runMemory},
    {"streams", runStreams},
    {"launch", runLaunch},
    {"host-register", runHostRegister},
    {"managed", runManaged},
    {"threads", runThreads},
    {"tensor-map", runTensorMap},
    {"cluster", runCluster},
    {"reuse", runReuse},
    {"tensor-map-churn", runTensorMapChurn},
    {"shared-race", runSharedRace},
    {"deinit", runDeinit},
    {"caller-stream", runCallerStream},
    {"two-devices", runTwoDevices},
    {"capture", runCapture},
    {"refusals", runRefusals},
};

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr,
            "usage: tile-rt-cuda-test LIBRARY SCENARIO [ARG]\n"
            "  scenarios: available, again-at-exit, call NAME, error "
            "WHICH, memory, "
            "streams, launch, host-register, managed, threads, "
            "tensor-map, cluster, reuse, tensor-map-churn, shared-race, "
            "deinit, "
            "caller-stream, two-devices, capture, refusals\n");
    return 2;
  }
  library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    fprintf(stderr, "tile-rt-cuda-test: %s\n", dlerror());
    return 2;
  }
  /* Output order must not depend on how stdout is buffered when the
     library ends the process. */
  setvbuf(stdout, NULL, _IONBF, 0);
  if (!strcmp(argv[2], "call") && argc == 4)
    return runCall(argv[3]);
  if (!strcmp(argv[2], "error") && argc == 4)
    return runError(argv[3]);
  for (size_t i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); ++i)
    if (!strcmp(argv[2], scenarios[i].name))
      return scenarios[i].run();
  fprintf(stderr, "tile-rt-cuda-test: unknown scenario %s\n", argv[2]);
  return 2;
}
