// Functions whose kernels call helper functions (each its own, and one
// they share) that canonicalize changes: the checks a kernel's lowering
// repeats must not read the helpers while other threads rewrite them.
func.func private @shared_helper(%x: f32) -> f32 {
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %s = arith.addf %c1, %c2 : f32
  %y = arith.mulf %x, %s : f32
  return %y : f32
}
func.func private @helper0(%x: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 1 : index
  %j = arith.addi %c0, %k : index
  %v = arith.index_cast %j : index to i32
  %w = arith.sitofp %v : i32 to f32
  %z = arith.addf %x, %w : f32
  %y = func.call @shared_helper(%z) : (f32) -> f32
  return %y : f32
}
func.func @kernels0(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (2) {
    scf.forall (%t) in (32) {
      %i = arith.addi %b, %t : index
      %x = memref.load %A[%i] : memref<?xf32>
      %y = func.call @helper0(%x, %t) : (f32, index) -> f32
      memref.store %y, %A[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
func.func private @helper1(%x: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 2 : index
  %j = arith.addi %c0, %k : index
  %v = arith.index_cast %j : index to i32
  %w = arith.sitofp %v : i32 to f32
  %z = arith.addf %x, %w : f32
  %y = func.call @shared_helper(%z) : (f32) -> f32
  return %y : f32
}
func.func @kernels1(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (3) {
    scf.forall (%t) in (64) {
      %i = arith.addi %b, %t : index
      %x = memref.load %A[%i] : memref<?xf32>
      %y = func.call @helper1(%x, %t) : (f32, index) -> f32
      memref.store %y, %A[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func private @helper2(%x: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 3 : index
  %j = arith.addi %c0, %k : index
  %v = arith.index_cast %j : index to i32
  %w = arith.sitofp %v : i32 to f32
  %z = arith.addf %x, %w : f32
  %y = func.call @shared_helper(%z) : (f32) -> f32
  return %y : f32
}
func.func @kernels2(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (4) {
    scf.forall (%t) in (96) {
      %i = arith.addi %b, %t : index
      %x = memref.load %A[%i] : memref<?xf32>
      %y = func.call @helper2(%x, %t) : (f32, index) -> f32
      memref.store %y, %A[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 96 : i64}
  return
}
func.func private @helper3(%x: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 4 : index
  %j = arith.addi %c0, %k : index
  %v = arith.index_cast %j : index to i32
  %w = arith.sitofp %v : i32 to f32
  %z = arith.addf %x, %w : f32
  %y = func.call @shared_helper(%z) : (f32) -> f32
  return %y : f32
}
func.func @kernels3(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (5) {
    scf.forall (%t) in (128) {
      %i = arith.addi %b, %t : index
      %x = memref.load %A[%i] : memref<?xf32>
      %y = func.call @helper3(%x, %t) : (f32, index) -> f32
      memref.store %y, %A[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
func.func private @helper4(%x: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 5 : index
  %j = arith.addi %c0, %k : index
  %v = arith.index_cast %j : index to i32
  %w = arith.sitofp %v : i32 to f32
  %z = arith.addf %x, %w : f32
  %y = func.call @shared_helper(%z) : (f32) -> f32
  return %y : f32
}
func.func @kernels4(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (6) {
    scf.forall (%t) in (32) {
      %i = arith.addi %b, %t : index
      %x = memref.load %A[%i] : memref<?xf32>
      %y = func.call @helper4(%x, %t) : (f32, index) -> f32
      memref.store %y, %A[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
func.func private @helper5(%x: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 6 : index
  %j = arith.addi %c0, %k : index
  %v = arith.index_cast %j : index to i32
  %w = arith.sitofp %v : i32 to f32
  %z = arith.addf %x, %w : f32
  %y = func.call @shared_helper(%z) : (f32) -> f32
  return %y : f32
}
func.func @kernels5(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (7) {
    scf.forall (%t) in (64) {
      %i = arith.addi %b, %t : index
      %x = memref.load %A[%i] : memref<?xf32>
      %y = func.call @helper5(%x, %t) : (f32, index) -> f32
      memref.store %y, %A[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func private @helper6(%x: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 7 : index
  %j = arith.addi %c0, %k : index
  %v = arith.index_cast %j : index to i32
  %w = arith.sitofp %v : i32 to f32
  %z = arith.addf %x, %w : f32
  %y = func.call @shared_helper(%z) : (f32) -> f32
  return %y : f32
}
func.func @kernels6(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (96) {
      %i = arith.addi %b, %t : index
      %x = memref.load %A[%i] : memref<?xf32>
      %y = func.call @helper6(%x, %t) : (f32, index) -> f32
      memref.store %y, %A[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 96 : i64}
  return
}
func.func private @helper7(%x: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 8 : index
  %j = arith.addi %c0, %k : index
  %v = arith.index_cast %j : index to i32
  %w = arith.sitofp %v : i32 to f32
  %z = arith.addf %x, %w : f32
  %y = func.call @shared_helper(%z) : (f32) -> f32
  return %y : f32
}
func.func @kernels7(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (9) {
    scf.forall (%t) in (128) {
      %i = arith.addi %b, %t : index
      %x = memref.load %A[%i] : memref<?xf32>
      %y = func.call @helper7(%x, %t) : (f32, index) -> f32
      memref.store %y, %A[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
