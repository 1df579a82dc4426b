/* Output files that appear whole or not at all: temporary file + rename. */
#define _GNU_SOURCE
#include "support/output_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct TileOutputFile {
  FILE *stream;
  char *path;      /* what the user named */
  char *target;    /* the file that is replaced (symlinks resolved) */
  char *temporary; /* NULL when writing in place (stdout, devices) */
};

static void freeFile(TileOutputFile *f) {
  free(f->path);
  free(f->target);
  free(f->temporary);
  free(f);
}

static TileOutputFile *failOpen(TileOutputFile *f, TileStrBuf *error,
                                const char *what, int err) {
  tileStrBufPrintf(error, "cannot %s '%s': %s", what, f->path, strerror(err));
  freeFile(f);
  return NULL;
}

/* Creates "<dir>/.<name>.tmp<unique>" beside `target`; the mode of a new file
 * comes from the process umask, as it would for the file itself. */
static int createTemporary(TileOutputFile *f) {
  static atomic_uint counter;
  const char *slash = strrchr(f->target, '/');
  int dirLength = slash ? (int)(slash - f->target + 1) : 0;
  const char *name = slash ? slash + 1 : f->target;
  for (int attempt = 0; attempt < 100; ++attempt) {
    free(f->temporary);
    if (asprintf(&f->temporary, "%.*s.%s.tmp%ld.%u", dirLength, f->target, name,
                 (long)getpid(), atomic_fetch_add(&counter, 1)) < 0) {
      f->temporary = NULL;
      errno = ENOMEM;
      return -1;
    }
    int fd = open(f->temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST)
      return fd;
  }
  return -1;
}

/* Gives the temporary file the mode (and, where allowed, owner) of the file
 * it replaces. */
static void copyAttributes(int fd, const struct stat *existing) {
  if (fchmod(fd, existing->st_mode & 07777) != 0) {
    /* Best effort: the data matters more than the mode. */
  }
  if (geteuid() == 0 && fchown(fd, existing->st_uid, existing->st_gid) != 0) {
    /* Best effort, as above. */
  }
}

static TileOutputFile *openInPlace(TileOutputFile *f, TileStrBuf *error) {
  f->stream = fopen(f->path, "wb");
  return f->stream ? f : failOpen(f, error, "open output file", errno);
}

bool tileOutputFileReplaces(const char *path) {
  struct stat st;
  return strcmp(path, "-") != 0 &&
         (stat(path, &st) != 0 || S_ISREG(st.st_mode));
}

TileOutputFile *tileOutputFileOpen(const char *path, TileStrBuf *error) {
  TileOutputFile *f = calloc(1, sizeof(*f));
  if (!f || !(f->path = strdup(path))) {
    free(f);
    tileStrBufPrintf(error, "out of memory opening '%s'", path);
    return NULL;
  }
  if (strcmp(path, "-") == 0) {
    f->stream = stdout;
    return f;
  }
  struct stat st;
  bool exists = stat(path, &st) == 0;
  if (exists && S_ISDIR(st.st_mode))
    return failOpen(f, error, "write output file", EISDIR);
  if (exists && !S_ISREG(st.st_mode))
    return openInPlace(f, error);
  f->target = exists ? realpath(path, NULL) : strdup(path);
  if (!f->target)
    return failOpen(f, error, "resolve output file", errno);
  int fd = createTemporary(f);
  if (fd < 0) {
    free(f->temporary);
    f->temporary = NULL;
    return failOpen(f, error, "open output file", errno);
  }
  if (exists)
    copyAttributes(fd, &st);
  f->stream = fdopen(fd, "wb");
  if (!f->stream) {
    int err = errno;
    close(fd);
    unlink(f->temporary);
    return failOpen(f, error, "open output file", err);
  }
  return f;
}

FILE *tileOutputFileStream(TileOutputFile *file) { return file->stream; }

bool tileOutputFileCommit(TileOutputFile *f, TileStrBuf *error) {
  errno = 0;
  bool ok = fflush(f->stream) == 0 && !ferror(f->stream);
  int err = errno ? errno : EIO;
  if (f->stream != stdout && fclose(f->stream) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (ok && f->temporary && rename(f->temporary, f->target) != 0) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    tileStrBufPrintf(error, "cannot write '%s': %s",
                     f->stream == stdout ? "<stdout>" : f->path, strerror(err));
    if (f->temporary)
      unlink(f->temporary);
  }
  freeFile(f);
  return ok;
}

void tileOutputFileDiscard(TileOutputFile *f) {
  if (f->stream == stdout) {
    fflush(stdout);
  } else {
    fclose(f->stream);
    if (f->temporary)
      unlink(f->temporary);
  }
  freeFile(f);
}

bool tileWriteFile(const char *path, const void *data, size_t size,
                   TileStrBuf *error) {
  TileOutputFile *f = tileOutputFileOpen(path, error);
  if (!f)
    return false;
  if (size && fwrite(data, 1, size, f->stream) != size) {
    tileStrBufPrintf(error, "cannot write '%s': %s", path, strerror(errno));
    tileOutputFileDiscard(f);
    return false;
  }
  return tileOutputFileCommit(f, error);
}

/* `path` with its directory resolved (the file itself need not exist);
 * NULL when the directory does not exist either. */
static char *canonicalPath(const char *path) {
  char *full = realpath(path, NULL);
  if (full)
    return full;
  const char *slash = strrchr(path, '/');
  char *dir = slash ? strndup(path, (size_t)(slash - path + 1)) : strdup(".");
  char *resolved = dir ? realpath(dir, NULL) : NULL;
  if (resolved &&
      asprintf(&full, "%s/%s", resolved, slash ? slash + 1 : path) < 0)
    full = NULL;
  free(dir);
  free(resolved);
  return full;
}

bool tileSamePath(const char *a, const char *b) {
  if (strcmp(a, b) == 0)
    return true;
  char *ca = canonicalPath(a), *cb = canonicalPath(b);
  bool same = ca && cb && strcmp(ca, cb) == 0;
  free(ca);
  free(cb);
  return same;
}
