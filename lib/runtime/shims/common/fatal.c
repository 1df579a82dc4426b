/* One error line, then exit status 1, exactly once per process; or a
   refusal handed to the caller that asked for it. */
#include "fatal.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The mgpu* ABI has no error results, and carrying on after a failed
   allocation or launch only turns the failure into a crash elsewhere, so a
   failure ends the process. exit() may run only once per process: a
   failure reported while the process is already leaving (its exit handlers
   running, after a failure or a normal exit) leaves with _exit(). */
static atomic_bool failing; /* a failure has printed and is ending things */
static atomic_bool leaving; /* the exit handlers are running */

static void markLeaving(void) { atomic_store(&leaving, true); }

/* Registered when the library is loaded, so the mark runs before the
   library's destructors and before exit handlers registered earlier. */
__attribute__((constructor)) static void watchExit(void) {
  atexit(markLeaving);
}

bool tileRtFailing(void) { return atomic_load(&failing); }

/* The line is written before the flag is set, so no line is lost to a
   concurrent _exit(). */
_Noreturn void tileRtFatalV(const char *prefix, const char *log,
                            const char *format, va_list args) {
  if (atomic_load(&failing))
    _exit(1);
  char message[1024];
  vsnprintf(message, sizeof(message), format, args);
  fprintf(stderr, "%s%s\n", prefix, message);
  if (log && *log)
    fprintf(stderr, "%s%s", log, log[strlen(log) - 1] == '\n' ? "" : "\n");
  if (atomic_exchange(&failing, true))
    _exit(1);
  if (atomic_load(&leaving)) {
    /* What the program printed is still buffered: exit() would flush it. */
    fflush(NULL);
    _exit(1);
  }
  exit(1);
}

static _Noreturn void fatal(const char *prefix, const char *format, ...) {
  va_list args;
  va_start(args, format);
  tileRtFatalV(prefix, NULL, format, args);
}

/* Set and read on the thread that runs the host code. */
static _Thread_local TileRtRefusalCatcher catcher;
static _Thread_local void *catcherData;

/* What the call allocated while the catcher is set. */
typedef struct {
  void *object;
  TileRtRelease release;
} Recorded;
static _Thread_local Recorded *recorded;
static _Thread_local size_t numRecorded, recordedCapacity;

static void forgetAll(void) {
  free(recorded);
  recorded = NULL;
  numRecorded = recordedCapacity = 0;
}

void tileRtCatchRefusals(TileRtRefusalCatcher handler, void *data) {
  catcher = handler;
  catcherData = data;
  forgetAll();
}

void tileRtRecordForRefusal(void *object, TileRtRelease release) {
  if (!catcher || !object)
    return;
  if (numRecorded == recordedCapacity) {
    size_t capacity = recordedCapacity ? 2 * recordedCapacity : 16;
    Recorded *grown = realloc(recorded, capacity * sizeof(*grown));
    if (!grown) /* not recorded: at worst it stays allocated, as before */
      return;
    recorded = grown;
    recordedCapacity = capacity;
  }
  recorded[numRecorded++] = (Recorded){object, release};
}

void tileRtForgetForRefusal(void *object) {
  for (size_t i = numRecorded; i-- > 0;)
    if (recorded[i].object == object) {
      recorded[i] = recorded[--numRecorded];
      return;
    }
}

/* Frees what the refused call allocated, newest first. */
static void releaseRecorded(void) {
  Recorded *list = recorded;
  size_t n = numRecorded;
  recorded = NULL;
  numRecorded = recordedCapacity = 0;
  for (size_t i = n; i-- > 0;)
    list[i].release(list[i].object);
  free(list);
}

_Noreturn void tileRtRefuseV(const char *runtime, const char *format,
                             va_list args) {
  char prefix[64];
  snprintf(prefix, sizeof(prefix), "%s: error: ", runtime);
  TileRtRefusalCatcher handler = catcher;
  if (!handler || atomic_load(&failing) || atomic_load(&leaving))
    tileRtFatalV(prefix, NULL, format, args);
  char message[1024];
  int n = snprintf(message, sizeof(message), "%s: ", runtime);
  vsnprintf(message + n, sizeof(message) - (size_t)n, format, args);
  /* A catcher serves one refusal: one that returned, or a refusal inside
     it, ends the process as before. */
  catcher = NULL;
  releaseRecorded();
  handler(catcherData, message);
  fprintf(stderr, "%s\n", message);
  fatal(prefix, "the caller's refusal catcher returned");
}
