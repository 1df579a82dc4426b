/* Refusals: the failures of a GPU runtime library that a caller of host
 * code may catch and go on from. Each runtime library (libtile_rt_cuda,
 * libtile_rt_hip, libtile_rt_vulkan) exports tileRtCatchRefusals; look it
 * up in the library the host code calls (dlsym on its handle). */
#ifndef TILE_RUNTIME_COMMON_REFUSALS_H
#define TILE_RUNTIME_COMMON_REFUSALS_H

/* Called with the refusal's one-line message (the runtime's name first);
 * it must not return: it longjmps back to the caller of the host code. */
typedef void (*TileRtRefusalCatcher)(void *data, const char *message);

#ifdef __cplusplus
extern "C" {
#endif

/* Until called again on this thread, a refusal on this thread calls
 * `catcher(data, message)` in place of printing the message and exiting
 * with status 1; NULL restores that. A refusal is a failure found before
 * the call changed anything the runtime or the device holds: a launch the
 * device cannot run (too much shared memory, too many threads, a subgroup
 * size it lacks, an index a vulkan kernel cannot take) or a launch the
 * driver turned down. What the host code took from the CUDA or HIP runtime
 * while the catcher was set (memory, streams, events) is freed first; what
 * it allocated otherwise (malloc) stays allocated. Every other failure
 * still ends the process, and a catcher serves one refusal: it is cleared
 * before it is called. */
__attribute__((visibility("default"))) void
tileRtCatchRefusals(TileRtRefusalCatcher catcher, void *data);

#ifdef __cplusplus
}
#endif

#endif
