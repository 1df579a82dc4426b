// Flash-attention forward, f32: O = softmax(scale * Q K^T) V, one block per
// 32 query rows, walking the keys in tiles of 32 with an online softmax.
// Sequence lengths are dynamic and need not divide the tiles: rows past the
// end read zeros and are not written, keys past the end are masked to -inf.
func.func @flash_attention(%Q: memref<?x64xf32>, %K: memref<?x64xf32>,
                           %V: memref<?x64xf32>, %O: memref<?x64xf32>,
                           %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %S = memref.dim %Q, %c0 : memref<?x64xf32>
  %Skv = memref.dim %K, %c0 : memref<?x64xf32>
  %grid = arith.ceildivui %S, %c32 : index
  %n_tiles = arith.ceildivui %Skv, %c32 : index
  scf.forall (%b) in (%grid) {
    %Q_s = "tile.alloc"() : () -> memref<32x64xf32, #gpu.address_space<workgroup>>
    %K_s = "tile.alloc"() : () -> memref<32x64xf32, #gpu.address_space<workgroup>>
    %V_s = "tile.alloc"() : () -> memref<32x64xf32, #gpu.address_space<workgroup>>
    %scores = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %probs = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %acc = "tile.alloc"() : () -> memref<32x64xf32, #tile.fragment>
    %m = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    %m_tile = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    %l = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    %l_tile = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    %rescale = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<32x64xf32, #tile.fragment>, f32) -> ()
    "tile.fill"(%m, %ninf) : (memref<32xf32, #tile.fragment>, f32) -> ()
    "tile.fill"(%l, %zero) : (memref<32xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %b, %c32 : index
    "tile.copy"(%Q, %Q_s, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x64xf32>, memref<32x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    scf.for %t = %c0 to %n_tiles step %c1 {
      %n0 = arith.muli %t, %c32 : index
      "tile.copy"(%K, %K_s, %n0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x64xf32>, memref<32x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%V, %V_s, %n0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x64xf32>, memref<32x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      // scores = Q K^T
      "tile.gemm"(%Q_s, %K_s, %scores) {transpose_b = true, clear_accum = true}
          : (memref<32x64xf32, #gpu.address_space<workgroup>>,
             memref<32x64xf32, #gpu.address_space<workgroup>>,
             memref<32x32xf32, #tile.fragment>) -> ()
      // scale, and mask keys past the end
      scf.forall (%i, %j) in (32, 32) {
        %s = memref.load %scores[%i, %j] : memref<32x32xf32, #tile.fragment>
        %ss = arith.mulf %s, %scale : f32
        %key = arith.addi %n0, %j : index
        %inside = arith.cmpi ult, %key, %Skv : index
        %masked = arith.select %inside, %ss, %ninf : f32
        memref.store %masked, %scores[%i, %j] : memref<32x32xf32, #tile.fragment>
      }
      "tile.reduce"(%scores, %m_tile) {kind = "max", dim = 1 : i64}
          : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
      // m_new = max(m, m_tile); rescale = exp(m - m_new)
      scf.forall (%i) in (32) {
        %old = memref.load %m[%i] : memref<32xf32, #tile.fragment>
        %cur = memref.load %m_tile[%i] : memref<32xf32, #tile.fragment>
        %new = arith.maximumf %old, %cur : f32
        %d = arith.subf %old, %new : f32
        %r = math.exp %d : f32
        memref.store %r, %rescale[%i] : memref<32xf32, #tile.fragment>
        memref.store %new, %m[%i] : memref<32xf32, #tile.fragment>
      }
      scf.forall (%i, %j) in (32, 32) {
        %s = memref.load %scores[%i, %j] : memref<32x32xf32, #tile.fragment>
        %mi = memref.load %m[%i] : memref<32xf32, #tile.fragment>
        %d = arith.subf %s, %mi : f32
        %p = math.exp %d : f32
        memref.store %p, %probs[%i, %j] : memref<32x32xf32, #tile.fragment>
      }
      "tile.reduce"(%probs, %l_tile) {kind = "sum", dim = 1 : i64}
          : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
      scf.forall (%i) in (32) {
        %li = memref.load %l[%i] : memref<32xf32, #tile.fragment>
        %r = memref.load %rescale[%i] : memref<32xf32, #tile.fragment>
        %lt = memref.load %l_tile[%i] : memref<32xf32, #tile.fragment>
        %x = arith.mulf %li, %r : f32
        %y = arith.addf %x, %lt : f32
        memref.store %y, %l[%i] : memref<32xf32, #tile.fragment>
      }
      scf.forall (%i, %j) in (32, 64) {
        %o = memref.load %acc[%i, %j] : memref<32x64xf32, #tile.fragment>
        %r = memref.load %rescale[%i] : memref<32xf32, #tile.fragment>
        %x = arith.mulf %o, %r : f32
        memref.store %x, %acc[%i, %j] : memref<32x64xf32, #tile.fragment>
      }
      // acc += P V
      "tile.gemm"(%probs, %V_s, %acc)
          : (memref<32x32xf32, #tile.fragment>,
             memref<32x64xf32, #gpu.address_space<workgroup>>,
             memref<32x64xf32, #tile.fragment>) -> ()
    }
    scf.forall (%i, %j) in (32, 64) {
      %o = memref.load %acc[%i, %j] : memref<32x64xf32, #tile.fragment>
      %li = memref.load %l[%i] : memref<32xf32, #tile.fragment>
      %x = arith.divf %o, %li : f32
      memref.store %x, %acc[%i, %j] : memref<32x64xf32, #tile.fragment>
    }
    "tile.copy"(%acc, %O, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x64xf32, #tile.fragment>, memref<?x64xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// The reference: plain softmax attention.
func.func @flash_attention_ref(%Q: memref<?x64xf32>, %K: memref<?x64xf32>,
                               %V: memref<?x64xf32>, %O: memref<?x64xf32>,
                               %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %S = memref.dim %Q, %c0 : memref<?x64xf32>
  %Skv = memref.dim %K, %c0 : memref<?x64xf32>
  %p = memref.alloc(%Skv) : memref<?xf32>
  scf.for %i = %c0 to %S step %c1 {
    %mx = scf.for %j = %c0 to %Skv step %c1 iter_args(%m = %ninf) -> (f32) {
      %dot = scf.for %d = %c0 to %c64 step %c1 iter_args(%s = %zero) -> (f32) {
        %q = memref.load %Q[%i, %d] : memref<?x64xf32>
        %k = memref.load %K[%j, %d] : memref<?x64xf32>
        %qk = arith.mulf %q, %k : f32
        %s2 = arith.addf %s, %qk : f32
        scf.yield %s2 : f32
      }
      %sc = arith.mulf %dot, %scale : f32
      memref.store %sc, %p[%j] : memref<?xf32>
      %m2 = arith.maximumf %m, %sc : f32
      scf.yield %m2 : f32
    }
    %sum = scf.for %j = %c0 to %Skv step %c1 iter_args(%l = %zero) -> (f32) {
      %sc = memref.load %p[%j] : memref<?xf32>
      %d = arith.subf %sc, %mx : f32
      %e = math.exp %d : f32
      memref.store %e, %p[%j] : memref<?xf32>
      %l2 = arith.addf %l, %e : f32
      scf.yield %l2 : f32
    }
    scf.for %d = %c0 to %c64 step %c1 {
      %o = scf.for %j = %c0 to %Skv step %c1 iter_args(%a = %zero) -> (f32) {
        %e = memref.load %p[%j] : memref<?xf32>
        %v = memref.load %V[%j, %d] : memref<?x64xf32>
        %ev = arith.mulf %e, %v : f32
        %a2 = arith.addf %a, %ev : f32
        scf.yield %a2 : f32
      }
      %on = arith.divf %o, %sum : f32
      memref.store %on, %O[%i, %d] : memref<?x64xf32>
    }
  }
  memref.dealloc %p : memref<?xf32>
  return
}
