// RUN: tile-opt --split-input-file --tile-cpu-kernels %s | FileCheck %s

// The kernel grid becomes an scf.parallel over its blocks (host threads run
// blocks); thread-parallel loops become sequential loops over the whole
// tile; pipelined loops lose their stage attributes.
// CHECK-LABEL: func.func @grid
// CHECK-SAME:    (%[[X:.*]]: memref<?x?xf32>, %[[N:.*]]: index)
// CHECK:         scf.parallel (%[[BY:.*]], %[[BX:.*]]) = (%{{.*}}, %{{.*}}) to (%[[N]], %{{.*}}) step (%{{.*}}, %{{.*}}) {
// CHECK:           scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             scf.for %[[I:.*]] = %{{.*}} to %c16 step %{{.*}} {
// CHECK-NEXT:          scf.for %[[J:.*]] = %{{.*}} to %c32 step %{{.*}} {
// CHECK-NEXT:            memref.load %[[X]][%[[I]], %[[J]]]
// CHECK:               }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NOT:       tile.num_stages
// CHECK:           scf.reduce
// CHECK-NOT:     scf.forall
// CHECK-NOT:     mapping
// CHECK-NOT:     tile.threads
func.func @grid(%X: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f32
  scf.forall (%by, %bx) in (%n, 8) {
    scf.for %t = %c0 to %c4 step %c1 {
      scf.forall (%i, %j) in (16, 32) {
        %x = memref.load %X[%i, %j] : memref<?x?xf32>
        %y = arith.mulf %x, %two : f32
        memref.store %y, %X[%i, %j] : memref<?x?xf32>
      }
    } {tile.num_stages = 2 : i64, tile.order = array<i64>, tile.stage = array<i64>}
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// Bounds and steps of thread-parallel loops are kept, for scf.forall and
// scf.parallel alike.
// CHECK-LABEL: func.func @bounds
// CHECK:         scf.parallel
// CHECK:           scf.for %{{.*}} = %c2{{.*}} to %c10 step %c4 {
// CHECK:           scf.for %{{.*}} = %c1 to %c9 step %c2 {
// CHECK:           scf.reduce
func.func @bounds(%X: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c9 = arith.constant 9 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (3) {
    scf.forall (%i) = (2) to (10) step (4) {
      memref.store %zero, %X[%i] : memref<?xf32>
    }
    scf.parallel (%i) = (%c1) to (%c9) step (%c2) {
      memref.store %zero, %X[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// A block's buffers live on the stack of the host thread that runs it;
// beyond stack-limit-kib (2 MiB by default) they move to the heap for the
// block's lifetime.
// CHECK-LABEL: func.func @large_block
// CHECK:         scf.parallel
// CHECK-NEXT:      %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1024x1024xf32>
// CHECK-NEXT:      %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK:           memref.dealloc %[[T]]
// CHECK-NEXT:      memref.dealloc %[[S]]
// CHECK-NEXT:      scf.reduce
// CHECK-LABEL: func.func @small_block
// CHECK:         scf.parallel
// CHECK-NEXT:      memref.alloca() {alignment = 64 : i64} : memref<256x256xf32>
// CHECK-NOT:       memref.dealloc
func.func @large_block(%X: memref<?x?xf32>) {
  scf.forall (%b) in (4) {
    %t = memref.alloca() {alignment = 64 : i64} : memref<1024x1024xf32>
    %s = memref.alloca() {alignment = 64 : i64} : memref<16xf32>
    %c0 = arith.constant 0 : index
    %v = memref.load %t[%b, %c0] : memref<1024x1024xf32>
    memref.store %v, %s[%c0] : memref<16xf32>
    memref.store %v, %X[%b, %c0] : memref<?x?xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
func.func @small_block(%X: memref<?x?xf32>) {
  scf.forall (%b) in (4) {
    %t = memref.alloca() {alignment = 64 : i64} : memref<256x256xf32>
    %c0 = arith.constant 0 : index
    %v = memref.load %t[%b, %c0] : memref<256x256xf32>
    memref.store %v, %X[%b, %c0] : memref<?x?xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
