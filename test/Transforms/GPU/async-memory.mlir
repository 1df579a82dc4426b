// tile-gpu-async-memory: gpu-to-llvm lowers host gpu.alloc, gpu.dealloc,
// gpu.memcpy and gpu.memset only async with one dependency (a host_shared
// allocation only synchronously). Synchronous ones wait on their own stream;
// async ones get one dependency.
// RUN: tile-opt --tile-gpu-async-memory %s | FileCheck %s

// CHECK-LABEL: func.func @sync
// CHECK: %[[S0:.*]] = gpu.wait async
// CHECK-NEXT: %[[M:.*]], %[[T0:.*]] = gpu.alloc async [%[[S0]]] (%{{.*}}) : memref<?xf32>
// CHECK-NEXT: gpu.wait [%[[T0]]]
// CHECK-NEXT: %[[H:.*]] = gpu.alloc host_shared () : memref<4xf32>
// CHECK-NEXT: %[[S1:.*]] = gpu.wait async
// CHECK-NEXT: %[[T1:.*]] = gpu.memcpy async [%[[S1]]] %[[M]], %arg0
// CHECK-NEXT: gpu.wait [%[[T1]]]
// CHECK-NEXT: %[[S2:.*]] = gpu.wait async
// CHECK-NEXT: %[[T2:.*]] = gpu.memset async [%[[S2]]] %[[H]], %{{.*}} : memref<4xf32>, f32
// CHECK-NEXT: gpu.wait [%[[T2]]]
// CHECK-NEXT: %[[S3:.*]] = gpu.wait async
// CHECK-NEXT: %[[T3:.*]] = gpu.dealloc async [%[[S3]]] %[[M]] : memref<?xf32>
// CHECK-NEXT: gpu.wait [%[[T3]]]
func.func @sync(%A: memref<?xf32>, %n: index) {
  %f = arith.constant 2.5 : f32
  %M = gpu.alloc (%n) : memref<?xf32>
  %H = gpu.alloc host_shared () : memref<4xf32>
  gpu.memcpy %M, %A : memref<?xf32>, memref<?xf32>
  gpu.memset %H, %f : memref<4xf32>, f32
  gpu.dealloc %M : memref<?xf32>
  gpu.dealloc %H : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @async
// CHECK: %[[A:.*]] = gpu.wait async
// CHECK-NEXT: %[[B:.*]] = gpu.wait async
// CHECK-NEXT: %[[NONE:.*]] = gpu.wait async
// CHECK-NEXT: %{{.*}} = gpu.memcpy async [%[[NONE]]] %arg1, %arg0
// CHECK-NEXT: %[[BOTH:.*]] = gpu.wait async [%[[A]], %[[B]]]
// CHECK-NEXT: %[[T:.*]] = gpu.memset async [%[[BOTH]]] %arg1
// CHECK-NEXT: %{{.*}} = gpu.memcpy async [%[[T]]] %arg0, %arg1
func.func @async(%A: memref<4xf32>, %B: memref<4xf32>) {
  %f = arith.constant 2.5 : f32
  %a = gpu.wait async
  %b = gpu.wait async
  %t0 = gpu.memcpy async %B, %A : memref<4xf32>, memref<4xf32>
  %t1 = gpu.memset async [%a, %b] %B, %f : memref<4xf32>, f32
  %t2 = gpu.memcpy async [%t1] %A, %B : memref<4xf32>, memref<4xf32>
  gpu.wait [%t0, %t2]
  return
}
