/* Compiling tile-run's input: parsing, keeping the functions a run needs,
 * resolving the target, compiling and making the result callable. */
#ifndef TILE_RUN_COMPILE_H
#define TILE_RUN_COMPILE_H

#include "support/diagnostics.h"
#include "tile/tile.h"

/* The input file in one MLIR context whose diagnostics are printed. */
typedef struct {
  const char *fileName;
  char *text;
  size_t size;
  MlirContext ctx;
  TileDiagnosticPrinter printer;
  MlirDiagnosticHandlerID handler;
  TileCache *cache; /* NULL: compile every time */
  bool cacheInfo;   /* print "cache: hit|miss" per compilation */
} Session;

/* Reads the file and prepares the context; returns false after printing. */
bool sessionCreate(Session *s, const char *fileName);

/* Opens the kernel cache --cache names (an error when it cannot be), else
 * the default one (quietly none when it cannot be), unless --no-cache. */
bool sessionOpenCache(Session *s, const char *directory, bool off, bool info);
void sessionDestroy(Session *s);

/* Parses the input into a new module (null after printing errors). */
MlirOperation sessionParse(Session *s);

/* Erases public function `name` from `module`, or every public function
 * but `name` when `keepOnly`; a function that what stays refers to (a
 * call, directly or through other functions) stays. */
void moduleEraseFunctions(MlirOperation module, const char *name,
                          bool keepOnly);

/* A compilation and what runs it. */
typedef struct {
  TileBackendContext *backend;
  TileArtifact *artifact;
} Compiled;

/* Compiles `module` (consumed: transformed in place) for `target` with
 * execution backend `exec` (NULL: auto), asking for `wantedParts`.
 * Returns false after printing errors. */
bool compileModule(Session *s, MlirOperation module, const char *target,
                   const char *targetHost, const char *exec,
                   const char *wantedParts, Compiled *out);
void compiledDestroy(Compiled *c);

/* An error sink that prints "tile-run: error: ..." lines. */
TileErrorSink runErrorSink(void);

#endif
