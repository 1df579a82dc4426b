/* The gpu.launch_func ops of a module, sorted by the kernel they launch, so
 * that a pass over every kernel finds each kernel's launches in log time
 * instead of scanning them all. */
#ifndef TILE_IR_LAUNCHES_H
#define TILE_IR_LAUNCHES_H

#include "ir/ir.h"

/* A launch and the @module::@kernel it launched when collected (rewriting
 * its `kernel` attribute later does not move it in the index). */
typedef struct {
  MlirStringRef module, kernel;
  MlirOperation op;
} TileLaunch;

typedef struct {
  TileLaunch *launches; /* sorted by (module, kernel) */
  size_t count;
} TileLaunches;

/* Collects and sorts every gpu.launch_func under `root`. */
void tileLaunchesCollect(MlirOperation root, TileLaunches *index);
/* The launches of @module::@kernel: `*first` is set to the index of the first
 * in `index->launches`, and their number is returned (0 when none). Launches
 * of one kernel come in no particular order. */
size_t tileLaunchesOf(const TileLaunches *index, MlirStringRef module,
                      MlirStringRef kernel, size_t *first);
/* Points the launches of @module::@kernel (as collected) at
 * @intoModule::@intoKernel. */
void tileLaunchesRetarget(const TileLaunches *index, MlirStringRef module,
                          MlirStringRef kernel, MlirStringRef intoModule,
                          MlirStringRef intoKernel);
void tileLaunchesFree(TileLaunches *index);

/* Calls `fn` on each gpu.module directly in `module` with the index of the
 * launches under `module` (a pass over each kernel module and the launches
 * of its kernels). */
void tileForEachGpuModule(MlirOperation module,
                          void (*fn)(MlirOperation gpuModule,
                                     const TileLaunches *launches));

#endif
