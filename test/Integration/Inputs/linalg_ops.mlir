// Linalg ops on memrefs in host code (fill, matmul, generic) and in a
// kernel (a fill of a thread's own array, a generic over a subview of the
// output), against the same computation in scalar loops.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @linalg_ops(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf32>, memref<16x16xf32>) outs(%C : memref<16x16xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%A : memref<16x16xf32>) outs(%C : memref<16x16xf32>) {
  ^bb0(%a: f32, %c: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  }
  scf.forall (%bk) in (2) {
    scf.forall (%th) in (16) {
      %own = memref.alloca() : memref<4xf32>
      %two = arith.constant 2.0 : f32
      linalg.fill ins(%two : f32) outs(%own : memref<4xf32>)
      %c3 = arith.constant 3 : index
      %v = memref.load %own[%c3] : memref<4xf32>
      %c8 = arith.constant 8 : index
      %r = arith.muli %bk, %c8 : index
      %cell = memref.subview %C[%r, %th][1, 1][1, 1] : memref<16x16xf32> to memref<1x1xf32, strided<[16, 1], offset: ?>>
      linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%cell : memref<1x1xf32, strided<[16, 1], offset: ?>>) {
      ^bb0(%c: f32):
        %s = arith.addf %c, %v : f32
        linalg.yield %s : f32
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 16 : i64}
  return
}

// C = A * B + A, then 2 added to rows 0 and 8.
func.func @linalg_ops_ref(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %dot = scf.for %k = %c0 to %c16 step %c1 iter_args(%d = %z) -> f32 {
        %a = memref.load %A[%i, %k] : memref<16x16xf32>
        %b = memref.load %B[%k, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %b : f32
        %d2 = arith.addf %d, %p : f32
        scf.yield %d2 : f32
      }
      %a = memref.load %A[%i, %j] : memref<16x16xf32>
      %s = arith.addf %a, %dot : f32
      %r = arith.remui %i, %c8 : index
      %edge = arith.cmpi eq, %r, %c0 : index
      %s2 = arith.addf %s, %two : f32
      %v = arith.select %edge, %s2, %s : f32
      memref.store %v, %C[%i, %j] : memref<16x16xf32>
    }
  }
  return
}
