// A thread-parallel loop nested in another one (either way round) is
// refused on every GPU target, also where a gemm's accumulator makes the
// kernel a matrix-unit one: the matrix paths of cuda and rocm run such a
// loop's body once per accumulator element of a thread, which crashed on an
// inner loop over the accumulator (the outer loop's copies were rewritten
// first) and gave an inner loop another number of runs. They leave such
// kernels to the SIMT path, which reports the nest. The cpu runs the loops
// as written.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_80 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_90a %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %s -o /dev/null
// RUN: tile-opt --split-input-file --target=cpu %s -o /dev/null

!A_tile = memref<128x32xf16, #gpu.address_space<workgroup>>
!B_tile = memref<32x128xf16, #gpu.address_space<workgroup>>
!acc_tile = memref<128x128xf32, #tile.fragment>

// The inner loop walks the accumulator.
func.func @inner_over_acc(%A: memref<?x?xf16>, %B: memref<?x?xf16>,
                          %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (2, 2) {
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    "tile.fill"(%acc, %zero) : (!acc_tile, f32) -> ()
    scf.for %k0 = %c0 to %K step %c32 {
      "tile.copy"(%A, %A_s, %c0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, !A_tile, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, !B_tile, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) : (!A_tile, !B_tile, !acc_tile) -> ()
    } {tile.num_stages = 2 : i64}
    scf.forall (%i, %j) in (128, 128) {
      // expected-error @+1 {{'scf.forall' op is a thread-parallel loop nested in another one, which the GPU lowering does not distribute}}
      scf.forall (%i2, %j2) in (128, 128) {
        %x = memref.load %acc[%i2, %j2] : !acc_tile
        %y = arith.addf %x, %x : f32
        memref.store %y, %acc[%i2, %j2] : !acc_tile
      }
      %x = memref.load %acc[%i, %j] : !acc_tile
      %y = arith.addf %x, %x : f32
      memref.store %y, %acc[%i, %j] : !acc_tile
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!acc_tile, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

!A_tile = memref<128x32xf16, #gpu.address_space<workgroup>>
!B_tile = memref<32x128xf16, #gpu.address_space<workgroup>>
!acc_tile = memref<128x128xf32, #tile.fragment>

// The outer loop walks the accumulator; the inner one writes shared memory.
func.func @inner_in_acc_loop(%A: memref<?x?xf16>, %B: memref<?x?xf16>,
                             %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (2, 2) {
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    "tile.fill"(%acc, %zero) : (!acc_tile, f32) -> ()
    scf.for %k0 = %c0 to %K step %c32 {
      "tile.copy"(%A, %A_s, %c0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, !A_tile, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, !B_tile, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) : (!A_tile, !B_tile, !acc_tile) -> ()
    } {tile.num_stages = 2 : i64}
    scf.forall (%i, %j) in (128, 128) {
      %x = memref.load %acc[%i, %j] : !acc_tile
      %y = arith.addf %x, %x : f32
      memref.store %y, %acc[%i, %j] : !acc_tile
      // expected-error @+1 {{'scf.forall' op is a thread-parallel loop nested in another one, which the GPU lowering does not distribute}}
      scf.forall (%k) in (32) {
        %h = arith.truncf %y : f32 to f16
        memref.store %h, %A_s[%k, %k] : !A_tile
      }
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!acc_tile, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

!A_tile = memref<128x32xf16, #gpu.address_space<workgroup>>
!B_tile = memref<32x128xf16, #gpu.address_space<workgroup>>
!acc_tile = memref<128x128xf32, #tile.fragment>

// The loop over the accumulator sits in another thread-parallel loop.
func.func @acc_loop_inside(%A: memref<?x?xf16>, %B: memref<?x?xf16>,
                           %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (2, 2) {
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    "tile.fill"(%acc, %zero) : (!acc_tile, f32) -> ()
    scf.for %k0 = %c0 to %K step %c32 {
      "tile.copy"(%A, %A_s, %c0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, !A_tile, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, !B_tile, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) : (!A_tile, !B_tile, !acc_tile) -> ()
    } {tile.num_stages = 2 : i64}
    scf.forall (%t) in (2) {
      // expected-error @+1 {{'scf.forall' op is a thread-parallel loop nested in another one, which the GPU lowering does not distribute}}
      scf.forall (%i, %j) in (128, 128) {
        %x = memref.load %acc[%i, %j] : !acc_tile
        %y = arith.addf %x, %x : f32
        memref.store %y, %acc[%i, %j] : !acc_tile
      }
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!acc_tile, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
