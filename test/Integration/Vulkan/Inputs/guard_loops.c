/* Rewrites a SPIR-V module as libtile_rt_vulkan does for a device that ends
 * long loops (loop_guard.c): guard_loops IN.spv OUT.spv. Exit status 2 when
 * the module has nothing to guard. */
#include "shim.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

_Noreturn void tileRtVulkanFatal(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fputs("guard_loops: error: ", stderr);
  vfprintf(stderr, fmt, args);
  fputc('\n', stderr);
  va_end(args);
  exit(1);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: guard_loops IN.spv OUT.spv\n");
    return 1;
  }
  FILE *in = fopen(argv[1], "rb");
  if (!in || fseek(in, 0, SEEK_END) != 0) {
    perror(argv[1]);
    return 1;
  }
  long bytes = ftell(in);
  rewind(in);
  uint32_t *words = malloc(bytes > 0 ? (size_t)bytes : 1);
  if (!words || fread(words, 1, (size_t)bytes, in) != (size_t)bytes) {
    perror(argv[1]);
    return 1;
  }
  fclose(in);
  size_t count = 0;
  uint32_t *guarded = tileRtVulkanGuardLoops(words, (size_t)bytes / 4, &count);
  if (!guarded) {
    printf("nothing to guard\n");
    return 2;
  }
  FILE *out = fopen(argv[2], "wb");
  if (!out || fwrite(guarded, 4, count, out) != count || fclose(out) != 0) {
    perror(argv[2]);
    return 1;
  }
  free(guarded);
  free(words);
  return 0;
}
