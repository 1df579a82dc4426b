/* A stand-in libcuda.so.1: the runtime's driver calls on host memory. */
/* Compiled against the toolkit's cuda.h, so that the runtime's own
   declarations (entry-point names, struct layouts, enum values) are checked
   against NVIDIA's through the results the tests compare. */
#include <cuda.h>

#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- state: two devices, their primary contexts, the calling thread's
   current context ---- */

struct CUctx_st {
  int device;
};
/* A module remembers its PTX, so that kernels this mock does not emulate
   can still be launched (doing nothing) with the static shared memory
   their PTX declares. */
enum { MaxModuleKernels = 16 };
struct CUmod_st {
  CUcontext context; /* the one it was loaded into */
  char *ptx;
  unsigned numKernels;
  struct CUfunc_st *kernels[MaxModuleKernels];
};
struct CUstream_st {
  unsigned int flags;
  bool capturing, invalidated; /* by cuStreamBeginCapture */
  CUstreamCaptureMode mode;
};
struct CUevent_st {
  unsigned int flags;
};

typedef CUresult (*KernelBody)(const CUlaunchConfig *config, void **params);

/* maxDynamicShared < 0: not set, which means 48 KiB minus the static
   part, as in the driver. */
struct CUfunc_st {
  const char *name;
  KernelBody run;
  int staticShared;
  int maxDynamicShared;
};

enum {
  MockDevices = 2,
  DefaultShared = 48 * 1024,
  OptInShared = 227 * 1024,
  MockCapabilityMajor = 9,
};

static bool initialized, deinitialized;
static struct CUctx_st primaryContexts[MockDevices] = {{0}, {1}};
static _Thread_local CUcontext current;

/* What the tests ask of the mock besides the driver API: how many
   allocations and streams it made and still has, and a way to tear the
   driver down as a host program (PyTorch) does at exit. */
static struct {
  atomic_long allocations, liveAllocations, streams, liveStreams,
      contextSynchronizations, modules, liveModules, capturedLaunches;
} counts;

long tileMockCudaCount(const char *what) {
  if (!strcmp(what, "allocations"))
    return counts.allocations;
  if (!strcmp(what, "live allocations"))
    return counts.liveAllocations;
  if (!strcmp(what, "streams"))
    return counts.streams;
  if (!strcmp(what, "live streams"))
    return counts.liveStreams;
  if (!strcmp(what, "context synchronizations"))
    return counts.contextSynchronizations;
  if (!strcmp(what, "modules"))
    return counts.modules;
  if (!strcmp(what, "live modules"))
    return counts.liveModules;
  if (!strcmp(what, "captured launches"))
    return counts.capturedLaunches;
  return -1;
}

/* Every object the mock hands out until it is destroyed, as a driver holds
   its objects: what a program leaves to the driver at exit (pooled streams,
   cached descriptors, anything after teardown) is the driver's, not a
   leak of the program's. */
static struct {
  pthread_mutex_t lock;
  void **items;
  size_t count, capacity;
} held = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void *hold(void *object) {
  pthread_mutex_lock(&held.lock);
  if (object && held.count == held.capacity) {
    held.capacity = held.capacity ? 2 * held.capacity : 64;
    held.items = realloc(held.items, held.capacity * sizeof(void *));
  }
  if (object && held.items)
    held.items[held.count++] = object;
  pthread_mutex_unlock(&held.lock);
  return object;
}

static void drop(void *object) {
  pthread_mutex_lock(&held.lock);
  for (size_t i = 0; i < held.count; ++i)
    if (held.items[i] == object) {
      held.items[i] = held.items[--held.count];
      break;
    }
  pthread_mutex_unlock(&held.lock);
  free(object);
}

/* From now on every call fails with CUDA_ERROR_DEINITIALIZED. */
void tileMockCudaDeinitialize(void) { deinitialized = true; }

/* Stands for cudaDeviceReset(): the modules loaded so far are gone with the
   primary context's old state, and unloading one fails. */
static atomic_bool deviceReset;
void tileMockCudaResetDevice(void) { atomic_store(&deviceReset, true); }

/* Read once: getenv on every call would cost more than the calls. */
static bool logging(void) {
  static atomic_int state; /* 0 unknown, 1 off, 2 on */
  if (!atomic_load(&state))
    atomic_store(&state, getenv("TILE_MOCK_CUDA_LOG") ? 2 : 1);
  return atomic_load(&state) == 2;
}

__attribute__((format(printf, 1, 2))) static void logCall(const char *format,
                                                          ...) {
  if (!logging())
    return;
  char line[512];
  va_list args;
  va_start(args, format);
  vsnprintf(line, sizeof(line), format, args);
  va_end(args);
  /* One write per line: threads log concurrently. */
  fprintf(stderr, "mock-cuda: %s\n", line);
}

/* Most calls need cuInit and a current context, as in the real driver. */
static CUresult ready(void) {
  if (deinitialized)
    return CUDA_ERROR_DEINITIALIZED;
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  return current ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

/* ---- errors ---- */

static const struct {
  CUresult code;
  const char *name, *text;
} errors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
     "initialization error"},
    {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED",
     "driver shutting down"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE",
     "invalid device ordinal"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT",
     "invalid device context"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
     "a PTX JIT compilation failed"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE",
     "invalid resource handle"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
     "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED",
     "part or all of the requested memory range is already mapped"},
    {CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED,
     "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED",
     "operation not permitted when stream is capturing"},
    {CUDA_ERROR_STREAM_CAPTURE_INVALIDATED,
     "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED",
     "operation failed due to a previous error during capture"},
    {CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED,
     "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED",
     "pointer does not correspond to a registered memory region"},
};

static int errorIndex(CUresult error) {
  for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); ++i)
    if (errors[i].code == error)
      return (int)i;
  return -1;
}

CUresult cuGetErrorName(CUresult error, const char **pStr) {
  int i = errorIndex(error);
  *pStr = i < 0 ? NULL : errors[i].name;
  return i < 0 ? CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS;
}

CUresult cuGetErrorString(CUresult error, const char **pStr) {
  int i = errorIndex(error);
  *pStr = i < 0 ? NULL : errors[i].text;
  return i < 0 ? CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS;
}

/* ---- initialisation, devices, contexts ---- */

CUresult cuInit(unsigned int Flags) {
  if (Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  initialized = true;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  *count = MockDevices;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (ordinal < 0 || ordinal >= MockDevices)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib,
                              CUdevice dev) {
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (dev < 0 || dev >= MockDevices)
    return CUDA_ERROR_INVALID_DEVICE;
  if (attrib == CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
    *pi = OptInShared;
  else if (attrib == CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
    *pi = 1024;
  else if (attrib >= CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X &&
           attrib <= CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z)
    *pi = attrib == CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z ? 64 : 1024;
  else if (attrib == CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X)
    *pi = 2147483647;
  else if (attrib == CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y ||
           attrib == CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z)
    *pi = 65535;
  else if (attrib == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
    *pi = MockCapabilityMajor;
  else if (attrib == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
    *pi = 0;
  else
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (dev < 0 || dev >= MockDevices)
    return CUDA_ERROR_INVALID_DEVICE;
  logCall("cuDevicePrimaryCtxRetain(device %d)", dev);
  *pctx = &primaryContexts[dev];
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease(CUdevice dev) {
  return dev >= 0 && dev < MockDevices ? CUDA_SUCCESS
                                       : CUDA_ERROR_INVALID_DEVICE;
}

CUresult cuCtxGetCurrent(CUcontext *pctx) {
  if (deinitialized)
    return CUDA_ERROR_DEINITIALIZED;
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  *pctx = current;
  return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext ctx) {
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (ctx == &primaryContexts[0])
    logCall("cuCtxSetCurrent(primary)");
  else if (ctx == &primaryContexts[1])
    logCall("cuCtxSetCurrent(primary of device 1)");
  else
    logCall("cuCtxSetCurrent(other)");
  current = ctx;
  return CUDA_SUCCESS;
}

CUresult cuCtxGetDevice(CUdevice *device) {
  CUresult status = ready();
  if (status == CUDA_SUCCESS)
    *device = current->device;
  return status;
}

static CUresult refusedDuringCapture(const char *call);

CUresult cuCtxSynchronize(void) {
  logCall("cuCtxSynchronize");
  ++counts.contextSynchronizations;
  CUresult status = ready();
  return status == CUDA_SUCCESS ? refusedDuringCapture("cuCtxSynchronize")
                                : status;
}

/* ---- modules and the kernels this mock knows ---- */

static uint32_t threadsPerBlock(const CUlaunchConfig *c) {
  return c->blockDimX * c->blockDimY * c->blockDimZ;
}

static uint64_t blocks(const CUlaunchConfig *c) {
  return (uint64_t)c->gridDimX * c->gridDimY * c->gridDimZ;
}

/* fill(u32 *out, u32 n, u32 k): out[i] = i * k for every thread i < n. */
static CUresult runFill(const CUlaunchConfig *config, void **params) {
  uint32_t *out = *(uint32_t **)params[0];
  uint32_t n = *(uint32_t *)params[1], k = *(uint32_t *)params[2];
  uint64_t threads = blocks(config) * threadsPerBlock(config);
  for (uint64_t i = 0; i < threads && i < n; ++i)
    out[i] = (uint32_t)i * k;
  return CUDA_SUCCESS;
}

/* sharedProbe(u32 *out): out[tid] = tid + dynamic shared bytes. */
static CUresult runSharedProbe(const CUlaunchConfig *config, void **params) {
  uint32_t *out = *(uint32_t **)params[0];
  for (uint32_t t = 0; t < config->blockDimX; ++t)
    out[t] = t + config->sharedMemBytes;
  return CUDA_SUCCESS;
}

static unsigned int clusterBlocksX(const CUlaunchConfig *config) {
  for (unsigned int i = 0; i < config->numAttrs; ++i)
    if (config->attrs[i].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
      return config->attrs[i].value.clusterDim.x;
  return 1;
}

/* clusterRank(u32 *out): out[block] = 100 * cluster size + rank. */
static CUresult runClusterRank(const CUlaunchConfig *config, void **params) {
  uint32_t *out = *(uint32_t **)params[0];
  unsigned int cluster = clusterBlocksX(config);
  for (unsigned int b = 0; b < config->gridDimX; ++b)
    out[b] = 100 * cluster + b % cluster;
  return CUDA_SUCCESS;
}

/* add(memref a, memref b, memref c, index n) with MLIR's expanded memref
   arguments (allocated, aligned, offset, size, stride): c = a + b. */
static float *memrefElements(void **params, int first) {
  float *aligned = *(float **)params[first + 1];
  int64_t offset = *(int64_t *)params[first + 2];
  return aligned + offset;
}

static CUresult runAdd(const CUlaunchConfig *config, void **params) {
  const float *a = memrefElements(params, 0), *b = memrefElements(params, 5);
  float *c = memrefElements(params, 10);
  int64_t n = *(int64_t *)params[15];
  uint64_t threads = blocks(config) * threadsPerBlock(config);
  for (int64_t i = 0; i < n && (uint64_t)i < threads; ++i)
    c[i] = a[i] + b[i];
  return CUDA_SUCCESS;
}

/* Kernels of generated code: launched, they do nothing. */
static CUresult runNothing(const CUlaunchConfig *config, void **params) {
  (void)config;
  (void)params;
  return CUDA_SUCCESS;
}

/* staticShared(u32 *out) has 1 KiB of static shared memory; out[tid] = tid
   + dynamic shared bytes, as sharedProbe. */
static struct CUfunc_st kernels[] = {
    {"fill", runFill, 0, -1},
    {"sharedProbe", runSharedProbe, 0, -1},
    {"staticShared", runSharedProbe, 1024, -1},
    {"clusterRank", runClusterRank, 0, -1},
    {"add", runAdd, 0, -1},
};

static CUmodule newModule(const char *ptx) {
  CUmodule module = hold(calloc(1, sizeof(*module)));
  if (module)
    module->context = current;
  if (module && ptx)
    module->ptx = strdup(ptx);
  ++counts.modules;
  ++counts.liveModules;
  return module;
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  status = refusedDuringCapture("cuModuleLoadData");
  if (status != CUDA_SUCCESS)
    return status;
  logCall("cuModuleLoadData");
  *module = image ? newModule(NULL) : NULL;
  return image ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

static void writeJitLog(unsigned int numOptions, CUjit_option *options,
                        void **optionValues, const char *message) {
  char *buffer = NULL;
  size_t size = 0;
  for (unsigned int i = 0; i < numOptions; ++i) {
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
      buffer = optionValues[i];
    else if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      size = (size_t)(uintptr_t)optionValues[i];
  }
  if (buffer && size)
    snprintf(buffer, size, "%s", message);
}

CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
                            unsigned int numOptions, CUjit_option *options,
                            void **optionValues) {
  CUresult status = ready();
  if (status == CUDA_SUCCESS)
    status = refusedDuringCapture("cuModuleLoadDataEx");
  if (status != CUDA_SUCCESS)
    return status;
  for (unsigned int i = 0; i < numOptions; ++i)
    if (options[i] == CU_JIT_OPTIMIZATION_LEVEL)
      logCall("cuModuleLoadDataEx(optimization level %u)",
              (unsigned int)(uintptr_t)optionValues[i]);
  if (!strstr((const char *)image, ".entry")) {
    writeJitLog(numOptions, options, optionValues,
                "ptxas application ptx input, line 4; error   : mock PTX "
                "parser found no kernel");
    return CUDA_ERROR_INVALID_PTX;
  }
  *module = newModule(image);
  return CUDA_SUCCESS;
}

CUresult cuModuleUnload(CUmodule hmod) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  if (!hmod || atomic_load(&deviceReset))
    return CUDA_ERROR_INVALID_HANDLE;
  /* The driver unloads from the current context. */
  if (hmod->context != current) {
    logCall("cuModuleUnload refused: the module is not of the current "
            "context");
    return CUDA_ERROR_INVALID_CONTEXT;
  }
  logCall("cuModuleUnload");
  --counts.liveModules;
  for (unsigned i = 0; i < hmod->numKernels; ++i) {
    free((char *)hmod->kernels[i]->name);
    free(hmod->kernels[i]);
  }
  free(hmod->ptx);
  drop(hmod);
  return CUDA_SUCCESS;
}

/* Bytes of one PTX declaration ".shared .align A .bN name[C];" (or without
   [C]), added to *total after aligning it; extern arrays do not count. */
static void addSharedDeclaration(const char *line, long *total) {
  long align = 1, bits = 8, elements = 1;
  const char *a = strstr(line, ".align ");
  if (a)
    align = strtol(a + 7, NULL, 10);
  const char *b = strstr(line, " .b");
  if (b)
    bits = strtol(b + 3, NULL, 10);
  const char *open = strchr(line, '[');
  if (open)
    elements = strtol(open + 1, NULL, 10);
  if (align < 1)
    align = 1;
  *total = (*total + align - 1) / align * align + bits / 8 * elements;
}

/* What ptxas would report as the static shared size of the module's
   kernels (all declarations of the module, which is what the tests'
   single-kernel modules have). */
static int staticSharedOf(const char *ptx) {
  long total = 0;
  for (const char *line = ptx; line && *line;) {
    const char *end = strchr(line, '\n');
    size_t length = end ? (size_t)(end - line) : strlen(line);
    char text[256];
    snprintf(text, sizeof(text), "%.*s", (int)length, line);
    const char *t = text + strspn(text, " \t");
    if (!strncmp(t, ".shared ", 8))
      addSharedDeclaration(t, &total);
    line = end ? end + 1 : NULL;
  }
  return (int)total;
}

/* A kernel the PTX defines but this mock does not emulate. */
static CUfunction moduleKernel(CUmodule module, const char *name) {
  for (unsigned i = 0; i < module->numKernels; ++i)
    if (!strcmp(module->kernels[i]->name, name))
      return module->kernels[i];
  char entry[256];
  snprintf(entry, sizeof(entry), ".entry %s(", name);
  if (!module->ptx || !strstr(module->ptx, entry) ||
      module->numKernels == MaxModuleKernels)
    return NULL;
  CUfunction f = calloc(1, sizeof(*f));
  f->name = strdup(name);
  f->run = runNothing;
  f->staticShared = staticSharedOf(module->ptx);
  f->maxDynamicShared = -1;
  return module->kernels[module->numKernels++] = f;
}

CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                             const char *name) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  /* A module's kernels are reached from its own context only. */
  if (!hmod || hmod->context != current)
    return CUDA_ERROR_INVALID_HANDLE;
  for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); ++i)
    if (!strcmp(kernels[i].name, name)) {
      *hfunc = &kernels[i];
      return CUDA_SUCCESS;
    }
  *hfunc = moduleKernel(hmod, name);
  return *hfunc ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
}

CUresult cuFuncGetName(const char **name, CUfunction hfunc) {
  if (!hfunc)
    return CUDA_ERROR_INVALID_HANDLE;
  *name = hfunc->name;
  return CUDA_SUCCESS;
}

static int maxDynamicShared(CUfunction f) {
  return f->maxDynamicShared >= 0 ? f->maxDynamicShared
                                  : DefaultShared - f->staticShared;
}

CUresult cuFuncGetAttribute(int *pi, CUfunction_attribute attrib,
                            CUfunction hfunc) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  if (!hfunc)
    return CUDA_ERROR_INVALID_HANDLE;
  if (attrib == CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)
    *pi = hfunc->staticShared;
  else if (attrib == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
    *pi = maxDynamicShared(hfunc);
  else
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

CUresult cuFuncSetAttribute(CUfunction hfunc, CUfunction_attribute attrib,
                            int value) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  if (attrib == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) {
    logCall("cuFuncSetAttribute(%s, MAX_DYNAMIC_SHARED_SIZE_BYTES, %d)",
            hfunc->name, value);
    /* As the driver: static + dynamic must fit the opt-in maximum. */
    if (value < 0 || value + hfunc->staticShared > OptInShared)
      return CUDA_ERROR_INVALID_VALUE;
    hfunc->maxDynamicShared = value;
    return CUDA_SUCCESS;
  }
  if (attrib == CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED) {
    logCall("cuFuncSetAttribute(%s, NON_PORTABLE_CLUSTER_SIZE_ALLOWED, %d)",
            hfunc->name, value);
    return CUDA_SUCCESS;
  }
  return CUDA_ERROR_INVALID_VALUE;
}

static CUresult launch(const CUlaunchConfig *config, CUfunction f,
                       void **kernelParams, void **extra) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  if (!f || extra)
    return CUDA_ERROR_INVALID_VALUE;
  if (!blocks(config) || !threadsPerBlock(config) ||
      threadsPerBlock(config) > 1024)
    return CUDA_ERROR_INVALID_VALUE;
  /* Like the driver: grids of at most 2^31 - 1 x 65535 x 65535 blocks. */
  if (config->gridDimX > 2147483647u || config->gridDimY > 65535 ||
      config->gridDimZ > 65535) {
    logCall("launch %s refused: grid %ux%ux%u", f->name, config->gridDimX,
            config->gridDimY, config->gridDimZ);
    return CUDA_ERROR_INVALID_VALUE;
  }
  /* Like the driver: static + dynamic beyond 48 KiB only after the opt-in
     attribute raised the dynamic limit. */
  if ((int)config->sharedMemBytes > maxDynamicShared(f)) {
    logCall("launch %s refused: %d static + %u dynamic shared bytes, dynamic "
            "limit %d",
            f->name, f->staticShared, config->sharedMemBytes,
            maxDynamicShared(f));
    return CUDA_ERROR_INVALID_VALUE;
  }
  if (config->hStream && config->hStream->capturing) {
    logCall("captured launch %s", f->name);
    ++counts.capturedLaunches;
    return CUDA_SUCCESS;
  }
  logCall("launch %s grid %ux%ux%u block %ux%ux%u shared %u attributes %u",
          f->name, config->gridDimX, config->gridDimY, config->gridDimZ,
          config->blockDimX, config->blockDimY, config->blockDimZ,
          config->sharedMemBytes, config->numAttrs);
  return f->run(config, kernelParams);
}

CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                        unsigned int gridDimY, unsigned int gridDimZ,
                        unsigned int blockDimX, unsigned int blockDimY,
                        unsigned int blockDimZ, unsigned int sharedMemBytes,
                        CUstream hStream, void **kernelParams, void **extra) {
  CUlaunchConfig config = {gridDimX,  gridDimY,  gridDimZ,       blockDimX,
                           blockDimY, blockDimZ, sharedMemBytes, hStream,
                           NULL,      0};
  return launch(&config, f, kernelParams, extra);
}

static bool validCluster(const CUlaunchConfig *config) {
  for (unsigned int i = 0; i < config->numAttrs; ++i) {
    const CUlaunchAttribute *a = &config->attrs[i];
    if (a->id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
      logCall("cluster %ux%ux%u", a->value.clusterDim.x, a->value.clusterDim.y,
              a->value.clusterDim.z);
      if (!a->value.clusterDim.x || config->gridDimX % a->value.clusterDim.x)
        return false;
    } else if (a->id ==
               CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE) {
      logCall("cluster scheduling policy %d",
              (int)a->value.clusterSchedulingPolicyPreference);
    } else {
      return false;
    }
  }
  return true;
}

CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f,
                          void **kernelParams, void **extra) {
  if (!validCluster(config))
    return CUDA_ERROR_INVALID_VALUE;
  return launch(config, f, kernelParams, extra);
}

/* ---- streams and events: work runs at once, so waiting is instant ---- */

CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  *phStream = hold(calloc(1, sizeof(**phStream)));
  (*phStream)->flags = Flags;
  ++counts.streams;
  ++counts.liveStreams;
  logCall("cuStreamCreate(flags %u)", Flags);
  return CUDA_SUCCESS;
}

CUresult cuStreamDestroy(CUstream hStream) {
  CUresult status = ready();
  if (status == CUDA_SUCCESS) {
    drop(hStream);
    --counts.liveStreams;
  }
  return status;
}

CUresult cuStreamSynchronize(CUstream hStream) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS || !hStream || !hStream->capturing)
    return status;
  /* Nothing of a capture has run: waiting for it ends the capture. */
  logCall("cuStreamSynchronize refused: the stream is capturing");
  hStream->invalidated = true;
  return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
}

/* ---- stream capture: work on a capturing stream is recorded, not run ---- */

static atomic_int activeCaptures, globalCaptures;
static _Thread_local CUstreamCaptureMode threadMode =
    CU_STREAM_CAPTURE_MODE_GLOBAL;

/* The driver refuses "potentially unsafe" calls (allocations, module
   loads, context synchronisation) while a capture begun in the global
   mode is under way,
   unless the calling thread chose the relaxed mode; and a context
   synchronisation conflicts with any capture. */
static CUresult refusedDuringCapture(const char *call) {
  bool refused = !strcmp(call, "cuCtxSynchronize")
                     ? atomic_load(&activeCaptures) > 0
                     : atomic_load(&globalCaptures) > 0 &&
                           threadMode != CU_STREAM_CAPTURE_MODE_RELAXED;
  if (!refused)
    return CUDA_SUCCESS;
  logCall("%s refused during a stream capture", call);
  return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
}

CUresult cuStreamBeginCapture(CUstream hStream, CUstreamCaptureMode mode) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  if (!hStream)
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED; /* the legacy stream */
  if (hStream->capturing)
    return CUDA_ERROR_ILLEGAL_STATE;
  hStream->capturing = true;
  hStream->invalidated = false;
  hStream->mode = mode;
  ++activeCaptures;
  if (mode == CU_STREAM_CAPTURE_MODE_GLOBAL)
    ++globalCaptures;
  logCall("cuStreamBeginCapture(mode %d)", (int)mode);
  return CUDA_SUCCESS;
}

CUresult cuStreamEndCapture(CUstream hStream, CUgraph *phGraph) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  if (!hStream || !hStream->capturing)
    return CUDA_ERROR_ILLEGAL_STATE;
  hStream->capturing = false;
  --activeCaptures;
  if (hStream->mode == CU_STREAM_CAPTURE_MODE_GLOBAL)
    --globalCaptures;
  *phGraph = NULL; /* graphs are not emulated */
  logCall("cuStreamEndCapture");
  return hStream->invalidated ? CUDA_ERROR_STREAM_CAPTURE_INVALIDATED
                              : CUDA_SUCCESS;
}

CUresult cuStreamIsCapturing(CUstream hStream,
                             CUstreamCaptureStatus *captureStatus) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  *captureStatus = !hStream || !hStream->capturing
                       ? CU_STREAM_CAPTURE_STATUS_NONE
                   : hStream->invalidated ? CU_STREAM_CAPTURE_STATUS_INVALIDATED
                                          : CU_STREAM_CAPTURE_STATUS_ACTIVE;
  return CUDA_SUCCESS;
}

CUresult cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *mode) {
  CUstreamCaptureMode previous = threadMode;
  threadMode = *mode;
  *mode = previous;
  return CUDA_SUCCESS;
}

CUresult cuStreamWaitEvent(CUstream hStream, CUevent hEvent,
                           unsigned int Flags) {
  (void)hStream;
  (void)hEvent;
  return Flags ? CUDA_ERROR_INVALID_VALUE : ready();
}

CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  *phEvent = hold(malloc(sizeof(**phEvent)));
  (*phEvent)->flags = Flags;
  logCall("cuEventCreate(flags %u)", Flags);
  return CUDA_SUCCESS;
}

CUresult cuEventDestroy(CUevent hEvent) {
  CUresult status = ready();
  if (status == CUDA_SUCCESS)
    drop(hEvent);
  return status;
}

CUresult cuEventSynchronize(CUevent hEvent) {
  (void)hEvent;
  return ready();
}

CUresult cuEventRecord(CUevent hEvent, CUstream hStream) {
  (void)hEvent;
  (void)hStream;
  return ready();
}

/* ---- memory: "device" memory is host memory ---- */

/* Where each live allocation is, for cuPointerGetAttributes. */
typedef struct {
  uintptr_t base;
  size_t size;
  int device;
  bool managed;
} Allocation;
static struct {
  pthread_mutex_t lock;
  Allocation *items;
  size_t count, capacity;
} allocations = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void recordAllocation(void *memory, size_t size, bool managed) {
  pthread_mutex_lock(&allocations.lock);
  if (allocations.count == allocations.capacity) {
    size_t capacity = allocations.capacity ? 2 * allocations.capacity : 64;
    Allocation *items =
        realloc(allocations.items, capacity * sizeof(Allocation));
    if (items) {
      allocations.items = items;
      allocations.capacity = capacity;
    }
  }
  if (allocations.count < allocations.capacity)
    allocations.items[allocations.count++] = (Allocation){
        (uintptr_t)memory, size, current ? current->device : 0, managed};
  pthread_mutex_unlock(&allocations.lock);
}

static void forgetAllocation(uintptr_t base) {
  pthread_mutex_lock(&allocations.lock);
  for (size_t i = 0; i < allocations.count; ++i)
    if (allocations.items[i].base == base) {
      allocations.items[i] = allocations.items[--allocations.count];
      break;
    }
  pthread_mutex_unlock(&allocations.lock);
}

/* The device memory of the stand-in, as an H100's: a larger allocation is
   out of memory without asking the host (whose calloc a sanitizer turns
   into a report). */
static const size_t DeviceMemoryBytes = (size_t)80 << 30;

static CUresult allocate(CUdeviceptr *dptr, size_t bytesize, const char *kind) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  if (!bytesize)
    return CUDA_ERROR_INVALID_VALUE;
  status = refusedDuringCapture(kind);
  if (status != CUDA_SUCCESS)
    return status;
  logCall("%s(%zu bytes)", kind, bytesize);
  if (bytesize > DeviceMemoryBytes)
    return CUDA_ERROR_OUT_OF_MEMORY;
  void *memory = hold(calloc(1, bytesize));
  *dptr = (CUdeviceptr)(uintptr_t)memory;
  if (!memory)
    return CUDA_ERROR_OUT_OF_MEMORY;
  recordAllocation(memory, bytesize, !strcmp(kind, "cuMemAllocManaged"));
  ++counts.allocations;
  ++counts.liveAllocations;
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize) {
  return allocate(dptr, bytesize, "cuMemAlloc");
}

CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize,
                           unsigned int flags) {
  return flags == CU_MEM_ATTACH_GLOBAL
             ? allocate(dptr, bytesize, "cuMemAllocManaged")
             : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuMemFree(CUdeviceptr dptr) {
  CUresult status = ready();
  if (status == CUDA_SUCCESS && dptr) {
    forgetAllocation((uintptr_t)dptr);
    drop((void *)(uintptr_t)dptr);
    --counts.liveAllocations;
  }
  return status;
}

/* As the driver: a pointer it does not know gets zeroes (memory type 0),
   not an error. */
CUresult cuPointerGetAttributes(unsigned int numAttributes,
                                CUpointer_attribute *attributes, void **data,
                                CUdeviceptr ptr) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  Allocation found = {0};
  pthread_mutex_lock(&allocations.lock);
  for (size_t i = 0; i < allocations.count; ++i) {
    Allocation a = allocations.items[i];
    if (ptr >= a.base && ptr - a.base < a.size)
      found = a;
  }
  pthread_mutex_unlock(&allocations.lock);
  for (unsigned i = 0; i < numAttributes; ++i) {
    switch (attributes[i]) {
    case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
      *(unsigned int *)data[i] = found.base ? CU_MEMORYTYPE_DEVICE : 0;
      break;
    case CU_POINTER_ATTRIBUTE_IS_MANAGED:
      *(bool *)data[i] = found.managed;
      break;
    case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
      *(int *)data[i] = found.base ? found.device : -2;
      break;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
  }
  return CUDA_SUCCESS;
}

CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount,
                       CUstream hStream) {
  CUresult status = ready();
  if (status == CUDA_SUCCESS && hStream && hStream->capturing) {
    logCall("captured copy of %zu bytes", ByteCount);
    return CUDA_SUCCESS;
  }
  if (status == CUDA_SUCCESS)
    memmove((void *)(uintptr_t)dst, (void *)(uintptr_t)src, ByteCount);
  return status;
}

CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost,
                      size_t ByteCount) {
  CUresult status = ready();
  if (status == CUDA_SUCCESS)
    memcpy((void *)(uintptr_t)dstDevice, srcHost, ByteCount);
  return status;
}

CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N,
                          CUstream hStream) {
  (void)hStream;
  CUresult status = ready();
  uint32_t *words = (uint32_t *)(uintptr_t)dstDevice;
  for (size_t i = 0; status == CUDA_SUCCESS && i < N; ++i)
    words[i] = ui;
  return status;
}

CUresult cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N,
                          CUstream hStream) {
  (void)hStream;
  CUresult status = ready();
  uint16_t *halves = (uint16_t *)(uintptr_t)dstDevice;
  for (size_t i = 0; status == CUDA_SUCCESS && i < N; ++i)
    halves[i] = us;
  return status;
}

/* A few registrations at a time are all the tests need. */
enum { MaxRegistrations = 16 };
static void *registered[MaxRegistrations];

static void **registration(void *p) {
  for (int i = 0; i < MaxRegistrations; ++i)
    if (registered[i] == p)
      return &registered[i];
  return NULL;
}

CUresult cuMemHostRegister(void *p, size_t bytesize, unsigned int Flags) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  logCall("cuMemHostRegister(%zu bytes, flags %u)", bytesize, Flags);
  if (!p || !bytesize)
    return CUDA_ERROR_INVALID_VALUE;
  if (registration(p))
    return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  void **slot = registration(NULL);
  if (!slot)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *slot = p;
  return CUDA_SUCCESS;
}

CUresult cuMemHostUnregister(void *p) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  logCall("cuMemHostUnregister");
  void **slot = p ? registration(p) : NULL;
  if (!slot)
    return CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
  *slot = NULL;
  return CUDA_SUCCESS;
}

/* ---- TMA: checks what the driver checks, records the geometry ---- */

static void logArray64(const char *what, const cuuint64_t *a, cuuint32_t n) {
  if (!logging())
    return;
  char text[128] = "";
  size_t used = 0;
  for (cuuint32_t i = 0; i < n && used < sizeof(text); ++i)
    used += (size_t)snprintf(text + used, sizeof(text) - used, "%s%" PRIu64,
                             i ? "," : "", (uint64_t)a[i]);
  logCall("  %s %s", what, text);
}

static void logArray32(const char *what, const cuuint32_t *a, cuuint32_t n) {
  cuuint64_t wide[5] = {0};
  for (cuuint32_t i = 0; i < n && i < 5; ++i)
    wide[i] = a[i];
  logArray64(what, wide, n);
}

CUresult cuTensorMapEncodeTiled(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill) {
  CUresult status = ready();
  if (status != CUDA_SUCCESS)
    return status;
  if (!tensorRank || tensorRank > 5 || (uintptr_t)globalAddress % 16 ||
      (uintptr_t)tensorMap % 64)
    return CUDA_ERROR_INVALID_VALUE;
  logCall("cuTensorMapEncodeTiled(type %d, rank %u, interleave %d, swizzle "
          "%d, l2 %d, oob %d)",
          (int)tensorDataType, tensorRank, (int)interleave, (int)swizzle,
          (int)l2Promotion, (int)oobFill);
  logArray64("dims", globalDim, tensorRank);
  logArray64("strides", globalStrides, tensorRank - 1);
  logArray32("box", boxDim, tensorRank);
  logArray32("element strides", elementStrides, tensorRank);
  for (cuuint32_t i = 0; i + 1 < tensorRank; ++i)
    if (globalStrides[i] % 16)
      return CUDA_ERROR_INVALID_VALUE;
  /* As cuda.h documents: boxes of 1 to 256 elements (a box may be larger
     than the tensor: TMA fills what lies outside), the innermost box
     dimension a multiple of 16 bytes, and dimensions of 1 to 2^32. */
  static const int elementBytes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4};
  if ((unsigned)tensorDataType >= sizeof(elementBytes) / sizeof(int) ||
      boxDim[0] * elementBytes[tensorDataType] % 16)
    return CUDA_ERROR_INVALID_VALUE;
  for (cuuint32_t i = 0; i < tensorRank; ++i)
    if (!boxDim[i] || boxDim[i] > 256 || !globalDim[i] ||
        globalDim[i] > (1ull << 32))
      return CUDA_ERROR_INVALID_VALUE;
  memset(tensorMap, 0, sizeof(*tensorMap));
  tensorMap->opaque[0] = (uint64_t)(uintptr_t)globalAddress;
  tensorMap->opaque[1] = tensorRank;
  return CUDA_SUCCESS;
}
