/* Writing from a signal handler. */
#include "support/signal_write.h"

#include <string.h>
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
