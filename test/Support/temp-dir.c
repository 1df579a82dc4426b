/* Checks lib/support/temp_dir.c: a child process makes two temporary
 * directories (files in subdirectories, and a symbolic link to a file
 * outside them), removes one and exits with status 1 with the other still
 * there, as an LLVM fatal error during device code generation does. The
 * parent then checks that neither directory is left and that the link's
 * target is.
 *   tile-temp-dir-check TARGET_FILE
 *
 * Device code generation's directories (the cuda libdevice stand-in, the
 * rocm toolkit, ptxas's files) were left in /tmp when LLVM's fatal errors
 * ended the process. Removing them follows no symbolic link (rocm's
 * toolkit links to ld.lld and the device libraries). */

// RUN: echo target > %t.target
// RUN: tile-temp-dir-check %t.target | FileCheck %s
// CHECK: child exited with 1; 0 of 2 directories left; link target kept
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE

#include "support/temp_dir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void fill(const char *dir, const char *target) {
  char path[256];
  snprintf(path, sizeof(path), "%s/a", dir);
  mkdir(path, 0700);
  snprintf(path, sizeof(path), "%s/a/b", dir);
  mkdir(path, 0700);
  snprintf(path, sizeof(path), "%s/a/b/file", dir);
  FILE *f = fopen(path, "w");
  if (f) {
    fputs("x", f);
    fclose(f);
  }
  snprintf(path, sizeof(path), "%s/a/link", dir);
  if (symlink(target, path) != 0)
    perror("symlink");
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  const char *target = argv[1];
  /* The child's directory names, for the parent. */
  char (*names)[64] = mmap(NULL, 2 * 64, PROT_READ | PROT_WRITE,
                           MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (names == MAP_FAILED)
    return 2;
  pid_t child = fork();
  if (child == 0) {
    for (int i = 0; i < 2; ++i) {
      if (!tileTempDirCreate(names[i], 64, "tile-check-"))
        _exit(3);
      fill(names[i], target);
    }
    tileTempDirRemove(names[0]);
    exit(1);
  }
  int status = 0;
  waitpid(child, &status, 0);
  struct stat st;
  int left = 0;
  for (int i = 0; i < 2; ++i)
    left += names[i][0] && lstat(names[i], &st) == 0;
  printf("child exited with %d; %d of 2 directories left; link target %s\n",
         WIFEXITED(status) ? WEXITSTATUS(status) : -1, left,
         stat(target, &st) == 0 ? "kept" : "gone");
  return 0;
}
