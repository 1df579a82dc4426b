// --verify-roundtrip reads the output back in a context of its own, as
// mlir-opt does: in the output's context, the resource key was taken and the
// copy's was renamed (blob1_1), so that no round trip of a dense_resource
// held.
// RUN: tile-opt %s --verify-roundtrip | FileCheck %s
// CHECK: arith.constant dense_resource<blob1> : tensor<2xi32>
// CHECK: blob1: "0x040000000100000002000000"
func.func @f() -> tensor<2xi32> {
  %0 = arith.constant dense_resource<blob1> : tensor<2xi32>
  return %0 : tensor<2xi32>
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}
