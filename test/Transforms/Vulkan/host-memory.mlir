// tile-vulkan-host-memory: host code's GPU memory ops become host memory
// ops on vulkan, whose kernels get host buffers (the Vulkan runtime has no
// mgpuMemAlloc, mgpuMemcpy or mgpuMemset: host codegen failed on them).
// RUN: tile-opt --split-input-file --pass-pipeline='builtin.module(func.func(tile-vulkan-host-memory))' %s | FileCheck %s

// CHECK-LABEL: func.func @sync
// CHECK-SAME: (%[[A:.+]]: memref<4xf32>, %[[N:.+]]: index)
// CHECK: %[[T:.+]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK: %[[S:.+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT: memref.store %{{.+}}, %[[S]][%[[I]]] : memref<4xf32>
// CHECK: memref.copy %[[A]], %[[S]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: memref.dealloc %[[S]] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %[[T]] : memref<?xf32>
// CHECK-NOT: gpu.
// CHECK: return
func.func @sync(%A: memref<4xf32>, %n: index) {
  %f = arith.constant 2.5 : f32
  %T = gpu.alloc (%n) : memref<?xf32>
  %S = gpu.alloc host_shared () : memref<4xf32>
  gpu.memset %S, %f : memref<4xf32>, f32
  gpu.memcpy %S, %A : memref<4xf32>, memref<4xf32>
  gpu.dealloc %S : memref<4xf32>
  gpu.dealloc %T : memref<?xf32>
  %u = memref.cast %A : memref<4xf32> to memref<*xf32>
  gpu.host_register %u : memref<*xf32>
  gpu.host_unregister %u : memref<*xf32>
  return
}

// -----

// Each async op first waits for its dependencies, but for fresh tokens
// (done when made); a token something uses becomes a fresh one, and fresh
// tokens left without uses go.
// CHECK-LABEL: func.func @async
// CHECK-SAME: (%[[DEP:.+]]: !gpu.async.token)
// CHECK-NEXT: arith.constant
// CHECK-NEXT: gpu.wait [%[[DEP]]]
// CHECK-NEXT: %[[B:.+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NOT: gpu.wait
// CHECK: memref.store
// CHECK-NOT: gpu.wait
// CHECK: memref.dealloc %[[B]] : memref<4xf32>
// CHECK-NEXT: %[[DONE:.+]] = gpu.wait async
// CHECK-NEXT: return %[[DONE]]
func.func @async(%dep: !gpu.async.token) -> !gpu.async.token {
  %f = arith.constant 1.5 : f32
  %B, %t1 = gpu.alloc async [%dep] () : memref<4xf32>
  %t0 = gpu.wait async
  %t2 = gpu.memset async [%t1, %t0] %B, %f : memref<4xf32>, f32
  %t3 = gpu.dealloc async [%t2] %B : memref<4xf32>
  return %t3 : !gpu.async.token
}

// -----

// Kernels' code and the gpu.module are left alone.
// CHECK-LABEL: gpu.module @kernels
// CHECK: gpu.func @k
// CHECK-NEXT: gpu.alloc
gpu.module @kernels {
  gpu.func @k() kernel {
    %T = gpu.alloc () : memref<4xf32>
    gpu.return
  }
}
