/* The handler writes its message with write() alone and ends the process
 * with _exit(), the calls a signal handler may make (common/signals.h). */
#include "fault_guard.h"

#include "common/signals.h"
#include "support/count.h"

#include <signal.h>
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

static void onFault(int signal) {
  const char *parts[] = {"tile-run: error: '",
                         guardedFunction ? guardedFunction : "?",
                         "' of '",
                         guardedInput ? guardedInput : "?",
                         "' faulted (",
                         faultOf(signal),
                         "); do the sizes of its arguments (--shape, .npy "
                         "files) agree with what it reads and writes?\n"};
  for (size_t i = 0; i < TILE_COUNT(parts); ++i)
    tileSignalsWriteString(2, parts[i]);
  _exit(1);
}

void faultGuardArm(const char *input, const char *function) {
  guardedInput = input;
  guardedFunction = function;
  tileSignalsCatch(faultSignals, TILE_COUNT(faultSignals), onFault);
}

void faultGuardDisarm(void) {
  tileSignalsRelease();
  guardedInput = guardedFunction = NULL;
}
