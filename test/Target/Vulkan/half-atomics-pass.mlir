// RUN: tile-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(spirv.module(tile-vulkan-half-atomics))' | FileCheck %s

// tile-vulkan-half-atomics: a marked f16 store into a buffer becomes a
// compare-and-swap loop on the word holding the element, through a second
// variable of the buffer's binding that views it as words; both are
// aliased, and the words are listed in the entry point's interface where
// the buffer is. Unmarked stores, and marked ones into a thread's own
// memory, stay.
// CHECK: spirv.GlobalVariable @buffer bind(0, 2) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
// CHECK-NEXT: spirv.GlobalVariable @buffer_words bind(0, 2) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
// CHECK-NOT: spirv.GlobalVariable @buffer_words
// CHECK-LABEL: spirv.func @lower
// CHECK: %[[WORDS:.*]] = spirv.mlir.addressof @buffer_words
// CHECK: %[[ONE:.*]] = spirv.Constant 1 : i32
// CHECK: %[[WORD:.*]] = spirv.ShiftRightLogical %arg0, %[[ONE]] : i32, i32
// CHECK: %[[PTR:.*]] = spirv.AccessChain %[[WORDS]][%{{.*}}, %[[WORD]]]
// CHECK: %[[LANE:.*]] = spirv.BitwiseAnd %arg0, %[[ONE]] : i32
// CHECK: spirv.mlir.loop
// CHECK: %[[OLD:.*]] = spirv.Load "StorageBuffer" %[[PTR]] : i32
// CHECK: %[[PAIR:.*]] = spirv.Bitcast %[[OLD]] : i32 to vector<2xf16>
// CHECK: %[[X:.*]] = spirv.VectorExtractDynamic %[[PAIR]][%[[LANE]]]
// CHECK: %[[SUM:.*]] = spirv.FAdd %[[X]], %arg1 : f16
// CHECK: %[[NEW:.*]] = spirv.VectorInsertDynamic %[[SUM]], %[[PAIR]][%[[LANE]]]
// CHECK: %[[BITS:.*]] = spirv.Bitcast %[[NEW]] : vector<2xf16> to i32
// CHECK: %[[SEEN:.*]] = spirv.AtomicCompareExchange <Device> <None> <None> %[[PTR]], %[[BITS]], %[[OLD]]
// CHECK: spirv.IEqual %[[SEEN]], %[[OLD]] : i32
// CHECK: spirv.mlir.addressof @buffer_words
// CHECK: spirv.AtomicCompareExchange
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %arg1 : f16
// CHECK: spirv.Store "Function" %{{.*}}, %arg1 ["Nontemporal"] : f16
// CHECK: spirv.EntryPoint "GLCompute" @lower, @buffer, @buffer_words
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @buffer bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
  spirv.func @lower(%i: i32, %v: f16) "None" {
    %zero = spirv.Constant 0 : i32
    %addr = spirv.mlir.addressof @buffer : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
    %p = spirv.AccessChain %addr[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f16, StorageBuffer>
    spirv.Store "StorageBuffer" %p, %v ["Nontemporal"] : f16
    spirv.Store "StorageBuffer" %p, %v ["Nontemporal"] : f16
    spirv.Store "StorageBuffer" %p, %v : f16
    %f = spirv.Variable : !spirv.ptr<f16, Function>
    spirv.Store "Function" %f, %v ["Nontemporal"] : f16
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @lower, @buffer
}

// -----

// Shared memory has no second view.
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @shared : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f16, stride=2>)>, Workgroup>
  spirv.func @kernel(%i: i32, %v: f16) "None" {
    %zero = spirv.Constant 0 : i32
    %addr = spirv.mlir.addressof @shared : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f16, stride=2>)>, Workgroup>
    %p = spirv.AccessChain %addr[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f16, stride=2>)>, Workgroup>, i32, i32 -> !spirv.ptr<f16, Workgroup>
    // expected-error @+1 {{'spirv.Store' op adds f16 values atomically to memory the vulkan target cannot view as 32-bit words, which its compare-and-swap loop needs (an element of a kernel buffer)}}
    spirv.Store "Workgroup" %p, %v ["Nontemporal"] : f16
    spirv.Return
  }
}

// -----

// A symbol of the view's name that is no such view: the view takes another.
// CHECK: spirv.GlobalVariable @buffer_words bind(0, 5) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
// CHECK: spirv.GlobalVariable @buffer_words_1 bind(0, 2) {aliased}
// CHECK-LABEL: spirv.func @other
// CHECK: spirv.mlir.addressof @buffer_words_1
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @buffer_words bind(0, 5) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @buffer bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
  spirv.func @other(%i: i32, %v: f16) "None" {
    %zero = spirv.Constant 0 : i32
    %addr = spirv.mlir.addressof @buffer : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
    %p = spirv.AccessChain %addr[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f16, StorageBuffer>
    spirv.Store "StorageBuffer" %p, %v ["Nontemporal"] : f16
    spirv.Return
  }
}
