/* The result of a compilation: named parts, kernels, entries, host module. */
#include "backend/backend.h"
#include "support/alloc.h"

#include "support/alloc.h"
#include "support/output_file.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  char *name;
  char *data;
  size_t size;
} Part;

/* Strings owned by the artifact (kernel names, printed types). */
typedef struct Interned {
  struct Interned *next;
  char text[];
} Interned;

struct TileArtifact {
  Part *parts;
  unsigned numParts;
  char *wanted;
  char deviceFormat[32];
  const char *runtimeLibrary;
  MlirOperation hostModule;
  TileKernelInfo *kernels;
  unsigned numKernels;
  TileEntryInfo *entries;
  unsigned numEntries;
  Interned *strings;
  TilePassManagerHook passManagerHook;
  void *passManagerHookData;
};

TileArtifact *tileArtifactCreate(void) {
  return tileCallocArray(1, sizeof(TileArtifact));
}

void tileArtifactDestroy(TileArtifact *a) {
  if (!a)
    return;
  for (unsigned i = 0; i < a->numParts; ++i) {
    free(a->parts[i].name);
    free(a->parts[i].data);
  }
  free(a->parts);
  free(a->wanted);
  free(a->kernels);
  free(a->entries);
  while (a->strings) {
    Interned *next = a->strings->next;
    free(a->strings);
    a->strings = next;
  }
  if (!mlirOperationIsNull(a->hostModule))
    mlirOperationDestroy(a->hostModule);
  free(a);
}

void tileArtifactSetPart(TileArtifact *a, const char *name,
                         MlirStringRef bytes) {
  Part *part = NULL;
  for (unsigned i = 0; i < a->numParts; ++i)
    if (strcmp(a->parts[i].name, name) == 0)
      part = &a->parts[i];
  if (!part) {
    a->parts = tileReallocArray(a->parts, a->numParts + 1, sizeof(Part));
    part = &a->parts[a->numParts++];
    part->name = tileStrDup(name);
  } else {
    free(part->data);
  }
  part->data = tileMalloc(bytes.length + 1);
  if (bytes.length)
    memcpy(part->data, bytes.data, bytes.length);
  part->data[bytes.length] = '\0';
  part->size = bytes.length;
}

MlirStringRef tileArtifactGetPart(const TileArtifact *a, const char *name) {
  for (unsigned i = 0; i < a->numParts; ++i)
    if (strcmp(a->parts[i].name, name) == 0)
      return mlirStringRefCreate(a->parts[i].data, a->parts[i].size);
  return mlirStringRefCreate(NULL, 0);
}

intptr_t tileArtifactGetNumParts(const TileArtifact *a) { return a->numParts; }

const char *tileArtifactGetPartName(const TileArtifact *a, intptr_t index) {
  return index >= 0 && index < (intptr_t)a->numParts ? a->parts[index].name
                                                     : NULL;
}

void tileArtifactSetWanted(TileArtifact *a, const char *wantedParts) {
  free(a->wanted);
  a->wanted = wantedParts ? tileStrDup(wantedParts) : NULL;
}

bool tileArtifactWantsPart(const TileArtifact *a, const char *name) {
  size_t n = strlen(name);
  for (const char *p = a->wanted; p && *p;) {
    const char *comma = strchr(p, ',');
    size_t length = comma ? (size_t)(comma - p) : strlen(p);
    if (length == n && strncmp(p, name, n) == 0)
      return true;
    p = comma ? comma + 1 : NULL;
  }
  return false;
}

const char *tileArtifactGetDeviceFormat(const TileArtifact *a) {
  return a->deviceFormat;
}

void tileArtifactSetDeviceFormat(TileArtifact *a, const char *format) {
  strncpy(a->deviceFormat, format ? format : "", sizeof(a->deviceFormat) - 1);
}

const char *tileArtifactGetRuntimeLibrary(const TileArtifact *a) {
  return a->runtimeLibrary;
}

void tileArtifactSetRuntimeLibrary(TileArtifact *a, const char *library) {
  a->runtimeLibrary = library;
}

MlirOperation tileArtifactGetHostModule(const TileArtifact *a) {
  return a->hostModule;
}

void tileArtifactTakeHostModule(TileArtifact *a, MlirOperation module) {
  if (!mlirOperationIsNull(a->hostModule))
    mlirOperationDestroy(a->hostModule);
  a->hostModule = module;
}

const char *tileArtifactIntern(TileArtifact *a, MlirStringRef text) {
  Interned *s = tileMalloc(sizeof(Interned) + text.length + 1);
  if (text.length)
    memcpy(s->text, text.data, text.length);
  s->text[text.length] = '\0';
  s->next = a->strings;
  a->strings = s;
  return s->text;
}

TileKernelInfo *tileArtifactAddKernel(TileArtifact *a, const char *name) {
  a->kernels =
      tileReallocArray(a->kernels, a->numKernels + 1, sizeof(TileKernelInfo));
  TileKernelInfo *k = &a->kernels[a->numKernels++];
  memset(k, 0, sizeof(*k));
  k->name = tileArtifactIntern(a, mlirStringRefCreateFromCString(name));
  return k;
}

TileEntryInfo *tileArtifactAddEntry(TileArtifact *a, const char *name) {
  a->entries =
      tileReallocArray(a->entries, a->numEntries + 1, sizeof(TileEntryInfo));
  TileEntryInfo *e = &a->entries[a->numEntries++];
  memset(e, 0, sizeof(*e));
  e->name = tileArtifactIntern(a, mlirStringRefCreateFromCString(name));
  return e;
}

intptr_t tileArtifactGetNumKernels(const TileArtifact *a) {
  return a->numKernels;
}

const TileKernelInfo *tileArtifactGetKernel(const TileArtifact *a,
                                            intptr_t index) {
  return index >= 0 && index < (intptr_t)a->numKernels ? &a->kernels[index]
                                                       : NULL;
}

intptr_t tileArtifactGetNumEntries(const TileArtifact *a) {
  return a->numEntries;
}

const TileEntryInfo *tileArtifactGetEntry(const TileArtifact *a,
                                          intptr_t index) {
  return index >= 0 && index < (intptr_t)a->numEntries ? &a->entries[index]
                                                       : NULL;
}

MlirLogicalResult tileArtifactWritePart(const TileArtifact *a, const char *part,
                                        const char *path,
                                        TileErrorSink errors) {
  MlirStringRef bytes = tileArtifactGetPart(a, part);
  if (!bytes.data) {
    tileReport(errors, "the artifact has no part '%s'", part);
    return mlirLogicalResultFailure();
  }
  TileStrBuf error = TILE_STRBUF_INIT;
  bool ok = tileWriteFile(path, bytes.data, bytes.length, &error);
  if (!ok)
    tileReport(errors, "%s", tileStrBufGet(&error));
  tileStrBufFree(&error);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

void tileArtifactSetPassManagerHook(TileArtifact *a, TilePassManagerHook hook,
                                    void *userData) {
  a->passManagerHook = hook;
  a->passManagerHookData = userData;
}

void tileArtifactConfigurePassManager(const TileArtifact *a,
                                      MlirPassManager pm) {
  if (a && a->passManagerHook)
    a->passManagerHook(pm, a->passManagerHookData);
}
