// RUN: tile-opt --split-input-file --verify-diagnostics --tile-expand-atomics %s | FileCheck %s

// Atomic updates of a thread's own memory become a load, the update and a
// store, whatever their kind: a float multiplication, a generic update of
// a float and an integer multiplication among them (MLIR 22 lowers the
// first two nowhere).
// CHECK-LABEL: func.func @private
// CHECK-NOT: atomic
// CHECK: %[[A:.*]] = memref.alloca() : memref<4xf32>
// CHECK: %[[V:.*]] = memref.subview %[[A]]
// CHECK: %[[OLD:.*]] = memref.load %[[V]][%{{.*}}] : memref<2xf32, strided<[1], offset: 1>>
// CHECK: %[[NEW:.*]] = arith.mulf %[[OLD]], %{{.*}} : f32
// CHECK: memref.store %[[NEW]], %[[V]][%{{.*}}] : memref<2xf32, strided<[1], offset: 1>>
// CHECK: %[[G:.*]] = memref.load %[[A]][%{{.*}}] : memref<4xf32>
// CHECK: %[[SQ:.*]] = arith.mulf %[[G]], %[[G]] : f32
// CHECK: memref.store %[[SQ]], %[[A]][%{{.*}}] : memref<4xf32>
// CHECK: %[[I:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<2xi32, #gpu.address_space<private>>
// CHECK: arith.muli %[[I]], %{{.*}} : i32
// CHECK: memref.store
// CHECK: memref.store %[[OLD]], %{{.*}}
// CHECK: memref.store %[[G]], %{{.*}}
// CHECK-NOT: atomic
func.func @private(%O: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %three = arith.constant 3.0 : f32
  %five = arith.constant 5 : i32
  scf.forall (%b) in (4) {
    %l = "tile.alloc"() : () -> memref<2xi32, #gpu.address_space<private>>
    scf.forall (%t) in (32) {
      %a = memref.alloca() : memref<4xf32>
      %view = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
      %old = memref.atomic_rmw mulf %three, %view[%c0] : (f32, memref<2xf32, strided<[1], offset: 1>>) -> f32
      %g = memref.generic_atomic_rmw %a[%c1] : memref<4xf32> {
      ^bb0(%cur: f32):
        %sq = arith.mulf %cur, %cur : f32
        memref.atomic_yield %sq : f32
      }
      %i = memref.atomic_rmw muli %five, %l[%c0] : (i32, memref<2xi32, #gpu.address_space<private>>) -> i32
      memref.store %old, %O[%t] : memref<?xf32>
      memref.store %g, %O[%t] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// An alloca outside the grid of blocks is shared by the blocks (host
// threads on the cpu): its updates stay atomic.
// CHECK-LABEL: func.func @shared
// CHECK: memref.atomic_rmw addf
// CHECK: memref.generic_atomic_rmw
// CHECK: arith.muli
func.func @shared(%O: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5 : i32
  %a = memref.alloca() : memref<1xf32>
  %n = memref.alloca() : memref<1xi32>
  scf.forall (%b) in (4) {
    %old = memref.atomic_rmw addf %one, %a[%c0] : (f32, memref<1xf32>) -> f32
    %g = memref.generic_atomic_rmw %n[%c0] : memref<1xi32> {
    ^bb0(%cur: i32):
      %sq = arith.muli %cur, %cur : i32
      memref.atomic_yield %sq : i32
    }
    %i = memref.atomic_rmw muli %five, %n[%c0] : (i32, memref<1xi32>) -> i32
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  %x = memref.load %a[%c0] : memref<1xf32>
  memref.store %x, %O[%c0] : memref<?xf32>
  return
}

// -----

// So is one outside an scf.parallel or an scf.forall of no kernel; a float
// update that cannot be atomic is reported.
func.func @parallel(%O: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloca() : memref<1xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    // expected-error @+1 {{multiplies floats atomically, which the cpu target cannot compile}}
    %m = memref.atomic_rmw mulf %one, %a[%c0] : (f32, memref<1xf32>) -> f32
  }
  scf.forall (%i) in (4) {
    // expected-error @+1 {{multiplies floats atomically, which the cpu target cannot compile}}
    %m = memref.atomic_rmw mulf %one, %a[%c0] : (f32, memref<1xf32>) -> f32
  }
  return
}
