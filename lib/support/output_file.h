/* Output files that appear whole or not at all. */
#ifndef TILE_SUPPORT_OUTPUT_FILE_H
#define TILE_SUPPORT_OUTPUT_FILE_H

#include "support/strbuf.h"

#include <stdbool.h>
#include <stdio.h>

/* An output being written. A regular file (or a path that does not exist
 * yet) is written to a temporary file in the same directory and renamed over
 * the path by tileOutputFileCommit, so a failed run leaves whatever was there
 * before untouched. "-" is stdout; a path that exists and is not a regular
 * file (a device such as /dev/null, a FIFO) is written in place and never
 * removed. A symbolic link is followed: the file it names is replaced. */
typedef struct TileOutputFile TileOutputFile;

/* Whether tileOutputFileOpen replaces the file at `path` (a new or regular
 * file) rather than writing in place ("-", a device, a FIFO). */
bool tileOutputFileReplaces(const char *path);

/* Opens `path`; NULL (with the reason appended to `error`) on failure. */
TileOutputFile *tileOutputFileOpen(const char *path, TileStrBuf *error);

/* The stream to write to; valid until commit or discard. */
FILE *tileOutputFileStream(TileOutputFile *file);

/* Flushes, checks every write and the close, and puts the file in place.
 * Frees `file` in every case; on failure, appends the reason to `error` and
 * leaves the path as it was (for devices: as the failed write left it). */
bool tileOutputFileCommit(TileOutputFile *file, TileStrBuf *error);

/* Drops what was written (the path stays as it was) and frees `file`. */
void tileOutputFileDiscard(TileOutputFile *file);

/* Writes `size` bytes to `path` whole or not at all (open + write + commit). */
bool tileWriteFile(const char *path, const void *data, size_t size,
                   TileStrBuf *error);

/* Whether `a` and `b` name the same file once symbolic links, "." and ".."
 * are resolved (a file that does not exist yet is compared by its directory
 * and name). */
bool tileSamePath(const char *a, const char *b);

#endif
