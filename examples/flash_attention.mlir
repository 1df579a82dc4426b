// Flash-attention forward, f32: for every head h,
//   O[h] = softmax(scale * Q[h] K[h]^T) V[h]
// with Q, O of shape [heads, S, 64] and K, V of shape [heads, Skv, 64].
//
// One block per head and 64 query rows. The block keeps its Q tile, walks the
// keys in tiles of 64 and never materialises the S x Skv score matrix: an
// online softmax keeps, per query row, the running maximum m and the running
// sum l of exp(score - m), and rescales the output accumulator whenever m
// grows. Sequence lengths are dynamic and need not divide the tiles: query
// rows past the end read zeros and are not written, keys past the end are
// masked to -inf before the softmax.
//
//   for h, b in grid(heads, ceil(S / 64)), 128 threads each:
//     Q_s = Q[h, b * 64 :, :]                      (shared memory)
//     acc[64, 64] = 0; m[64] = -inf; l[64] = 0     (registers)
//     for k0 in range(0, Skv, 64):
//       K_s = K[h, k0 :, :]; V_s = V[h, k0 :, :]   (shared memory)
//       scores = scale * Q_s @ K_s^T, -inf where k0 + j >= Skv
//       m_new = maximum(m, rowmax(scores))
//       probs = exp(scores - m_new)
//       alpha = exp(m - m_new); l = l * alpha + rowsum(probs); m = m_new
//       acc = acc * alpha + probs @ V_s
//     O[h, b * 64 :, :] = acc / l

#smem = #gpu.address_space<workgroup>
!qkv = memref<?x?x64xf32>
!smem_tile = memref<64x64xf32, #smem>
!frag_tile = memref<64x64xf32, #tile.fragment>
!per_row = memref<64xf32, #tile.fragment>

func.func @flash_attention(%Q: !qkv, %K: !qkv, %V: !qkv, %O: !qkv, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %heads = memref.dim %Q, %c0 : !qkv
  %S = memref.dim %Q, %c1 : !qkv
  %Skv = memref.dim %K, %c1 : !qkv
  %row_blocks = arith.ceildivui %S, %c64 : index
  %key_tiles = arith.ceildivui %Skv, %c64 : index
  scf.forall (%h, %b) in (%heads, %row_blocks) {
    %Q_s = "tile.alloc"() : () -> !smem_tile
    %K_s = "tile.alloc"() : () -> !smem_tile
    %V_s = "tile.alloc"() : () -> !smem_tile
    %scores = "tile.alloc"() : () -> !frag_tile
    %probs = "tile.alloc"() : () -> !frag_tile
    %acc = "tile.alloc"() : () -> !frag_tile
    %m = "tile.alloc"() : () -> !per_row
    %m_new = "tile.alloc"() : () -> !per_row
    %l = "tile.alloc"() : () -> !per_row
    %l_tile = "tile.alloc"() : () -> !per_row
    %alpha = "tile.alloc"() : () -> !per_row
    "tile.fill"(%acc, %zero) : (!frag_tile, f32) -> ()
    "tile.fill"(%m, %ninf) : (!per_row, f32) -> ()
    "tile.fill"(%l, %zero) : (!per_row, f32) -> ()
    %q0 = arith.muli %b, %c64 : index
    // Q[h, q0 + i, d]: a rank-reducing window of the 3-d buffer.
    "tile.copy"(%Q, %Q_s, %h, %q0, %c0) {operandSegmentSizes = array<i32: 1, 1, 3, 0>}
        : (!qkv, !smem_tile, index, index, index) -> ()
    scf.for %t = %c0 to %key_tiles step %c1 {
      %k0 = arith.muli %t, %c64 : index
      "tile.copy"(%K, %K_s, %h, %k0, %c0) {operandSegmentSizes = array<i32: 1, 1, 3, 0>}
          : (!qkv, !smem_tile, index, index, index) -> ()
      "tile.copy"(%V, %V_s, %h, %k0, %c0) {operandSegmentSizes = array<i32: 1, 1, 3, 0>}
          : (!qkv, !smem_tile, index, index, index) -> ()
      // scores = Q K^T (K_s holds keys as rows: the gemm transposes it).
      "tile.gemm"(%Q_s, %K_s, %scores) {transpose_b = true, clear_accum = true}
          : (!smem_tile, !smem_tile, !frag_tile) -> ()
      // Scale, and mask the keys past the end of the sequence.
      scf.forall (%i, %j) in (64, 64) {
        %s = memref.load %scores[%i, %j] : !frag_tile
        %scaled = arith.mulf %s, %scale : f32
        %key = arith.addi %k0, %j : index
        %valid = arith.cmpi ult, %key, %Skv : index
        %masked = arith.select %valid, %scaled, %ninf : f32
        memref.store %masked, %scores[%i, %j] : !frag_tile
      }
      // m_new = max(m, max_j scores[:, j])
      "tile.copy"(%m, %m_new) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
          : (!per_row, !per_row) -> ()
      "tile.reduce"(%scores, %m_new) {kind = "max", dim = 1 : i64, clear = false}
          : (!frag_tile, !per_row) -> ()
      // probs = exp(scores - m_new); masked keys give exp(-inf) = 0.
      scf.forall (%i, %j) in (64, 64) {
        %s = memref.load %scores[%i, %j] : !frag_tile
        %mi = memref.load %m_new[%i] : !per_row
        %d = arith.subf %s, %mi : f32
        %p = math.exp %d : f32
        memref.store %p, %probs[%i, %j] : !frag_tile
      }
      "tile.reduce"(%probs, %l_tile) {kind = "sum", dim = 1 : i64}
          : (!frag_tile, !per_row) -> ()
      // alpha = exp(m - m_new) rescales what was accumulated with the old
      // maximum; l = l * alpha + l_tile; m = m_new.
      scf.forall (%i) in (64) {
        %mi = memref.load %m[%i] : !per_row
        %mn = memref.load %m_new[%i] : !per_row
        %d = arith.subf %mi, %mn : f32
        %a = math.exp %d : f32
        %li = memref.load %l[%i] : !per_row
        %lt = memref.load %l_tile[%i] : !per_row
        %la = arith.mulf %li, %a : f32
        %ln = arith.addf %la, %lt : f32
        memref.store %a, %alpha[%i] : !per_row
        memref.store %ln, %l[%i] : !per_row
        memref.store %mn, %m[%i] : !per_row
      }
      scf.forall (%i, %d) in (64, 64) {
        %o = memref.load %acc[%i, %d] : !frag_tile
        %a = memref.load %alpha[%i] : !per_row
        %oa = arith.mulf %o, %a : f32
        memref.store %oa, %acc[%i, %d] : !frag_tile
      }
      // acc += probs V
      "tile.gemm"(%probs, %V_s, %acc) : (!frag_tile, !smem_tile, !frag_tile) -> ()
    }
    // O = acc / l
    scf.forall (%i, %d) in (64, 64) {
      %o = memref.load %acc[%i, %d] : !frag_tile
      %li = memref.load %l[%i] : !per_row
      %on = arith.divf %o, %li : f32
      memref.store %on, %acc[%i, %d] : !frag_tile
    }
    "tile.copy"(%acc, %O, %h, %q0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 3>}
        : (!frag_tile, !qkv, index, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
