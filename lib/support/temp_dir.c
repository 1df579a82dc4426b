/* Process state by nature: the directories outlive the calls that make
 * them only when the process ends abnormally, and the exit handler needs
 * the list. */
#define _XOPEN_SOURCE 700

#include "support/temp_dir.h"

#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MaxDirs = 16, MaxPath = 64 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char dirs[MaxDirs][MaxPath];

static void removeAtExit(void) { tileTempDirsRemoveAll(); }

static void installExitHandler(void) { atexit(removeAtExit); }

static int removeEntry(const char *path, const struct stat *st, int type,
                       struct FTW *ftw) {
  (void)st;
  (void)type;
  (void)ftw;
  remove(path);
  return 0;
}

/* Depth first, without following links: a link is removed, not what it
 * names (rocm's toolkit directory links to ld.lld and the device
 * libraries). */
static void removeTree(const char *path) {
  nftw(path, removeEntry, 8, FTW_DEPTH | FTW_PHYS);
}

bool tileTempDirCreate(char *path, size_t size, const char *prefix) {
  pthread_once(&once, installExitHandler);
  snprintf(path, size, "/tmp/%sXXXXXX", prefix);
  if (!mkdtemp(path))
    return false;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < MaxDirs; ++i)
    if (!dirs[i][0] && strlen(path) < MaxPath) {
      snprintf(dirs[i], MaxPath, "%s", path);
      break;
    }
  pthread_mutex_unlock(&lock);
  return true;
}

void tileTempDirRemove(const char *path) {
  removeTree(path);
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < MaxDirs; ++i)
    if (strcmp(dirs[i], path) == 0)
      dirs[i][0] = '\0';
  pthread_mutex_unlock(&lock);
}

/* Also called as the process ends from a crash report, where the thread
 * that crashed may hold the lock: then it goes on without. */
void tileTempDirsRemoveAll(void) {
  bool locked = pthread_mutex_trylock(&lock) == 0;
  for (size_t i = 0; i < MaxDirs; ++i)
    if (dirs[i][0]) {
      removeTree(dirs[i]);
      dirs[i][0] = '\0';
    }
  if (locked)
    pthread_mutex_unlock(&lock);
}
