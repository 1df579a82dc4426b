/* Finding runtime libraries: $TILE_RUNTIME_PATH, libtile's directory, then
 * the system loader's path. */
#define _GNU_SOURCE /* dladdr */
#include "runtime/runtime.h"

#include "support/strbuf.h"

#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Appends "DIR/libNAME.so" to `path` (cleared first). */
static const char *libraryPath(TileStrBuf *path, const char *dir,
                               size_t dirLength, const char *name) {
  tileStrBufClear(path);
  tileStrBufAppend(path, dir, dirLength);
  tileStrBufPrintf(path, "/lib%s.so", name);
  return tileStrBufGet(path);
}

/* Searches the directories of $TILE_RUNTIME_PATH in order. */
static char *findInSearchPath(const char *name, TileStrBuf *looked) {
  const char *list = getenv("TILE_RUNTIME_PATH");
  if (!list || !*list) {
    tileStrBufAppendStr(looked, "$TILE_RUNTIME_PATH (unset)");
    return NULL;
  }
  tileStrBufPrintf(looked, "$TILE_RUNTIME_PATH (%s)", list);
  TileStrBuf path = TILE_STRBUF_INIT;
  for (const char *p = list; p;) {
    const char *colon = strchr(p, ':');
    size_t length = colon ? (size_t)(colon - p) : strlen(p);
    if (length && access(libraryPath(&path, p, length, name), R_OK) == 0)
      return tileStrBufTake(&path);
    p = colon ? colon + 1 : NULL;
  }
  tileStrBufFree(&path);
  return NULL;
}

/* Looks next to libtile itself, where the build puts the runtimes. */
static char *findBesideLibtile(const char *name, TileStrBuf *looked) {
  Dl_info info;
  if (!dladdr((void *)tileRuntimeLibraryFind, &info) || !info.dli_fname)
    return NULL;
  const char *slash = strrchr(info.dli_fname, '/');
  size_t length = slash ? (size_t)(slash - info.dli_fname) : 1;
  const char *dir = slash ? info.dli_fname : ".";
  TileStrBuf path = TILE_STRBUF_INIT;
  tileStrBufAppendStr(looked, ", ");
  tileStrBufAppend(looked, dir, length);
  if (access(libraryPath(&path, dir, length, name), R_OK) == 0)
    return tileStrBufTake(&path);
  tileStrBufFree(&path);
  return NULL;
}

/* Asks the system loader; the bare file name is what to load then. */
static char *findWithLoader(const char *name, TileStrBuf *looked) {
  TileStrBuf file = TILE_STRBUF_INIT;
  tileStrBufPrintf(&file, "lib%s.so", name);
  tileStrBufAppendStr(looked, " and the system library path");
  void *handle = dlopen(tileStrBufGet(&file), RTLD_LAZY | RTLD_LOCAL);
  /* The ExecutionEngine opens libraries by path, so return where the
   * loader found it. */
  struct link_map *map = NULL;
  if (handle && dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map &&
      map->l_name && map->l_name[0]) {
    char *path = tileStrDup(map->l_name);
    dlclose(handle);
    tileStrBufFree(&file);
    return path;
  }
  if (handle) {
    dlclose(handle);
    return tileStrBufTake(&file);
  }
  tileStrBufFree(&file);
  return NULL;
}

char *tileRuntimeLibraryFind(const char *name, TileErrorSink errors) {
  TileStrBuf looked = TILE_STRBUF_INIT;
  char *path = findInSearchPath(name, &looked);
  if (!path)
    path = findBesideLibtile(name, &looked);
  if (!path)
    path = findWithLoader(name, &looked);
  if (!path)
    tileReport(errors,
               "cannot find the runtime library 'lib%s.so' (looked in "
               "%s)",
               name, tileStrBufGet(&looked));
  tileStrBufFree(&looked);
  return path;
}
