// tile-rocm-private-allocas: an llvm.alloca of device code in the generic
// address space becomes one in the private address space (5), cast back to
// a generic pointer for its users; one already in an address space of its
// own, and host code, are left alone.
// RUN: tile-opt --pass-pipeline='builtin.module(gpu.module(tile-rocm-private-allocas))' %s | FileCheck %s

// CHECK-LABEL: llvm.func @k
// CHECK: %[[N:.*]] = llvm.mlir.constant(8 : i64)
// CHECK: %[[P:.*]] = llvm.alloca %[[N]] x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr<5>
// CHECK: %[[G:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr<5> to !llvm.ptr
// CHECK: llvm.store %{{.*}}, %[[G]]
// CHECK: llvm.load %[[G]]
// CHECK: llvm.alloca %[[N]] x i32 : (i64) -> !llvm.ptr<5>
// CHECK-NOT: llvm.addrspacecast
// CHECK: llvm.return
gpu.module @m {
  llvm.func @k(%v: f32, %i: i64) -> f32 {
    %n = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.alloca %n x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
    %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v, %p : f32, !llvm.ptr
    %r = llvm.load %p : !llvm.ptr -> f32
    %s = llvm.alloca %n x i32 : (i64) -> !llvm.ptr<5>
    llvm.return %r : f32
  }
}

// CHECK-LABEL: llvm.func @host
// CHECK: llvm.alloca %{{.*}} x f32 : (i64) -> !llvm.ptr
// CHECK-NOT: addrspacecast
llvm.func @host(%n: i64) {
  %p = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
  llvm.return
}
