// Memory spaces that no target lowers (not none, an integer or a tile
// scope) are reported at the op that makes the value, by
// tile-check-memory-spaces at the start of every pipeline. MLIR's
// conversions to LLVM failed on them with "<unknown>:0: error: conversion of
// memref memory space ... to integer address space failed" (vulkan's with
// "failed to legalize memory space" or at a cast).
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cpu %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_80 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %s -o /dev/null
// The pass alone, and its option's values.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-check-memory-spaces %s -o /dev/null
// RUN: not tile-opt --tile-check-memory-spaces=where=device %s 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: where

// expected-error @+1 {{'func.func' op argument #0 has type memref<8xf32, "foo">, whose memory space the}}
func.func @argument(%out: memref<8xf32, "foo">) {
  return
}

// -----

// expected-error @+1 {{'func.func' op result #0 has type memref<*xf32, #gpu.address_space<global>>, whose memory space the}}
func.func private @declared() -> memref<*xf32, #gpu.address_space<global>>

// -----

func.func @in_a_kernel(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (2) {
    // expected-error @+1 {{'memref.alloca' op result #0 has type memref<8xf32, #gpu.address_space<global>>, whose memory space the}}
    %a = memref.alloca() : memref<8xf32, #gpu.address_space<global>>
    %x = memref.load %out[%c0] : memref<8xf32>
    memref.store %x, %a[%c0] : memref<8xf32, #gpu.address_space<global>>
    %y = memref.load %a[%c0] : memref<8xf32, #gpu.address_space<global>>
    memref.store %y, %out[%c0] : memref<8xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @in_host_code(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.alloca' op result #0 has type memref<8xf32, "foo">}}
  %a = memref.alloca() : memref<8xf32, "foo">
  %x = memref.load %out[%c0] : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32, "foo">
  return
}

// -----

// expected-error @+1 {{'func.func' op block argument #0 has type memref<8xf32, "foo">}}
func.func @block_argument(%out: memref<8xf32>) {
  %a = memref.alloca() : memref<8xf32>
  // expected-error @+1 {{'memref.memory_space_cast' op result #0 has type memref<8xf32, "foo">}}
  %s = memref.memory_space_cast %a : memref<8xf32> to memref<8xf32, "foo">
  cf.br ^next(%s : memref<8xf32, "foo">)
^next(%m: memref<8xf32, "foo">):
  return
}

// -----

// expected-error @+1 {{'memref.global' op its type has type memref<4xf32, "constant">}}
memref.global "private" constant @table : memref<4xf32, "constant"> = dense<1.0>
