/* The handler writes its message with write() alone and ends the process
 * with _exit(), the calls a signal handler may make (common/signals.h). */
#include "fault_guard.h"

#include "common/signals.h"
#include "guarded_memory.h"
#include "support/count.h"
#include "support/signal_safe.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

/* What the handler reports: process state by nature (a handler has no other
 * way to find it), set only while the guard is armed. */
static const char *volatile guardedInput;
static const char *volatile guardedFunction;

static const int faultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};

static const char *faultOf(int signal) {
  switch (signal) {
  case SIGSEGV:
    return "SIGSEGV: it read or wrote memory it does not own";
  case SIGBUS:
    return "SIGBUS: it read or wrote memory it does not own";
  case SIGFPE:
    return "SIGFPE: an integer division by zero or overflow";
  case SIGILL:
    return "SIGILL: an instruction this machine does not have";
  default:
    return "a signal";
  }
}

/* The access outside an argument of tile-run's, when the address is in the
 * guard page of one (guarded_memory.h). */
static bool writeGuardHit(const siginfo_t *info, const void *context) {
  GuardedHit hit;
  if (!guardedMemoryFind((uintptr_t)info->si_addr, &hit))
    return false;
  int write = tileSignalFaultWasWrite(context);
  tileSignalWriteString(2, info->si_signo == SIGBUS ? "SIGBUS: " : "SIGSEGV: ");
  tileSignalWriteString(2, write < 0 ? "it accessed element "
                           : write   ? "it wrote element "
                                     : "it read element ");
  tileSignalWriteInteger(2, hit.element);
  tileSignalWriteString(2, " of argument ");
  tileSignalWriteInteger(2, hit.argument);
  tileSignalWriteString(2, ", which has ");
  tileSignalWriteInteger(2, hit.numElements);
  tileSignalWriteString(2, hit.numElements == 1 ? " element" : " elements");
  return true;
}

static void onFault(int signal, siginfo_t *info, void *context) {
  const char *head[] = {"tile-run: error: '",
                        guardedFunction ? guardedFunction : "?", "' of '",
                        guardedInput ? guardedInput : "?", "' faulted ("};
  for (size_t i = 0; i < TILE_COUNT(head); ++i)
    tileSignalWriteString(2, head[i]);
  bool located =
      (signal == SIGSEGV || signal == SIGBUS) && writeGuardHit(info, context);
  if (!located)
    tileSignalWriteString(2, faultOf(signal));
  tileSignalWriteString(2, "); do the sizes of its arguments (--shape, .npy "
                           "files) agree with what it reads and writes?\n");
  _exit(1);
}

void faultGuardArm(const char *input, const char *function) {
  guardedInput = input;
  guardedFunction = function;
  tileSignalsCatch(faultSignals, TILE_COUNT(faultSignals), onFault);
}

bool faultGuardDisarm(void) {
  tileSignalsRelease();
  GuardedHit hit;
  bool intact = guardedMemoryCheckPadding(&hit);
  if (!intact)
    fprintf(stderr,
            "tile-run: error: '%s' of '%s' wrote element %lld of argument "
            "%u, which has %lld element%s (past its end, before the page "
            "that faults); do the sizes of its arguments (--shape, .npy "
            "files) agree with what it reads and writes?\n",
            guardedFunction, guardedInput, (long long)hit.element, hit.argument,
            (long long)hit.numElements, hit.numElements == 1 ? "" : "s");
  guardedInput = guardedFunction = NULL;
  return intact;
}
