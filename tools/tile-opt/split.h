/* --split-input-file: cuts the input into chunks where mlir-opt does. */
#ifndef TILE_OPT_SPLIT_H
#define TILE_OPT_SPLIT_H

#include <stddef.h>
#include <stdio.h>

/* One chunk: [begin, end) of the input, starting at `line`:`column`
 * (1-based) of the whole file. */
typedef struct {
  const char *begin, *end;
  unsigned line, column;
} TileChunk;

/* Splits `text` (`size` bytes) at `marker` as mlir-opt does: the marker is
 * found anywhere, not only on a line of its own, and the chunk after it
 * starts right behind it. A text that matches all but the marker's last two
 * characters is a near miss: it is reported to `diagnostics` as a warning and
 * does not split. Returns the number of chunks (stored in a malloc'd array
 * in *chunks). */
int tileSplitInput(const char *fileName, const char *text, size_t size,
                   const char *marker, FILE *diagnostics, TileChunk **chunks);

#endif
