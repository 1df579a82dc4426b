/* What signal handlers use. */
#define _GNU_SOURCE /* REG_ERR */

#include "support/signal_safe.h"

#include <string.h>
#include <ucontext.h>
#include <unistd.h>

void tileSignalWrite(int fd, const char *data, size_t size) {
  while (size) {
    ssize_t n = write(fd, data, size);
    if (n <= 0)
      return;
    data += n;
    size -= (size_t)n;
  }
}

void tileSignalWriteString(int fd, const char *s) {
  tileSignalWrite(fd, s, strlen(s));
}

void tileSignalWriteInteger(int fd, int64_t value) {
  char text[24];
  size_t at = sizeof text;
  uint64_t magnitude = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
  do
    text[--at] = (char)('0' + magnitude % 10);
  while (magnitude /= 10);
  if (value < 0)
    text[--at] = '-';
  tileSignalWrite(fd, text + at, sizeof text - at);
}

int tileSignalFaultWasWrite(const void *context) {
#if defined(__x86_64__) && defined(REG_ERR)
  const ucontext_t *uc = context;
  return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#else
  (void)context;
  return -1;
#endif
}
