/* NumPy .npy files (format versions 1, 2 and 3; C order; little-endian). */
#ifndef TILE_RUN_NPY_H
#define TILE_RUN_NPY_H

#include "support/strbuf.h"
#include "tile/runtime.h"

/* Reads `path` into a new buffer of element type `type`; the file's dtype
 * must hold that type (see npyDescr). Returns NULL with the reason in
 * `error`. */
TileBuffer *npyRead(const char *path, TileElementType type, TileStrBuf *error);

/* Writes `buffer` to `path` (format 1.0, or 2.0 for huge headers). Returns
 * false with the reason in `error`. */
bool npyWrite(const char *path, const TileBuffer *buffer, TileStrBuf *error);

/* The dtype written for an element type: '<f4', '<f2', '<u2' (bf16 bits),
 * '|b1', '<i8' (i64 and index), ... */
const char *npyDescr(TileElementType type);

#endif
