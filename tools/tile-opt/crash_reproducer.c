/* --mlir-pass-pipeline-crash-reproducer=<file>.
 *
 * MLIR 22's C API has no reproducer hook, so tile-opt makes the file's text
 * itself, in the layout MLIR writes, before the pipeline runs: a failure
 * only has to write it, and a crash writes it from the signal handler with
 * nothing but open, write and close (calls a signal handler may make). The
 * C API cannot tell which pass failed, so the message does not name it. */
#include "crash_reproducer.h"

#include "common/signals.h"
#include "ir/ir.h"
#include "support/count.h"
#include "support/output_file.h"
#include "support/signal_safe.h"

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

static void onCrash(int signal, siginfo_t *info, void *context) {
  (void)info;
  (void)context;
  const CrashReproducer *r = armed;
  armed = NULL;
  if (r) {
    int fd = open(r->path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd >= 0) {
      tileSignalWrite(fd, r->text.data, r->text.size);
      close(fd);
      tileSignalWriteString(2, "tile-opt: error: crashed while running the "
                               "pass pipeline: reproducer generated at `");
      tileSignalWriteString(2, r->path);
      tileSignalWriteString(2, "`\n");
    }
  }
  /* Die of the signal as without the handler. */
  tileSignalsRestoreHandlers();
  raise(signal);
}

void crashReproducerArm(const CrashReproducer *r) {
  armed = r;
  tileSignalsCatch(crashSignals, TILE_COUNT(crashSignals), onCrash);
}

void crashReproducerDisarm(void) {
  armed = NULL;
  tileSignalsRelease();
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
