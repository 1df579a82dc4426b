// Loops that carry values and may make no iteration (loop-results.test).

// Every thread sums 7 n times onto its id + 7: with n = 0 the result is
// its id + 7.
func.func @sum(%out: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %seven = arith.constant 7 : i32
  %size = memref.dim %out, %c0 : memref<?xi32>
  %blocks = arith.ceildivui %size, %c64 : index
  scf.forall (%b) in (%blocks) {
    %o = arith.muli %b, %c64 : index
    scf.parallel (%t) = (%c0) to (%c64) step (%c1) {
      %i = arith.addi %o, %t : index
      %in = arith.cmpi ult, %i, %size : index
      scf.if %in {
        %id = arith.index_cast %i : index to i32
        %init = arith.addi %id, %seven : i32
        %r = scf.for %k = %c0 to %n step %c1 iter_args(%a = %init) -> i32 {
          %a1 = arith.addi %a, %seven : i32
          scf.yield %a1 : i32
        }
        memref.store %r, %out[%i] : memref<?xi32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// An inner loop of (outer step mod 3) iterations, which makes none at
// every third outer step, after runs that did: its result then is its
// initial value, not what the previous run left.
func.func @nested(%out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %half = arith.constant 0.5 : f32
  %size = memref.dim %out, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %size, %c64 : index
  scf.forall (%b) in (%blocks) {
    %o = arith.muli %b, %c64 : index
    scf.parallel (%t) = (%c0) to (%c64) step (%c1) {
      %i = arith.addi %o, %t : index
      %in = arith.cmpi ult, %i, %size : index
      scf.if %in {
        %id = arith.index_cast %i : index to i32
        %x0 = arith.sitofp %id : i32 to f32
        %r = scf.for %s = %c0 to %n step %c1 iter_args(%acc = %x0) -> f32 {
          %trips = arith.remui %s, %c3 : index
          %inner = scf.for %k = %c0 to %trips step %c1 iter_args(%a = %acc) -> f32 {
            %a1 = arith.addf %a, %half : f32
            scf.yield %a1 : f32
          }
          %next = arith.mulf %inner, %half : f32
          scf.yield %next : f32
        }
        memref.store %r, %out[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @nested_ref(%out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %half = arith.constant 0.5 : f32
  %size = memref.dim %out, %c0 : memref<?xf32>
  scf.for %i = %c0 to %size step %c1 {
    %id = arith.index_cast %i : index to i32
    %x0 = arith.sitofp %id : i32 to f32
    %r = scf.for %s = %c0 to %n step %c1 iter_args(%acc = %x0) -> f32 {
      %trips = arith.remui %s, %c3 : index
      %inner = scf.for %k = %c0 to %trips step %c1 iter_args(%a = %acc) -> f32 {
        %a1 = arith.addf %a, %half : f32
        scf.yield %a1 : f32
      }
      %next = arith.mulf %inner, %half : f32
      scf.yield %next : f32
    }
    memref.store %r, %out[%i] : memref<?xf32>
  }
  return
}

// The same sum in an affine.for, which lower-affine makes an scf.for
// late in the pipeline.
func.func @affine_sum(%out: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %seven = arith.constant 7 : i32
  %size = memref.dim %out, %c0 : memref<?xi32>
  %blocks = arith.ceildivui %size, %c64 : index
  scf.forall (%b) in (%blocks) {
    %o = arith.muli %b, %c64 : index
    scf.parallel (%t) = (%c0) to (%c64) step (%c1) {
      %i = arith.addi %o, %t : index
      %in = arith.cmpi ult, %i, %size : index
      scf.if %in {
        %id = arith.index_cast %i : index to i32
        %init = arith.addi %id, %seven : i32
        %r = affine.for %k = 0 to %n iter_args(%a = %init) -> i32 {
          %a1 = arith.addi %a, %seven : i32
          affine.yield %a1 : i32
        }
        memref.store %r, %out[%i] : memref<?xi32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
