/* The signal handler writes its message with write() alone and ends the
 * process with _exit(), the calls a handler may make. */
/* sigaltstack and SA_ONSTACK are XSI. */
#define _XOPEN_SOURCE 700

#include "fault_guard.h"

#include "support/count.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

/* What the handler reports: process state by nature (a handler has no other
 * way to find it), set only while the guard is armed. */
static const char *volatile guardedInput;
static const char *volatile guardedFunction;

static const struct {
  int signal;
  const char *what;
} faults[] = {
    {SIGSEGV, "SIGSEGV: it read or wrote memory it does not own"},
    {SIGBUS, "SIGBUS: it read or wrote memory it does not own"},
    {SIGFPE, "SIGFPE: an integer division by zero or overflow"},
    {SIGILL, "SIGILL: an instruction this machine does not have"},
};
static struct sigaction previous[TILE_COUNT(faults)];
/* A stack for the handler where the main thread's own is exhausted. */
static char handlerStack[1 << 16];
static stack_t previousStack;

static void writeString(const char *s) {
  for (size_t size = strlen(s); size;) {
    ssize_t n = write(2, s, size);
    if (n <= 0)
      return;
    s += n;
    size -= (size_t)n;
  }
}

static void onFault(int signal) {
  const char *what = "a signal";
  for (size_t i = 0; i < TILE_COUNT(faults); ++i)
    if (faults[i].signal == signal)
      what = faults[i].what;
  writeString("tile-run: error: '");
  writeString(guardedFunction ? guardedFunction : "?");
  writeString("' of '");
  writeString(guardedInput ? guardedInput : "?");
  writeString("' faulted (");
  writeString(what);
  writeString("); do the sizes of its arguments (--shape, .npy files) "
              "agree with what it reads and writes?\n");
  _exit(1);
}

void faultGuardArm(const char *input, const char *function) {
  guardedInput = input;
  guardedFunction = function;
  stack_t stack = {.ss_sp = handlerStack, .ss_size = sizeof handlerStack};
  sigaltstack(&stack, &previousStack);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = onFault;
  action.sa_flags = SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < TILE_COUNT(faults); ++i)
    sigaction(faults[i].signal, &action, &previous[i]);
}

void faultGuardDisarm(void) {
  for (size_t i = 0; i < TILE_COUNT(faults); ++i)
    sigaction(faults[i].signal, &previous[i], NULL);
  sigaltstack(&previousStack, NULL);
  guardedInput = guardedFunction = NULL;
}
