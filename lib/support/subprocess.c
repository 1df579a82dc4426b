#define _GNU_SOURCE /* pipe2, dladdr, strsignal */
#include "support/subprocess.h"
#include "support/clock.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static long long nowMs(void) {
  return (long long)(tileMonotonicSeconds() * 1000);
}

/* Reads `fd` into `output` until end of file or the deadline. */
static bool drain(int fd, long long deadline, TileStrBuf *output) {
  char chunk[4096];
  for (;;) {
    long long left = deadline - nowMs();
    if (left <= 0)
      return false;
    struct pollfd p = {.fd = fd, .events = POLLIN};
    int ready = poll(&p, 1, left > INT_MAX ? INT_MAX : (int)left);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0)
      return false;
    ssize_t n = read(fd, chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return true;
    tileStrBufAppend(output, chunk, (size_t)n);
  }
}

/* Waits for `pid` until the deadline; kills it after. */
static TileProgramResult reap(pid_t pid, long long deadline, int *status) {
  int raw = 0;
  for (;;) {
    pid_t got = waitpid(pid, &raw, WNOHANG);
    if (got == pid)
      break;
    if (got < 0 && errno != EINTR) {
      *status = 0;
      return TileProgramNotRun;
    }
    if (nowMs() >= deadline) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &raw, 0) < 0 && errno == EINTR)
        ;
      return TileProgramTimedOut;
    }
    struct timespec pause = {0, 2 * 1000 * 1000};
    nanosleep(&pause, NULL);
  }
  if (WIFSIGNALED(raw)) {
    *status = WTERMSIG(raw);
    return TileProgramSignaled;
  }
  *status = WEXITSTATUS(raw);
  return TileProgramExited;
}

TileProgramResult tileRunProgram(char *const argv[], bool captureStderr,
                                 int seconds, TileStrBuf *output, int *status) {
  *status = 0;
  /* Close-on-exec: a program another thread starts meanwhile must not keep
   * the write end open (dup2 in the child clears the flag on its copy). */
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0)
    return TileProgramNotRun;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  if (captureStderr)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
  else
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  int error = strchr(argv[0], '/')
                  ? posix_spawn(&pid, argv[0], &actions, NULL, argv, environ)
                  : posix_spawnp(&pid, argv[0], &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (error) {
    close(fds[0]);
    errno = error;
    return TileProgramNotRun;
  }
  long long deadline = nowMs() + (long long)seconds * 1000;
  drain(fds[0], deadline, output);
  close(fds[0]);
  return reap(pid, deadline, status);
}

static bool executable(char *path, size_t size, const char *dir,
                       const char *relative, const char *name) {
  int n = snprintf(path, size, "%s%s/%s", dir, relative, name);
  return n > 0 && (size_t)n < size && access(path, X_OK) == 0;
}

bool tileFindProgram(const char *name, char *path, size_t size) {
  Dl_info info;
  if (!dladdr((void *)tileFindProgram, &info) || !info.dli_fname)
    return false;
  char dir[PATH_MAX];
  if (!realpath(info.dli_fname, dir))
    return false;
  char *slash = strrchr(dir, '/');
  if (!slash)
    return false;
  *slash = '\0';
  return executable(path, size, dir, "/../bin", name) ||
         executable(path, size, dir, "", name);
}

bool tileRunHelperProgram(const char *name, const char *subject, int seconds,
                          TileStrBuf *output, TileStrBuf *why) {
  char path[PATH_MAX];
  if (!tileFindProgram(name, path, sizeof(path))) {
    tileStrBufPrintf(why,
                     "cannot ask %s: %s is not installed next to libtile (in "
                     "../bin or beside it)",
                     subject, name);
    return false;
  }
  char *argv[] = {path, NULL};
  int status = 0;
  switch (tileRunProgram(argv, false, seconds, output, &status)) {
  case TileProgramExited:
    if (status == 0)
      return true;
    tileStrBufPrintf(why, "%s failed (%s exited with status %d)", subject, path,
                     status);
    return false;
  case TileProgramSignaled:
    tileStrBufPrintf(why, "%s failed (%s: %s)", subject, path,
                     strsignal(status));
    return false;
  case TileProgramTimedOut:
    tileStrBufPrintf(why, "%s did not answer within %d s (%s)", subject,
                     seconds, path);
    return false;
  case TileProgramNotRun:
    break;
  }
  tileStrBufPrintf(why, "cannot run %s: %s", path, strerror(errno));
  return false;
}
