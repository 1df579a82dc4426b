// tile-gpu-host-buffers: a buffer that host code allocates and a kernel of
// the same function uses becomes device memory (gpu.alloc, async form
// later), or managed memory where host code also touches it; a constant
// global is copied there for the block that reads it; registered host
// memory stays. Before, a memref.alloc or global reached the kernel as a
// host pointer (an illegal address on the GPU).
// RUN: tile-opt --split-input-file --tile-gpu-host-buffers=target=cuda %s | FileCheck %s

// CHECK-LABEL: func.func @scratch
// CHECK-NOT: memref.alloc
// CHECK: %[[T:.*]] = gpu.alloc (%{{.*}}) : memref<?x64xf32>
// CHECK: scf.forall
// CHECK: memref.store {{.*}}, %[[T]]
// CHECK: memref.load %[[T]]
// CHECK: gpu.dealloc %[[T]] : memref<?x64xf32>
// CHECK-NOT: memref.dealloc
func.func @scratch(%A: memref<?x64xf32>, %C: memref<?x64xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?x64xf32>
  %T = memref.alloc(%n) : memref<?x64xf32>
  scf.forall (%b) in (%n) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%b, %i] : memref<?x64xf32>
      memref.store %x, %T[%b, %i] : memref<?x64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  scf.forall (%b) in (%n) {
    scf.forall (%i) in (64) {
      %x = memref.load %T[%b, %i] : memref<?x64xf32>
      memref.store %x, %C[%b, %i] : memref<?x64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  memref.dealloc %T : memref<?x64xf32>
  return
}

// -----

// A view of the buffer reaches the kernel, and host code writes the buffer
// first: managed memory.
// CHECK-LABEL: func.func @host_writes
// CHECK: %[[T:.*]] = gpu.alloc host_shared () : memref<8x8xf32>
// CHECK: linalg.fill {{.*}} outs(%[[T]] : memref<8x8xf32>)
// CHECK: memref.subview %[[T]]
func.func @host_writes(%C: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %T = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%one : f32) outs(%T : memref<8x8xf32>)
  %row = memref.subview %T[2, 0] [1, 4] [1, 1] : memref<8x8xf32> to memref<4xf32, strided<[1], offset: 16>>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %x = memref.load %row[%i] : memref<4xf32, strided<[1], offset: 16>>
      memref.store %x, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}

// -----

// Registered host memory, a buffer no kernel uses and a kernel's own
// allocation stay as they are.
// CHECK-LABEL: func.func @unchanged
// CHECK-NOT: gpu.alloc
// CHECK: gpu.host_register
// CHECK-NOT: gpu.alloc
func.func @unchanged(%C: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %R = memref.alloc() : memref<4xf32>
  %cast = memref.cast %R : memref<4xf32> to memref<*xf32>
  gpu.host_register %cast : memref<*xf32>
  %H = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%H : memref<4xf32>)
  scf.forall (%b) in (1) {
    %K = memref.alloc() : memref<4xf32>
    scf.forall (%i) in (4) {
      %x = memref.load %R[%i] : memref<4xf32>
      memref.store %x, %K[%i] : memref<4xf32>
      memref.store %x, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}

// -----

// gpu.launch bodies are kernels too; a buffer passed to a call is managed
// memory.
// CHECK-LABEL: func.func @launch
// CHECK: %[[T:.*]] = gpu.alloc host_shared () : memref<4xf32>
// CHECK: call @fill(%[[T]])
// CHECK: gpu.launch
func.func private @fill(memref<4xf32>)
func.func @launch(%C: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %T = memref.alloc() : memref<4xf32>
  call @fill(%T) : (memref<4xf32>) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %e = memref.load %T[%tx] : memref<4xf32>
    memref.store %e, %C[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}

// -----

// A constant global, read by a kernel in a host loop: copied into device
// memory in each iteration, freed at its end.
// CHECK-LABEL: func.func @constant_global
// CHECK: scf.for
// CHECK-NEXT: %[[G:.*]] = memref.get_global @table
// CHECK-NEXT: %[[D:.*]] = gpu.alloc () : memref<4xf32>
// CHECK-NEXT: gpu.memcpy %[[D]], %[[G]]
// CHECK: memref.load %[[D]]
// CHECK: gpu.dealloc %[[D]]
// CHECK-NEXT: }
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @constant_global(%C: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %k = %c0 to %c3 step %c1 {
    %T = memref.get_global @table : memref<4xf32>
    scf.forall (%b) in (1) {
      scf.forall (%i) in (4) {
        %x = memref.load %T[%i] : memref<4xf32>
        memref.store %x, %C[%i] : memref<4xf32>
      }
    } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  }
  return
}

// -----

// A constant global in the entry block whose uses reach other blocks: its
// copy is freed before each return.
// CHECK-LABEL: func.func @global_blocks
// CHECK: %[[G:.*]] = memref.get_global @table
// CHECK-NEXT: %[[D:.*]] = gpu.alloc () : memref<4xf32>
// CHECK-NEXT: gpu.memcpy %[[D]], %[[G]]
// CHECK: ^bb1:
// CHECK: memref.load %[[D]]
// CHECK: gpu.dealloc %[[D]]
// CHECK-NEXT: return
// CHECK: ^bb2:
// CHECK-NEXT: gpu.dealloc %[[D]]
// CHECK-NEXT: return
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @global_blocks(%C: memref<4xf32>, %flag: i1) {
  %T = memref.get_global @table : memref<4xf32>
  cf.cond_br %flag, ^a, ^b
^a:
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %x = memref.load %T[%i] : memref<4xf32>
      memref.store %x, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
^b:
  return
}

// -----

// A buffer passed to a function that launches kernels, directly or through
// another call, is managed memory (the callee's host code may read it
// too); one passed to a function of host code alone stays host memory.
// CHECK-LABEL: func.func @through_calls
// CHECK: %[[T:.*]] = gpu.alloc host_shared () : memref<4xf32>
// CHECK-NEXT: %[[U:.*]] = gpu.alloc host_shared () : memref<4xf32>
// CHECK-NEXT: %[[H:.*]] = memref.alloc() : memref<4xf32>
// CHECK: call @launch(%[[T]], %{{.*}})
// CHECK-NEXT: call @relay(%[[U]], %{{.*}})
// CHECK-NEXT: call @on_host(%[[H]])
// CHECK-NEXT: gpu.dealloc %[[T]]
// CHECK-NEXT: gpu.dealloc %[[U]]
// CHECK-NEXT: memref.dealloc %[[H]]
func.func private @launch(%T: memref<4xf32>, %C: memref<4xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %x = memref.load %T[%i] : memref<4xf32>
      memref.store %x, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}
func.func private @relay(%T: memref<4xf32>, %C: memref<4xf32>) {
  call @launch(%T, %C) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}
func.func private @on_host(%T: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %T[%c0] : memref<4xf32>
  return
}
func.func @through_calls(%C: memref<4xf32>) {
  %T = memref.alloc() : memref<4xf32>
  %U = memref.alloc() : memref<4xf32>
  %H = memref.alloc() : memref<4xf32>
  call @launch(%T, %C) : (memref<4xf32>, memref<4xf32>) -> ()
  call @relay(%U, %C) : (memref<4xf32>, memref<4xf32>) -> ()
  call @on_host(%H) : (memref<4xf32>) -> ()
  memref.dealloc %T : memref<4xf32>
  memref.dealloc %U : memref<4xf32>
  memref.dealloc %H : memref<4xf32>
  return
}

// -----

// A choice between buffers (arith.select) reads neither: it is followed
// like a view, so the buffer chosen for a kernel, or for a function that
// launches one, becomes device memory. An argument chosen was reported as
// read by host code.
// CHECK-LABEL: func.func @select_for_kernel(
// CHECK-SAME:    %[[C:[^:]*]]: memref<64xf32>
// CHECK:         %[[T:.*]] = gpu.alloc () : memref<64xf32>
// CHECK:         arith.select %{{.*}}, %[[T]], %[[C]] : memref<64xf32>
// CHECK:         gpu.dealloc %[[T]]
// CHECK-LABEL: func.func @select_for_call(
// CHECK:         %[[U:.*]] = gpu.alloc host_shared () : memref<64xf32>
// CHECK:         arith.select %{{.*}}, %[[U]], %{{.*}} : memref<64xf32>
// CHECK:         gpu.dealloc %[[U]]
func.func private @fill_kernel(%S: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      memref.store %one, %S[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @select_for_kernel(%C: memref<64xf32>, %flag: i1) {
  %T = memref.alloc() : memref<64xf32>
  %S = arith.select %flag, %T, %C : memref<64xf32>
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      memref.store %one, %S[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  memref.dealloc %T : memref<64xf32>
  return
}
func.func @select_for_call(%C: memref<64xf32>, %flag: i1) {
  %U = memref.alloc() : memref<64xf32>
  %S = arith.select %flag, %U, %C : memref<64xf32>
  func.call @fill_kernel(%S) : (memref<64xf32>) -> ()
  memref.dealloc %U : memref<64xf32>
  return
}

// -----

// A buffer of gpu.alloc that a call returns is device memory: nothing to
// report, nothing changed.
// CHECK-LABEL: func.func private @make_device(
// CHECK:         gpu.alloc () : memref<64xf32>
// CHECK-LABEL: func.func @returned_device(
// CHECK:         call @make_device()
func.func private @make_device() -> memref<64xf32> {
  %a = gpu.alloc () : memref<64xf32>
  return %a : memref<64xf32>
}
func.func @returned_device() {
  %b = func.call @make_device() : () -> memref<64xf32>
  %v = arith.constant 1.0 : f32
  scf.forall (%bb) in (1) {
    scf.forall (%i) in (64) {
      memref.store %v, %b[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  gpu.dealloc %b : memref<64xf32>
  return
}

// -----

// A func.constant's value called with a buffer calls the function it
// names: a function that launches kernels takes the buffer, as through a
// call by name (managed memory: its host code may read it).
// CHECK-LABEL: func.func @by_value(
// CHECK:         %[[U:.*]] = gpu.alloc host_shared () : memref<64xf32>
// CHECK:         call_indirect %{{.*}}(%[[U]])
// CHECK:         gpu.dealloc %[[U]]
func.func private @fill_by_value(%S: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      memref.store %one, %S[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @by_value() {
  %U = memref.alloc() : memref<64xf32>
  %f = func.constant @fill_by_value : (memref<64xf32>) -> ()
  func.call_indirect %f(%U) : (memref<64xf32>) -> ()
  memref.dealloc %U : memref<64xf32>
  return
}
