// Index values of vulkan kernels are 32 bits: an index constant of device
// code beyond that is reported at the constant, with the range (the SPIR-V
// conversion said only "failed to legalize operation 'arith.constant'").
// Constants that fit, and i64 constants of any size, compile.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %s -o /dev/null

func.func @huge_index_offset(%A: memref<?xf32>) {
  // expected-error @+1 {{'arith.constant' op index constant 9223372036854775807 does not fit the 32-bit index type of vulkan kernels ([-2147483648, 2147483647])}}
  %big = arith.constant 9223372036854775807 : index
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %big) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @index_constant_in_kernel(%A: memref<?xf32>) {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{index constant -2147483649 does not fit}}
    %low = arith.constant -2147483649 : index
    %s = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %low) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %A, %low) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @fits(%A: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %edge = arith.constant 2147483647 : index
  %big = arith.constant 9223372036854775807 : i64
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<16xi64, #gpu.address_space<workgroup>>
    "tile.fill"(%s, %big) : (memref<16xi64, #gpu.address_space<workgroup>>, i64) -> ()
    "tile.copy"(%s, %A, %edge) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xi64, #gpu.address_space<workgroup>>, memref<?xi64>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// A constant that folding makes has no location of its own: the error is
// at the op that uses it (here the copy's address arithmetic).
func.func @folded(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %a = arith.constant 65536 : index
  scf.forall (%b) in (4) {
    %big = arith.muli %a, %a : index
    %s = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{uses the index constant 4294967296 (folded), which exceeds the 32-bit index type of vulkan kernels}}
    "tile.copy"(%A, %s, %big) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
