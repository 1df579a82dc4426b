// RUN: tile-opt --split-input-file --tile-cpu-outline-kernels %s | FileCheck %s

// Each kernel of a function with several moves into a private function of
// its own, called where it was: values from outside become arguments, in
// order of first use; constants are copied in.
// CHECK-LABEL: func.func @two(
// CHECK-SAME:    %[[X:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[S:.*]]: f32)
// CHECK:         %[[M:.*]] = arith.muli %[[N]], %{{.*}} : index
// CHECK-NEXT:    call @two_kernel(%[[N]], %[[S]], %[[X]]) : (index, f32, memref<?xf32>) -> ()
// CHECK-NEXT:    call @two_kernel_0(%[[M]], %[[X]]) : (index, memref<?xf32>) -> ()
// CHECK-NEXT:    return
// CHECK:       func.func private @two_kernel(%[[N1:.*]]: index, %[[S1:.*]]: f32, %[[X1:.*]]: memref<?xf32>)
// CHECK:         scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[N1]])
// CHECK:           memref.store %[[S1]], %[[X1]]
// CHECK:         return
// CHECK:       func.func private @two_kernel_0(%[[M2:.*]]: index, %[[X2:.*]]: memref<?xf32>)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         scf.parallel (%{{.*}}) = (%[[C0]]) to (%[[M2]])
// CHECK:           memref.store %{{.*}}, %[[X2]]
// CHECK:         return
func.func @two(%X: memref<?xf32>, %n: index, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = arith.muli %n, %c2 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %s, %X[%i] : memref<?xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    %v = memref.load %X[%i] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %X[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// A function with one kernel keeps it: its translation is linear already.
// CHECK-LABEL: func.func @one(
// CHECK:         scf.parallel
// CHECK-NOT:   call
// CHECK-NOT:   func.func private
func.func @one(%X: memref<?xf32>, %n: index, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %s, %X[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// A name that is taken is made unique; kernels nested in other control flow
// take its values as arguments too.
// CHECK-LABEL: func.func @nest(
// CHECK:         scf.for %[[T:.*]] =
// CHECK-NEXT:      call @nest_kernel_0(%[[T]], %[[X:.*]]) :
// CHECK-NEXT:      call @nest_kernel_1(%[[T]], %[[N:.*]], %[[X]]) :
// CHECK:       func.func private @nest_kernel_0(
// CHECK:       func.func private @nest_kernel_1(
func.func @nest(%X: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %t = %c0 to %n step %c1 {
    scf.parallel (%i) = (%c0) to (%t) step (%c1) {
      %f = arith.index_cast %i : index to i32
      %v = arith.sitofp %f : i32 to f32
      memref.store %v, %X[%i] : memref<?xf32>
      scf.reduce
    }
    scf.parallel (%i) = (%t) to (%n) step (%c1) {
      %v = memref.load %X[%i] : memref<?xf32>
      memref.store %v, %X[%t] : memref<?xf32>
      scf.reduce
    }
  }
  return
}
func.func private @nest_kernel()
