/* Executables: an artifact made callable by the execution backend its
 * context selected, and calls with checked, packed arguments. */
#include "runtime/runtime.h"

#include <stdlib.h>
#include <string.h>

/* The execution backends the runtime implements, by spec name. */
static const TileExecutor *const executors[] = {&tileJitExecutor,
                                                &tileAotExecutor};

struct TileExecutable {
  const TileExecutor *executor;
  void *state;
};

static const TileExecutor *lookupExecutor(const char *name) {
  for (size_t i = 0; i < sizeof(executors) / sizeof(executors[0]); ++i)
    if (strcmp(executors[i]->name, name) == 0)
      return executors[i];
  return NULL;
}

TileExecutable *tileExecutableCreate(const TileBackendContext *ctx,
                                     const TileArtifact *artifact,
                                     TileErrorSink errors) {
  const char *name = tileBackendContextGetExecutionBackend(ctx)->name;
  const TileExecutor *executor = lookupExecutor(name);
  if (!executor) {
    tileRuntimeReport(errors,
                      "the runtime has no execution backend '%s' "
                      "(it has: jit, aot)",
                      name);
    return NULL;
  }
  if (!executor->create) {
    tileRuntimeReport(errors, "execution backend '%s' %s", name,
                      executor->whyNot);
    return NULL;
  }
  void *state = executor->create(ctx, artifact, errors);
  if (!state)
    return NULL;
  TileExecutable *e = malloc(sizeof(TileExecutable));
  e->executor = executor;
  e->state = state;
  return e;
}

void tileExecutableDestroy(TileExecutable *e) {
  if (!e)
    return;
  e->executor->destroy(e->state);
  free(e);
}

/* Checks a buffer against the memref type of argument `i`. */
static bool checkBuffer(const TileEntrySignature *entry, unsigned i,
                        const TileBuffer *b, TileErrorSink errors) {
  const TileArgType *t = &entry->args[i];
  if (!b) {
    tileRuntimeReport(errors, "argument %u of '%s' (%s) needs a buffer", i,
                      entry->name, t->typeName);
    return false;
  }
  if (tileBufferGetElementType(b) != t->elementType ||
      tileBufferGetRank(b) != t->rank) {
    tileRuntimeReport(errors,
                      "argument %u of '%s' (%s) got a rank-%d %s buffer", i,
                      entry->name, t->typeName, tileBufferGetRank(b),
                      tileElementTypeGetName(tileBufferGetElementType(b)));
    return false;
  }
  const int64_t *sizes = tileBufferGetSizes(b);
  for (int d = 0; d < t->rank; ++d)
    if (t->shape[d] != TILE_DYNAMIC_SIZE && t->shape[d] != sizes[d]) {
      tileRuntimeReport(errors,
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

MlirLogicalResult tileExecutableInvoke(TileExecutable *e,
                                       const TileEntrySignature *entry,
                                       const TileArgValue *args,
                                       TileErrorSink errors) {
  if (entry->unsupported) {
    tileRuntimeReport(errors, "'%s' cannot be called: %s", entry->name,
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
    if (!checkBuffer(entry, i, args[i].buffer, errors))
      return mlirLogicalResultFailure();
    tileBufferGetDescriptor(args[i].buffer, slots[i].descriptor);
    slots[i].descriptorAddress = slots[i].descriptor;
    packed[i] = &slots[i].descriptorAddress;
  }
  packed[entry->numArgs] = NULL;
  return e->executor->invoke(e->state, entry->name, packed, errors);
}
