// tile-gpu-lower reports kernels it cannot lower at the kernel: here one
// that tile-gpu-layout has not laid out. (Windows of fragments, fragments
// copied or reduced into local tiles and fragments of rank 3 were refused
// here once; they go through shared memory now.)
// RUN: tile-opt --tile-gpu-lower --verify-diagnostics %S/Inputs/no-layout.mlir
