// RUN: tile-opt --tile-vulkan-math %s | FileCheck %s

// tile-vulkan-math computes math.exp of f32 and f16 as 2^n exp(r) with
// exp(r) a polynomial (GLSL's exp is exp2(x log2 e) at f32 precision)
// unless its fastmath flags allow an approximation (afn, or fast).

// CHECK-LABEL: func.func @accurate
// CHECK-NOT: math.exp
// CHECK: math.roundeven
// CHECK: arith.fptosi
// CHECK-NOT: math.exp
// CHECK: return
func.func @accurate(%x: f32, %v: vector<4xf32>, %h: f16, %n: f32) -> (f32, vector<4xf32>, f16, f32) {
  %a = math.exp %x : f32
  %b = math.exp %v : vector<4xf32>
  %c = math.exp %h : f16
  %d = math.exp %n fastmath<nnan,ninf> : f32
  return %a, %b, %c, %d : f32, vector<4xf32>, f16, f32
}

// CHECK-LABEL: func.func @approximate
// CHECK-NEXT: math.exp %arg0 fastmath<afn> : f32
// CHECK-NEXT: math.exp %arg0 fastmath<nnan,afn> : f32
// CHECK-NEXT: math.exp %arg0 fastmath<fast> : f32
// CHECK-NEXT: return
func.func @approximate(%x: f32) -> (f32, f32, f32) {
  %a = math.exp %x fastmath<afn> : f32
  %b = math.exp %x fastmath<nnan,afn> : f32
  %c = math.exp %x fastmath<fast> : f32
  return %a, %b, %c : f32, f32, f32
}

// The exp of sinh's formula is taken too.
// CHECK-LABEL: func.func @sinh
// CHECK-NOT: math.exp
// CHECK: return
func.func @sinh(%x: f32) -> f32 {
  %a = math.sinh %x : f32
  return %a : f32
}
