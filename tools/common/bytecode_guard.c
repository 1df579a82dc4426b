/* A first read of bytecode input in a child process: MLIR 22's bytecode
 * reader is not hardened against malformed input. Beyond what
 * lib/ir/bytecode_check.c refuses up front, one changed byte in the
 * attribute data or the IR section can make it dereference garbage, abort
 * on a count it reserves ("SmallVector unable to grow") or work for hours
 * resolving entries that refer to each other. The child reads the input
 * as the tool would, with its output discarded and its CPU time and
 * address space limited; only when it finished (with or without errors)
 * does the tool read the input itself. */
#include "common/bytecode_guard.h"

#include "ir/ir.h"
#include "support/count.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TILE_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TILE_SANITIZED 1
#endif

/* The child's exit statuses; anything else (a sanitizer's report exits 1)
 * is a reader that did not finish. */
enum { ChildParsed = 3, ChildRefused = 4 };

/* CPU seconds the child may take: a base and one more per MiB of input;
 * TILE_BYTECODE_READ_SECONDS sets the base. 0 (after an error at `loc`)
 * when it is not a positive whole number. */
static rlim_t cpuSeconds(MlirLocation loc, size_t bytes) {
  rlim_t base = 30;
  const char *env = getenv("TILE_BYTECODE_READ_SECONDS");
  if (env && *env) {
    char *end;
    errno = 0;
    unsigned long value = strtoul(env, &end, 10);
    if (*end || errno || env[0] == '-' || value == 0) {
      tileEmitErrorAt(loc,
                      "TILE_BYTECODE_READ_SECONDS='%s' is not a positive "
                      "number of seconds",
                      env);
      return 0;
    }
    base = (rlim_t)value;
  }
  return base + (rlim_t)(bytes >> 20);
}

static _Noreturn void readInChild(MlirContext ctx, MlirStringRef source,
                                  MlirStringRef sourceName, bool implicitModule,
                                  rlim_t seconds) {
  static const int deadly[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
  for (size_t i = 0; i < TILE_COUNT(deadly); ++i)
    signal(deadly[i], SIG_DFL);
  int null = open("/dev/null", O_WRONLY);
  if (null >= 0) {
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
  }
  struct rlimit cpu = {seconds, seconds + 1};
  setrlimit(RLIMIT_CPU, &cpu);
#ifndef TILE_SANITIZED
  /* Room for the libraries, the input and the IR it makes; a count the
   * reader reserves beyond it fails at once instead of filling memory. */
  rlim_t bytes = ((rlim_t)4 << 30) + 64 * (rlim_t)source.length;
  struct rlimit space = {bytes, bytes};
  setrlimit(RLIMIT_AS, &space);
#endif
  MlirOperation op = implicitModule
                         ? tileParseInput(ctx, source, sourceName)
                         : tileParseOperation(ctx, source, sourceName);
  bool parsed = !mlirOperationIsNull(op);
  /* Freeing what it made finds a heap the reader corrupted. */
  if (parsed)
    mlirOperationDestroy(op);
  _exit(parsed ? ChildParsed : ChildRefused);
}

bool tileToolReadsBytecode(MlirContext ctx, MlirStringRef source,
                           MlirStringRef sourceName, bool implicitModule) {
  if (!tileIsBytecode(source))
    return true;
  MlirLocation loc = mlirLocationFileLineColGet(ctx, sourceName, 0, 0);
  rlim_t seconds = cpuSeconds(loc, source.length);
  if (!seconds)
    return false;
  fflush(NULL);
  pid_t child = fork();
  if (child < 0)
    return true; /* no child to read it first: read it here */
  if (child == 0)
    readInChild(ctx, source, sourceName, implicitModule, seconds);
  int status = 0;
  while (waitpid(child, &status, 0) < 0)
    if (errno != EINTR)
      return true;
  if (WIFEXITED(status) && (WEXITSTATUS(status) == ChildParsed ||
                            WEXITSTATUS(status) == ChildRefused))
    return true;
  if (WIFSIGNALED(status) &&
      (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL))
    tileEmitErrorAt(loc,
                    "malformed bytecode: MLIR's bytecode reader did not "
                    "finish reading it within %llu s of CPU time "
                    "(TILE_BYTECODE_READ_SECONDS sets the limit)",
                    (unsigned long long)seconds);
  else if (WIFSIGNALED(status))
    tileEmitErrorAt(loc,
                    "malformed bytecode: MLIR's bytecode reader crashed on "
                    "it (%s) when it was read in a separate process first",
                    strsignal(WTERMSIG(status)));
  else
    tileEmitErrorAt(loc,
                    "malformed bytecode: MLIR's bytecode reader failed on "
                    "it (exit status %d) when it was read in a separate "
                    "process first",
                    WEXITSTATUS(status));
  return false;
}
