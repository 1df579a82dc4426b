func.func @f() -> tensor<4xf32> {
  %0 = arith.constant dense_resource<blob1> : tensor<4xf32>
  return %0 : tensor<4xf32>
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x001000000000803F000000400000404000008040"
    }
  }
#-}
