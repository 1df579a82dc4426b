/* Data files (IRDL dialects, pipelines) embedded into the library. */
#ifndef TILE_SUPPORT_EMBED_H
#define TILE_SUPPORT_EMBED_H

#include <stddef.h>

typedef struct {
  const char *name; /* base name of the source file */
  const char *data; /* NUL-terminated contents */
  size_t size;      /* bytes, without the terminating NUL */
} TileEmbeddedFile;

#endif
