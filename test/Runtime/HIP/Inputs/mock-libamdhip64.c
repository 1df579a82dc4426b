/* A stand-in libamdhip64: the HIP calls of libtile_rt_hip.so on host
 * memory, for machines without an AMD GPU. It loads real code objects
 * (HSACO, an AMDGPU ELF file): kernels are looked up in the symbol table and
 * their static LDS is read from their kernel descriptors (<name>.kd), but
 * nothing runs on a launch; memory is host memory and copies are memcpy.
 *
 * Environment: TILE_HIP_MOCK_LOG=1 logs every call that matters on stderr;
 * TILE_HIP_MOCK_FAIL=<hipCall> makes that call fail (hipErrorInvalidValue);
 * TILE_HIP_MOCK_DEVICES=<n> sets the device count (0: hipErrorNoDevice). */
#include <elf.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int hipError_t;
enum {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorDeinitialized = 4,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorNotFound = 500,
  hipErrorNotSupported = 801,
};

#define EXPORT __attribute__((visibility("default")))

/* A module owns the functions looked up in it, as HIP's do: they go when
 * it is unloaded. */
struct ihipModuleSymbol_t {
  char name[256];
  int staticLds;
  struct ihipModuleSymbol_t *next;
};
struct ihipModule_t {
  int device; /* the one it was loaded onto */
  unsigned char *image;
  size_t size;
  struct ihipModuleSymbol_t *functions;
  struct ihipModule_t *next, *previous; /* the loaded modules */
};

/* The loaded modules, as a runtime keeps them: a program that exits on an
 * error with modules loaded has not leaked them. */
static struct ihipModule_t *loaded;

/* Streams, events and device memory that are live, likewise: the runtime
 * library ends the process on an error, and what it still held then is
 * the runtime's, not leaked. */
static struct {
  pthread_mutex_t lock;
  void **items;
  size_t count, capacity;
} live = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void *keep(void *object) {
  pthread_mutex_lock(&live.lock);
  if (live.count == live.capacity) {
    live.capacity = live.capacity ? 2 * live.capacity : 64;
    live.items = realloc(live.items, live.capacity * sizeof(void *));
  }
  live.items[live.count++] = object;
  pthread_mutex_unlock(&live.lock);
  return object;
}

static void release(void *object) {
  pthread_mutex_lock(&live.lock);
  for (size_t i = 0; i < live.count; ++i)
    if (live.items[i] == object) {
      live.items[i] = live.items[--live.count];
      break;
    }
  pthread_mutex_unlock(&live.lock);
  free(object);
}
struct ihipStream_t {
  unsigned flags;
};
struct ihipEvent_t {
  unsigned flags;
};

static bool deinitialized;
static _Thread_local int currentDevice;
static long allocations, streams;

static void say(const char *format, ...) {
  if (!getenv("TILE_HIP_MOCK_LOG"))
    return;
  va_list args;
  va_start(args, format);
  fprintf(stderr, "hip-mock: ");
  vfprintf(stderr, format, args);
  fputc('\n', stderr);
  va_end(args);
}

/* Every call passes here: deinitialised, or failing on request. */
static hipError_t enter(const char *call) {
  if (deinitialized)
    return hipErrorDeinitialized;
  const char *fail = getenv("TILE_HIP_MOCK_FAIL");
  return fail && !strcmp(fail, call) ? hipErrorInvalidValue : hipSuccess;
}

#define ENTER(call)                                                            \
  do {                                                                         \
    hipError_t entered = enter(call);                                          \
    if (entered != hipSuccess)                                                 \
      return entered;                                                          \
  } while (0)

EXPORT const char *hipGetErrorName(hipError_t e) {
  switch (e) {
  case hipSuccess:
    return "hipSuccess";
  case hipErrorInvalidValue:
    return "hipErrorInvalidValue";
  case hipErrorDeinitialized:
    return "hipErrorDeinitialized";
  case hipErrorNoDevice:
    return "hipErrorNoDevice";
  case hipErrorInvalidDevice:
    return "hipErrorInvalidDevice";
  case hipErrorInvalidImage:
    return "hipErrorInvalidImage";
  case hipErrorNotFound:
    return "hipErrorNotFound";
  default:
    return "hipErrorUnknown";
  }
}

EXPORT const char *hipGetErrorString(hipError_t e) {
  switch (e) {
  case hipErrorInvalidValue:
    return "invalid argument";
  case hipErrorNoDevice:
    return "no ROCm-capable device is detected";
  case hipErrorInvalidDevice:
    return "invalid device ordinal";
  case hipErrorNotFound:
    return "named symbol not found";
  case hipErrorInvalidImage:
    return "device kernel image is invalid";
  default:
    return "unknown error";
  }
}

EXPORT hipError_t hipInit(unsigned flags) {
  (void)flags;
  ENTER("hipInit");
  return hipSuccess;
}

static int deviceCount(void) {
  const char *n = getenv("TILE_HIP_MOCK_DEVICES");
  return n ? atoi(n) : 1;
}

EXPORT hipError_t hipGetDeviceCount(int *count) {
  ENTER("hipGetDeviceCount");
  *count = deviceCount();
  return *count ? hipSuccess : hipErrorNoDevice;
}

EXPORT hipError_t hipGetDevice(int *device) {
  ENTER("hipGetDevice");
  *device = currentDevice;
  return hipSuccess;
}

EXPORT hipError_t hipSetDevice(int device) {
  ENTER("hipSetDevice");
  if (device < 0 || device >= deviceCount())
    return hipErrorInvalidDevice;
  currentDevice = device;
  say("hipSetDevice(%d)", device);
  return hipSuccess;
}

/* MI300X's limits, at the attribute numbers of ROCm 5 and 6. */
EXPORT hipError_t hipDeviceGetAttribute(int *value, int attribute, int device) {
  ENTER("hipDeviceGetAttribute");
  const char *lds = getenv("TILE_HIP_MOCK_LDS");
  switch (attribute) {
  case 26: /* hipDeviceAttributeMaxBlockDimX */
  case 27:
  case 28:
  case 56: /* hipDeviceAttributeMaxThreadsPerBlock */
    *value = 1024;
    break;
  case 29: /* hipDeviceAttributeMaxGridDimX */
    *value = 2147483647;
    break;
  case 30:
  case 31:
    *value = 65536;
    break;
  case 74: /* hipDeviceAttributeMaxSharedMemoryPerBlock */
    *value = lds ? atoi(lds) : 65536;
    break;
  default:
    return hipErrorInvalidValue;
  }
  say("hipDeviceGetAttribute(%d, device %d) = %d", attribute, device, *value);
  return hipSuccess;
}

/* ---- code objects ---- */

/* The ELF file's extent: its section headers come last. */
static size_t imageSize(const Elf64_Ehdr *h) {
  return h->e_shoff + (size_t)h->e_shnum * h->e_shentsize;
}

EXPORT hipError_t hipModuleLoadData(struct ihipModule_t **module,
                                    const void *image) {
  ENTER("hipModuleLoadData");
  const Elf64_Ehdr *h = image;
  if (memcmp(h->e_ident, ELFMAG, SELFMAG) ||
      h->e_ident[EI_CLASS] != ELFCLASS64 || h->e_machine != EM_AMDGPU)
    return hipErrorInvalidImage;
  struct ihipModule_t *m = calloc(1, sizeof(*m));
  m->device = currentDevice;
  m->size = imageSize(h);
  m->image = malloc(m->size);
  memcpy(m->image, image, m->size);
  m->next = loaded;
  if (loaded)
    loaded->previous = m;
  loaded = m;
  *module = m;
  if (m->device)
    say("hipModuleLoadData(%zu-byte AMDGPU code object, device %d)", m->size,
        m->device);
  else
    say("hipModuleLoadData(%zu-byte AMDGPU code object)", m->size);
  return hipSuccess;
}

EXPORT hipError_t hipModuleUnload(struct ihipModule_t *module) {
  ENTER("hipModuleUnload");
  if (module->previous)
    module->previous->next = module->next;
  else
    loaded = module->next;
  if (module->next)
    module->next->previous = module->previous;
  while (module->functions) {
    struct ihipModuleSymbol_t *next = module->functions->next;
    free(module->functions);
    module->functions = next;
  }
  free(module->image);
  free(module);
  say("hipModuleUnload");
  return hipSuccess;
}

static const Elf64_Shdr *sections(const struct ihipModule_t *m) {
  return (const Elf64_Shdr *)(m->image +
                              ((const Elf64_Ehdr *)m->image)->e_shoff);
}

/* The symbol `name` of the symbol tables, or NULL. */
static const Elf64_Sym *findSymbol(const struct ihipModule_t *m,
                                   const char *name) {
  const Elf64_Ehdr *h = (const Elf64_Ehdr *)m->image;
  const Elf64_Shdr *s = sections(m);
  for (unsigned i = 0; i < h->e_shnum; ++i) {
    if (s[i].sh_type != SHT_SYMTAB && s[i].sh_type != SHT_DYNSYM)
      continue;
    const Elf64_Sym *syms = (const Elf64_Sym *)(m->image + s[i].sh_offset);
    const char *strings = (const char *)m->image + s[s[i].sh_link].sh_offset;
    for (size_t k = 0; k < s[i].sh_size / sizeof(Elf64_Sym); ++k)
      if (!strcmp(strings + syms[k].st_name, name))
        return &syms[k];
  }
  return NULL;
}

/* The bytes at virtual address `address`, through the section holding it. */
static const unsigned char *atAddress(const struct ihipModule_t *m,
                                      uint64_t address) {
  const Elf64_Ehdr *h = (const Elf64_Ehdr *)m->image;
  const Elf64_Shdr *s = sections(m);
  for (unsigned i = 0; i < h->e_shnum; ++i)
    if (s[i].sh_type != SHT_NOBITS && s[i].sh_addr <= address &&
        address < s[i].sh_addr + s[i].sh_size)
      return m->image + s[i].sh_offset + (address - s[i].sh_addr);
  return NULL;
}

EXPORT hipError_t hipModuleGetFunction(struct ihipModuleSymbol_t **function,
                                       struct ihipModule_t *module,
                                       const char *name) {
  ENTER("hipModuleGetFunction");
  /* A module's kernels run on its own device only. */
  if (module->device != currentDevice)
    return hipErrorInvalidDevice;
  char descriptor[300];
  snprintf(descriptor, sizeof(descriptor), "%s.kd", name);
  const Elf64_Sym *kd = findSymbol(module, descriptor);
  const unsigned char *bytes = kd ? atAddress(module, kd->st_value) : NULL;
  if (!findSymbol(module, name) || !bytes)
    return hipErrorNotFound;
  struct ihipModuleSymbol_t *f = calloc(1, sizeof(*f));
  snprintf(f->name, sizeof(f->name), "%s", name);
  /* group_segment_fixed_size: the first field of a kernel descriptor. */
  uint32_t lds;
  memcpy(&lds, bytes, sizeof(lds));
  f->staticLds = (int)lds;
  f->next = module->functions;
  module->functions = f;
  *function = f;
  say("hipModuleGetFunction(%s): static LDS %d bytes", name, f->staticLds);
  return hipSuccess;
}

EXPORT const char *hipKernelNameRef(const struct ihipModuleSymbol_t *f) {
  return f ? f->name : NULL;
}

EXPORT hipError_t hipFuncGetAttribute(int *value, int attribute,
                                      struct ihipModuleSymbol_t *f) {
  ENTER("hipFuncGetAttribute");
  if (attribute != 1) /* HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES */
    return hipErrorNotSupported;
  *value = f->staticLds;
  return hipSuccess;
}

EXPORT hipError_t hipModuleLaunchKernel(struct ihipModuleSymbol_t *f,
                                        unsigned gx, unsigned gy, unsigned gz,
                                        unsigned bx, unsigned by, unsigned bz,
                                        unsigned shared, void *stream,
                                        void **params, void **extra) {
  ENTER("hipModuleLaunchKernel");
  (void)stream;
  (void)extra;
  say("launch %s grid %ux%ux%u block %ux%ux%u shared %u (static %d) params %s",
      f->name, gx, gy, gz, bx, by, bz, shared, f->staticLds,
      params ? "yes" : "no");
  return hipSuccess;
}

/* ---- streams and events ---- */

EXPORT hipError_t hipStreamCreateWithFlags(struct ihipStream_t **stream,
                                           unsigned flags) {
  ENTER("hipStreamCreateWithFlags");
  *stream = keep(calloc(1, sizeof(**stream)));
  (*stream)->flags = flags;
  ++streams;
  say("hipStreamCreateWithFlags(flags %u)", flags);
  return hipSuccess;
}

EXPORT hipError_t hipStreamDestroy(struct ihipStream_t *stream) {
  ENTER("hipStreamDestroy");
  release(stream);
  say("hipStreamDestroy");
  return hipSuccess;
}

EXPORT hipError_t hipStreamSynchronize(struct ihipStream_t *stream) {
  (void)stream;
  ENTER("hipStreamSynchronize");
  say("hipStreamSynchronize");
  return hipSuccess;
}

EXPORT hipError_t hipStreamWaitEvent(struct ihipStream_t *stream,
                                     struct ihipEvent_t *event,
                                     unsigned flags) {
  (void)stream, (void)event, (void)flags;
  ENTER("hipStreamWaitEvent");
  return hipSuccess;
}

EXPORT hipError_t hipEventCreateWithFlags(struct ihipEvent_t **event,
                                          unsigned flags) {
  ENTER("hipEventCreateWithFlags");
  *event = keep(calloc(1, sizeof(**event)));
  (*event)->flags = flags;
  say("hipEventCreateWithFlags(flags %u)", flags);
  return hipSuccess;
}

EXPORT hipError_t hipEventDestroy(struct ihipEvent_t *event) {
  ENTER("hipEventDestroy");
  release(event);
  return hipSuccess;
}

EXPORT hipError_t hipEventSynchronize(struct ihipEvent_t *event) {
  (void)event;
  ENTER("hipEventSynchronize");
  return hipSuccess;
}

EXPORT hipError_t hipEventRecord(struct ihipEvent_t *event,
                                 struct ihipStream_t *stream) {
  (void)event, (void)stream;
  ENTER("hipEventRecord");
  return hipSuccess;
}

/* ---- memory ---- */

EXPORT hipError_t hipMalloc(void **ptr, size_t bytes) {
  ENTER("hipMalloc");
  *ptr = keep(malloc(bytes ? bytes : 1));
  ++allocations;
  say("hipMalloc(%zu bytes)", bytes);
  return hipSuccess;
}

EXPORT hipError_t hipMallocManaged(void **ptr, size_t bytes, unsigned flags) {
  ENTER("hipMallocManaged");
  *ptr = keep(malloc(bytes ? bytes : 1));
  ++allocations;
  say("hipMallocManaged(%zu bytes, flags %u)", bytes, flags);
  return hipSuccess;
}

EXPORT hipError_t hipFree(void *ptr) {
  ENTER("hipFree");
  if (ptr)
    release(ptr);
  say("hipFree");
  return hipSuccess;
}

EXPORT hipError_t hipMemcpyAsync(void *dst, const void *src, size_t bytes,
                                 int kind, void *stream) {
  (void)stream;
  ENTER("hipMemcpyAsync");
  memcpy(dst, src, bytes);
  say("hipMemcpyAsync(%zu bytes, kind %d)", bytes, kind);
  return hipSuccess;
}

EXPORT hipError_t hipMemsetD32Async(void *dst, int value, size_t count,
                                    void *stream) {
  (void)stream;
  ENTER("hipMemsetD32Async");
  for (size_t i = 0; i < count; ++i)
    memcpy((char *)dst + 4 * i, &value, 4);
  say("hipMemsetD32Async(%zu words)", count);
  return hipSuccess;
}

EXPORT hipError_t hipMemsetD16Async(void *dst, unsigned short value,
                                    size_t count, void *stream) {
  (void)stream;
  ENTER("hipMemsetD16Async");
  for (size_t i = 0; i < count; ++i)
    memcpy((char *)dst + 2 * i, &value, 2);
  say("hipMemsetD16Async(%zu half-words)", count);
  return hipSuccess;
}

EXPORT hipError_t hipHostRegister(void *ptr, size_t bytes, unsigned flags) {
  (void)ptr;
  ENTER("hipHostRegister");
  say("hipHostRegister(%zu bytes, flags %u)", bytes, flags);
  return hipSuccess;
}

EXPORT hipError_t hipHostUnregister(void *ptr) {
  (void)ptr;
  ENTER("hipHostUnregister");
  say("hipHostUnregister");
  return hipSuccess;
}

/* ---- for the tests ---- */

/* How many allocations and streams were made, and how many streams,
   events and allocations are live ("live"). */
EXPORT long tileMockHipCount(const char *what) {
  if (!strcmp(what, "live")) {
    pthread_mutex_lock(&live.lock);
    long count = (long)live.count;
    pthread_mutex_unlock(&live.lock);
    return count;
  }
  return !strcmp(what, "allocations") ? allocations
         : !strcmp(what, "streams")   ? streams
                                      : -1;
}

/* What the runtime's own teardown at process exit looks like to later
   calls. */
EXPORT void tileMockHipDeinitialize(void) { deinitialized = true; }
