/* tile-opt's standard output through LLVM's llvm::outs(), the stream that
 * upstream passes print to (the test-* passes, transform.print, ...): the
 * IR tile-opt writes and what passes print land in one buffer, in the order
 * they were written, as in mlir-opt. The C API has no way to reach
 * llvm::outs(), hence these few lines of C++ (llvm_outs.cpp). */
#ifndef TILE_OPT_LLVM_OUTS_H
#define TILE_OPT_LLVM_OUTS_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An unbuffered stream whose writes go into llvm::outs(); NULL if it cannot
 * be made. fclose it when done (that does not flush llvm::outs()). */
FILE *tileOptOpenLLVMOuts(void);

/* Writes out what llvm::outs() holds. Returns 0, or the errno of a failed
 * write (the error is then cleared, so that LLVM does not report it again
 * when the program exits). */
int tileOptFlushLLVMOuts(void);

#ifdef __cplusplus
}
#endif

#endif
