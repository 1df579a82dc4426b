/* Rewrites a SPIR-V module as libtile_rt_vulkan does for a device that ends
 * long loops (loop_guard.c): guard_loops IN.spv OUT.spv. Exit status 2 when
 * the module has nothing to guard. With --preserve-floats, it instead asks
 * for IEEE NaN, infinities and signed zeros in every float width
 * (float_controls.c), as for a device that supports them all. */
#include "shim.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  bool floats = argc == 4 && strcmp(argv[3], "--preserve-floats") == 0;
  if (argc != 3 && !floats) {
    fprintf(stderr, "usage: guard_loops IN.spv OUT.spv [--preserve-floats]\n");
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
  TileRtVulkanFeatures all = {
      .preserve16 = true, .preserve32 = true, .preserve64 = true};
  uint32_t *guarded =
      floats
          ? tileRtVulkanPreserveFloats(&all, words, (size_t)bytes / 4, &count)
          : tileRtVulkanGuardLoops(words, (size_t)bytes / 4, &count);
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
