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
