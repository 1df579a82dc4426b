/* One error line, then exit status 1, exactly once per process. */
#include "fatal.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The mgpu* ABI has no error results, and carrying on after a failed
   allocation or launch only turns the failure into a crash elsewhere, so a
   failure ends the process. exit() may run only once per process, and a
   failure reported while the process is already leaving adds nothing:
   those leave with _exit() and print nothing more. The line is written
   before the flag is set, so no line is lost to a concurrent _exit(). */
static atomic_bool exiting;

_Noreturn void tileRtFatalV(const char *prefix, const char *log,
                            const char *format, va_list args) {
  if (atomic_load(&exiting))
    _exit(1);
  char message[1024];
  vsnprintf(message, sizeof(message), format, args);
  fprintf(stderr, "%s%s\n", prefix, message);
  if (log && *log)
    fprintf(stderr, "%s%s", log, log[strlen(log) - 1] == '\n' ? "" : "\n");
  if (atomic_exchange(&exiting, true))
    _exit(1);
  exit(1);
}
