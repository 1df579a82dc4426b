// RUN: tile-opt --tile-vulkan-kernel-abi --split-input-file --verify-diagnostics %s | FileCheck %s

// Buffers of dynamic shape become flat buffers (accesses linearised, sizes
// read from the argument buffer); scalars become words of the argument
// buffer, appended last; static buffers stay; argument i is binding i. The
// launch stores the words and collapses the buffers to match.
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf32>, %[[S:.*]]: memref<16xf32>, %[[N:.*]]: index, %[[X:.*]]: f32)
// CHECK: %[[W:.*]] = memref.alloca() : memref<4xi32>
// CHECK: llvm.call @tileRtVulkanIndexOutOfRange({{.*}}, %c-2_i32
// CHECK: %[[D0:.*]] = memref.dim %[[A]], %c0
// CHECK: arith.index_cast %[[D0]] : index to i32
// CHECK: memref.store %{{.*}}, %[[W]][%c0
// CHECK: memref.dim %[[A]], %c1
// CHECK: memref.store %{{.*}}, %[[W]][%c1
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[A]] {{\[\[}}0, 1]] : memref<?x?xf32> into memref<?xf32>
// CHECK: arith.index_cast %[[N]] : index to i32
// CHECK: memref.store %{{.*}}, %[[W]][%c2
// CHECK: arith.bitcast %[[X]] : f32 to i32
// CHECK: memref.store %{{.*}}, %[[W]][%c3
// CHECK: gpu.launch_func @k::@kernel {{.*}} args(%[[FLAT]] : memref<?xf32>, %[[S]] : memref<16xf32>, %[[W]] : memref<4xi32>)
// CHECK: gpu.func @kernel(%[[KA:[^:]*]]: memref<?xf32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}, %[[KS:[^:]*]]: memref<16xf32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}, %[[KW:[^:]*]]: memref<4xi32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 2)>})
// CHECK-DAG: %[[W1:.*]] = memref.load %[[KW]][%c1
// CHECK-DAG: %[[COLS:.*]] = arith.index_cast %[[W1]] : i32 to index
// CHECK-DAG: %[[W3:.*]] = memref.load %[[KW]][%c3
// CHECK-DAG: %[[XK:.*]] = arith.bitcast %[[W3]] : i32 to f32
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %[[COLS]]
// CHECK: %[[LIN:.*]] = arith.addi %[[ROW]]
// CHECK: memref.store %[[XK]], %[[KA]][%[[LIN]]] : memref<?xf32>
// CHECK: memref.load %[[KS]]
module attributes {gpu.container_module} {
  func.func @host(%A: memref<?x?xf32>, %S: memref<16xf32>, %n: index, %x: f32) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%A : memref<?x?xf32>, %S : memref<16xf32>, %n : index, %x : f32)
    return
  }
  gpu.module @k {
    gpu.func @kernel(%A: memref<?x?xf32>, %S: memref<16xf32>, %n: index, %x: f32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %i = gpu.thread_id x
      %cols = memref.dim %A, %c1 : memref<?x?xf32>
      %j = arith.remui %n, %cols : index
      memref.store %x, %A[%i, %j] : memref<?x?xf32>
      %v = memref.load %S[%c0] : memref<16xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @+1 {{'gpu.func' op takes a i64 argument; vulkan kernels take index, f16, f32 and integer scalars of at most 32 bits}}
    gpu.func @kernel(%x: i64) kernel {
      gpu.return
    }
  }
}

// -----

// A buffer of a strided layout becomes a flat buffer too: accesses go to
// offset + i * stride + j, the dynamic stride and offset read from words
// beside its sizes (a static stride stays a constant). The launch binds the
// elements from the view's base (memref.extract_strided_metadata) through
// the last one it reaches, after the checks of its strides, offset and
// span (codes -3, -4 and -5).
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[V:.*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>)
// CHECK: %[[W:.*]] = memref.alloca() : memref<4xi32>
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[V]]
// CHECK: llvm.call @tileRtVulkanIndexOutOfRange({{.*}}, %c-4_i32
// CHECK: llvm.call @tileRtVulkanIndexOutOfRange({{.*}}, %c-3_i32
// CHECK: llvm.call @tileRtVulkanIndexOutOfRange({{.*}}, %c-5_i32
// CHECK: arith.index_cast %[[STRIDES]]#0 : index to i32
// CHECK: memref.store %{{.*}}, %[[W]][%c2
// CHECK: arith.index_cast %[[OFF]] : index to i32
// CHECK: memref.store %{{.*}}, %[[W]][%c3
// CHECK: %[[SPAN:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<f32> to memref<?xf32>
// CHECK: gpu.launch_func @k::@kernel {{.*}} args(%[[SPAN]] : memref<?xf32>, %[[W]] : memref<4xi32>)
// CHECK: gpu.func @kernel(%[[KV:[^:]*]]: memref<?xf32> {{.*}}, %[[KW:[^:]*]]: memref<4xi32>
// CHECK-DAG: %[[W2:.*]] = memref.load %[[KW]][%c2
// CHECK-DAG: %[[STRIDE:.*]] = arith.index_cast %[[W2]] : i32 to index
// CHECK-DAG: %[[W3:.*]] = memref.load %[[KW]][%c3
// CHECK-DAG: %[[OFFSET:.*]] = arith.index_cast %[[W3]] : i32 to index
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %[[STRIDE]]
// CHECK: %[[AT:.*]] = arith.addi %[[OFFSET]], %[[ROW]]
// CHECK: %[[COL:.*]] = arith.muli %{{.*}}, %c1
// CHECK: %[[LIN:.*]] = arith.addi %[[AT]], %[[COL]]
// CHECK: memref.load %[[KV]][%[[LIN]]] : memref<?xf32>
module attributes {gpu.container_module} {
  func.func @host(%V: memref<?x?xf32, strided<[?, 1], offset: ?>>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%V : memref<?x?xf32, strided<[?, 1], offset: ?>>)
    return
  }
  gpu.module @k {
    gpu.func @kernel(%V: memref<?x?xf32, strided<[?, 1], offset: ?>>) kernel {
      %c0 = arith.constant 0 : index
      %i = gpu.thread_id x
      %v = memref.load %V[%i, %c0] : memref<?x?xf32, strided<[?, 1], offset: ?>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @+1 {{'gpu.func' op takes memref<8xf32, affine_map<(d0) -> (d0 mod 4)>>; vulkan kernels take buffers of the identity or a strided layout with int (8 bits or wider, or i1) or float elements (bf16 ones as their bits)}}
    gpu.func @kernel(%x: memref<8xf32, affine_map<(d0) -> (d0 mod 4)>>) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%x: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'memref.subview' op uses a kernel buffer of dynamic shape in a way the vulkan backend cannot flatten (only loads, stores, atomics and sizes)}}
      %v = memref.subview %x[0, 0] [1, 1] [1, 1] : memref<?x?xf32> to memref<1x1xf32, strided<[?, 1]>>
      gpu.return
    }
  }
}

// -----

// Index values travel as 32-bit words and kernels index buffers with 32
// bits: before the launch, each dynamic size, the element count of each
// flattened buffer and each index scalar is checked, and a value beyond
// 32 bits is reported to libtile_rt_vulkan (launch operand, dimension or
// -1 for a scalar or -2 for the element count, value), which refuses the
// launch. The report function is declared once, first in the module.
// CHECK: llvm.func @tileRtVulkanIndexOutOfRange(i32, i32, i64)
// CHECK-LABEL: func.func @checks
// CHECK-SAME: (%[[A:.*]]: memref<?x8xf32>, %[[N:.*]]: index)
// CHECK: %[[D:.*]] = memref.dim %[[A]], %c0
// CHECK: %[[D64:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: %[[BIG:.*]] = arith.cmpi sgt, %[[D64]], %c2147483647_i64
// CHECK: scf.if %[[BIG]] {
// CHECK: llvm.call @tileRtVulkanIndexOutOfRange(%c0_i32, %c0_i32{{.*}}, %[[D64]]) : (i32, i32, i64) -> ()
// CHECK: arith.muli {{.*}} %c8_i64
// CHECK: %[[MANY:.*]] = arith.cmpi sgt, %[[ELEMENTS:.*]], %c2147483647_i64
// CHECK: scf.if %[[MANY]] {
// CHECK: llvm.call @tileRtVulkanIndexOutOfRange(%c0_i32{{.*}}, %c-2_i32, %[[ELEMENTS]])
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[LOW:.*]] = arith.cmpi slt, %[[N64]], %c-2147483648_i64
// CHECK: %[[HIGH:.*]] = arith.cmpi sgt, %[[N64]], %c2147483647_i64
// CHECK: %[[OUT:.*]] = arith.ori %[[LOW]], %[[HIGH]]
// CHECK: scf.if %[[OUT]] {
// CHECK: llvm.call @tileRtVulkanIndexOutOfRange(%c1_i32, %c-1_i32, %[[N64]])
// CHECK: gpu.launch_func
// CHECK-NOT: llvm.func @tileRtVulkanIndexOutOfRange
module attributes {gpu.container_module} {
  func.func @checks(%A: memref<?x8xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%A : memref<?x8xf32>, %n : index)
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%A : memref<?x8xf32>, %n : index)
    return
  }
  gpu.module @k {
    gpu.func @kernel(%A: memref<?x8xf32>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %x = arith.constant 1.0 : f32
      memref.store %x, %A[%n, %c0] : memref<?x8xf32>
      gpu.return
    }
  }
}

// -----

// A kernel that starts with an op that flattening erases (the metadata of
// its first buffer): the words of the buffers after it were read in before
// that op, once erased (freed memory; a crash with MALLOC_PERTURB_).
// CHECK-LABEL: gpu.func @metadata_first
// CHECK-SAME: %[[W:[^:]*]]: memref<6xi32>
// CHECK: %[[COLS:.*]] = arith.index_cast
// CHECK-NOT: memref.extract_strided_metadata
// CHECK: arith.remui %{{.*}}, %{{.*}} : index
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @metadata_first(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index, %x: f32) kernel {
      %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %A : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
      %i = gpu.thread_id x
      %j = arith.remui %n, %sz#1 : index
      memref.store %x, %B[%i, %j] : memref<?x?xf32>
      gpu.return
    }
  }
}
