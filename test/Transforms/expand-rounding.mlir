// RUN: tile-opt --tile-expand-rounding %s | FileCheck %s

// A vector truncf with a rounding mode becomes a truncf to nearest and its
// correction, lane by lane; one to nearest even is left as it is; a tensor
// (no kernel's value) is left alone.
// CHECK-LABEL: func.func @modes
// CHECK: %[[R:.*]] = arith.truncf %arg0 : vector<4xf32> to vector<4xf16>
// CHECK: %[[BACK:.*]] = arith.extf %[[R]] : vector<4xf16> to vector<4xf32>
// CHECK: arith.bitcast %[[R]] : vector<4xf16> to vector<4xi16>
// CHECK-NOT: toward_zero
// CHECK: arith.truncf %arg0 to_nearest_even : vector<4xf32> to vector<4xf16>
// CHECK: arith.truncf %arg1 toward_zero : tensor<4xf32> to tensor<4xf16>
func.func @modes(%v: vector<4xf32>, %t: tensor<4xf32>) -> (vector<4xf16>, vector<4xf16>, tensor<4xf16>) {
  %a = arith.truncf %v toward_zero : vector<4xf32> to vector<4xf16>
  %b = arith.truncf %v to_nearest_even : vector<4xf32> to vector<4xf16>
  %c = arith.truncf %t toward_zero : tensor<4xf32> to tensor<4xf16>
  return %a, %b, %c : vector<4xf16>, vector<4xf16>, tensor<4xf16>
}

// Integers of more than 24 bits to bf16: the magnitude to f32 rounded to
// odd, the sign, then a truncf to nearest. Narrower integers (exact in
// f32) and conversions to f16 are left.
// CHECK-LABEL: func.func @wide_to_bf16
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %arg0, %{{.*}} : i32
// CHECK: %[[MAG:.*]] = arith.select %[[NEG]], %{{.*}}, %arg0 : i32
// CHECK: %[[F:.*]] = arith.uitofp %[[MAG]] : i32 to f32
// CHECK: %[[BACK:.*]] = arith.fptoui %{{.*}} : f32 to i32
// CHECK: arith.cmpi eq, %[[BACK]], %[[MAG]] : i32
// CHECK: %[[ODD:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: arith.truncf %[[ODD]] : f32 to bf16
// CHECK: arith.uitofp %{{.*}} : vector<2xi64> to vector<2xf32>
// CHECK: arith.truncf %{{.*}} : vector<2xf32> to vector<2xbf16>
// CHECK: arith.sitofp %arg2 : i16 to bf16
// CHECK: arith.sitofp %arg0 : i32 to f16
func.func @wide_to_bf16(%x: i32, %v: vector<2xi64>, %s: i16) -> (bf16, vector<2xbf16>, bf16, f16) {
  %a = arith.sitofp %x : i32 to bf16
  %b = arith.uitofp %v : vector<2xi64> to vector<2xbf16>
  %c = arith.sitofp %s : i16 to bf16
  %d = arith.sitofp %x : i32 to f16
  return %a, %b, %c, %d : bf16, vector<2xbf16>, bf16, f16
}

// f64 to bf16 and f16: f32 rounded to odd (the last bit set where the
// truncf was inexact, after a step back towards zero where it went away
// from zero), then a truncf to nearest. A truncf with a mode from f64
// rounds to nearest that way before its correction. f64 to f32 and f32 to
// f16 are left.
// CHECK-LABEL: func.func @f64_to_half
// CHECK: %[[T:.*]] = arith.truncf %arg0 : f64 to f32
// CHECK: %[[BACK:.*]] = arith.extf %[[T]] : f32 to f64
// CHECK: arith.cmpf one, %[[BACK]], %arg0 : f64
// CHECK: %[[ODD:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: arith.truncf %[[ODD]] : f32 to bf16
// CHECK: arith.truncf %arg1 : vector<2xf64> to vector<2xf32>
// CHECK: arith.truncf %{{.*}} : vector<2xf32> to vector<2xf16>
// CHECK: arith.truncf %arg0 : f64 to f32
// CHECK: %[[R:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK: arith.extf %[[R]] : f16 to f64
// CHECK-NOT: toward_zero
// CHECK: arith.truncf %arg0 : f64 to f32
// CHECK: arith.truncf %arg2 : f32 to f16
// CHECK-NOT: arith.truncf
func.func @f64_to_half(%x: f64, %v: vector<2xf64>, %y: f32) -> (bf16, vector<2xf16>, f16, f32, f16) {
  %a = arith.truncf %x : f64 to bf16
  %b = arith.truncf %v : vector<2xf64> to vector<2xf16>
  %c = arith.truncf %x toward_zero : f64 to f16
  %d = arith.truncf %x : f64 to f32
  %e = arith.truncf %y : f32 to f16
  return %a, %b, %c, %d, %e : bf16, vector<2xf16>, f16, f32, f16
}
