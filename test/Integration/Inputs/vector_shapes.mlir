// Vector ops of several dimensions that MLIR 22's lowering to LLVM missed or
// mishandled (tile-expand-vectors), in a host function (@host) and in a
// kernel (@kernel) that compute the same thing, each block of 4 rows and 8
// columns of A at (i, j):
//   B = erf(v) + w + u + 0.5 * t[r]   with
//     v = vector.load A[i, j] (4x8), w = vector.maskedload of rows < 3 and
//     columns < 5 (-1 elsewhere), u = a 4x8 transfer_read with element
//     (r, c) replaced (vector.insert at a dynamic position) by v[r', c']
//     (vector.extract at a dynamic position), t[r] = row r of u taken at a
//     dynamic position before the insert;
//   C = v where rows < 2 and columns < 7 (vector.maskedstore, 4x8);
//   D = v with row r replaced by row r' of A's block (a row inserted at a
//     dynamic position), through vector.store of 4x8;
//   E[i, j] = A[i, j] where i % 8 < 4, else 7 (a masked transfer_read of
//     rank 0), written with a masked transfer_write of rank 0 where i % 3
//     is not 0.
// r = (i / 4) % 4, c = (i / 4 + j) % 8, r' = (r + 1) % 4, c' = (c + 3) % 8.
// @ref computes the same element by element.

func.func @host(%A: memref<?x16xf32>, %B: memref<?x16xf32>,
                %C: memref<?x16xf32>, %D: memref<?x16xf32>,
                %E: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %n = memref.dim %A, %c0 : memref<?x16xf32>
  scf.for %i = %c0 to %n step %c4 {
    scf.for %j = %c0 to %c16 step %c8 {
      func.call @block(%A, %B, %C, %D, %E, %i, %j)
          : (memref<?x16xf32>, memref<?x16xf32>, memref<?x16xf32>,
             memref<?x16xf32>, memref<?x16xf32>, index, index) -> ()
    }
  }
  return
}

func.func @kernel(%A: memref<?x16xf32>, %B: memref<?x16xf32>,
                  %C: memref<?x16xf32>, %D: memref<?x16xf32>,
                  %E: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %n = memref.dim %A, %c0 : memref<?x16xf32>
  %blocks = arith.ceildivui %n, %c4 : index
  scf.forall (%b) in (%blocks) {
    scf.forall (%t) in (2) {
      %i = arith.muli %b, %c4 : index
      %j = arith.muli %t, %c8 : index
      func.call @block(%A, %B, %C, %D, %E, %i, %j)
          : (memref<?x16xf32>, memref<?x16xf32>, memref<?x16xf32>,
             memref<?x16xf32>, memref<?x16xf32>, index, index) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 2 : i64}
  return
}

func.func private @block(%A: memref<?x16xf32>, %B: memref<?x16xf32>,
                         %C: memref<?x16xf32>, %D: memref<?x16xf32>,
                         %E: memref<?x16xf32>, %i: index, %j: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %half = arith.constant dense<0.5> : vector<4x8xf32>
  %q = arith.divui %i, %c4 : index
  %r = arith.remui %q, %c4 : index
  %qj = arith.addi %q, %j : index
  %c = arith.remui %qj, %c8 : index
  %r1 = arith.addi %r, %c1 : index
  %rr = arith.remui %r1, %c4 : index
  %c3c = arith.addi %c, %c3 : index
  %cc = arith.remui %c3c, %c8 : index

  %v = vector.load %A[%i, %j] : memref<?x16xf32>, vector<4x8xf32>
  %wmask = vector.create_mask %c3, %c5 : vector<4x8xi1>
  %minus = arith.constant dense<-1.0> : vector<4x8xf32>
  %w = vector.maskedload %A[%i, %j], %wmask, %minus
      : memref<?x16xf32>, vector<4x8xi1>, vector<4x8xf32> into vector<4x8xf32>
  %t = vector.transfer_read %A[%i, %j], %pad {in_bounds = [true, true]}
      : memref<?x16xf32>, vector<4x8xf32>
  %s = vector.extract %v[%rr, %cc] : f32 from vector<4x8xf32>
  %u = vector.insert %s, %t[%r, %c] : f32 into vector<4x8xf32>
  %row = vector.extract %v[%r] : vector<8xf32> from vector<4x8xf32>
  %rows = vector.broadcast %row : vector<8xf32> to vector<4x8xf32>
  %e = math.erf %v : vector<4x8xf32>
  %b0 = arith.addf %e, %w : vector<4x8xf32>
  %b1 = arith.addf %b0, %u : vector<4x8xf32>
  %b2 = arith.mulf %rows, %half : vector<4x8xf32>
  %b3 = arith.addf %b1, %b2 : vector<4x8xf32>
  vector.store %b3, %B[%i, %j] : memref<?x16xf32>, vector<4x8xf32>

  %cmask = vector.create_mask %c2, %c7 : vector<4x8xi1>
  vector.maskedstore %C[%i, %j], %cmask, %v
      : memref<?x16xf32>, vector<4x8xi1>, vector<4x8xf32>

  %other = vector.extract %v[%rr] : vector<8xf32> from vector<4x8xf32>
  %d = vector.insert %other, %v[%r] : vector<8xf32> into vector<4x8xf32>
  vector.store %d, %D[%i, %j] : memref<?x16xf32>, vector<4x8xf32>

  %i8 = arith.remui %i, %c8 : index
  %low = arith.cmpi ult, %i8, %c4 : index
  %rmask = vector.broadcast %low : i1 to vector<1xi1>
  %seven = arith.constant 7.0 : f32
  %x = vector.transfer_read %A[%i, %j], %seven, %rmask
      : memref<?x16xf32>, vector<f32>
  %i3 = arith.remui %i, %c3 : index
  %zero = arith.constant 0 : index
  %write = arith.cmpi ne, %i3, %zero : index
  %wm = vector.broadcast %write : i1 to vector<1xi1>
  vector.transfer_write %x, %E[%i, %j], %wm : vector<f32>, memref<?x16xf32>
  return
}

func.func @ref(%A: memref<?x16xf32>, %B: memref<?x16xf32>,
               %C: memref<?x16xf32>, %D: memref<?x16xf32>,
               %E: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %minus = arith.constant -1.0 : f32
  %half = arith.constant 0.5 : f32
  %seven = arith.constant 7.0 : f32
  %n = memref.dim %A, %c0 : memref<?x16xf32>
  scf.for %i = %c0 to %n step %c4 {
    scf.for %j = %c0 to %c16 step %c8 {
      %q = arith.divui %i, %c4 : index
      %r = arith.remui %q, %c4 : index
      %qj = arith.addi %q, %j : index
      %c = arith.remui %qj, %c8 : index
      %r1 = arith.addi %r, %c1 : index
      %rr = arith.remui %r1, %c4 : index
      %c3c = arith.addi %c, %c3 : index
      %cc = arith.remui %c3c, %c8 : index
      %si = arith.addi %i, %rr : index
      %sj = arith.addi %j, %cc : index
      %s = memref.load %A[%si, %sj] : memref<?x16xf32>
      scf.for %a = %c0 to %c4 step %c1 {
        scf.for %k = %c0 to %c8 step %c1 {
          %y = arith.addi %i, %a : index
          %x = arith.addi %j, %k : index
          %v = memref.load %A[%y, %x] : memref<?x16xf32>
          %ra = arith.cmpi ult, %a, %c3 : index
          %rk = arith.cmpi ult, %k, %c5 : index
          %in = arith.andi %ra, %rk : i1
          %w = arith.select %in, %v, %minus : f32
          %ar = arith.cmpi eq, %a, %r : index
          %kc = arith.cmpi eq, %k, %c : index
          %at = arith.andi %ar, %kc : i1
          %u = arith.select %at, %s, %v : f32
          %ry = arith.addi %i, %r : index
          %t = memref.load %A[%ry, %x] : memref<?x16xf32>
          %e = math.erf %v : f32
          %b0 = arith.addf %e, %w : f32
          %b1 = arith.addf %b0, %u : f32
          %b2 = arith.mulf %t, %half : f32
          %b3 = arith.addf %b1, %b2 : f32
          memref.store %b3, %B[%y, %x] : memref<?x16xf32>

          %ca = arith.cmpi ult, %a, %c2 : index
          %ck = arith.cmpi ult, %k, %c7 : index
          %cin = arith.andi %ca, %ck : i1
          scf.if %cin {
            memref.store %v, %C[%y, %x] : memref<?x16xf32>
          }

          %oy = arith.addi %i, %rr : index
          %o = memref.load %A[%oy, %x] : memref<?x16xf32>
          %dv = arith.select %ar, %o, %v : f32
          memref.store %dv, %D[%y, %x] : memref<?x16xf32>
        }
      }
      %i8 = arith.remui %i, %c8 : index
      %low = arith.cmpi ult, %i8, %c4 : index
      %a0 = memref.load %A[%i, %j] : memref<?x16xf32>
      %ex = arith.select %low, %a0, %seven : f32
      %i3 = arith.remui %i, %c3 : index
      %write = arith.cmpi ne, %i3, %c0 : index
      scf.if %write {
        memref.store %ex, %E[%i, %j] : memref<?x16xf32>
      }
    }
  }
  return
}
