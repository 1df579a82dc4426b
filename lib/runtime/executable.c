/* Executables: an artifact made callable by the execution backend its
 * context selected, and calls with checked, packed arguments. */
#include "runtime/runtime.h"
#include "support/alloc.h"
#include "support/clock.h"
#include "support/count.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/* The execution backends the runtime implements, by spec name. */
static const TileExecutor *const executors[] = {&tileJitExecutor,
                                                &tileAotExecutor};

/* The device-memory half of the mgpu* ABI, from the runtime library, for
 * execution backends whose kernels read their arguments from device memory. */
typedef struct {
  void *library;
  void *(*streamCreate)(void);
  void (*streamSynchronize)(void *stream);
  void (*streamDestroy)(void *stream);
  void *(*memAlloc)(uint64_t bytes, void *stream, bool hostShared);
  void (*memFree)(void *pointer, void *stream);
  void (*memcpy)(void *dst, void *src, size_t bytes, void *stream);
} DeviceMemory;

struct TileExecutable {
  const TileExecutor *executor;
  void *state;
  DeviceMemory *device; /* NULL: arguments stay in host memory */
};

static void *symbol(DeviceMemory *d, const char *name, bool *ok) {
  void *p = dlsym(d->library, name);
  *ok = *ok && p;
  return p;
}

/* Opens the runtime library (the instance the host code uses) for its
 * memory functions. */
static DeviceMemory *openDeviceMemory(const TileArtifact *artifact,
                                      TileErrorSink errors) {
  const char *name = tileArtifactGetRuntimeLibrary(artifact);
  char *path = name ? tileRuntimeLibraryFind(name, errors) : NULL;
  void *library = path ? dlopen(path, RTLD_NOW | RTLD_GLOBAL) : NULL;
  free(path);
  if (!library) {
    if (name)
      tileReport(errors,
                 "cannot open the runtime library of '%s' for "
                 "device memory",
                 name);
    else
      tileReport(errors, "arguments go to device memory, but the "
                         "artifact names no runtime library");
    return NULL;
  }
  DeviceMemory *d = tileCallocArray(1, sizeof(DeviceMemory));
  d->library = library;
  bool ok = true;
  *(void **)&d->streamCreate = symbol(d, "mgpuStreamCreate", &ok);
  *(void **)&d->streamSynchronize = symbol(d, "mgpuStreamSynchronize", &ok);
  *(void **)&d->streamDestroy = symbol(d, "mgpuStreamDestroy", &ok);
  *(void **)&d->memAlloc = symbol(d, "mgpuMemAlloc", &ok);
  *(void **)&d->memFree = symbol(d, "mgpuMemFree", &ok);
  *(void **)&d->memcpy = symbol(d, "mgpuMemcpy", &ok);
  if (!ok) {
    tileReport(errors,
               "the runtime library '%s' lacks the mgpu* "
               "memory functions",
               name);
    dlclose(library);
    free(d);
    return NULL;
  }
  return d;
}

static const TileExecutor *findExecutor(const char *name) {
  for (size_t i = 0; i < TILE_COUNT(executors); ++i)
    if (strcmp(executors[i]->name, name) == 0)
      return executors[i];
  return NULL;
}

TileExecutable *tileExecutableCreate(const TileBackendContext *ctx,
                                     const TileArtifact *artifact,
                                     TileErrorSink errors) {
  const char *name = tileBackendContextGetExecutionBackend(ctx)->name;
  const TileExecutor *executor = findExecutor(name);
  if (!executor) {
    tileReport(errors,
               "the runtime has no execution backend '%s' "
               "(it has: jit, aot)",
               name);
    return NULL;
  }
  if (!executor->create) {
    tileReport(errors, "execution backend '%s' %s", name, executor->whyNot);
    return NULL;
  }
  DeviceMemory *device = NULL;
  if (tileBackendContextGetExecutionBackend(ctx)->argumentsInDeviceMemory) {
    device = openDeviceMemory(artifact, errors);
    if (!device)
      return NULL;
  }
  void *state = executor->create(ctx, artifact, errors);
  if (!state) {
    if (device) {
      dlclose(device->library);
      free(device);
    }
    return NULL;
  }
  TileExecutable *e = tileMalloc(sizeof(TileExecutable));
  e->executor = executor;
  e->state = state;
  e->device = device;
  return e;
}

void tileExecutableDestroy(TileExecutable *e) {
  if (!e)
    return;
  e->executor->destroy(e->state);
  if (e->device) {
    dlclose(e->device->library);
    free(e->device);
  }
  free(e);
}

/* Checks a buffer against the memref type of argument `i`. */
static bool checkBuffer(const TileExecutable *e,
                        const TileEntrySignature *entry, unsigned i,
                        const TileBuffer *b, TileErrorSink errors) {
  const TileArgType *t = &entry->args[i];
  if (!b) {
    tileReport(errors, "argument %u of '%s' (%s) needs a buffer", i,
               entry->name, t->typeName);
    return false;
  }
  if (tileBufferGetMemoryKind(b) == TileMemoryDevice && !e->device) {
    tileReport(errors,
               "argument %u of '%s' (%s) is in device memory, but "
               "execution backend '%s' passes host memory to kernels",
               i, entry->name, t->typeName, e->executor->name);
    return false;
  }
  if (tileBufferGetMemoryKind(b) == TileMemoryDevice && entry->hostOnly) {
    tileReport(errors,
               "argument %u of '%s' (%s) is in device memory, but '%s' "
               "launches no kernel: it runs on the host, which reads and "
               "writes host memory",
               i, entry->name, t->typeName, entry->name);
    return false;
  }
  if (tileBufferGetElementType(b) != t->elementType ||
      tileBufferGetRank(b) != t->rank) {
    tileReport(errors, "argument %u of '%s' (%s) got a rank-%d %s buffer", i,
               entry->name, t->typeName, tileBufferGetRank(b),
               tileElementTypeGetName(tileBufferGetElementType(b)));
    return false;
  }
  const int64_t *sizes = tileBufferGetSizes(b);
  for (int d = 0; d < t->rank; ++d)
    if (t->shape[d] != TILE_DYNAMIC_SIZE && t->shape[d] != sizes[d]) {
      tileReport(errors,
                 "argument %u of '%s' (%s) got a buffer of size %lld "
                 "in dimension %d",
                 i, entry->name, t->typeName, (long long)sizes[d], d);
      return false;
    }
  return true;
}

/* Storage for one packed argument: a descriptor and its address, or a
 * scalar of up to eight bytes. */
typedef struct {
  int64_t descriptor[3 + 2 * TILE_MAX_BUFFER_RANK];
  void *descriptorAddress;
  int64_t scalar;
} Slot;

static void packScalar(TileElementType type, const TileArgValue *v,
                       Slot *slot) {
  slot->scalar = 0;
  if (tileElementTypeIsFloat(type))
    tileElementStore(type, &slot->scalar, v->floatValue);
  else
    memcpy(&slot->scalar, &v->intValue, tileElementTypeGetSize(type));
}

/* Copies of the memref arguments in device memory, in place of the host
 * pointers of the packed descriptors. */
typedef struct {
  void *stream;
  void *pointers[TILE_MAX_KERNEL_ARGS];
} DeviceArguments;

static void upload(DeviceMemory *d, const TileEntrySignature *entry,
                   const TileArgValue *args, Slot *slots, DeviceArguments *a) {
  a->stream = d->streamCreate();
  for (unsigned i = 0; i < entry->numArgs; ++i) {
    a->pointers[i] = NULL;
    /* Buffers in device memory are already where kernels read them. */
    if (entry->args[i].rank < 0 ||
        tileBufferGetMemoryKind(args[i].buffer) == TileMemoryDevice)
      continue;
    size_t bytes = tileBufferGetByteSize(args[i].buffer);
    a->pointers[i] = d->memAlloc(bytes, a->stream, false);
    d->memcpy(a->pointers[i], tileBufferGetData(args[i].buffer), bytes,
              a->stream);
    /* allocated and aligned pointers; the offset stays 0 */
    slots[i].descriptor[0] = (int64_t)(intptr_t)a->pointers[i];
    slots[i].descriptor[1] = (int64_t)(intptr_t)a->pointers[i];
  }
  d->streamSynchronize(a->stream);
}

static void download(DeviceMemory *d, const TileEntrySignature *entry,
                     const TileArgValue *args, DeviceArguments *a) {
  for (unsigned i = 0; i < entry->numArgs; ++i)
    if (a->pointers[i])
      d->memcpy(tileBufferGetData(args[i].buffer), a->pointers[i],
                tileBufferGetByteSize(args[i].buffer), a->stream);
  d->streamSynchronize(a->stream);
  for (unsigned i = 0; i < entry->numArgs; ++i)
    if (a->pointers[i])
      d->memFree(a->pointers[i], a->stream);
  d->streamDestroy(a->stream);
}

MlirLogicalResult tileExecutableTime(TileExecutable *e,
                                     const TileEntrySignature *entry,
                                     const TileArgValue *args, unsigned count,
                                     double *times, TileErrorSink errors) {
  if (entry->unsupported) {
    tileReport(errors, "'%s' cannot be called: %s", entry->name,
               entry->unsupported);
    return mlirLogicalResultFailure();
  }
  Slot slots[TILE_MAX_KERNEL_ARGS];
  void *packed[TILE_MAX_KERNEL_ARGS + 1];
  for (unsigned i = 0; i < entry->numArgs; ++i) {
    const TileArgType *t = &entry->args[i];
    if (t->rank < 0) {
      packScalar(t->elementType, &args[i], &slots[i]);
      packed[i] = &slots[i].scalar;
      continue;
    }
    if (!checkBuffer(e, entry, i, args[i].buffer, errors))
      return mlirLogicalResultFailure();
    tileBufferGetDescriptor(args[i].buffer, slots[i].descriptor);
    slots[i].descriptorAddress = slots[i].descriptor;
    packed[i] = &slots[i].descriptorAddress;
  }
  packed[entry->numArgs] = NULL;
  /* A function without kernels reads its buffers on the host: they stay
   * where they are. */
  DeviceMemory *memory = entry->hostOnly ? NULL : e->device;
  DeviceArguments device = {NULL, {NULL}};
  if (memory)
    upload(memory, entry, args, slots, &device);
  MlirLogicalResult result = mlirLogicalResultSuccess();
  for (unsigned i = 0; i < count && mlirLogicalResultIsSuccess(result); ++i) {
    double start = tileMonotonicSeconds();
    result = e->executor->invoke(e->state, entry->name, packed, errors);
    if (times)
      times[i] = tileMonotonicSeconds() - start;
  }
  if (memory)
    download(memory, entry, args, &device);
  return result;
}

MlirLogicalResult tileExecutableInvoke(TileExecutable *e,
                                       const TileEntrySignature *entry,
                                       const TileArgValue *args,
                                       TileErrorSink errors) {
  return tileExecutableTime(e, entry, args, 1, NULL, errors);
}
