/* MLIR's optimization remarks in tile-opt: mlir-opt's --remark-format,
 * --remark-policy, --remarks-filter* and --remarks-output-file. MLIR 22's
 * C API has no entry for the remark engine; remarks.cpp sets it up on each
 * chunk's context through MLIR's C++ API. */
#ifndef TILE_OPT_REMARKS_H
#define TILE_OPT_REMARKS_H

#include "support/strbuf.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The flags as given; NULL where a flag is absent. */
typedef struct {
  const char *format; /* "emitRemark" (the default), "yaml", "bitstream" */
  const char *policy; /* "all" (the default), "final" */
  /* Regular expressions on remark categories; "" is none. `all` applies to
   * the four kinds. */
  const char *all, *passed, *missed, *failed, *analyse;
  const char *outputFile; /* for yaml and bitstream */
} TileOptRemarkOptions;

/* The remarks of one run, over all of its chunks. */
typedef struct TileOptRemarks TileOptRemarks;

/* Checks the options and, for yaml and bitstream, opens the output file
 * (default mlir-remarks.yaml or mlir-remarks.bitstream). *remarks is NULL
 * when no remark is asked for. On failure, appends why to `error`. */
bool tileOptRemarksCreate(const TileOptRemarkOptions *options,
                          TileOptRemarks **remarks, TileStrBuf *error);

/* Sets up the remark engine on a chunk's context, after its input is read
 * (as mlir-opt does). Remarks printed as diagnostics go to `ctx`'s
 * handlers. */
void tileOptRemarksEnable(TileOptRemarks *remarks, MlirContext ctx);

/* Reports what the "final" policy held back for `ctx`; call it before the
 * context is destroyed, whether or not the chunk succeeded. */
void tileOptRemarksFinishChunk(TileOptRemarks *remarks, MlirContext ctx);

/* Ends the serialized stream and writes the file. Frees `remarks` (NULL is
 * nothing); on failure, appends why to `error`. */
bool tileOptRemarksDestroy(TileOptRemarks *remarks, TileStrBuf *error);

#ifdef __cplusplus
}
#endif

#endif
