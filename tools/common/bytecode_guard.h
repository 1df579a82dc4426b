/* Bytecode input read first in a child process (bytecode_guard.c). */
#ifndef TILE_TOOLS_BYTECODE_GUARD_H
#define TILE_TOOLS_BYTECODE_GUARD_H

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Whether the tool may read `source` itself: true for text, and for
 * bytecode that a child process read to the end (parsed, or refused with
 * errors the tool's own read reports again). Otherwise reports an error at
 * the file saying how the child's read ended (a signal, the CPU time
 * limit) and returns false. `implicitModule`: read as tileParseInput
 * (true) or tileParseOperation does. The tool must not have started
 * threads that the read could wait for. */
bool tileToolReadsBytecode(MlirContext ctx, MlirStringRef source,
                           MlirStringRef sourceName, bool implicitModule);

#endif
