// RUN: tile-opt --tile-cuda-symbol-names %s | FileCheck %s

// Names that PTX does not take: other characters become '_', a name that
// starts with a digit (or is '_' alone) gets '_' in front, a name taken
// gets a number; calls in the module and the host's launches follow.
// Names PTX takes ('$', '_' first) stay.

// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @"k-mod"::@vector_add_v2_kernel
// CHECK: gpu.launch_func @"k-mod"::@_9k
// CHECK: gpu.launch_func @"k-mod"::@a$b
// CHECK: gpu.launch_func @"k-mod"::@_x
// CHECK: gpu.module @"k-mod"
// CHECK: gpu.func @vector_add_v2_kernel
// CHECK: func.call @helper_f_1
// CHECK: gpu.func @_9k
// CHECK: gpu.func @a$b
// CHECK: gpu.func @_x
// CHECK: func.func private @helper_f(
// CHECK: func.func private @helper_f_1(
// CHECK: func.func private @__(
module attributes {gpu.container_module} {
  func.func @host() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @"k-mod"::@"vector-add.v2_kernel" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @"k-mod"::@"9k" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @"k-mod"::@"a$b" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @"k-mod"::@_x blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @"k-mod" {
    gpu.func @"vector-add.v2_kernel"() kernel {
      %x = arith.constant 1.0 : f32
      %y = func.call @"helper.f"(%x) : (f32) -> f32
      gpu.return
    }
    gpu.func @"9k"() kernel {
      gpu.return
    }
    gpu.func @"a$b"() kernel {
      gpu.return
    }
    gpu.func @_x() kernel {
      gpu.return
    }
    func.func private @helper_f(%x: f32) -> f32 {
      return %x : f32
    }
    func.func private @"helper.f"(%x: f32) -> f32 {
      %y = arith.addf %x, %x : f32
      return %y : f32
    }
    func.func private @"_"() {
      return
    }
  }
}
