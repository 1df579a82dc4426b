/* The malloc of JIT-compiled code. Lowered code allocates large buffers on
 * the heap (the cpu backend's tile buffers beyond the stack of a host
 * thread, memref.alloc) and uses the pointer without a check: a failed
 * allocation crashed the process (SIGSEGV). The jit executor binds the
 * code's `malloc` to this function, which ends the process with a message
 * instead; there is no error channel out of generated code. */
#include "runtime/runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void *checkedMalloc(size_t bytes) {
  void *p = malloc(bytes);
  if (p || !bytes)
    return p;
  /* Possibly on a worker thread of a parallel region: _exit, because
   * exit's handlers (OpenMP's among them) would wait for the region. */
  fflush(stdout);
  fprintf(stderr,
          "tile: error: the compiled code could not allocate %zu bytes (out "
          "of memory); its tile buffers beyond a thread's stack, and "
          "memref.alloc, use the heap\n",
          bytes);
  _exit(1);
}

void tileJitBindMalloc(MlirExecutionEngine engine) {
  mlirExecutionEngineRegisterSymbol(
      engine, mlirStringRefCreateFromCString("malloc"), (void *)checkedMalloc);
}
