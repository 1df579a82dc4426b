// A memref.load, memref.store or memref.atomic_rmw whose constant index
// lies outside its memref: negative, or at or past a static size. MLIR
// verifies neither (the access is undefined behaviour where it runs), so
// upstream passes take it as mlir-opt does; compiling for a target refuses
// it at the op, where the kernel read or wrote next to the buffer before.

// RUN: tile-opt --split-input-file --canonicalize %s | FileCheck %s --check-prefix=UPSTREAM
// RUN: not tile-opt --split-input-file --target=cpu %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET --implicit-check-not=error:
// RUN: not tile-opt --split-input-file --target=vulkan %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET --implicit-check-not=error:

// UPSTREAM-LABEL: func.func @load_past_the_end(
// UPSTREAM:         memref.load
// TARGET: access-index-range.mlir:[[@LINE+5]]:12: error: 'memref.load' op index 64 is out of bounds for dimension 0 of memref<64xf32> (size 64)
func.func @load_past_the_end(%A: memref<64xf32>, %B: memref<64xf32>) {
  %c64 = arith.constant 64 : index
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%c64] : memref<64xf32>
      memref.store %x, %B[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A negative index is outside a dynamic size too.
// TARGET: access-index-range.mlir:[[@LINE+5]]:5: error: 'memref.store' op index -1 of dimension 0 of memref<?xf32> is negative
func.func @store_before_the_start(%A: memref<?xf32>) {
  %minus1 = arith.constant -1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    memref.store %zero, %A[%minus1] : memref<?xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

// TARGET: access-index-range.mlir:[[@LINE+7]]:12: error: 'memref.atomic_rmw' op index 8 is out of bounds for dimension 1 of memref<4x8xi32> (size 8)
func.func @atomic_past_a_row(%H: memref<4x8xi32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1 : i32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %0 = memref.atomic_rmw addi %one, %H[%c1, %c8] : (i32, memref<4x8xi32>) -> i32
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}

// -----

// The last element and any index of a dynamic size compile.
func.func @inside(%A: memref<64xf32>, %D: memref<?xf32>) {
  %c63 = arith.constant 63 : index
  %c1000 = arith.constant 1000 : index
  scf.forall (%b) in (1) {
    %x = memref.load %A[%c63] : memref<64xf32>
    memref.store %x, %D[%c1000] : memref<?xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}
