/* Validates backend manifests and publishes them, once, in a fixed order. */
#include "backend/backend.h"

#include "tile/dialect.h"

#include "mlir-c/Diagnostics.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
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

void tileReport(TileErrorSink sink, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  tileVReportTo(sink.callback, sink.userData, fmt, args);
  va_end(args);
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
                         unsigned count, const char *(*kindAt)(const void *,
                                                                unsigned),
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

static bool validate(const TileBackendModule *m, TileErrorSink errors) {
  if (empty(m->name)) {
    tileReport(errors, "backend has an empty name");
    return false;
  }
  if (m->numTargetKinds == 0 || !m->targetKinds) {
    tileReport(errors, "backend '%s' owns no target kind", m->name);
    return false;
  }
  for (unsigned i = 0; i < m->numTargetKinds; ++i) {
    if (empty(m->targetKinds[i])) {
      tileReport(errors, "backend '%s': target kind #%u is empty", m->name, i);
      return false;
    }
    if (!validKindName(m->targetKinds[i])) {
      tileReport(errors,
                 "backend '%s': target kind '%s' is not a valid kind name "
                 "(letters, digits, '_' and '-', at most 31 characters, not "
                 "'auto')",
                 m->name, m->targetKinds[i]);
      return false;
    }
    for (unsigned j = 0; j < i; ++j)
      if (strcmp(m->targetKinds[i], m->targetKinds[j]) == 0) {
        tileReport(errors, "backend '%s': target kind '%s' is listed twice",
                   m->name, m->targetKinds[i]);
        return false;
      }
  }
  if (!m->normalizeTarget) {
    tileReport(errors, "backend '%s' has no target normaliser", m->name);
    return false;
  }
  for (unsigned i = 0; i < m->numAliases; ++i) {
    const TileTargetAlias *a = &m->aliases[i];
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
    for (unsigned j = 0; j < i; ++j)
      if (strcmp(a->alias, m->aliases[j].alias) == 0) {
        tileReport(errors, "backend '%s': alias '%s' is listed twice",
                   m->name, a->alias);
        return false;
      }
  }
  if (!checkPerKind(m, "pipeline", m->numPipelines, pipelineKind,
                    m->pipelines, errors) ||
      !checkPerKind(m, "device codegen", m->numDeviceCodegens, codegenKind,
                    m->deviceCodegens, errors))
    return false;
  for (unsigned i = 0; i < m->numPipelines; ++i)
    if (!tileGetPipelineFile(m->pipelines[i].file).data) {
      tileReport(errors, "backend '%s': pipeline file '%s' does not exist",
                 m->name, m->pipelines[i].file ? m->pipelines[i].file : "");
      return false;
    }
  for (unsigned i = 0; i < m->numDeviceCodegens; ++i)
    if (empty(m->deviceCodegens[i].name) || !m->deviceCodegens[i].codegen) {
      tileReport(errors,
                 "backend '%s': device codegen for '%s' needs a name and a "
                 "function",
                 m->name, m->deviceCodegens[i].kind);
      return false;
    }
  for (unsigned i = 0; i < m->numHostCodegens; ++i) {
    const TileHostCodegen *h = &m->hostCodegens[i];
    if (empty(h->hostKind) || empty(h->name) || !h->codegen) {
      tileReport(errors,
                 "backend '%s': host codegen #%u needs a host kind, a name "
                 "and a function",
                 m->name, i);
      return false;
    }
    for (unsigned j = 0; j < i; ++j)
      if (strcmp(h->hostKind, m->hostCodegens[j].hostKind) == 0) {
        tileReport(errors,
                   "backend '%s': two host codegens for host kind '%s'",
                   m->name, h->hostKind);
        return false;
      }
    if (h->pipeline && !tileGetPipelineFile(h->pipeline).data) {
      tileReport(errors, "backend '%s': pipeline file '%s' does not exist",
                 m->name, h->pipeline);
      return false;
    }
  }
  for (unsigned i = 0; i < m->numHostCodegenHooks; ++i) {
    const TileHostCodegenHook *h = &m->hostCodegenHooks[i];
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
    for (unsigned j = 0; j < i; ++j)
      if (strcmp(h->kind, m->hostCodegenHooks[j].kind) == 0 &&
          strcmp(h->name, m->hostCodegenHooks[j].name) == 0) {
        tileReport(errors,
                   "backend '%s': host codegen hook '%s' is listed twice for "
                   "'%s'",
                   m->name, h->name, h->kind);
        return false;
      }
  }
  if (m->numExecutionBackends == 0 || !m->executionBackends) {
    tileReport(errors, "backend '%s' declares no execution backend", m->name);
    return false;
  }
  for (unsigned i = 0; i < m->numExecutionBackends; ++i) {
    const TileExecutionBackendSpec *e = &m->executionBackends[i];
    if (empty(e->name)) {
      tileReport(errors, "backend '%s': execution backend #%u has no name",
                 m->name, i);
      return false;
    }
    for (unsigned j = 0; j < i; ++j)
      if (strcmp(e->name, m->executionBackends[j].name) == 0) {
        tileReport(errors,
                   "backend '%s': execution backend '%s' is listed twice",
                   m->name, e->name);
        return false;
      }
    if (e->needsHostCodegen && m->numHostCodegens == 0) {
      tileReport(errors,
                 "backend '%s': execution backend '%s' needs host codegen, "
                 "but the backend declares none",
                 m->name, e->name);
      return false;
    }
  }
  if (!empty(m->dialectExtension) &&
      !tileGetDialectFile(m->dialectExtension).data) {
    tileReport(errors, "backend '%s': dialect file '%s' does not exist",
               m->name, m->dialectExtension);
    return false;
  }
  for (unsigned i = 0; i < m->numCallbacks; ++i) {
    if (empty(m->callbacks[i].name) || !m->callbacks[i].run) {
      tileReport(errors,
                 "backend '%s': toolchain callback #%u needs a name and a "
                 "function",
                 m->name, i);
      return false;
    }
    for (unsigned j = 0; j < i; ++j)
      if (strcmp(m->callbacks[i].name, m->callbacks[j].name) == 0) {
        tileReport(errors,
                   "backend '%s': toolchain callback '%s' is listed twice",
                   m->name, m->callbacks[i].name);
        return false;
      }
  }
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

const TileBackendModule *tileLookupBackend(const char *name) {
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
