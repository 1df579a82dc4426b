// Vector memory ops with masks, offsets and bounds in a kernel; one thread
// per row i of the results (Inputs/vector_memory.py has what each lane
// must hold). A holds N values (N >= 8).
//   R[i, 0:4]   transfer_read A[i], padding -1 (lanes past N read -1)
//   R[i, 4:8]   maskedload A[min(i, N - 4)], the first i % 5 lanes, else 2
//   R[i, 8:12]  gather A[0 + (i % N, 2i % N, (3i + 1) % N, N - 1 - i % N)]
//               under mask (1, i even, 1, i % 3 == 0), else 7
//   R[i, 12:14] transfer_read A[i % N] broadcast to 2 lanes
//   R[i, 14:16] transfer_read A[i % (N - 1)], in_bounds, 2 lanes
//   W[i, c:c+4] transfer_write (i, i + 0.5, i + 1, i + 1.5) at
//               c = i % 3, the first 4 - i % 2 lanes (lanes past column 3
//               dropped)
//   S[4i:4i+4]  scatter (i, -i, 2i, 3i) at offsets 4i + (0, 1, 2, 3) under
//               mask (1, 0, 1, i even)
//   R[i, 16:20] expandload A[i % (N - 4)] under mask (i even, 1, i % 3 == 0,
//               0), else 4: the enabled lanes read consecutive elements
//   T[4i:4i+4]  compressstore (i, i + 0.25, i + 0.5, i + 0.75) at 4i under
//               mask (1, i odd, 0, 1): the enabled lanes go to consecutive
//               elements
func.func @vector_memory(%A: memref<?xf32>, %R: memref<64x20xf32>, %W: memref<64x4xf32>, %S: memref<256xf32>, %T: memref<256xf32>) {
  scf.forall (%bk) in (1) {
    scf.forall (%i) in (64) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c8 = arith.constant 8 : index
      %c12 = arith.constant 12 : index
      %c14 = arith.constant 14 : index
      %n = memref.dim %A, %c0 : memref<?xf32>
      %pad = arith.constant -1.0 : f32

      %t = vector.transfer_read %A[%i], %pad : memref<?xf32>, vector<4xf32>
      vector.store %t, %R[%i, %c0] : memref<64x20xf32>, vector<4xf32>

      %n4 = arith.subi %n, %c4 : index
      %j = arith.minui %i, %n4 : index
      %count = arith.remui %i, %c5 : index
      %mask = vector.create_mask %count : vector<4xi1>
      %two = arith.constant dense<2.0> : vector<4xf32>
      %m = vector.maskedload %A[%j], %mask, %two : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      vector.store %m, %R[%i, %c4] : memref<64x20xf32>, vector<4xf32>

      %i2 = arith.muli %i, %c2 : index
      %o1 = arith.remui %i2, %n : index
      %i3 = arith.muli %i, %c3 : index
      %i31 = arith.addi %i3, %c1 : index
      %o2 = arith.remui %i31, %n : index
      %im = arith.remui %i, %n : index
      %n1 = arith.subi %n, %c1 : index
      %o3 = arith.subi %n1, %im : index
      %offsets = vector.from_elements %im, %o1, %o2, %o3 : vector<4xindex>
      %ip = arith.remui %i, %c2 : index
      %even = arith.cmpi eq, %ip, %c0 : index
      %i3r = arith.remui %i, %c3 : index
      %third = arith.cmpi eq, %i3r, %c0 : index
      %true = arith.constant true
      %gmask = vector.from_elements %true, %even, %true, %third : vector<4xi1>
      %seven = arith.constant dense<7.0> : vector<4xf32>
      %g = vector.gather %A[%c0][%offsets], %gmask, %seven : memref<?xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      vector.store %g, %R[%i, %c8] : memref<64x20xf32>, vector<4xf32>

      %b = vector.transfer_read %A[%im], %pad {permutation_map = affine_map<(d0) -> (0)>} : memref<?xf32>, vector<2xf32>
      vector.store %b, %R[%i, %c12] : memref<64x20xf32>, vector<2xf32>
      %k = arith.remui %i, %n1 : index
      %ib = vector.transfer_read %A[%k], %pad {in_bounds = [true]} : memref<?xf32>, vector<2xf32>
      vector.store %ib, %R[%i, %c14] : memref<64x20xf32>, vector<2xf32>

      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %half = arith.constant 0.5 : f32
      %one = arith.constant 1.0 : f32
      %onehalf = arith.constant 1.5 : f32
      %w1 = arith.addf %fi, %half : f32
      %w2 = arith.addf %fi, %one : f32
      %w3 = arith.addf %fi, %onehalf : f32
      %wv = vector.from_elements %fi, %w1, %w2, %w3 : vector<4xf32>
      %wlanes = arith.subi %c4, %ip : index
      %wmask = vector.create_mask %wlanes : vector<4xi1>
      vector.transfer_write %wv, %W[%i, %i3r], %wmask : vector<4xf32>, memref<64x4xf32>

      %s0 = arith.muli %i, %c4 : index
      %s1 = arith.addi %s0, %c1 : index
      %s2 = arith.addi %s0, %c2 : index
      %s3 = arith.addi %s0, %c3 : index
      %soffs = vector.from_elements %s0, %s1, %s2, %s3 : vector<4xindex>
      %false = arith.constant false
      %smask = vector.from_elements %true, %false, %true, %even : vector<4xi1>
      %neg = arith.negf %fi : f32
      %dbl = arith.addf %fi, %fi : f32
      %tri = arith.addf %dbl, %fi : f32
      %sv = vector.from_elements %fi, %neg, %dbl, %tri : vector<4xf32>
      vector.scatter %S[%c0][%soffs], %smask, %sv : memref<256xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32>

      %c16 = arith.constant 16 : index
      %e0 = arith.subi %n, %c4 : index
      %ej = arith.remui %i, %e0 : index
      %emask = vector.from_elements %even, %true, %third, %false : vector<4xi1>
      %four = arith.constant dense<4.0> : vector<4xf32>
      %ex = vector.expandload %A[%ej], %emask, %four : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      vector.store %ex, %R[%i, %c16] : memref<64x20xf32>, vector<4xf32>
      %quarter = arith.constant 0.25 : f32
      %threeq = arith.constant 0.75 : f32
      %q1 = arith.addf %fi, %quarter : f32
      %q2 = arith.addf %fi, %half : f32
      %q3 = arith.addf %fi, %threeq : f32
      %cv = vector.from_elements %fi, %q1, %q2, %q3 : vector<4xf32>
      %odd = arith.cmpi ne, %ip, %c0 : index
      %cmask = vector.from_elements %true, %odd, %false, %true : vector<4xi1>
      vector.compressstore %T[%s0], %cmask, %cv : memref<256xf32>, vector<4xi1>, vector<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
