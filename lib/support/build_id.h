/* The identity of the running libtile binary, so that what one build of
 * the compiler produced (a kernel-cache entry) is never taken for what
 * another build would produce. */
#ifndef TILE_SUPPORT_BUILD_ID_H
#define TILE_SUPPORT_BUILD_ID_H

/* The GNU build ID of the binary libtile is part of (the shared library,
 * or the program it is linked into), in hex. Without one, the binary's
 * path, size and modification time. Computed once per process; the string
 * lives as long as the process. Thread-safe. */
const char *tileBuildId(void);

#endif
