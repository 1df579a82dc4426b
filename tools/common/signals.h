/* Catching deadly signals in the tools (tile-opt's crash reproducer,
 * tile-run's fault guard): the handler runs on a stack of its own and
 * writes with write() alone (support/signal_safe.h), the calls a signal
 * handler may make. */
#ifndef TILE_TOOLS_SIGNALS_H
#define TILE_TOOLS_SIGNALS_H

#include <signal.h>
#include <stddef.h>

/* Catches the `count` signals of `signals` (at most 8) with `handler`, on
 * an alternate stack for the calling thread (its own stack may be what ran
 * out), keeping the handlers and the stack that were in place. The handler
 * is sigaction's SA_SIGINFO form (the faulting address of a SIGSEGV is in
 * its siginfo_t). One catch at a time in the process. */
void tileSignalsCatch(const int *signals, size_t count,
                      void (*handler)(int, siginfo_t *, void *));

/* Puts back the handlers that were in place; a handler may call it before
 * raising its signal again, to die of it as without the catch. */
void tileSignalsRestoreHandlers(void);

/* Puts back the handlers and the calling thread's alternate stack (not from
 * the handler, which runs on the catch's stack). */
void tileSignalsRelease(void);

/* Makes a deadly signal print what mlir-opt's crash handler prints, in its
 * order: what standard output had buffered, LLVM's request for a bug
 * report and what MLIR recorded (its parser's ops, say), then "Stack
 * dump:", the program's arguments and the frames of the crashing thread;
 * then the process dies of the signal. Enables LLVM's handler
 * (LLVMEnablePrettyStackTrace), which also gives the main thread the
 * alternate stack the handlers run on. `argv` must live as long as the
 * process. `flush`, when not NULL, writes out another buffer of standard
 * output after C's (tile-opt's llvm::outs()). */
void tileSignalsInstallCrashReport(int argc, char **argv, void (*flush)(void));

#endif
