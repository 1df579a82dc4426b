/* tile-rt-hip-test: drives libtile_rt_hip.so through dlopen, as a JIT host
 * does. Usage: tile-rt-hip-test LIBRARY COMMAND [ARGS]. */
#include <dlfcn.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The ABI under test, with handles as the opaque pointers generated code
   passes; the library is loaded, never linked. */
typedef bool (*AvailableFn)(char *, size_t);
typedef void *(*ModuleLoadFn)(void *, size_t);
typedef void *(*ModuleGetFunctionFn)(void *, const char *);
typedef void (*LaunchKernelFn)(void *, intptr_t, intptr_t, intptr_t, intptr_t,
                               intptr_t, intptr_t, int32_t, void *, void **,
                               void **, size_t);
typedef void *(*CreateFn)(void);
typedef void (*HandleFn)(void *);
typedef void (*HandlePairFn)(void *, void *);
typedef void *(*MemAllocFn)(uint64_t, void *, uint32_t);
typedef void (*MemcpyFn)(void *, void *, size_t, void *);
typedef void (*MemsetFn)(void *, uint32_t, size_t, void *);
typedef void (*HostRegisterFn)(void *, uint64_t);
typedef void (*MemRefFn)(int64_t, void *, int64_t);
typedef void (*SetDeviceFn)(int32_t);
typedef void (*RefusalCatcher)(void *, const char *);
typedef void (*CatchRefusalsFn)(RefusalCatcher, void *);

typedef struct {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[4];
} MemRef2;

static void *library;

static void *symbol(const char *name) {
  void *address = dlsym(library, name);
  if (!address) {
    fprintf(stderr, "tile-rt-hip-test: %s is not exported\n", name);
    exit(2);
  }
  return address;
}

/* Data and function pointers share a representation on POSIX systems. */
#define API(type, name) ((type)(uintptr_t)symbol(name))

static int available(void) {
  char why[512], small[4];
  bool yes = API(AvailableFn, "tileRtHipAvailable")(why, sizeof(why));
  printf("@available\navailable: %s%s%s\n", yes ? "yes" : "no", yes ? "" : ": ",
         yes ? "" : why);
  API(AvailableFn, "tileRtHipAvailable")(small, sizeof(small));
  printf("truncated: %zu\n", yes ? (size_t)0 : strlen(small));
  return 0;
}

/* Calls one entry point with harmless arguments: on a machine without the
   runtime, each must end the process with the loader's one line. */
static int call(const char *name) {
  static char host[64];
  MemRef2 m = {host, host, 0, {2, 2, 2, 1}};
  if (!strcmp(name, "mgpuModuleLoad"))
    API(ModuleLoadFn, name)(host, sizeof(host));
  else if (!strcmp(name, "mgpuModuleGetFunction"))
    API(ModuleGetFunctionFn, name)(NULL, "k");
  else if (!strcmp(name, "mgpuLaunchKernel"))
    API(LaunchKernelFn, name)(NULL, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, NULL, 0);
  else if (!strcmp(name, "mgpuStreamCreate") ||
           !strcmp(name, "mgpuEventCreate"))
    API(CreateFn, name)();
  else if (!strcmp(name, "mgpuStreamWaitEvent") ||
           !strcmp(name, "mgpuEventRecord") || !strcmp(name, "mgpuMemFree"))
    API(HandlePairFn, name)(host, host);
  else if (!strcmp(name, "mgpuMemAlloc"))
    API(MemAllocFn, name)(16, NULL, 0);
  else if (!strcmp(name, "mgpuMemcpy"))
    API(MemcpyFn, name)(host, host + 8, 8, NULL);
  else if (!strcmp(name, "mgpuMemset32") || !strcmp(name, "mgpuMemset16"))
    API(MemsetFn, name)(host, 0, 2, NULL);
  else if (!strcmp(name, "mgpuMemHostRegister"))
    API(HostRegisterFn, name)(host, sizeof(host));
  else if (!strcmp(name, "mgpuMemHostRegisterMemRef") ||
           !strcmp(name, "mgpuMemHostUnregisterMemRef"))
    API(MemRefFn, name)(2, &m, 4);
  else if (!strcmp(name, "mgpuSetDefaultDevice"))
    API(SetDeviceFn, name)(0);
  else
    API(HandleFn, name)(host); /* unload, destroy, synchronise, unregister */
  printf("returned\n");
  return 0;
}

/* Device memory round trip: host -> device, fills, device -> host. */
static int roundtrip(bool managed) {
  uint32_t in[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8] = {0};
  void *stream = API(CreateFn, "mgpuStreamCreate")();
  void *d = API(MemAllocFn, "mgpuMemAlloc")(sizeof(in), stream, managed);
  API(MemcpyFn, "mgpuMemcpy")(d, in, sizeof(in), stream);
  API(MemsetFn, "mgpuMemset32")((char *)d + 16, 0xabcdu, 2, stream);
  /* The high half of the i16 value is garbage the runtime must drop. */
  API(MemsetFn, "mgpuMemset16")((char *)d + 24, 0xdead0007u, 2, stream);
  API(MemcpyFn, "mgpuMemcpy")(out, d, sizeof(out), stream);
  API(HandleFn, "mgpuStreamSynchronize")(stream);
  API(HandlePairFn, "mgpuMemFree")(d, stream);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  printf("out:");
  for (int i = 0; i < 8; ++i)
    printf(" %#x", out[i]);
  printf("\n");
  return 0;
}

static void *readFile(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  *size = (size_t)ftell(f);
  fseek(f, 0, SEEK_SET);
  void *data = malloc(*size);
  if (fread(data, 1, *size, f) != *size)
    exit(2);
  fclose(f);
  return data;
}

/* launch FILE KERNEL GX GY GZ BX BY BZ SHARED */
static int launch(char **argv) {
  size_t size = 0;
  void *image = readFile(argv[0], &size);
  intptr_t d[6];
  for (int i = 0; i < 6; ++i)
    d[i] = (intptr_t)strtoll(argv[2 + i], NULL, 10);
  int32_t shared = (int32_t)atoi(argv[8]);
  void *module = API(ModuleLoadFn, "mgpuModuleLoad")(image, size);
  void *kernel =
      API(ModuleGetFunctionFn, "mgpuModuleGetFunction")(module, argv[1]);
  void *stream = API(CreateFn, "mgpuStreamCreate")();
  void *params[1] = {NULL};
  API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, d[0], d[1], d[2], d[3], d[4],
                                          d[5], shared, stream, params, NULL,
                                          0);
  API(HandleFn, "mgpuStreamSynchronize")(stream);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  API(HandleFn, "mgpuModuleUnload")(module);
  free(image);
  printf("launched\n");
  return 0;
}

/* ---- refusals: what the call took is freed before the catcher runs ---- */

typedef struct {
  jmp_buf back;
  char message[512];
} Refusal;

static _Noreturn void comeBack(void *data, const char *message) {
  Refusal *refusal = data;
  snprintf(refusal->message, sizeof(refusal->message), "%s", message);
  longjmp(refusal->back, 1);
}

static long mockCount(const char *what) {
  void *hip = dlopen(getenv("TILE_HIP_LIBRARY"), RTLD_NOW | RTLD_NOLOAD);
  void *address = hip ? dlsym(hip, "tileMockHipCount") : NULL;
  return address ? ((long (*)(const char *))(uintptr_t)address)(what) : -1;
}

/* As host code does around a launch: allocate scratch memory (device and
   managed), take a stream and an event, then launch on a grid beyond the
   device's limits with a catcher set. True where the launch was refused. */
static bool hostCallCatching(void *kernel, Refusal *refusal) {
  if (setjmp(refusal->back))
    return true;
  void *params[1] = {NULL};
  API(CatchRefusalsFn, "tileRtCatchRefusals")(comeBack, refusal);
  void *scratch = API(MemAllocFn, "mgpuMemAlloc")(4096, NULL, 0);
  void *shared = API(MemAllocFn, "mgpuMemAlloc")(256, NULL, 1);
  void *freed = API(MemAllocFn, "mgpuMemAlloc")(64, NULL, 0);
  API(HandlePairFn, "mgpuMemFree")(freed, NULL);
  void *stream = API(CreateFn, "mgpuStreamCreate")();
  void *event = API(CreateFn, "mgpuEventCreate")();
  (void)scratch, (void)shared, (void)event;
  API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, 1, 70000, 1, 128, 1, 1, 0,
                                          stream, params, NULL, 0);
  API(CatchRefusalsFn, "tileRtCatchRefusals")(NULL, NULL);
  return false;
}

/* refusals FILE KERNEL: a refused launch comes back to a caller that
   catches refusals, with the memory, stream and event the call took
   released (they stayed taken: a caller retrying refused calls leaked
   them per refusal); a launch that fits then runs. */
static int refusals(char **argv) {
  size_t size = 0;
  void *image = readFile(argv[0], &size);
  void *module = API(ModuleLoadFn, "mgpuModuleLoad")(image, size);
  free(image);
  void *kernel =
      API(ModuleGetFunctionFn, "mgpuModuleGetFunction")(module, argv[1]);
  printf("@refusals\n");
  Refusal refusal;
  long before = mockCount("live");
  if (hostCallCatching(kernel, &refusal))
    printf("refused: %s\nafter it: %ld more live streams, events and "
           "allocations\n",
           refusal.message, mockCount("live") - before);
  void *params[1] = {NULL};
  API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, 1, 1, 1, 128, 1, 1, 0, NULL,
                                          params, NULL, 0);
  printf("then launched\n");
  API(HandleFn, "mgpuModuleUnload")(module);
  return 0;
}

/* two-devices FILE KERNEL: generated code loads its module once and looks
   kernels up on every launch; after a switch to device 1 the lookup must
   reach a module loaded onto device 1, and back on device 0 the first. */
static int twoDevices(char **argv) {
  size_t size = 0;
  void *image = readFile(argv[0], &size);
  void *module = API(ModuleLoadFn, "mgpuModuleLoad")(image, size);
  free(image);
  void *params[1] = {NULL};
  for (int device = 0; device < 3; ++device) {
    API(SetDeviceFn, "mgpuSetDefaultDevice")(device % 2);
    void *kernel =
        API(ModuleGetFunctionFn, "mgpuModuleGetFunction")(module, argv[1]);
    API(LaunchKernelFn, "mgpuLaunchKernel")(kernel, 1, 1, 1, 64, 1, 1, 0, NULL,
                                            params, NULL, 0);
    printf("launched on device %d\n", device % 2);
  }
  API(HandleFn, "mgpuModuleUnload")(module);
  return 0;
}

static int events(void) {
  void *a = API(CreateFn, "mgpuStreamCreate")();
  void *b = API(CreateFn, "mgpuStreamCreate")();
  void *e = API(CreateFn, "mgpuEventCreate")();
  API(HandlePairFn, "mgpuEventRecord")(e, a);
  API(HandlePairFn, "mgpuStreamWaitEvent")(b, e);
  API(HandleFn, "mgpuEventSynchronize")(e);
  API(HandleFn, "mgpuEventDestroy")(e);
  API(HandleFn, "mgpuStreamDestroy")(a);
  API(HandleFn, "mgpuStreamDestroy")(b);
  printf("events done\n");
  return 0;
}

/* A 2x3 view with row stride 4 of 4-byte elements: the span is
   (1 * 4 + 2 + 1) * 4 = 28 bytes. */
static int hostRegister(void) {
  static float data[16];
  MemRef2 m = {(char *)data, (char *)data, 0, {2, 3, 4, 1}};
  API(MemRefFn, "mgpuMemHostRegisterMemRef")(2, &m, 4);
  API(MemRefFn, "mgpuMemHostUnregisterMemRef")(2, &m, 4);
  m.sizesAndStrides[0] = -1;
  API(MemRefFn, "mgpuMemHostRegisterMemRef")(2, &m, 4);
  return 0;
}

/* After the runtime is torn down, releasing calls say nothing. */
static int releaseAfterTeardown(void) {
  void *stream = API(CreateFn, "mgpuStreamCreate")();
  void *event = API(CreateFn, "mgpuEventCreate")();
  void *d = API(MemAllocFn, "mgpuMemAlloc")(64, NULL, 0);
  void *hip = dlopen(getenv("TILE_HIP_LIBRARY"), RTLD_NOW | RTLD_NOLOAD);
  void (*deinit)(void) =
      (void (*)(void))(uintptr_t)dlsym(hip, "tileMockHipDeinitialize");
  deinit();
  API(HandlePairFn, "mgpuMemFree")(d, NULL);
  API(HandleFn, "mgpuEventDestroy")(event);
  API(HandleFn, "mgpuStreamDestroy")(stream);
  API(HandleFn, "mgpuModuleUnload")(stream);
  API(HandleFn, "mgpuMemHostUnregister")(d);
  printf("released after teardown\n");
  return 0;
}

static void callAgainAtExit(void) {
  printf("@at-exit\n");
  fflush(stdout);
  API(CreateFn, "mgpuStreamCreate")();
  printf("returned\n");
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: tile-rt-hip-test LIBRARY COMMAND [ARGS]\n");
    return 2;
  }
  setvbuf(stdout, NULL, _IONBF, 0);
  library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    fprintf(stderr, "tile-rt-hip-test: %s\n", dlerror());
    return 2;
  }
  const char *command = argv[2];
  if (!strcmp(command, "available"))
    return available();
  if (!strcmp(command, "call") && argc == 4)
    return call(argv[3]);
  if (!strcmp(command, "roundtrip"))
    return roundtrip(argc == 4 && !strcmp(argv[3], "managed"));
  if (!strcmp(command, "launch") && argc == 12)
    return launch(argv + 3);
  if (!strcmp(command, "refusals") && argc == 5)
    return refusals(argv + 3);
  if (!strcmp(command, "two-devices") && argc == 5)
    return twoDevices(argv + 3);
  if (!strcmp(command, "events"))
    return events();
  if (!strcmp(command, "register"))
    return hostRegister();
  if (!strcmp(command, "device") && argc == 4) {
    API(SetDeviceFn, "mgpuSetDefaultDevice")(atoi(argv[3]));
    printf("device set\n");
    return 0;
  }
  if (!strcmp(command, "release-after-teardown"))
    return releaseAfterTeardown();
  if (!strcmp(command, "again-at-exit")) {
    atexit(callAgainAtExit);
    API(CreateFn, "mgpuStreamCreate")();
    return 0;
  }
  fprintf(stderr, "tile-rt-hip-test: unknown command '%s'\n", command);
  return 2;
}
