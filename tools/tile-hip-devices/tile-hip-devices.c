/* tile-hip-devices: says whether HIP work can run here, for libtile's rocm
 * backend (lib/rocm/target.c), which runs it as a separate program: loading
 * the HIP runtime starts its threads and keeps its memory, which the
 * compiler process should not carry just to learn whether a GPU exists,
 * and loading a runtime in a child of a multi-threaded process without exec
 * is unsafe (another thread may hold the allocator's or the dynamic
 * loader's lock at the fork).
 *
 * It asks libtile_rt_hip.so (tileRtHipAvailable), so the answer and its
 * reason are the runtime library's own. Prints one line: "available", or
 * "unavailable: <reason>". Exit status 0 either way. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

bool tileRtHipAvailable(char *why, size_t size);

/* Leaves with _exit: the HIP runtime's own teardown is of no interest once
 * the line is out. */
int main(void) {
  char why[768] = "";
  if (tileRtHipAvailable(why, sizeof(why)))
    printf("available\n");
  else
    printf("unavailable: %s\n", why);
  fflush(stdout);
  _exit(0);
}
