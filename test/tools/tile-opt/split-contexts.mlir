// With --split-input-file every chunk is read in a context of its own, as in
// mlir-opt: a name a chunk gives to an LLVM struct or to a resource blob does
// not carry over to the next chunk.
// RUN: tile-opt --split-input-file --verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: func.func private @first
// CHECK-SAME: !llvm.struct<"pair", (i32, f32)>
func.func private @first(!llvm.struct<"pair", (i32, f32)>)

// -----

// The same struct name with another body, in a chunk of its own.
// CHECK-LABEL: func.func private @second
// CHECK-SAME: !llvm.struct<"pair", (i64)>
func.func private @second(!llvm.struct<"pair", (i64)>)

// -----

// Within one chunk the name still clashes.
func.func private @third(!llvm.struct<"pair", (i8)>)
// expected-error @+1 {{identified type already used with a different body}}
func.func private @fourth(!llvm.struct<"pair", (i16)>)

// -----

// CHECK-LABEL: func.func @fifth
// CHECK: dense_resource<blob> : tensor<2xi32>
// CHECK: blob: "0x040000000300000004000000"
func.func @fifth() -> tensor<2xi32> {
  %0 = arith.constant dense_resource<blob> : tensor<2xi32>
  return %0 : tensor<2xi32>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000300000004000000"
    }
  }
#-}

// -----

// A blob of the same name in the next chunk keeps its name (it is not renamed
// blob_1 to stay apart from the previous chunk's).
// CHECK-LABEL: func.func @sixth
// CHECK: dense_resource<blob> : tensor<1xi32>
// CHECK: blob: "0x0400000009000000"
func.func @sixth() -> tensor<1xi32> {
  %0 = arith.constant dense_resource<blob> : tensor<1xi32>
  return %0 : tensor<1xi32>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0400000009000000"
    }
  }
#-}
