/* Resolves target, host target and execution backend once into a context. */
#include "backend/backend.h"
#include "support/alloc.h"

#include "support/alloc.h"

#include <stdlib.h>
#include <string.h>

/* Collects messages so that only the relevant ones reach the user. */
static void collect(MlirStringRef message, void *userData) {
  TileStrBuf *buf = userData;
  if (buf->size)
    tileStrBufAppendStr(buf, "; ");
  tileStrBufAppendRef(buf, message);
}

static TileErrorSink collector(TileStrBuf *buf) {
  return (TileErrorSink){collect, buf};
}

static bool ownsKind(const TileBackendModule *m, const char *kind) {
  for (unsigned i = 0; i < m->numTargetKinds; ++i)
    if (strcmp(m->targetKinds[i], kind) == 0)
      return true;
  return false;
}

/* Replaces an alias kind by the kind it stands for. */
static void resolveAlias(TileTarget *t) {
  for (intptr_t r = 0; r < tileGetNumBackends(); ++r) {
    const TileBackendModule *m = tileGetBackend(r);
    for (unsigned a = 0; a < m->numAliases; ++a)
      if (strcmp(m->aliases[a].alias, t->kind) == 0) {
        strncpy(t->kind, m->aliases[a].kind, sizeof(t->kind) - 1);
        return;
      }
  }
}

static void listKinds(TileStrBuf *buf) {
  for (intptr_t r = 0; r < tileGetNumBackends(); ++r) {
    const TileBackendModule *m = tileGetBackend(r);
    for (unsigned k = 0; k < m->numTargetKinds; ++k)
      tileStrBufPrintf(buf, "%s, ", m->targetKinds[k]);
  }
  for (intptr_t r = 0; r < tileGetNumBackends(); ++r) {
    const TileBackendModule *m = tileGetBackend(r);
    for (unsigned a = 0; a < m->numAliases; ++a)
      tileStrBufPrintf(buf, "%s (%s), ", m->aliases[a].alias,
                       m->aliases[a].kind);
  }
  tileStrBufAppendStr(buf, "auto");
}

static void targetText(const TileTarget *t, TileStrBuf *out) {
  tileTargetPrint(t, tileStrBufCallback, out);
}

/* Selects the one module that accepts the parsed target `t` and normalises
 * `t` with it. */
static const TileBackendModule *selectModule(TileTarget *t, const char *text,
                                             TileErrorSink errors) {
  resolveAlias(t);
  const TileBackendModule *chosen = NULL;
  TileTarget chosenTarget;
  unsigned numCandidates = 0;
  TileStrBuf why = TILE_STRBUF_INIT;
  for (intptr_t r = 0; r < tileGetNumBackends(); ++r) {
    const TileBackendModule *m = tileGetBackend(r);
    if (!ownsKind(m, t->kind))
      continue;
    ++numCandidates;
    TileTarget candidate = *t;
    if (mlirLogicalResultIsFailure(
            m->normalizeTarget(&candidate, collector(&why))))
      continue;
    if (m->supportsTarget && !m->supportsTarget(&candidate))
      continue;
    if (chosen) {
      tileReport(errors,
                 "target '%s' is ambiguous: backends '%s' and '%s' both "
                 "accept it",
                 text, chosen->name, m->name);
      tileStrBufFree(&why);
      return NULL;
    }
    chosen = m;
    chosenTarget = candidate;
  }
  if (!chosen) {
    if (numCandidates == 0) {
      TileStrBuf kinds = TILE_STRBUF_INIT;
      listKinds(&kinds);
      tileReport(errors, "unknown target kind '%s' in '%s' (valid: %s)",
                 t->kind, text, tileStrBufGet(&kinds));
      tileStrBufFree(&kinds);
    } else if (why.size) {
      tileReport(errors, "invalid target '%s': %s", text, tileStrBufGet(&why));
    } else {
      tileReport(errors, "no backend accepts target '%s'", text);
    }
    tileStrBufFree(&why);
    return NULL;
  }
  tileStrBufFree(&why);
  *t = chosenTarget;
  return chosen;
}

static const TileBackendModule *detectAuto(TileTarget *t,
                                           TileErrorSink errors) {
  for (intptr_t r = 0; r < tileGetNumBackends(); ++r) {
    const TileBackendModule *m = tileGetBackend(r);
    if (!m->detectTarget)
      continue;
    TileTarget candidate;
    memset(&candidate, 0, sizeof(candidate));
    candidate.optLevel = 3;
    if (!m->detectTarget(&candidate))
      continue;
    TileStrBuf text = TILE_STRBUF_INIT;
    targetText(&candidate, &text);
    const TileBackendModule *chosen =
        selectModule(&candidate, tileStrBufGet(&text), errors);
    tileStrBufFree(&text);
    if (!chosen)
      return NULL;
    *t = candidate;
    return chosen;
  }
  tileReport(errors, "target 'auto': no registered backend detected a "
                     "device it can use on this machine");
  return NULL;
}

static const TileBackendModule *resolveTarget(const char *text, TileTarget *t,
                                              TileErrorSink errors) {
  if (!text || !text[0] || strcmp(text, "auto") == 0)
    return detectAuto(t, errors);
  TileStrBuf why = TILE_STRBUF_INIT;
  if (mlirLogicalResultIsFailure(tileTargetParse(
          mlirStringRefCreateFromCString(text), t, collector(&why)))) {
    tileReport(errors, "invalid target '%s': %s", text, tileStrBufGet(&why));
    tileStrBufFree(&why);
    return NULL;
  }
  tileStrBufFree(&why);
  return selectModule(t, text, errors);
}

static const TileExecutionBackendSpec *
resolveExecution(const TileBackendModule *m, const TileTarget *t,
                 const char *requested, TileErrorSink errors) {
  bool automatic = !requested || !requested[0] || !strcmp(requested, "auto");
  TileStrBuf why = TILE_STRBUF_INIT;
  for (unsigned i = 0; i < m->numExecutionBackends; ++i) {
    const TileExecutionBackendSpec *e = &m->executionBackends[i];
    if (!automatic && strcmp(e->name, requested) != 0)
      continue;
    if (e->supportsTarget && !e->supportsTarget(t)) {
      if (!automatic) {
        tileReport(errors,
                   "execution backend '%s' of backend '%s' cannot run code "
                   "for this target",
                   e->name, m->name);
        tileStrBufFree(&why);
        return NULL;
      }
      continue;
    }
    TileStrBuf reason = TILE_STRBUF_INIT;
    bool available = !e->isAvailable || e->isAvailable(t, collector(&reason));
    if (available) {
      tileStrBufFree(&reason);
      tileStrBufFree(&why);
      return e;
    }
    tileStrBufPrintf(&why, "%s%s: %s", why.size ? "; " : "", e->name,
                     reason.size ? reason.data : "not available");
    tileStrBufFree(&reason);
    if (!automatic)
      break;
  }
  if (!automatic && !why.size) {
    TileStrBuf names = TILE_STRBUF_INIT;
    for (unsigned i = 0; i < m->numExecutionBackends; ++i)
      tileStrBufPrintf(&names, "%s%s", i ? ", " : "",
                       m->executionBackends[i].name);
    tileReport(errors,
               "backend '%s' has no execution backend '%s' (it has: %s)",
               m->name, requested, tileStrBufGet(&names));
    tileStrBufFree(&names);
  } else {
    tileReport(errors, "no execution backend of '%s' is available here (%s)",
               m->name, tileStrBufGet(&why));
  }
  tileStrBufFree(&why);
  return NULL;
}

TileBackendContext *tileBackendContextCreate(const char *target,
                                             const char *targetHost,
                                             const char *executionBackend,
                                             TileErrorSink errors) {
  if (tileGetNumBackends() == 0) {
    tileReport(errors, "no backend is registered (call "
                       "tileRegisterBuiltinBackends first)");
    return NULL;
  }
  TileBackendContext ctx;
  memset(&ctx, 0, sizeof(ctx));
  ctx.module = resolveTarget(target, &ctx.target, errors);
  if (!ctx.module)
    return NULL;
  const char *hostText =
      targetHost && targetHost[0] ? targetHost : TILE_DEFAULT_HOST_TARGET;
  if (!resolveTarget(hostText, &ctx.hostTarget, errors))
    return NULL;
  ctx.executionBackend =
      resolveExecution(ctx.module, &ctx.target, executionBackend, errors);
  if (!ctx.executionBackend)
    return NULL;
  if (ctx.executionBackend->needsHostCodegen) {
    bool found = false;
    for (unsigned i = 0; i < ctx.module->numHostCodegens; ++i)
      found |= strcmp(ctx.module->hostCodegens[i].hostKind,
                      ctx.hostTarget.kind) == 0;
    if (!found) {
      tileReport(errors,
                 "backend '%s' has no host codegen for host target kind '%s'",
                 ctx.module->name, ctx.hostTarget.kind);
      return NULL;
    }
  }
  TileBackendContext *result = tileMalloc(sizeof(TileBackendContext));
  *result = ctx;
  return result;
}

void tileBackendContextDestroy(TileBackendContext *ctx) { free(ctx); }

const TileBackendModule *
tileBackendContextGetModule(const TileBackendContext *ctx) {
  return ctx->module;
}

const TileTarget *tileBackendContextGetTarget(const TileBackendContext *ctx) {
  return &ctx->target;
}

const TileTarget *
tileBackendContextGetHostTarget(const TileBackendContext *ctx) {
  return &ctx->hostTarget;
}

const TileExecutionBackendSpec *
tileBackendContextGetExecutionBackend(const TileBackendContext *ctx) {
  return ctx->executionBackend;
}

void tileBackendContextPrintPipeline(const TileBackendContext *ctx,
                                     MlirStringCallback callback,
                                     void *userData) {
  TileStrBuf out = TILE_STRBUF_INIT;
  tileStrBufAppendStr(&out, "// shared semantic check\n"
                            "builtin.module(tile-verify)\n");
  for (unsigned i = 0; i < ctx->module->numPipelines; ++i) {
    const TilePipelineEntry *p = &ctx->module->pipelines[i];
    if (strcmp(p->kind, ctx->target.kind) != 0)
      continue;
    tileStrBufPrintf(&out, "// lowering (pipelines/%s)\n", p->file);
    tileExpandPipelineFile(p->file, &ctx->target, &out, (TileErrorSink){0});
    tileStrBufAppendStr(&out, "\n");
  }
  for (unsigned i = 0; i < ctx->module->numHostCodegens; ++i) {
    const TileHostCodegen *h = &ctx->module->hostCodegens[i];
    if (strcmp(h->hostKind, ctx->hostTarget.kind) != 0 || !h->pipeline)
      continue;
    tileStrBufPrintf(&out, "// host codegen '%s' (pipelines/%s)\n", h->name,
                     h->pipeline);
    tileExpandPipelineFile(h->pipeline, &ctx->target, &out, (TileErrorSink){0});
    tileStrBufAppendStr(&out, "\n");
  }
  callback(mlirStringRefCreate(tileStrBufGet(&out), out.size), userData);
  tileStrBufFree(&out);
}

MlirLogicalResult tileBackendContextRunCallback(const TileBackendContext *ctx,
                                                const char *name,
                                                MlirStringRef input,
                                                TileArtifact *artifact,
                                                TileErrorSink errors) {
  for (unsigned i = 0; i < ctx->module->numCallbacks; ++i)
    if (strcmp(ctx->module->callbacks[i].name, name) == 0)
      return ctx->module->callbacks[i].run(ctx, input, artifact, errors);
  tileReport(errors, "backend '%s' has no toolchain callback '%s'",
             ctx->module->name, name);
  return mlirLogicalResultFailure();
}
