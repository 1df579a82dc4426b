// Two-dimensional vector transfers that run past their buffer on some rows
// and columns, in kernel code: each thread reads a 2x3 window at (q, p) and
// a 3x2 window at (p, q) of A (lanes outside A read the pad, -1), multiplies
// them with vector.contract, writes the 2x2 product at (1, 1) of a 3x3
// array of its own (the lanes past its edge are dropped) and stores a
// weighted sum of that array.
func.func @transfers(%A: memref<16x16xf32>, %C: memref<256xf32>) {
  scf.forall (%bk) in (2) {
    scf.forall (%th) in (128) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c128 = arith.constant 128 : index
      %base = arith.muli %bk, %c128 : index
      %i = arith.addi %base, %th : index
      %q = arith.remui %i, %c16 : index
      %p = arith.divui %i, %c16 : index
      %pad = arith.constant -1.0 : f32
      %a = vector.transfer_read %A[%q, %p], %pad : memref<16x16xf32>, vector<2x3xf32>
      %b = vector.transfer_read %A[%p, %q], %pad : memref<16x16xf32>, vector<3x2xf32>
      %zero = arith.constant dense<0.0> : vector<2x2xf32>
      %m = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %zero : vector<2x3xf32>, vector<3x2xf32> into vector<2x2xf32>
      %own = memref.alloca() : memref<3x3xf32>
      %z = arith.constant 0.0 : f32
      %c3 = arith.constant 3 : index
      scf.for %r = %c0 to %c3 step %c1 {
        scf.for %s = %c0 to %c3 step %c1 {
          memref.store %z, %own[%r, %s] : memref<3x3xf32>
        }
      }
      vector.transfer_write %m, %own[%c1, %c1] : vector<2x2xf32>, memref<3x3xf32>
      %sum = scf.for %r = %c0 to %c3 step %c1 iter_args(%acc = %z) -> f32 {
        %row = scf.for %s = %c0 to %c3 step %c1 iter_args(%acc2 = %acc) -> f32 {
          %v = memref.load %own[%r, %s] : memref<3x3xf32>
          %w = arith.muli %r, %c3 : index
          %w1 = arith.addi %w, %s : index
          %w2 = arith.addi %w1, %c1 : index
          %wi = arith.index_cast %w2 : index to i32
          %wf = arith.sitofp %wi : i32 to f32
          %t = arith.mulf %v, %wf : f32
          %n = arith.addf %acc2, %t : f32
          scf.yield %n : f32
        }
        scf.yield %row : f32
      }
      memref.store %sum, %C[%i] : memref<256xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// The same, element by element with explicit bounds checks.
func.func private @element(%A: memref<16x16xf32>, %r: index, %c: index) -> f32 {
  %c16 = arith.constant 16 : index
  %in_r = arith.cmpi ult, %r, %c16 : index
  %in_c = arith.cmpi ult, %c, %c16 : index
  %in = arith.andi %in_r, %in_c : i1
  %v = scf.if %in -> f32 {
    %x = memref.load %A[%r, %c] : memref<16x16xf32>
    scf.yield %x : f32
  } else {
    %pad = arith.constant -1.0 : f32
    scf.yield %pad : f32
  }
  return %v : f32
}

func.func @transfers_ref(%A: memref<16x16xf32>, %C: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c256 step %c1 {
    %q = arith.remui %i, %c16 : index
    %p = arith.divui %i, %c16 : index
    // own[1 + u][1 + v] = sum_k a[u][k] * b[k][v] for u, v < 2 with
    // 1 + u, 1 + v < 3: only (u, v) = (0, 0), (0, 1), (1, 0), (1, 1) all fit.
    %sum = scf.for %u = %c0 to %c2 step %c1 iter_args(%acc = %z) -> f32 {
      %row = scf.for %v = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> f32 {
        %dot = scf.for %k = %c0 to %c3 step %c1 iter_args(%d = %z) -> f32 {
          %ar = arith.addi %q, %u : index
          %ac = arith.addi %p, %k : index
          %x = func.call @element(%A, %ar, %ac) : (memref<16x16xf32>, index, index) -> f32
          %br = arith.addi %p, %k : index
          %bc = arith.addi %q, %v : index
          %y = func.call @element(%A, %br, %bc) : (memref<16x16xf32>, index, index) -> f32
          %xy = arith.mulf %x, %y : f32
          %d2 = arith.addf %d, %xy : f32
          scf.yield %d2 : f32
        }
        %r = arith.addi %u, %c1 : index
        %s = arith.addi %v, %c1 : index
        %w = arith.muli %r, %c3 : index
        %w1 = arith.addi %w, %s : index
        %w2 = arith.addi %w1, %c1 : index
        %wi = arith.index_cast %w2 : index to i32
        %wf = arith.sitofp %wi : i32 to f32
        %t = arith.mulf %dot, %wf : f32
        %n = arith.addf %acc2, %t : f32
        scf.yield %n : f32
      }
      scf.yield %row : f32
    }
    memref.store %sum, %C[%i] : memref<256xf32>
  }
  return
}
