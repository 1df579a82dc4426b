/* sigaltstack and SA_ONSTACK are XSI. */
#define _XOPEN_SOURCE 700

#include "common/signals.h"

#include <signal.h>
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

void tileSignalsCatch(const int *signals, size_t count, void (*handler)(int)) {
  stack_t stack = {.ss_sp = handlerStack, .ss_size = sizeof handlerStack};
  sigaltstack(&stack, &previousStack);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  action.sa_flags = SA_ONSTACK;
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

void tileSignalsWrite(int fd, const char *data, size_t size) {
  while (size) {
    ssize_t n = write(fd, data, size);
    if (n <= 0)
      return;
    data += n;
    size -= (size_t)n;
  }
}

void tileSignalsWriteString(int fd, const char *s) {
  tileSignalsWrite(fd, s, strlen(s));
}
