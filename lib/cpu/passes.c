/* The passes of the cpu backend, in the order pipelines/cpu.pipeline runs
 * them. */
#include "passes/pass.h"

extern const TilePassDescriptor tileCpuBlockCallsPass;
extern const TilePassDescriptor tileCpuVerifyPass;
extern const TilePassDescriptor tileCpuAllocPass;
extern const TilePassDescriptor tileCpuGemmPass;
extern const TilePassDescriptor tileCpuCopyPass;
extern const TilePassDescriptor tileCpuFillPass;
extern const TilePassDescriptor tileCpuReducePass;
extern const TilePassDescriptor tileCpuAtomicAddPass;
extern const TilePassDescriptor tileCpuMathPass;
extern const TilePassDescriptor tileCpuKernelsPass;
extern const TilePassDescriptor tileCpuSplitGuardsPass;
extern const TilePassDescriptor tileCpuNarrowFloatsPass;
extern const TilePassDescriptor tileCpuOutlineKernelsPass;
extern const TilePassDescriptor tileCpuOutlineOpsPass;
extern const TilePassDescriptor tileCpuHalfMovesPass;
extern const TilePassDescriptor tileCpuLibcallsPass;
extern const TilePassDescriptor tileCpuTargetPass;

static const TilePassDescriptor *const passes[] = {
    &tileCpuBlockCallsPass,     &tileCpuVerifyPass,
    &tileCpuAllocPass,          &tileCpuGemmPass,
    &tileCpuCopyPass,           &tileCpuFillPass,
    &tileCpuReducePass,         &tileCpuAtomicAddPass,
    &tileCpuMathPass,           &tileCpuKernelsPass,
    &tileCpuNarrowFloatsPass,   &tileCpuSplitGuardsPass,
    &tileCpuOutlineKernelsPass, &tileCpuOutlineOpsPass,
    &tileCpuHalfMovesPass,      &tileCpuLibcallsPass,
    &tileCpuTargetPass,
};

const TilePassList tileCpuPasses = {passes, TILE_COUNT(passes)};
