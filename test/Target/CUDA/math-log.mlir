// RUN: tile-opt --pass-pipeline='builtin.module(gpu.module(tile-cuda-math))' %s | FileCheck %s

// log and log2 are lg2.approx with a change of base, except between 0.5
// and 2, where lg2.approx is accurate to an absolute error only (2^-22;
// log(1 + 1e-6) would lose a fifth of its digits): there they are log1p's
// series of x - 1 (2 atanh(s), s = d / (2 + d)), scaled by 1 / ln 2 for
// log2. f16 is computed in f32.
// CHECK-LABEL: gpu.func @logs
// CHECK: %[[LG:.*]] = llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"(%arg0)
// CHECK: %[[FAR:.*]] = arith.mulf %[[LG]], %{{.*}} : f32
// CHECK: %[[D:.*]] = arith.subf %arg0, %{{.*}} : f32
// CHECK: arith.cmpf ogt, %arg0, %{{.*}} : f32
// CHECK: arith.cmpf olt, %arg0, %{{.*}} : f32
// CHECK: %[[NEAR:.*]] = arith.andi
// CHECK: %[[S:.*]] = arith.divf %[[D]], %{{.*}} : f32
// CHECK: math.fma
// CHECK: %[[SERIES:.*]] = arith.mulf %[[S]], %{{.*}} : f32
// CHECK: arith.select %[[NEAR]], %[[SERIES]], %[[FAR]] : f32
// CHECK: %[[LG2:.*]] = llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"(%arg0)
// CHECK: math.fma
// CHECK: %[[SERIES2:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[SCALED:.*]] = arith.mulf %[[SERIES2]], %{{.*}} : f32
// CHECK: arith.select %{{.*}}, %[[SCALED]], %[[LG2]] : f32
// CHECK: %[[H:.*]] = arith.extf %arg1 : f16 to f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"(%[[H]])
// CHECK: arith.select
// CHECK: arith.truncf %{{.*}} : f32 to f16
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @logs(%x: f32, %h: f16, %out: memref<3xf32>, %outh: memref<1xf16>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = math.log %x : f32
      %b = math.log2 %x : f32
      %c = math.log %h : f16
      memref.store %a, %out[%c0] : memref<3xf32>
      memref.store %b, %out[%c1] : memref<3xf32>
      memref.store %c, %outh[%c0] : memref<1xf16>
      gpu.return
    }
  }
}
