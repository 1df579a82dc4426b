gpu.module @kernels {
  gpu.func @add(%a: f32, %b: f32) kernel {
    %c = arith.addf %a, %b : f32
    gpu.return
  }
}
