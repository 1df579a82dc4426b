// Device code that some GPU targets cannot compile; each chunk's kernel
// runs its function over a buffer.
func.func @fact(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %small = arith.cmpi sle, %n, %c1 : i32
  %r = scf.if %small -> i32 {
    scf.yield %c1 : i32
  } else {
    %m = arith.subi %n, %c1 : i32
    %f = func.call @fact(%m) : (i32) -> i32
    %p = arith.muli %n, %f : i32
    scf.yield %p : i32
  }
  return %r : i32
}
func.func @k(%A: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xi32>
  scf.forall (%b) in (%c1) {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %A[%i] : memref<?xi32>
      %f = func.call @fact(%v) : (i32) -> i32
      memref.store %f, %A[%i] : memref<?xi32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @abs(%x: f32) -> f32 {
  %zero = arith.constant 0.0 : f32
  %neg = arith.cmpf olt, %x, %zero : f32
  cf.cond_br %neg, ^flip, ^keep
^flip:
  %y = arith.negf %x : f32
  return %y : f32
^keep:
  return %x : f32
}
func.func @k(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (%c1) {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %A[%i] : memref<?xf32>
      %f = func.call @abs(%v) : (f32) -> f32
      memref.store %f, %A[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @round_bf16(%x: f32) -> f32 {
  %t = arith.truncf %x : f32 to bf16
  %e = arith.extf %t : bf16 to f32
  return %e : f32
}
func.func @k(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (%c1) {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %A[%i] : memref<?xf32>
      %f = func.call @round_bf16(%v) : (f32) -> f32
      memref.store %f, %A[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @wide(%x: f32) -> f32 {
  %q = arith.fptosi %x : f32 to i128
  %e = arith.sitofp %q : i128 to f32
  return %e : f32
}
func.func @k(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (%c1) {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %A[%i] : memref<?xf32>
      %f = func.call @wide(%v) : (f32) -> f32
      %u = arith.fptoui %f : f32 to i65
      %g = arith.uitofp %u : i65 to f32
      memref.store %g, %A[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
