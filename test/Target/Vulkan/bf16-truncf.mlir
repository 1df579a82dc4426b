// RUN: tile-opt --tile-vulkan-bf16 --verify-diagnostics %s -o /dev/null

// tile-vulkan-bf16 rounds f32 to bf16 to nearest even: a truncf that says
// so is kept like one that does not (it was refused as having a rounding
// mode); f64 and other modes, which tile-expand-rounding rewrites earlier
// in the vulkan pipeline, are refused when the pass runs alone.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%A: memref<4xf64>, %C: memref<4xf32>, %B: memref<4xbf16>) kernel {
      %i = arith.constant 0 : index
      %x = memref.load %A[%i] : memref<4xf64>
      %y = memref.load %C[%i] : memref<4xf32>
      // expected-error @+1 {{'arith.truncf' op rounds to bf16 from a type other than f32}}
      %a = arith.truncf %x : f64 to bf16
      %b = arith.truncf %y to_nearest_even : f32 to bf16
      // expected-error @+1 {{rounds to bf16 from f32 with a rounding mode}}
      %c = arith.truncf %y toward_zero : f32 to bf16
      memref.store %a, %B[%i] : memref<4xbf16>
      memref.store %b, %B[%i] : memref<4xbf16>
      memref.store %c, %B[%i] : memref<4xbf16>
      gpu.return
    }
  }
}
