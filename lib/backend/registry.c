/* Validates backend manifests and publishes them, once, in a fixed order. */
#include "backend/backend.h"

#include "support/count.h"
#include "tile/dialect.h"

#include "mlir-c/Diagnostics.h"

#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#define TILE_MAX_BACKENDS 32

/* The registry: filled at start-up (built-ins, then any a program adds),
 * never changed afterwards except by appending. Registrations take the
 * lock; an entry is written before the count that publishes it, so lookups
 * need no lock and may run while another thread registers. */
static const TileBackendModule *registered[TILE_MAX_BACKENDS];
static atomic_uint numRegistered;
static pthread_mutex_t registering = PTHREAD_MUTEX_INITIALIZER;

/* How many entries of `registered` are complete. */
static unsigned published(void) {
  return atomic_load_explicit(&numRegistered, memory_order_acquire);
}

static bool empty(const char *s) { return !s || !s[0]; }

/* Whether the target parser can produce `name` as a kind: [A-Za-z0-9_-]+,
 * shorter than TileTarget::kind, and not the reserved word "auto". */
static bool validKindName(const char *name) {
  size_t n = strlen(name);
  if (n == 0 || n >= sizeof(((TileTarget *)0)->kind) ||
      strcmp(name, "auto") == 0)
    return false;
  for (const char *p = name; *p; ++p)
    if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-')
      return false;
  return true;
}

static bool owns(const TileBackendModule *m, const char *kind) {
  for (unsigned i = 0; i < m->numTargetKinds; ++i)
    if (!empty(m->targetKinds[i]) && strcmp(m->targetKinds[i], kind) == 0)
      return true;
  return false;
}

/* Checks the per-kind tables: every entry names an owned kind, and every
 * owned kind has exactly one entry. */
static bool checkPerKind(const TileBackendModule *m, const char *what,
                         unsigned count,
                         const char *(*kindAt)(const void *, unsigned),
                         const void *table, TileErrorSink errors) {
  for (unsigned i = 0; i < count; ++i) {
    const char *kind = kindAt(table, i);
    if (empty(kind) || !owns(m, kind)) {
      tileReport(errors,
                 "backend '%s': %s entry for target kind '%s', which the "
                 "backend does not own",
                 m->name, what, kind ? kind : "");
      return false;
    }
  }
  for (unsigned k = 0; k < m->numTargetKinds; ++k) {
    unsigned n = 0;
    for (unsigned i = 0; i < count; ++i)
      n += strcmp(kindAt(table, i), m->targetKinds[k]) == 0;
    if (n != 1) {
      tileReport(errors,
                 "backend '%s': target kind '%s' needs exactly one %s, has "
                 "%u",
                 m->name, m->targetKinds[k], what, n);
      return false;
    }
  }
  return true;
}

static const char *pipelineKind(const void *t, unsigned i) {
  return ((const TilePipelineEntry *)t)[i].kind;
}
static const char *codegenKind(const void *t, unsigned i) {
  return ((const TileDeviceCodegen *)t)[i].kind;
}

static bool pipelineExists(const char *file) {
  return tileGetPipelineFile(file).data != NULL;
}

/* The checks of one entry of a manifest list. */
typedef bool (*EntryCheck)(const TileBackendModule *m, const void *entry,
                           unsigned i, TileErrorSink errors);

#define NO_FIELD ((size_t)-1)

/* A list of a manifest (target kinds, aliases, codegens, ...), checked
 * entry by entry: first what the entry needs on its own, then that its key
 * differs from the keys of the entries before it (within the same scope),
 * then what needs the key to be unique. The lists are found by offset, as
 * the flag tables of the tools find their fields. */
typedef struct {
  size_t count;  /* offset of the unsigned count in TileBackendModule */
  size_t table;  /* offset of the pointer to the entries */
  size_t stride; /* size of an entry */
  /* Reported when the list is empty or missing (NULL: it may be). */
  const char *needed;
  EntryCheck check;       /* optional */
  size_t key, scope;      /* offsets of const char * fields, or NO_FIELD */
  const char *twice;      /* printf format: backend name, key, scope */
  EntryCheck checkUnique; /* optional */
} ListRule;

#define LIST(countField, tableField, Entry)                                    \
  .count = offsetof(TileBackendModule, countField),                            \
  .table = offsetof(TileBackendModule, tableField), .stride = sizeof(Entry)

static const char *field(const void *entry, size_t offset) {
  return offset == NO_FIELD
             ? NULL
             : *(const char *const *)((const char *)entry + offset);
}

static bool sameKey(const ListRule *r, const void *a, const void *b) {
  return strcmp(field(a, r->key), field(b, r->key)) == 0 &&
         (r->scope == NO_FIELD ||
          strcmp(field(a, r->scope), field(b, r->scope)) == 0);
}

/* Reports the first entry whose key an earlier entry already has. */
static bool keysDiffer(const TileBackendModule *m, const ListRule *r,
                       const char *entries, unsigned i, TileErrorSink errors) {
  const char *entry = entries + i * r->stride;
  for (unsigned j = 0; r->key != NO_FIELD && j < i; ++j)
    if (sameKey(r, entry, entries + j * r->stride)) {
      tileReport(errors, r->twice, m->name, field(entry, r->key),
                 field(entry, r->scope));
      return false;
    }
  return true;
}

static bool checkList(const TileBackendModule *m, const ListRule *r,
                      TileErrorSink errors) {
  unsigned count = *(const unsigned *)((const char *)m + r->count);
  const char *entries = *(const char *const *)((const char *)m + r->table);
  if (r->needed && (count == 0 || !entries)) {
    tileReport(errors, r->needed, m->name);
    return false;
  }
  for (unsigned i = 0; i < count; ++i) {
    const void *entry = entries + i * r->stride;
    if ((r->check && !r->check(m, entry, i, errors)) ||
        !keysDiffer(m, r, entries, i, errors) ||
        (r->checkUnique && !r->checkUnique(m, entry, i, errors)))
      return false;
  }
  return true;
}

static bool checkKind(const TileBackendModule *m, const void *entry, unsigned i,
                      TileErrorSink errors) {
  const char *kind = *(const char *const *)entry;
  if (empty(kind)) {
    tileReport(errors, "backend '%s': target kind #%u is empty", m->name, i);
    return false;
  }
  if (!validKindName(kind)) {
    tileReport(errors,
               "backend '%s': target kind '%s' is not a valid kind name "
               "(letters, digits, '_' and '-', at most 31 characters, not "
               "'auto')",
               m->name, kind);
    return false;
  }
  return true;
}

static bool checkAlias(const TileBackendModule *m, const void *entry,
                       unsigned i, TileErrorSink errors) {
  (void)i;
  const TileTargetAlias *a = entry;
  if (empty(a->alias) || empty(a->kind) || !owns(m, a->kind)) {
    tileReport(errors,
               "backend '%s': alias '%s' must name a target kind the "
               "backend owns",
               m->name, a->alias ? a->alias : "");
    return false;
  }
  if (!validKindName(a->alias) || owns(m, a->alias)) {
    tileReport(errors,
               "backend '%s': alias '%s' is not a valid kind name or "
               "shadows one of its kinds",
               m->name, a->alias);
    return false;
  }
  return true;
}

static bool checkPipelineFile(const TileBackendModule *m, const void *entry,
                              unsigned i, TileErrorSink errors) {
  (void)i;
  const char *file = ((const TilePipelineEntry *)entry)->file;
  if (!pipelineExists(file)) {
    tileReport(errors, "backend '%s': pipeline file '%s' does not exist",
               m->name, file ? file : "");
    return false;
  }
  return true;
}

static bool checkDeviceCodegen(const TileBackendModule *m, const void *entry,
                               unsigned i, TileErrorSink errors) {
  (void)i;
  const TileDeviceCodegen *d = entry;
  if (empty(d->name) || !d->codegen) {
    tileReport(errors,
               "backend '%s': device codegen for '%s' needs a name and a "
               "function",
               m->name, d->kind);
    return false;
  }
  return true;
}

static bool checkHostCodegen(const TileBackendModule *m, const void *entry,
                             unsigned i, TileErrorSink errors) {
  const TileHostCodegen *h = entry;
  if (empty(h->hostKind) || empty(h->name) || !h->codegen) {
    tileReport(errors,
               "backend '%s': host codegen #%u needs a host kind, a name "
               "and a function",
               m->name, i);
    return false;
  }
  return true;
}

static bool checkHostPipeline(const TileBackendModule *m, const void *entry,
                              unsigned i, TileErrorSink errors) {
  (void)i;
  const TileHostCodegen *h = entry;
  if (h->pipeline && !pipelineExists(h->pipeline)) {
    tileReport(errors, "backend '%s': pipeline file '%s' does not exist",
               m->name, h->pipeline);
    return false;
  }
  return true;
}

static bool checkHook(const TileBackendModule *m, const void *entry, unsigned i,
                      TileErrorSink errors) {
  const TileHostCodegenHook *h = entry;
  if (empty(h->kind) || !owns(m, h->kind)) {
    tileReport(errors,
               "backend '%s': host codegen hook '%s' is for target kind "
               "'%s', which the backend does not own",
               m->name, h->name ? h->name : "", h->kind ? h->kind : "");
    return false;
  }
  if (empty(h->name) || !h->hook) {
    tileReport(errors,
               "backend '%s': host codegen hook #%u needs a name and a "
               "function",
               m->name, i);
    return false;
  }
  return true;
}

static bool checkExecution(const TileBackendModule *m, const void *entry,
                           unsigned i, TileErrorSink errors) {
  if (empty(((const TileExecutionBackendSpec *)entry)->name)) {
    tileReport(errors, "backend '%s': execution backend #%u has no name",
               m->name, i);
    return false;
  }
  return true;
}

static bool checkExecutionNeeds(const TileBackendModule *m, const void *entry,
                                unsigned i, TileErrorSink errors) {
  (void)i;
  const TileExecutionBackendSpec *e = entry;
  if (e->needsHostCodegen && m->numHostCodegens == 0) {
    tileReport(errors,
               "backend '%s': execution backend '%s' needs host codegen, "
               "but the backend declares none",
               m->name, e->name);
    return false;
  }
  return true;
}

static bool checkCallback(const TileBackendModule *m, const void *entry,
                          unsigned i, TileErrorSink errors) {
  const TileToolchainCallback *c = entry;
  if (empty(c->name) || !c->run) {
    tileReport(errors,
               "backend '%s': toolchain callback #%u needs a name and a "
               "function",
               m->name, i);
    return false;
  }
  return true;
}

static const ListRule kindsRule = {
    LIST(numTargetKinds, targetKinds, const char *),
    .needed = "backend '%s' owns no target kind",
    .check = checkKind,
    .key = 0, /* the entry is the kind */
    .scope = NO_FIELD,
    .twice = "backend '%s': target kind '%s' is listed twice"};
static const ListRule aliasesRule = {
    LIST(numAliases, aliases, TileTargetAlias), .check = checkAlias,
    .key = offsetof(TileTargetAlias, alias), .scope = NO_FIELD,
    .twice = "backend '%s': alias '%s' is listed twice"};
static const ListRule pipelinesRule = {
    LIST(numPipelines, pipelines, TilePipelineEntry),
    .check = checkPipelineFile, .key = NO_FIELD, .scope = NO_FIELD};
static const ListRule deviceCodegensRule = {
    LIST(numDeviceCodegens, deviceCodegens, TileDeviceCodegen),
    .check = checkDeviceCodegen, .key = NO_FIELD, .scope = NO_FIELD};
static const ListRule hostCodegensRule = {
    LIST(numHostCodegens, hostCodegens, TileHostCodegen),
    .check = checkHostCodegen,
    .key = offsetof(TileHostCodegen, hostKind),
    .scope = NO_FIELD,
    .twice = "backend '%s': two host codegens for host kind '%s'",
    .checkUnique = checkHostPipeline};
static const ListRule hooksRule = {
    LIST(numHostCodegenHooks, hostCodegenHooks, TileHostCodegenHook),
    .check = checkHook, .key = offsetof(TileHostCodegenHook, name),
    .scope = offsetof(TileHostCodegenHook, kind),
    .twice = "backend '%s': host codegen hook '%s' is listed twice for '%s'"};
static const ListRule executionRule = {
    LIST(numExecutionBackends, executionBackends, TileExecutionBackendSpec),
    .needed = "backend '%s' declares no execution backend",
    .check = checkExecution,
    .key = offsetof(TileExecutionBackendSpec, name),
    .scope = NO_FIELD,
    .twice = "backend '%s': execution backend '%s' is listed twice",
    .checkUnique = checkExecutionNeeds};
static const ListRule callbacksRule = {
    LIST(numCallbacks, callbacks, TileToolchainCallback),
    .check = checkCallback, .key = offsetof(TileToolchainCallback, name),
    .scope = NO_FIELD,
    .twice = "backend '%s': toolchain callback '%s' is listed twice"};

static bool checkName(const TileBackendModule *m, TileErrorSink errors) {
  if (empty(m->name)) {
    tileReport(errors, "backend has an empty name");
    return false;
  }
  return true;
}

static bool checkNormalizer(const TileBackendModule *m, TileErrorSink errors) {
  if (!m->normalizeTarget) {
    tileReport(errors, "backend '%s' has no target normaliser", m->name);
    return false;
  }
  return true;
}

/* Every owned kind has exactly one pipeline and one device codegen. */
static bool checkPerKindTables(const TileBackendModule *m,
                               TileErrorSink errors) {
  return checkPerKind(m, "pipeline", m->numPipelines, pipelineKind,
                      m->pipelines, errors) &&
         checkPerKind(m, "device codegen", m->numDeviceCodegens, codegenKind,
                      m->deviceCodegens, errors);
}

static bool checkDialect(const TileBackendModule *m, TileErrorSink errors) {
  if (!empty(m->dialectExtension) &&
      !tileGetDialectFile(m->dialectExtension).data) {
    tileReport(errors, "backend '%s': dialect file '%s' does not exist",
               m->name, m->dialectExtension);
    return false;
  }
  return true;
}

/* One step of validation: a list of the manifest, or a check of the whole. */
typedef struct {
  const ListRule *list;
  bool (*check)(const TileBackendModule *m, TileErrorSink errors);
} Step;

/* In this order, so that the first problem of a manifest is the one
 * reported. */
static const Step steps[] = {
    {.check = checkName},          /* a name */
    {.list = &kindsRule},          /* valid, distinct kinds */
    {.check = checkNormalizer},    /* a normaliser */
    {.list = &aliasesRule},        /* aliases of owned kinds */
    {.check = checkPerKindTables}, /* one pipeline, one codegen per kind */
    {.list = &pipelinesRule},      /* embedded pipeline files */
    {.list = &deviceCodegensRule}, /* named device codegens */
    {.list = &hostCodegensRule},   /* one host codegen per host kind */
    {.list = &hooksRule},          /* hooks of owned kinds */
    {.list = &executionRule},      /* distinct execution backends */
    {.check = checkDialect},       /* an embedded dialect file */
    {.list = &callbacksRule},      /* distinct toolchain callbacks */
};

static bool validate(const TileBackendModule *m, TileErrorSink errors) {
  for (size_t i = 0; i < TILE_COUNT(steps); ++i)
    if (steps[i].list ? !checkList(m, steps[i].list, errors)
                      : !steps[i].check(m, errors))
      return false;
  return true;
}

/* Kinds may be shared only when every module owning them has a predicate. */
static bool checkSharedKinds(const TileBackendModule *m, TileErrorSink errors) {
  for (unsigned r = 0, n = published(); r < n; ++r) {
    const TileBackendModule *other = registered[r];
    for (unsigned k = 0; k < m->numTargetKinds; ++k) {
      const char *kind = m->targetKinds[k];
      if (!owns(other, kind))
        continue;
      if (!m->supportsTarget || !other->supportsTarget) {
        tileReport(errors,
                   "backend '%s' and backend '%s' both own target kind '%s'; "
                   "backends sharing a kind must all have a target predicate",
                   m->name, other->name, kind);
        return false;
      }
    }
    for (unsigned a = 0; a < m->numAliases; ++a) {
      if (owns(other, m->aliases[a].alias)) {
        tileReport(errors,
                   "backend '%s': alias '%s' is a target kind of backend '%s'",
                   m->name, m->aliases[a].alias, other->name);
        return false;
      }
      for (unsigned b = 0; b < other->numAliases; ++b)
        if (strcmp(m->aliases[a].alias, other->aliases[b].alias) == 0) {
          tileReport(errors,
                     "backend '%s': alias '%s' is already an alias of "
                     "backend '%s'",
                     m->name, m->aliases[a].alias, other->name);
          return false;
        }
    }
    for (unsigned k = 0; k < m->numTargetKinds; ++k)
      for (unsigned b = 0; b < other->numAliases; ++b)
        if (strcmp(m->targetKinds[k], other->aliases[b].alias) == 0) {
          tileReport(errors,
                     "backend '%s': target kind '%s' is already an alias of "
                     "backend '%s'",
                     m->name, m->targetKinds[k], other->name);
          return false;
        }
  }
  return true;
}

static MlirLogicalResult registerLocked(const TileBackendModule *m,
                                        TileErrorSink errors) {
  unsigned n = published();
  for (unsigned r = 0; r < n; ++r) {
    if (registered[r] == m)
      return mlirLogicalResultSuccess();
    if (!empty(m->name) && strcmp(registered[r]->name, m->name) == 0) {
      tileReport(errors,
                 "backend '%s' is already registered with a different "
                 "declaration",
                 m->name);
      return mlirLogicalResultFailure();
    }
  }
  if (!validate(m, errors) || !checkSharedKinds(m, errors))
    return mlirLogicalResultFailure();
  if (n == TILE_MAX_BACKENDS) {
    tileReport(errors, "too many backends (at most %d)", TILE_MAX_BACKENDS);
    return mlirLogicalResultFailure();
  }
  registered[n] = m;
  atomic_store_explicit(&numRegistered, n + 1, memory_order_release);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult tileRegisterBackend(const TileBackendModule *m,
                                      TileErrorSink errors) {
  if (!m) {
    tileReport(errors, "no backend to register");
    return mlirLogicalResultFailure();
  }
  pthread_mutex_lock(&registering);
  MlirLogicalResult result = registerLocked(m, errors);
  pthread_mutex_unlock(&registering);
  return result;
}

intptr_t tileGetNumBackends(void) { return published(); }

const TileBackendModule *tileGetBackend(intptr_t index) {
  return index >= 0 && index < (intptr_t)published() ? registered[index] : NULL;
}

const TileBackendModule *tileFindBackend(const char *name) {
  for (unsigned r = 0, n = published(); r < n; ++r)
    if (strcmp(registered[r]->name, name) == 0)
      return registered[r];
  return NULL;
}

MlirLogicalResult tileContextLoadBackendDialects(MlirContext ctx) {
  for (unsigned r = 0, n = published(); r < n; ++r) {
    const char *file = registered[r]->dialectExtension;
    if (empty(file))
      continue;
    /* dialects/<name>.irdl.mlir defines dialect <name>. */
    const char *dot = strchr(file, '.');
    MlirStringRef name =
        mlirStringRefCreate(file, dot ? (size_t)(dot - file) : strlen(file));
    if (!mlirDialectIsNull(mlirContextGetOrLoadDialect(ctx, name)))
      continue;
    MlirStringRef source = tileGetDialectFile(file);
    if (!source.data) {
      mlirEmitError(mlirLocationUnknownGet(ctx), "unknown dialect file");
      return mlirLogicalResultFailure();
    }
    if (mlirLogicalResultIsFailure(tileContextLoadIRDL(
            ctx, source, mlirStringRefCreateFromCString(file))))
      return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}
