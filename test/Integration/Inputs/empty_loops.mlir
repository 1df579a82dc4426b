// Loops of kernels that run no iteration, or as many as their bounds say:
// A[i] *= 2 for every i the loops reach. @threads runs a thread-parallel
// loop of %m iterations in one block, and one from %m to 8 by 2; @grid
// runs %m blocks of 4 threads; @static_empty a grid of (0) and one of (-3)
// blocks. %m may be 0 or negative: scf.forall runs no iteration where
// ub <= lb. The references compute the same with scf.for.
func.func @threads(%A: memref<?xf32>, %m: index) {
  scf.forall (%b) in (1) {
    scf.forall (%t) in (%m) {
      func.call @double(%A, %t) : (memref<?xf32>, index) -> ()
    }
    scf.forall (%t) = (%m) to (8) step (2) {
      %c16 = arith.constant 16 : index
      %i = arith.addi %t, %c16 : index
      func.call @double(%A, %i) : (memref<?xf32>, index) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @grid(%A: memref<?xf32>, %m: index) {
  scf.forall (%b) in (%m) {
    scf.forall (%t) in (4) {
      %c4 = arith.constant 4 : index
      %f = arith.muli %b, %c4 : index
      %i = arith.addi %f, %t : index
      func.call @double(%A, %i) : (memref<?xf32>, index) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}

func.func @static_empty(%A: memref<?xf32>, %m: index) {
  scf.forall (%b) in (0) {
    scf.forall (%t) in (4) {
      func.call @double(%A, %t) : (memref<?xf32>, index) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  scf.forall (%b) in (-3) {
    scf.forall (%t) in (4) {
      func.call @double(%A, %t) : (memref<?xf32>, index) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}

func.func private @double(%A: memref<?xf32>, %i: index) {
  %x = memref.load %A[%i] : memref<?xf32>
  %y = arith.addf %x, %x : f32
  memref.store %y, %A[%i] : memref<?xf32>
  return
}

func.func @threads_ref(%A: memref<?xf32>, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  scf.for %t = %c0 to %m step %c1 {
    func.call @double(%A, %t) : (memref<?xf32>, index) -> ()
  }
  scf.for %t = %m to %c8 step %c2 {
    %i = arith.addi %t, %c16 : index
    func.call @double(%A, %i) : (memref<?xf32>, index) -> ()
  }
  return
}

func.func @grid_ref(%A: memref<?xf32>, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = arith.muli %m, %c4 : index
  scf.for %i = %c0 to %n step %c1 {
    func.call @double(%A, %i) : (memref<?xf32>, index) -> ()
  }
  return
}

func.func @static_empty_ref(%A: memref<?xf32>, %m: index) {
  return
}
