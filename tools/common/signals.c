/* sigaltstack and SA_ONSTACK are XSI; fflush_unlocked is glibc's. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE

#include "common/signals.h"

#include "support/count.h"
#include "support/signal_safe.h"
#include "support/temp_dir.h"

#include "llvm-c/ErrorHandling.h"

#include <execinfo.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { MaxSignals = 8 };

/* Process state by nature: signal handlers are. */
static int caught[MaxSignals];
static size_t numCaught;
static struct sigaction previous[MaxSignals];
static char handlerStack[1 << 16];
/* The thread's own alternate stack (a sanitizer's), put back on release. */
static stack_t previousStack;

void tileSignalsCatch(const int *signals, size_t count,
                      void (*handler)(int, siginfo_t *, void *)) {
  stack_t stack = {.ss_sp = handlerStack, .ss_size = sizeof handlerStack};
  sigaltstack(&stack, &previousStack);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = handler;
  action.sa_flags = SA_ONSTACK | SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  numCaught = count < MaxSignals ? count : MaxSignals;
  for (size_t i = 0; i < numCaught; ++i) {
    caught[i] = signals[i];
    sigaction(caught[i], &action, &previous[i]);
  }
}

void tileSignalsRestoreHandlers(void) {
  for (size_t i = 0; i < numCaught; ++i)
    sigaction(caught[i], &previous[i], NULL);
}

void tileSignalsRelease(void) {
  tileSignalsRestoreHandlers();
  numCaught = 0;
  sigaltstack(&previousStack, NULL);
}

/* The crash report's state, set once before any crash. */
static const int reportedSignals[] = {SIGILL, SIGTRAP, SIGABRT,
                                      SIGFPE, SIGBUS,  SIGSEGV};
static struct sigaction llvmHandlers[TILE_COUNT(reportedSignals)];
static void (*reportFlush)(void);
static int reportArgc;
static char **reportArgv;
static volatile sig_atomic_t reporting;

/* Installed twice: under LLVM's handler, which puts it back and raises the
 * signal again once it has printed its part, and above it, to write what
 * standard output buffered first (the lock is not taken: the crash may
 * have happened while it was held). */
static void crashReport(int sig, siginfo_t *info, void *context) {
  if (!reporting) {
    reporting = 1;
    /* Device code generation's temporary directories (LLVM's fatal
     * errors abort the process while one is open). */
    tileTempDirsRemoveAll();
    fflush_unlocked(stdout);
    if (reportFlush)
      reportFlush();
    for (size_t i = 0; i < TILE_COUNT(reportedSignals); ++i) {
      const struct sigaction *llvm = &llvmHandlers[i];
      if (reportedSignals[i] == sig && (llvm->sa_flags & SA_SIGINFO) &&
          llvm->sa_sigaction && llvm->sa_sigaction != crashReport)
        llvm->sa_sigaction(sig, info, context);
    }
  }
  tileSignalWriteString(STDERR_FILENO, "Stack dump:\n0.\tProgram arguments:");
  for (int i = 0; i < reportArgc; ++i) {
    tileSignalWriteString(STDERR_FILENO, " ");
    tileSignalWriteString(STDERR_FILENO, reportArgv[i]);
  }
  tileSignalWriteString(STDERR_FILENO, "\n");
  void *frames[64];
  int count = backtrace(frames, 64);
  backtrace_symbols_fd(frames, count, STDERR_FILENO);
  /* Blocked while this handler runs: delivered, with its default action,
   * when it returns. */
  signal(sig, SIG_DFL);
  raise(sig);
}

void tileSignalsInstallCrashReport(int argc, char **argv, void (*flush)(void)) {
  reportFlush = flush;
  reportArgc = argc;
  reportArgv = argv;
  /* The first backtrace() loads the unwinder, which a signal handler
   * cannot do. */
  void *frame;
  backtrace(&frame, 1);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = crashReport;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < TILE_COUNT(reportedSignals); ++i)
    sigaction(reportedSignals[i], &action, NULL);
  LLVMEnablePrettyStackTrace();
  for (size_t i = 0; i < TILE_COUNT(reportedSignals); ++i)
    sigaction(reportedSignals[i], &action, &llvmHandlers[i]);
}
