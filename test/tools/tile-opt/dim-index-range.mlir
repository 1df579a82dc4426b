// A constant memref.dim or tensor.dim index outside the rank. Past the rank
// the op is undefined behaviour that upstream folds leave alone: tile-opt
// runs upstream passes on it as mlir-opt does, and compiling for a target
// refuses it. A negative index is refused when the input is read (upstream
// folding patterns index out of bounds on it).

// RUN: tile-opt --split-input-file --canonicalize %s | FileCheck %s --check-prefix=PAST
// RUN: not tile-opt --split-input-file --target=cpu %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tile-opt --canonicalize %S/../../fuzz/crashers/dim-out-of-range.mlir 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// PAST-LABEL: func.func @past_rank(
// PAST-NEXT:    arith.constant 7
// PAST-NEXT:    memref.dim
// PAST-NEXT:    return
// TARGET: dim-index-range.mlir:[[@LINE+4]]:8: error: 'memref.dim' op dimension index 7 is out of range for a rank-2 source
// NEGATIVE: dim-out-of-range.mlir:5:8: error: 'memref.dim' op dimension index -1 is out of range for a rank-2 source
func.func @past_rank(%m : memref<7x8xf32>) -> index {
  %idx = arith.constant 7 : index
  %0 = memref.dim %m, %idx : memref<7x8xf32>
  return %0 : index
}

// -----

// PAST-LABEL: func.func @past_rank_tensor(
// PAST:         tensor.dim
// TARGET: dim-index-range.mlir:[[@LINE+4]]:8: error: 'tensor.dim' op dimension index 2 is out of range for a rank-2 source
func.func @past_rank_tensor(%n : index) -> index {
  %idx = arith.constant 2 : index
  %t = tensor.empty(%n, %n) : tensor<?x?xf32>
  %0 = tensor.dim %t, %idx : tensor<?x?xf32>
  return %0 : index
}
