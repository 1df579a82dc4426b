// bf16 atomic additions into buffers on vulkan, as compare-and-swap loops on
// the 32-bit words holding the elements (the lanes added in f32 and rounded
// to nearest even).
//
// Every thread of 2 blocks of 64 adds 1.0 to C[0] and to C[1 + t % 8]:
// C[0] and C[1] share a word, so additions to neighbouring elements
// contend too. Every addend is 1.0, so any order of the additions gives
// what @count_ref gives in order, and a lost update fails the check (the
// sums stay below 256, where adding 1.0 to a bf16 still changes it).
func.func @count(%C: memref<9xbf16>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : bf16
  scf.forall (%b) in (2) {
    scf.forall (%t) in (64) {
      %o = memref.atomic_rmw addf %one, %C[%c0] : (bf16, memref<9xbf16>) -> bf16
      %k = arith.remui %t, %c8 : index
      %at = arith.addi %k, %c1 : index
      %p = memref.atomic_rmw addf %one, %C[%at] : (bf16, memref<9xbf16>) -> bf16
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @count_ref(%C: memref<9xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %one = arith.constant 1.0 : bf16
  scf.for %j = %c0 to %c9 step %c1 {
    %first = arith.cmpi eq, %j, %c0 : index
    %n = arith.select %first, %c128, %c16 : index
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %C[%j] : memref<9xbf16>
      %w = arith.addf %v, %one : bf16
      memref.store %w, %C[%j] : memref<9xbf16>
    }
  }
  return
}

// Column sums of X (N columns, N odd: the last element's word runs past
// the buffer's bytes, which the runtime rounds up to whole words) by
// blocks of 8 rows, added from a fragment into S.
func.func @colsum(%X: memref<?x?xbf16>, %S: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %M = memref.dim %X, %c0 : memref<?x?xbf16>
  %N = memref.dim %X, %c1 : memref<?x?xbf16>
  %rows = arith.ceildivui %M, %c8 : index
  %cols = arith.ceildivui %N, %c64 : index
  scf.forall (%bi, %bj) in (%rows, %cols) {
    %m0 = arith.muli %bi, %c8 : index
    %n0 = arith.muli %bj, %c64 : index
    %t = "tile.alloc"() : () -> memref<8x64xbf16, #tile.fragment>
    %c = "tile.alloc"() : () -> memref<64xbf16, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xbf16>, memref<8x64xbf16, #tile.fragment>, index, index) -> ()
    "tile.reduce"(%t, %c) {kind = "sum", dim = 0 : i64}
        : (memref<8x64xbf16, #tile.fragment>, memref<64xbf16, #tile.fragment>) -> ()
    "tile.atomic_add"(%c, %S, %n0) {operandSegmentSizes = array<i32: 1, 1, 1>}
        : (memref<64xbf16, #tile.fragment>, memref<?xbf16>, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @colsum_ref(%X: memref<?x?xbf16>, %S: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %X, %c0 : memref<?x?xbf16>
  %N = memref.dim %X, %c1 : memref<?x?xbf16>
  scf.for %j = %c0 to %N step %c1 {
    %s0 = memref.load %S[%j] : memref<?xbf16>
    %s = scf.for %i = %c0 to %M step %c1 iter_args(%a = %s0) -> (bf16) {
      %x = memref.load %X[%i, %j] : memref<?x?xbf16>
      %n = arith.addf %a, %x : bf16
      scf.yield %n : bf16
    }
    memref.store %s, %S[%j] : memref<?xbf16>
  }
  return
}
