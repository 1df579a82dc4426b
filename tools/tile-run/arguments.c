/* Argument values for a run: shapes from types, --shape and .npy inputs;
 * random or read contents; scalar values; .npy outputs. */
#include "arguments.h"

#include "guarded_memory.h"
#include "npy.h"
#include "support/count.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Checks that every per-argument option names an argument of the right
 * kind. */
static bool checkPositions(const Options *o, const TileEntrySignature *e) {
  const struct {
    const ArgOptionList *list;
    bool wantsMemRef;
  } lists[] = {{&o->shapes, true},
               {&o->inputs, true},
               {&o->outputs, true},
               {&o->prints, true},
               {&o->scalars, false}};
  for (size_t k = 0; k < TILE_COUNT(lists); ++k)
    for (unsigned i = 0; i < lists[k].list->count; ++i) {
      const ArgOption *opt = &lists[k].list->items[i];
      if (opt->index >= e->numArgs) {
        runError("'%s': '%s' has %u argument%s", opt->flag, e->name, e->numArgs,
                 e->numArgs == 1 ? "" : "s");
        return false;
      }
      const TileArgType *t = &e->args[opt->index];
      if ((t->rank >= 0) != lists[k].wantsMemRef) {
        runError("'%s': argument %u of '%s' is %s (%s)", opt->flag, opt->index,
                 e->name, t->rank >= 0 ? "a memref" : "a scalar", t->typeName);
        return false;
      }
    }
  return true;
}

/* Reads "AxBxC" (or "" for rank 0) into sizes; returns the rank or -1. */
static int parseSizes(const char *text, int64_t *sizes) {
  int rank = 0;
  for (const char *p = text; *p;) {
    char *end;
    errno = 0;
    long long size = strtoll(p, &end, 10);
    if (end == p || errno || size < 0 || rank == TILE_MAX_BUFFER_RANK ||
        (*end && *end != 'x'))
      return -1;
    sizes[rank++] = size;
    p = *end ? end + 1 : end;
    if (*end && !*p)
      return -1;
  }
  return rank;
}

static void formatSizes(char *out, size_t size, int rank,
                        const int64_t *sizes) {
  size_t used = 0;
  out[0] = '\0';
  for (int d = 0; d < rank && used < size; ++d)
    used += (size_t)snprintf(out + used, size - used, "%s%" PRId64,
                             d ? "x" : "", sizes[d]);
  if (!rank)
    snprintf(out, size, "a scalar");
}

/* Merges known sizes into `sizes` (where dynamic); complains about
 * disagreements with what is already known, naming `source`. */
static bool mergeSizes(const TileEntrySignature *e, unsigned i,
                       const int64_t *known, int rank, int64_t *sizes,
                       const char *source) {
  const TileArgType *t = &e->args[i];
  char text[160];
  formatSizes(text, sizeof(text), rank, known);
  if (rank != t->rank) {
    runError("%s gives argument %u of '%s' (%s) rank %d (%s); it has rank %d",
             source, i, e->name, t->typeName, rank, text, t->rank);
    return false;
  }
  for (int d = 0; d < rank; ++d) {
    if (sizes[d] != TILE_DYNAMIC_SIZE && sizes[d] != known[d]) {
      runError("%s gives argument %u of '%s' (%s) the shape %s, which "
               "disagrees in dimension %d (%" PRId64 " vs %" PRId64 ")",
               source, i, e->name, t->typeName, text, d, known[d], sizes[d]);
      return false;
    }
    sizes[d] = known[d];
  }
  return true;
}

/* A splitmix64 step: a small, well-mixed, reproducible generator. */
static uint64_t nextRandom(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Floats uniform in [-1, 1), integers in [-8, 8], i1 in {0, 1}; each
 * argument has its own stream so that values do not depend on the order. */
static void fillRandom(TileBuffer *b, uint64_t seed, unsigned index) {
  uint64_t state = seed * 0x2545f4914f6cdd1dull + index + 1;
  TileElementType type = tileBufferGetElementType(b);
  size_t size = tileElementTypeGetSize(type);
  char *data = tileBufferGetData(b);
  int64_t n = tileBufferGetNumElements(b);
  for (int64_t k = 0; k < n; ++k) {
    uint64_t r = nextRandom(&state);
    double v = tileElementTypeIsFloat(type) ? (double)(r >> 11) * 0x1p-52 - 1
               : type == TileElementI1      ? (double)(r & 1)
                                            : (double)(r % 17) - 8;
    tileElementStore(type, data + (size_t)k * size, v);
  }
}

static TileBuffer *readInput(const ArgOption *input,
                             const TileEntrySignature *e, unsigned i) {
  TileStrBuf error = TILE_STRBUF_INIT;
  TileBuffer *b = npyRead(input->value, e->args[i].elementType, &error);
  if (!b)
    runError("argument %u of '%s' (%s): %s", i, e->name, e->args[i].typeName,
             tileStrBufGet(&error));
  tileStrBufFree(&error);
  return b;
}

/* The sizes of memref argument i from its type, --shape and --input. */
static bool resolveSizes(const Options *o, const TileEntrySignature *e,
                         unsigned i, const TileBuffer *input, int64_t *sizes) {
  const TileArgType *t = &e->args[i];
  memcpy(sizes, t->shape, sizeof(t->shape));
  const ArgOption *shape = optionsFind(&o->shapes, i);
  int64_t given[TILE_MAX_BUFFER_RANK];
  if (shape) {
    TileStrBuf source = TILE_STRBUF_INIT;
    tileStrBufPrintf(&source, "'%s'", shape->flag);
    int rank = parseSizes(shape->value, given);
    if (rank < 0) {
      runError("'%s': '%s' is not a shape like 1000x1003", shape->flag,
               shape->value);
      tileStrBufFree(&source);
      return false;
    }
    bool ok = mergeSizes(e, i, given, rank, sizes, tileStrBufGet(&source));
    tileStrBufFree(&source);
    if (!ok)
      return false;
  }
  if (input) {
    TileStrBuf source = TILE_STRBUF_INIT;
    tileStrBufPrintf(&source, "'%s'", optionsFind(&o->inputs, i)->value);
    bool ok =
        mergeSizes(e, i, tileBufferGetSizes(input), tileBufferGetRank(input),
                   sizes, tileStrBufGet(&source));
    tileStrBufFree(&source);
    if (!ok)
      return false;
  }
  for (int d = 0; d < t->rank; ++d)
    if (sizes[d] == TILE_DYNAMIC_SIZE) {
      runError("argument %u of '%s' (%s) has dynamic sizes: give "
               "--shape=%u=SIZES or --input=%u=FILE.npy",
               i, e->name, t->typeName, i, i);
      return false;
    }
  return true;
}

static TileBuffer *createMemRef(const Options *o, const TileEntrySignature *e,
                                unsigned i) {
  const ArgOption *inputOption = optionsFind(&o->inputs, i);
  TileBuffer *input = inputOption ? readInput(inputOption, e, i) : NULL;
  int64_t sizes[TILE_MAX_BUFFER_RANK];
  if ((inputOption && !input) || !resolveSizes(o, e, i, input, sizes)) {
    tileBufferDestroy(input);
    return NULL;
  }
  if (input) {
    TileBuffer *b = guardedBufferClone(input, i);
    tileBufferDestroy(input);
    if (!b)
      runError("argument %u of '%s' (%s) is too large to allocate", i, e->name,
               e->args[i].typeName);
    return b;
  }
  TileBuffer *b =
      guardedBufferCreate(e->args[i].elementType, e->args[i].rank, sizes, i);
  if (!b) {
    runError("argument %u of '%s' (%s) is too large to allocate", i, e->name,
             e->args[i].typeName);
    return NULL;
  }
  fillRandom(b, o->seed, i);
  return b;
}

static bool parseBool(const char *text, int64_t *out) {
  bool isTrue = !strcmp(text, "true") || !strcmp(text, "1");
  bool isFalse = !strcmp(text, "false") || !strcmp(text, "0");
  *out = isTrue;
  return isTrue || isFalse;
}

/* Reads an integer that fits the width of `type` (signed or unsigned). */
static bool parseInteger(const char *text, TileElementType type, int64_t *out) {
  if (type == TileElementI1)
    return parseBool(text, out);
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 0);
  if (!*text || *end || errno)
    return false;
  unsigned bits = (unsigned)tileElementTypeGetSize(type) * 8;
  if (bits < 64 && (v < -(1ll << (bits - 1)) || v > (1ll << bits) - 1))
    return false;
  *out = v;
  return true;
}

/* Reads a float that `type` holds without overflowing to an infinity (70000
 * for f16, 1e39 for f32 became one; "inf" is taken as it is). */
static bool parseFloat(const char *text, TileElementType type, double *out) {
  char *end;
  errno = 0;
  *out = strtod(text, &end);
  return *text && !*end && !errno && tileElementHoldsFloat(type, *out);
}

static bool setScalar(const Options *o, const TileEntrySignature *e, unsigned i,
                      TileArgValue *value) {
  const TileArgType *t = &e->args[i];
  const ArgOption *arg = optionsFind(&o->scalars, i);
  if (!arg) {
    runError("argument %u of '%s' is a scalar (%s): give its value with "
             "--arg=%u=VALUE",
             i, e->name, t->typeName, i);
    return false;
  }
  bool ok = tileElementTypeIsFloat(t->elementType)
                ? parseFloat(arg->value, t->elementType, &value->floatValue)
                : parseInteger(arg->value, t->elementType, &value->intValue);
  if (!ok)
    runError("'%s': '%s' is not a value of type %s", arg->flag, arg->value,
             t->typeName);
  return ok;
}

bool argumentsCreate(const Options *o, const TileEntrySignature *e,
                     ArgumentSet *set) {
  memset(set, 0, sizeof(*set));
  set->entry = e;
  if (e->unsupported) {
    runError("'%s' cannot be run: %s", e->name, e->unsupported);
    return false;
  }
  if (!checkPositions(o, e))
    return false;
  for (unsigned i = 0; i < e->numArgs; ++i) {
    TileArgValue *v = &set->values[i];
    bool ok = e->args[i].rank >= 0 ? (v->buffer = createMemRef(o, e, i)) != NULL
                                   : setScalar(o, e, i, v);
    if (!ok) {
      argumentsDestroy(set);
      return false;
    }
  }
  return true;
}

bool argumentsClone(const ArgumentSet *from, ArgumentSet *to) {
  *to = *from;
  bool ok = true;
  for (unsigned i = 0; i < from->entry->numArgs; ++i)
    if (from->values[i].buffer) {
      to->values[i].buffer = guardedBufferClone(from->values[i].buffer, i);
      ok &= to->values[i].buffer != NULL;
    }
  if (!ok) {
    argumentsDestroy(to);
    runError("out of memory copying the arguments of '%s'", from->entry->name);
  }
  return ok;
}

void argumentsDestroy(ArgumentSet *set) {
  for (unsigned i = 0; i < TILE_MAX_KERNEL_ARGS; ++i) {
    guardedBufferDestroy(set->values[i].buffer);
    set->values[i].buffer = NULL;
  }
}

bool argumentsWriteOutputs(const Options *o, const ArgumentSet *set) {
  for (unsigned k = 0; k < o->outputs.count; ++k) {
    const ArgOption *out = &o->outputs.items[k];
    TileStrBuf error = TILE_STRBUF_INIT;
    bool ok = npyWrite(out->value, set->values[out->index].buffer, &error);
    if (!ok)
      runError("%s", tileStrBufGet(&error));
    tileStrBufFree(&error);
    if (!ok)
      return false;
  }
  return true;
}

bool argumentsMatch(const TileEntrySignature *e, const TileEntrySignature *r,
                    const char *what) {
  bool same = e->numArgs == r->numArgs;
  for (unsigned i = 0; same && i < e->numArgs; ++i)
    same = e->args[i].rank == r->args[i].rank &&
           e->args[i].elementType == r->args[i].elementType;
  if (same)
    return true;
  runError("%s '%s' must take the arguments '%s' takes (same count, element "
           "types and ranks)",
           what, r->name, e->name);
  return false;
}

/* Prints dimension `d` of the block at flat offset `first` as nested
 * brackets. */
static void printBlock(const TileBuffer *b, int d, int64_t first,
                       int64_t stride) {
  TileElementType type = tileBufferGetElementType(b);
  size_t size = tileElementTypeGetSize(type);
  const char *data = tileBufferGetConstData(b);
  if (d == tileBufferGetRank(b)) {
    printf("%g", tileElementLoad(type, data + (size_t)first * size));
    return;
  }
  int64_t n = tileBufferGetSizes(b)[d];
  int64_t inner = n ? stride / n : 0;
  putchar('[');
  for (int64_t k = 0; k < n; ++k) {
    if (k)
      fputs(", ", stdout);
    printBlock(b, d + 1, first + k * inner, inner);
  }
  putchar(']');
}

void argumentsPrint(const Options *o, const ArgumentSet *set) {
  for (unsigned k = 0; k < o->prints.count; ++k) {
    unsigned i = o->prints.items[k].index;
    const TileBuffer *b = set->values[i].buffer;
    printf("argument %u = ", i);
    printBlock(b, 0, 0, tileBufferGetNumElements(b));
    putchar('\n');
  }
  fflush(stdout);
}
