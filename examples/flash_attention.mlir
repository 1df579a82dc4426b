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
func.func @flash_attention(%Q: memref<?x?x64xf32>, %K: memref<?x?x64xf32>,
                           %V: memref<?x?x64xf32>, %O: memref<?x?x64xf32>,
                           %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %heads = memref.dim %Q, %c0 : memref<?x?x64xf32>
  %S = memref.dim %Q, %c1 : memref<?x?x64xf32>
  %Skv = memref.dim %K, %c1 : memref<?x?x64xf32>
  %row_blocks = arith.ceildivui %S, %c64 : index
  %key_tiles = arith.ceildivui %Skv, %c64 : index
  scf.forall (%h, %b) in (%heads, %row_blocks) {
    %Q_s = "tile.alloc"() : () -> memref<64x64xf32, #gpu.address_space<workgroup>>
    %K_s = "tile.alloc"() : () -> memref<64x64xf32, #gpu.address_space<workgroup>>
    %V_s = "tile.alloc"() : () -> memref<64x64xf32, #gpu.address_space<workgroup>>
    %scores = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    %probs = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    %m = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    %m_new = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    %l = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    %l_tile = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    %alpha = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    "tile.fill"(%m, %ninf) : (memref<64xf32, #tile.fragment>, f32) -> ()
    "tile.fill"(%l, %zero) : (memref<64xf32, #tile.fragment>, f32) -> ()
    %q0 = arith.muli %b, %c64 : index
    // Q[h, q0 + i, d]: a rank-reducing window of the 3-d buffer.
    "tile.copy"(%Q, %Q_s, %h, %q0, %c0) {operandSegmentSizes = array<i32: 1, 1, 3, 0>}
        : (memref<?x?x64xf32>, memref<64x64xf32, #gpu.address_space<workgroup>>,
           index, index, index) -> ()
    scf.for %t = %c0 to %key_tiles step %c1 {
      %k0 = arith.muli %t, %c64 : index
      "tile.copy"(%K, %K_s, %h, %k0, %c0) {operandSegmentSizes = array<i32: 1, 1, 3, 0>}
          : (memref<?x?x64xf32>, memref<64x64xf32, #gpu.address_space<workgroup>>,
             index, index, index) -> ()
      "tile.copy"(%V, %V_s, %h, %k0, %c0) {operandSegmentSizes = array<i32: 1, 1, 3, 0>}
          : (memref<?x?x64xf32>, memref<64x64xf32, #gpu.address_space<workgroup>>,
             index, index, index) -> ()
      // scores = Q K^T (K_s holds keys as rows: the gemm transposes it).
      "tile.gemm"(%Q_s, %K_s, %scores) {transpose_b = true, clear_accum = true}
          : (memref<64x64xf32, #gpu.address_space<workgroup>>,
             memref<64x64xf32, #gpu.address_space<workgroup>>,
             memref<64x64xf32, #tile.fragment>) -> ()
      // Scale, and mask the keys past the end of the sequence.
      scf.forall (%i, %j) in (64, 64) {
        %s = memref.load %scores[%i, %j] : memref<64x64xf32, #tile.fragment>
        %scaled = arith.mulf %s, %scale : f32
        %key = arith.addi %k0, %j : index
        %valid = arith.cmpi ult, %key, %Skv : index
        %masked = arith.select %valid, %scaled, %ninf : f32
        memref.store %masked, %scores[%i, %j] : memref<64x64xf32, #tile.fragment>
      }
      // m_new = max(m, max_j scores[:, j])
      "tile.copy"(%m, %m_new) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
          : (memref<64xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
      "tile.reduce"(%scores, %m_new) {kind = "max", dim = 1 : i64, clear = false}
          : (memref<64x64xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
      // probs = exp(scores - m_new); masked keys give exp(-inf) = 0.
      scf.forall (%i, %j) in (64, 64) {
        %s = memref.load %scores[%i, %j] : memref<64x64xf32, #tile.fragment>
        %mi = memref.load %m_new[%i] : memref<64xf32, #tile.fragment>
        %d = arith.subf %s, %mi : f32
        %p = math.exp %d : f32
        memref.store %p, %probs[%i, %j] : memref<64x64xf32, #tile.fragment>
      }
      "tile.reduce"(%probs, %l_tile) {kind = "sum", dim = 1 : i64}
          : (memref<64x64xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
      // alpha = exp(m - m_new) rescales what was accumulated with the old
      // maximum; l = l * alpha + l_tile; m = m_new.
      scf.forall (%i) in (64) {
        %mi = memref.load %m[%i] : memref<64xf32, #tile.fragment>
        %mn = memref.load %m_new[%i] : memref<64xf32, #tile.fragment>
        %d = arith.subf %mi, %mn : f32
        %a = math.exp %d : f32
        %li = memref.load %l[%i] : memref<64xf32, #tile.fragment>
        %lt = memref.load %l_tile[%i] : memref<64xf32, #tile.fragment>
        %la = arith.mulf %li, %a : f32
        %ln = arith.addf %la, %lt : f32
        memref.store %a, %alpha[%i] : memref<64xf32, #tile.fragment>
        memref.store %ln, %l[%i] : memref<64xf32, #tile.fragment>
        memref.store %mn, %m[%i] : memref<64xf32, #tile.fragment>
      }
      scf.forall (%i, %d) in (64, 64) {
        %o = memref.load %acc[%i, %d] : memref<64x64xf32, #tile.fragment>
        %a = memref.load %alpha[%i] : memref<64xf32, #tile.fragment>
        %oa = arith.mulf %o, %a : f32
        memref.store %oa, %acc[%i, %d] : memref<64x64xf32, #tile.fragment>
      }
      // acc += probs V
      "tile.gemm"(%probs, %V_s, %acc)
          : (memref<64x64xf32, #tile.fragment>,
             memref<64x64xf32, #gpu.address_space<workgroup>>,
             memref<64x64xf32, #tile.fragment>) -> ()
    }
    // O = acc / l
    scf.forall (%i, %d) in (64, 64) {
      %o = memref.load %acc[%i, %d] : memref<64x64xf32, #tile.fragment>
      %li = memref.load %l[%i] : memref<64xf32, #tile.fragment>
      %on = arith.divf %o, %li : f32
      memref.store %on, %acc[%i, %d] : memref<64x64xf32, #tile.fragment>
    }
    "tile.copy"(%acc, %O, %h, %q0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 3>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?x64xf32>, index, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
