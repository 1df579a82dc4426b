/* --mlir-pass-pipeline-crash-reproducer=<file>.
 *
 * MLIR 22's C API has no reproducer hook, so tile-opt makes the file's text
 * itself, in the layout MLIR writes, before the pipeline runs: a failure
 * only has to write it, and a crash writes it from the signal handler with
 * nothing but open, write and close (calls a signal handler may make). The
 * C API cannot tell which pass failed, so the message does not name it. */
/* sigaltstack and SA_ONSTACK are XSI. */
#define _XOPEN_SOURCE 700

#include "crash_reproducer.h"

#include "ir/ir.h"
#include "support/count.h"
#include "support/output_file.h"

#include <ctype.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* A string as MLIR's printer escapes it: `"`, `\` and what is not
 * printable as two hex digits after a backslash. */
static void appendEscaped(TileStrBuf *out, const char *s) {
  tileStrBufAppendStr(out, "\"");
  for (; *s; ++s) {
    unsigned char c = (unsigned char)*s;
    if (isprint(c) && c != '"' && c != '\\')
      tileStrBufAppend(out, (const char *)&c, 1);
    else
      tileStrBufPrintf(out, "\\%02X", c);
  }
  tileStrBufAppendStr(out, "\"");
}

void crashReproducerPrepare(CrashReproducer *r, const char *path,
                            MlirOperation op, const char *pipeline,
                            bool disableThreading, bool verifyEach) {
  r->path = path;
  r->text = (TileStrBuf)TILE_STRBUF_INIT;
  mlirOperationPrint(op, tileStrBufCallback, &r->text);
  if (!r->text.size || r->text.data[r->text.size - 1] != '\n')
    tileStrBufAppendStr(&r->text, "\n");
  tileStrBufAppendStr(&r->text, "\n{-#\n  external_resources: {\n"
                                "    mlir_reproducer: {\n      pipeline: ");
  appendEscaped(&r->text, pipeline);
  tileStrBufPrintf(&r->text,
                   ",\n      disable_threading: %s,\n      verify_each: %s\n"
                   "    }\n  }\n#-}\n",
                   disableThreading ? "true" : "false",
                   verifyEach ? "true" : "false");
}

/* The reproducer the signal handler writes: process state by nature (a
 * handler has no other way to find it), set only while a pipeline runs. */
static const CrashReproducer *volatile armed;
static const int crashSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
static struct sigaction previous[TILE_COUNT(crashSignals)];
/* A stack for the handler: a stack overflow leaves none on the thread. The
 * thread's own alternate stack (a sanitizer's) is put back on disarming. */
static char handlerStack[1 << 16];
static stack_t previousStack;

static void writeAll(int fd, const char *data, size_t size) {
  while (size) {
    ssize_t n = write(fd, data, size);
    if (n <= 0)
      return;
    data += n;
    size -= (size_t)n;
  }
}

static void writeString(int fd, const char *s) { writeAll(fd, s, strlen(s)); }

static void onCrash(int signal) {
  const CrashReproducer *r = armed;
  armed = NULL;
  if (r) {
    int fd = open(r->path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd >= 0) {
      writeAll(fd, r->text.data, r->text.size);
      close(fd);
      writeString(2, "tile-opt: error: crashed while running the pass "
                     "pipeline: reproducer generated at `");
      writeString(2, r->path);
      writeString(2, "`\n");
    }
  }
  /* Die of the signal as without the handler. */
  for (size_t i = 0; i < TILE_COUNT(crashSignals); ++i)
    sigaction(crashSignals[i], &previous[i], NULL);
  raise(signal);
}

void crashReproducerArm(const CrashReproducer *r) {
  stack_t stack = {.ss_sp = handlerStack, .ss_size = sizeof handlerStack};
  sigaltstack(&stack, &previousStack);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = onCrash;
  action.sa_flags = SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  armed = r;
  for (size_t i = 0; i < TILE_COUNT(crashSignals); ++i)
    sigaction(crashSignals[i], &action, &previous[i]);
}

void crashReproducerDisarm(void) {
  armed = NULL;
  sigaltstack(&previousStack, NULL);
  for (size_t i = 0; i < TILE_COUNT(crashSignals); ++i)
    sigaction(crashSignals[i], &previous[i], NULL);
}

bool crashReproducerWrite(const CrashReproducer *r, MlirOperation op) {
  TileStrBuf error = TILE_STRBUF_INIT;
  bool ok = tileWriteFile(r->path, r->text.data, r->text.size, &error);
  MlirLocation loc = mlirOperationGetLocation(op);
  if (ok)
    tileEmitErrorAt(loc,
                    "Failures have been detected while processing an MLIR "
                    "pass pipeline: reproducer generated at `%s`",
                    r->path);
  else
    tileEmitErrorAt(loc,
                    "Failures have been detected while processing an MLIR "
                    "pass pipeline; the reproducer cannot be written: %s",
                    tileStrBufGet(&error));
  tileStrBufFree(&error);
  return ok;
}

void crashReproducerFree(CrashReproducer *r) { tileStrBufFree(&r->text); }
