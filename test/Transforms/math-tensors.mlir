// RUN: tile-opt --tile-vulkan-math %s | FileCheck %s

// tile-vulkan-math rewrites math ops of scalars and vectors (kernels'
// values); math ops that make tensors are left alone (it built casts of
// the wrong shape for them, which the verifier refused).
// CHECK-LABEL: func.func @tensors
// CHECK: math.ctlz %arg0 : tensor<4xi8>
// CHECK: math.ctpop %arg1 : tensor<4xi32>
// CHECK: math.exp %arg2 : tensor<4xf32>
// CHECK-NOT: spirv.
func.func @tensors(%a: tensor<4xi8>, %b: tensor<4xi32>, %c: tensor<4xf32>) -> (tensor<4xi8>, tensor<4xi32>, tensor<4xf32>) {
  %x = math.ctlz %a : tensor<4xi8>
  %y = math.ctpop %b : tensor<4xi32>
  %z = math.exp %c : tensor<4xf32>
  return %x, %y, %z : tensor<4xi8>, tensor<4xi32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @vectors
// CHECK: math.ctlz %{{.*}} : vector<4xi32>
// CHECK: spirv.BitCount
func.func @vectors(%a: vector<4xi8>, %b: vector<4xi32>) -> (vector<4xi8>, vector<4xi32>) {
  %x = math.ctlz %a : vector<4xi8>
  %y = math.ctpop %b : vector<4xi32>
  return %x, %y : vector<4xi8>, vector<4xi32>
}

// RUN: tile-opt --tile-math-expand="ops=absi,ipowi,isinf" %s | FileCheck %s --check-prefix=EXPAND
// tile-math-expand, likewise: its formulas build scalar and vector
// constants.
// EXPAND-LABEL: func.func @expand_tensors
// EXPAND: math.absi %arg0 : tensor<4xi8>
// EXPAND: math.ipowi %arg0, %arg0 : tensor<4xi8>
// EXPAND: math.isinf %arg1 : tensor<4xf32>
func.func @expand_tensors(%t: tensor<4xi8>, %u: tensor<4xf32>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi1>) {
  %a = math.absi %t : tensor<4xi8>
  %b = math.ipowi %t, %t : tensor<4xi8>
  %c = math.isinf %u : tensor<4xf32>
  return %a, %b, %c : tensor<4xi8>, tensor<4xi8>, tensor<4xi1>
}
