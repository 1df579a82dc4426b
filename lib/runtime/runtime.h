/* Internals shared by the execution layer: the executors. */
#ifndef TILE_RUNTIME_RUNTIME_H
#define TILE_RUNTIME_RUNTIME_H

#include "tile/runtime.h"

#include "mlir-c/ExecutionEngine.h"

#include "support/alloc.h"
#include "support/strbuf.h"

#include "mlir-c/ExecutionEngine.h"

/* An execution backend as the runtime implements it, found by the name of
 * the context's TileExecutionBackendSpec. `create` is NULL for backends
 * that run nothing in this process; `whyNot` then says what they do. */
typedef struct {
  const char *name;
  void *(*create)(const TileBackendContext *ctx, const TileArtifact *artifact,
                  TileErrorSink errors);
  /* Calls the C interface of `entry` with packed arguments: one pointer
   * per argument to its value (a descriptor pointer for memrefs). */
  MlirLogicalResult (*invoke)(void *state, const char *entry, void **args,
                              TileErrorSink errors);
  void (*destroy)(void *state);
  const char *whyNot;
} TileExecutor;

/* The executors of the built-in execution backends. */
extern const TileExecutor tileJitExecutor;
extern const TileExecutor tileAotExecutor;

/* Checks that every external symbol `module` (LLVM dialect) uses is defined
 * by this process or by the runtime library at `libraryPath` (may be NULL),
 * as the JIT will look for them there; reports the missing ones, by name,
 * in one message. */
bool tileJitCheckSymbols(MlirOperation module, const char *libraryPath,
                         TileErrorSink errors);

/* Binds `malloc` in the engine's code to one that ends the process with a
 * message when the allocation fails (generated code does not check). Call
 * before the engine's first lookup or initialisation. */
void tileJitBindMalloc(MlirExecutionEngine engine);

/* Binds the f16 conversion routines of libgcc_s that LLVM's code calls on
 * chips without F16C, whether or not the process has libgcc_s in its
 * global scope. Call before the engine's first lookup or initialisation. */
void tileJitBindLibgcc(MlirExecutionEngine engine);

/* Writes the memref descriptor of `buffer` (allocated, aligned, offset,
 * sizes, strides: 3 + 2 * rank words) into `words`. */
void tileBufferGetDescriptor(TileBuffer *buffer, int64_t *words);

#endif
