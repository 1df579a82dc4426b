/*===-- faults.c - Tests of fault reports ---------------------------------===*\
|*                                                                            *|
|* tileFaultReportArm and tileFaultReportDisarm: the line a fault at a guard  *|
|* page writes, reports armed at once, the handlers put back, and the signal  *|
|* handed on to the handler that was in place.                                *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-capi-faults 2>&1 | FileCheck %s
// The sanitizers handle SIGSEGV themselves (their report, then an abort).
// UNSUPPORTED: sanitize

#include "tile/runtime.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *handlerName(void) {
  struct sigaction current;
  sigaction(SIGSEGV, NULL, &current);
  if (current.sa_flags & SA_SIGINFO)
    return "a handler";
  return current.sa_handler == SIG_DFL   ? "the default"
         : current.sa_handler == SIG_IGN ? "ignored"
                                         : "a handler";
}

static void *readPastTheEnd(void *buffer) {
  const volatile float *data = tileBufferGetConstData(buffer);
  printf("read %f\n", (double)data[tileBufferGetNumElements(buffer)]);
  return NULL;
}

/* Runs `scenario` in a child, with its output on ours, and prints how the
 * child ended. */
static void inChild(const char *name, void (*scenario)(void)) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    scenario();
    fflush(NULL);
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status))
    printf("%s: died of %s\n", name, strsignal(WTERMSIG(status)));
  else
    printf("%s: exited with %d\n", name, WEXITSTATUS(status));
}

/* 16 f32 end at the guard page; 4 end in the alignment padding before it. */
static const int64_t sixteen[1] = {16}, four[1] = {4};

/* Two reports armed, the first disarmed again: a read past the end of the
 * second's buffer on another thread is reported, and the default handler
 * then ends the process. */
static void secondOnAnotherThread(void) {
  TileBuffer *a = tileBufferCreateGuarded(TileElementF32, 1, four);
  TileBuffer *b = tileBufferCreateGuarded(TileElementF32, 1, sixteen);
  const TileBuffer *first[] = {a}, *second[] = {NULL, b};
  const char *firstNames[] = {"first"}, *secondNames[] = {"none", "second"};
  TileFaultReport *one = tileFaultReportArm(1, first, firstNames);
  tileFaultReportArm(2, second, secondNames);
  tileFaultReportDisarm(one);
  pthread_t thread;
  pthread_create(&thread, NULL, readPastTheEnd, b);
  pthread_join(thread, NULL);
}

/* An ignored SIGSEGV would fault forever: the default takes its place. */
static void ignoredBefore(void) {
  signal(SIGSEGV, SIG_IGN);
  TileBuffer *a = tileBufferCreateGuarded(TileElementF32, 1, sixteen);
  const TileBuffer *buffers[] = {a};
  const char *names[] = {"ignored"};
  tileFaultReportArm(1, buffers, names);
  readPastTheEnd(a);
}

static void onOtherFault(int signal) {
  (void)signal;
  static const char line[] = "the program's handler ran\n";
  write(2, line, sizeof line - 1);
  _exit(3);
}

/* A fault outside every report's buffers goes to the program's handler
 * without a line. */
static void elsewhere(void) {
  signal(SIGSEGV, onOtherFault);
  TileBuffer *a = tileBufferCreateGuarded(TileElementF32, 1, sixteen);
  TileBuffer *b = tileBufferCreateGuarded(TileElementF32, 1, sixteen);
  const TileBuffer *buffers[] = {a};
  const char *names[] = {"not this one"};
  tileFaultReportArm(1, buffers, names);
  readPastTheEnd(b);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  setvbuf(stderr, NULL, _IONBF, 0);
  printf("before: %s\n", handlerName());
  TileBuffer *a = tileBufferCreateGuarded(TileElementF32, 1, four);
  const TileBuffer *buffers[] = {a};
  const char *names[] = {"a"};
  TileFaultReport *reports[65];
  int armed = 0;
  while (armed < 65 && (reports[armed] = tileFaultReportArm(1, buffers, names)))
    ++armed;
  printf("armed at once: %d; while armed: %s\n", armed, handlerName());
  for (int i = 0; i < armed; ++i)
    tileFaultReportDisarm(reports[i]);
  printf("after: %s\n", handlerName());
  tileBufferDestroy(a);

  inChild("two reports", secondOnAnotherThread);
  inChild("ignored before", ignoredBefore);
  inChild("elsewhere", elsewhere);
  return 0;
}

// CHECK: before: the default
// CHECK-NEXT: armed at once: 64; while armed: a handler
// CHECK-NEXT: after: the default
// CHECK-NEXT: second has 16 elements, and the kernel {{read|accessed}} element 16, past its end; do the sizes of the arrays agree with what the kernel reads and writes?
// CHECK-NEXT: two reports: died of Segmentation fault
// CHECK-NEXT: ignored has 16 elements, and the kernel {{read|accessed}} element 16, past its end;
// CHECK-NEXT: ignored before: died of Segmentation fault
// CHECK-NEXT: the program's handler ran
// CHECK-NEXT: elsewhere: exited with 3
