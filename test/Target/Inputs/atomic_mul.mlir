// Atomic multiplication: each block's threads multiply slots of C by
// elements of A (memref.atomic_rmw muli, a compare-and-swap loop on the
// targets that lower through LLVM), against a plain loop; then the
// atomic updates of floats that MLIR 22 cannot lower.
func.func @k(%A: memref<?xi32>, %C: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %N = memref.dim %A, %c0 : memref<?xi32>
  %blocks = arith.ceildivui %N, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (64) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %x = memref.load %A[%idx] : memref<?xi32>
        %slot = arith.andi %idx, %c3 : index
        %old = memref.atomic_rmw muli %x, %C[%slot] : (i32, memref<4xi32>) -> i32
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @k_ref(%A: memref<?xi32>, %C: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %N = memref.dim %A, %c0 : memref<?xi32>
  scf.for %idx = %c0 to %N step %c1 {
    %x = memref.load %A[%idx] : memref<?xi32>
    %slot = arith.andi %idx, %c3 : index
    %c = memref.load %C[%slot] : memref<4xi32>
    %p = arith.muli %c, %x : i32
    memref.store %p, %C[%slot] : memref<4xi32>
  }
  return
}

func.func @float_mul(%A: memref<?xf32>, %C: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %x = memref.load %A[%b] : memref<?xf32>
    %old = memref.atomic_rmw mulf %x, %C[%c0] : (f32, memref<4xf32>) -> f32
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @float_generic(%A: memref<?xf32>, %C: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %x = memref.load %A[%b] : memref<?xf32>
    %old = memref.generic_atomic_rmw %C[%c0] : memref<4xf32> {
    ^bb0(%cur: f32):
      %new = arith.subf %cur, %x : f32
      memref.atomic_yield %new : f32
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @int_xor(%A: memref<?xi32>, %C: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %x = memref.load %A[%b] : memref<?xi32>
    %old = memref.atomic_rmw xori %x, %C[%c0] : (i32, memref<4xi32>) -> i32
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
