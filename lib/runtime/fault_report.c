/* Fault reports: a line naming the argument whose guard page a kernel hit,
 * written by a signal handler that then hands the signal on. */
#define _GNU_SOURCE /* SA_ONSTACK */

#include "support/count.h"
#include "support/signal_safe.h"
#include "tile/runtime.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <unistd.h>

struct TileFaultReport {
  /* Whether a call holds the slot; its fields are written before it is
   * published and read by the handler after. */
  atomic_bool armed;
  unsigned count;
  const TileBuffer *const *buffers;
  const char *const *names;
};

/* Process state by nature: a signal handler finds what to report nowhere
 * else. The slots are claimed and released under `lock`, read by the
 * handler without it. */
enum { MaxReports = 64 };
static TileFaultReport reports[MaxReports];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned numArmed;

static const int reportedSignals[] = {SIGSEGV, SIGBUS};
/* The handlers in place when the first report was armed. */
static struct sigaction previous[TILE_COUNT(reportedSignals)];

static void writeHit(const char *name, const TileBuffer *buffer,
                     int64_t element, int write) {
  int64_t count = tileBufferGetNumElements(buffer);
  tileSignalWriteString(2, name);
  tileSignalWriteString(2, " has ");
  tileSignalWriteInteger(2, count);
  tileSignalWriteString(2, count == 1 ? " element, and the kernel "
                                      : " elements, and the kernel ");
  tileSignalWriteString(2, write < 0 ? "accessed" : write ? "wrote" : "read");
  tileSignalWriteString(2, " element ");
  tileSignalWriteInteger(2, element);
  tileSignalWriteString(2,
                        element < 0 ? ", before its start" : ", past its end");
  tileSignalWriteString(2, "; do the sizes of the arrays agree with what the "
                           "kernel reads and writes?\n");
}

static bool reportHit(uintptr_t address, int write) {
  for (size_t r = 0; r < MaxReports; ++r) {
    const TileFaultReport *report = &reports[r];
    if (!atomic_load(&report->armed))
      continue;
    for (unsigned i = 0; i < report->count; ++i) {
      int64_t element;
      if (report->buffers[i] &&
          tileBufferGuardHit(report->buffers[i], address, &element)) {
        writeHit(report->names[i], report->buffers[i], element, write);
        return true;
      }
    }
  }
  return false;
}

static size_t signalIndex(int signal) {
  for (size_t i = 0; i < TILE_COUNT(reportedSignals); ++i)
    if (reportedSignals[i] == signal)
      return i;
  return 0;
}

/* Reports the hit, then puts the handler before back and returns: the
 * access faults again, and that handler gets it (an ignored SIGSEGV would
 * fault forever, so the default takes its place). */
static void onFault(int signal, siginfo_t *info, void *context) {
  reportHit((uintptr_t)info->si_addr, tileSignalFaultWasWrite(context));
  struct sigaction before = previous[signalIndex(signal)];
  if (!(before.sa_flags & SA_SIGINFO) && before.sa_handler == SIG_IGN)
    before.sa_handler = SIG_DFL;
  sigaction(signal, &before, NULL);
}

static bool handlerIsOurs(int signal) {
  struct sigaction current;
  return sigaction(signal, NULL, &current) == 0 &&
         (current.sa_flags & SA_SIGINFO) && current.sa_sigaction == onFault;
}

static void install(void) {
  struct sigaction action = {0};
  action.sa_sigaction = onFault;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < TILE_COUNT(reportedSignals); ++i)
    if (!handlerIsOurs(reportedSignals[i]))
      sigaction(reportedSignals[i], &action, &previous[i]);
}

static void uninstall(void) {
  for (size_t i = 0; i < TILE_COUNT(reportedSignals); ++i)
    if (handlerIsOurs(reportedSignals[i]))
      sigaction(reportedSignals[i], &previous[i], NULL);
}

TileFaultReport *tileFaultReportArm(unsigned count,
                                    const TileBuffer *const *buffers,
                                    const char *const *names) {
  pthread_mutex_lock(&lock);
  TileFaultReport *report = NULL;
  for (size_t r = 0; r < MaxReports && !report; ++r)
    if (!atomic_load(&reports[r].armed))
      report = &reports[r];
  if (report) {
    report->count = count;
    report->buffers = buffers;
    report->names = names;
    atomic_store(&report->armed, true);
    if (numArmed++ == 0)
      install();
  }
  pthread_mutex_unlock(&lock);
  return report;
}

void tileFaultReportDisarm(TileFaultReport *report) {
  if (!report)
    return;
  pthread_mutex_lock(&lock);
  atomic_store(&report->armed, false);
  if (--numArmed == 0)
    uninstall();
  pthread_mutex_unlock(&lock);
}
