// One flag per pass, tile or upstream, with options, in command-line order.
// RUN: tile-opt %S/Inputs/kernel.mlir --tile-verify --canonicalize --cse | FileCheck %s
// RUN: tile-opt %S/Inputs/kernel.mlir -tile-verify -canonicalize='max-iterations=1 region-simplify=disabled' | FileCheck %s
// RUN: tile-opt %s --tile-verify=kernel-required=false | FileCheck %s --check-prefix=DEVICE-FN
// RUN: not tile-opt %s --tile-verify 2>&1 | FileCheck %s --check-prefix=KERNEL
// RUN: not tile-opt %S/Inputs/kernel.mlir --tile-verfy 2>&1 | FileCheck %s --check-prefix=TYPO
// RUN: not tile-opt %S/Inputs/kernel.mlir --targt=cpu 2>&1 | FileCheck %s --check-prefix=OPTION-TYPO
// RUN: not tile-opt %S/Inputs/kernel.mlir --canonicalise 2>&1 | FileCheck %s --check-prefix=UPSTREAM-TYPO
// RUN: not tile-opt %S/Inputs/kernel.mlir --convert-gpu-to-nvm 2>&1 | FileCheck %s --check-prefix=UPSTREAM-TYPO2
// RUN: not tile-opt %S/Inputs/kernel.mlir --no-such-flag 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// A pass with words added or left out at either end is suggested too; a
// run of fewer than 8 characters is not.
// RUN: not tile-opt %S/Inputs/kernel.mlir --naive-convert-vector-to-llvm 2>&1 | FileCheck %s --check-prefix=WORDS1
// RUN: not tile-opt %S/Inputs/kernel.mlir --vector-to-llvm 2>&1 | FileCheck %s --check-prefix=WORDS2
// RUN: not tile-opt %S/Inputs/kernel.mlir --canonicalize-pass 2>&1 | FileCheck %s --check-prefix=WORDS3
// RUN: not tile-opt %S/Inputs/kernel.mlir --to-llvm 2>&1 | FileCheck %s --check-prefix=WORDS4
// RUN: not tile-opt %S/Inputs/kernel.mlir --pass-pipeline='builtin.module(tile-verify-kernels)' 2>&1 | FileCheck %s --check-prefix=WORDS5
// RUN: not tile-opt %S/Inputs/kernel.mlir --tile-verify=kernel-required=perhaps 2>&1 | FileCheck %s --check-prefix=BADVALUE
// RUN: tile-opt %S/Inputs/gpu.mlir --convert-gpu-to-nvvm | FileCheck %s --check-prefix=NESTED
// Adding a flag's pass does not print the passes before it: MLIR 22 reads
// past the object of this one when it prints its options (a crash here).
// RUN: tile-opt %S/Inputs/kernel.mlir --llvm-use-default-visibility=visibility=hidden --canonicalize --tile-verify | FileCheck %s

// CHECK-LABEL: func.func @kernel
// CHECK-NOT: arith.constant 42
// CHECK: "tile.fill"

// A device helper outside any kernel: fine with kernel-required=false.
// DEVICE-FN: func.func @helper
// KERNEL: error: 'tile.fill' op must be inside a kernel
func.func @helper(%f: memref<8xf32, #tile.fragment>, %v: f32) {
  "tile.fill"(%f, %v) : (memref<8xf32, #tile.fragment>, f32) -> ()
  return
}

// TYPO: tile-opt: error: unknown option or pass '--tile-verfy'; did you mean '--tile-verify'?
// OPTION-TYPO: tile-opt: error: unknown option or pass '--targt'; did you mean '--target'?
// UPSTREAM-TYPO: tile-opt: error: unknown option or pass '--canonicalise'; did you mean '--canonicalize'?
// UPSTREAM-TYPO2: tile-opt: error: unknown option or pass '--convert-gpu-to-nvm'; did you mean '--convert-gpu-to-nvvm'?
// UNKNOWN: tile-opt: error: unknown option or pass '--no-such-flag'{{$}}
// WORDS1: tile-opt: error: unknown option or pass '--naive-convert-vector-to-llvm'; did you mean '--convert-vector-to-llvm'?
// WORDS2: tile-opt: error: unknown option or pass '--vector-to-llvm'; did you mean '--convert-vector-to-llvm'?
// WORDS3: tile-opt: error: unknown option or pass '--canonicalize-pass'; did you mean '--canonicalize'?
// WORDS4: tile-opt: error: unknown option or pass '--to-llvm'{{$}}
// WORDS5: error: 'tile-verify-kernels' does not refer to a registered pass or pass pipeline; did you mean 'tile-verify'?
// BADVALUE: <unknown>:0: error: invalid value 'perhaps' for bool option 'kernel-required' of pass 'tile-verify'
// An upstream pass restricted to gpu.module is nested under it implicitly.
// NESTED: gpu.module @kernels
// NESTED: llvm.func @add
