// Three kernels in one function, each reading what the one before wrote:
// C = A + B, then C = s * C over 16 x 16 tiles (tile ops), then A = C - B.
func.func @several(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                   %C: memref<?x?xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %n = memref.dim %A, %c1 : memref<?x?xf32>
  scf.forall (%i) in (%m) {
    scf.forall (%j) in (64) {
      %inside = arith.cmpi ult, %j, %n : index
      scf.if %inside {
        %a = memref.load %A[%i, %j] : memref<?x?xf32>
        %b = memref.load %B[%i, %j] : memref<?x?xf32>
        %c = arith.addf %a, %b : f32
        memref.store %c, %C[%i, %j] : memref<?x?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  %bm = arith.ceildivui %m, %c16 : index
  %bn = arith.ceildivui %n, %c16 : index
  scf.forall (%bi, %bj) in (%bm, %bn) {
    %t = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    %i0 = arith.muli %bi, %c16 : index
    %j0 = arith.muli %bj, %c16 : index
    "tile.copy"(%C, %t, %i0, %j0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, memref<16x16xf32, #tile.fragment>, index, index) -> ()
    scf.forall (%x, %y) in (16, 16) {
      %v = memref.load %t[%x, %y] : memref<16x16xf32, #tile.fragment>
      %w = arith.mulf %v, %s : f32
      memref.store %w, %t[%x, %y] : memref<16x16xf32, #tile.fragment>
    }
    "tile.copy"(%t, %C, %i0, %j0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<16x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  scf.forall (%i) in (%m) {
    scf.forall (%j) in (64) {
      %inside = arith.cmpi ult, %j, %n : index
      scf.if %inside {
        %c = memref.load %C[%i, %j] : memref<?x?xf32>
        %b = memref.load %B[%i, %j] : memref<?x?xf32>
        %a = arith.subf %c, %b : f32
        memref.store %a, %A[%i, %j] : memref<?x?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @several_ref(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                       %C: memref<?x?xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %n = memref.dim %A, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %a = memref.load %A[%i, %j] : memref<?x?xf32>
      %b = memref.load %B[%i, %j] : memref<?x?xf32>
      %c = arith.addf %a, %b : f32
      %d = arith.mulf %c, %s : f32
      memref.store %d, %C[%i, %j] : memref<?x?xf32>
      %e = arith.subf %d, %b : f32
      memref.store %e, %A[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
