/* Temporary directories that do not outlive the process: made with
 * mkdtemp, removed with everything in them by tileTempDirRemove, and
 * removed at exit if they are still there (LLVM's fatal errors end the
 * process with exit(1) while device code generation has one open). */
#ifndef TILE_SUPPORT_TEMP_DIR_H
#define TILE_SUPPORT_TEMP_DIR_H

#include <stdbool.h>
#include <stddef.h>

/* Makes "/tmp/<prefix>XXXXXX" into `path` (of `size` bytes); false, with
 * errno set, if it could not. */
bool tileTempDirCreate(char *path, size_t size, const char *prefix);

/* Removes `path` (made by tileTempDirCreate) and everything in it;
 * symbolic links are removed, never followed. */
void tileTempDirRemove(const char *path);

/* Removes every directory tileTempDirCreate made that is still there.
 * Called at exit; also for a crash report, as the process ends. */
void tileTempDirsRemoveAll(void);

#endif
