// Function arguments and results are global buffers on every target: a
// shared, fragment or local memref argument is reported at the function
// (cuda and rocm failed in the NVVM/ROCDL conversion with "<unknown>:0:
// error: conversion of memref memory space ... failed", vulkan with a type
// mismatch), and so are results and the signatures of declarations (the
// cpu failed without a location on those).
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_80 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cpu %s -o /dev/null

// expected-error @+1 {{'func.func' op argument #0 is a fragment buffer; on the}}
func.func @fragment_argument(%A: memref<16x16xf32, #tile.fragment>) {
  scf.forall (%b) in (4) {
    %c = arith.constant 1.0 : f32
    "tile.fill"(%A, %c) : (memref<16x16xf32, #tile.fragment>, f32) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #1 is a shared buffer; on the}}
func.func @shared_argument(%A: memref<16x16xf32>, %S: memref<16x16xf32, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    "tile.copy"(%S, %A) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<16x16xf32, #gpu.address_space<workgroup>>, memref<16x16xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #0 is a local buffer; on the}}
func.func @local_argument(%L: memref<4xf32, #gpu.address_space<private>>) {
  return
}

// -----

// A declaration that a kernel calls with a local tile.
// expected-error @+1 {{'func.func' op argument #0 is a local buffer; on the}}
func.func private @fill(memref<8xf32, #gpu.address_space<private>>)
func.func @declared_callee(%out: memref<?xf32>) {
  scf.forall (%b) in (4) {
    %t = "tile.alloc"() : () -> memref<8xf32, #gpu.address_space<private>>
    scf.forall (%i) in (8) {
      func.call @fill(%t) : (memref<8xf32, #gpu.address_space<private>>) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// expected-error @+1 {{'func.func' op result #0 is a shared buffer; on the}}
func.func private @shared_result() -> memref<8xf32, #gpu.address_space<workgroup>>

// -----

// expected-error @+1 {{'func.func' op result #0 is a local buffer; on the}}
func.func @local_result() -> memref<8xf32, #gpu.address_space<private>> {
  %c = memref.alloca() : memref<8xf32, #gpu.address_space<private>>
  return %c : memref<8xf32, #gpu.address_space<private>>
}

// -----

// A layout map that is not strided (a buffer is a pointer, an offset and
// strides on every target): tile-verify reports it at the function (cuda
// and rocm said "<unknown>:0: error: conversion to strided form failed").
// expected-error @+1 {{'func.func' op argument #0 has the layout affine_map<(d0, d1) -> (d1, d0)>, which is not strided}}
func.func @transposed_layout(%A: memref<16x16xf32, affine_map<(d0, d1) -> (d1, d0)>>, %B: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<16x16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<16x16xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<16x16xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%s, %B, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<16x16xf32, #gpu.address_space<workgroup>>, memref<16x16xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @allocated_with_a_layout() {
  // expected-error @+1 {{'memref.alloc' op result #0 has the layout affine_map<(d0) -> (d0 floordiv 2, d0 mod 2)>, which is not strided}}
  %m = memref.alloc() : memref<8xf32, affine_map<(d0) -> (d0 floordiv 2, d0 mod 2)>>
  memref.dealloc %m : memref<8xf32, affine_map<(d0) -> (d0 floordiv 2, d0 mod 2)>>
  return
}
