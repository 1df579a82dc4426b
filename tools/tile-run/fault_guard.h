/* A fault of the code tile-run calls (a kernel reading past the end of an
 * argument whose --shape is smaller than the kernel assumes, an integer
 * division by zero) is reported as an error naming the function, and
 * tile-run exits with status 1 instead of dying of the signal. */
#ifndef TILE_RUN_FAULT_GUARD_H
#define TILE_RUN_FAULT_GUARD_H

#include <stdbool.h>

/* While armed, SIGSEGV, SIGBUS, SIGFPE and SIGILL on any thread print the
 * error for `function` of `input` and end the process. The strings must
 * outlive the arming. One guard is armed at a time. */
void faultGuardArm(const char *input, const char *function);
/* Disarms the guard. False, with the error printed, when the call wrote
 * into the alignment padding after the end of an argument, where no page
 * faults (guarded_memory.h). */
bool faultGuardDisarm(void);

#endif
