// tile-opt's standard output through llvm::outs() (see llvm_outs.h).

#include "llvm_outs.h"

#include "llvm/Support/raw_ostream.h"

#include <cerrno>

static ssize_t writeToOuts(void *cookie, const char *data, size_t size) {
  (void)cookie;
  llvm::outs().write(data, size);
  return static_cast<ssize_t>(size);
}

FILE *tileOptOpenLLVMOuts(void) {
  cookie_io_functions_t functions = {};
  functions.write = writeToOuts;
  FILE *stream = fopencookie(nullptr, "w", functions);
  if (stream)
    setvbuf(stream, nullptr, _IONBF, 0);
  return stream;
}

int tileOptFlushLLVMOuts(void) {
  llvm::raw_fd_ostream &outs = llvm::outs();
  outs.flush();
  if (!outs.has_error())
    return 0;
  int error = outs.error().value();
  outs.clear_error();
  return error ? error : EIO;
}
