// GEMM variants for the cpu integration tests: element types and transposed
// operands. Each computes C = op(A) * op(B) with tiles that shapes need not
// divide; --check=gemm is the reference.

// bf16 inputs, f32 accumulation.
func.func @gemm_bf16(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 64 : index
  %cBN = arith.constant 128 : index
  %cBK = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xbf16>
  %K = memref.dim %A, %c1 : memref<?x?xbf16>
  %N = memref.dim %B, %c1 : memref<?x?xbf16>
  %grid_m = arith.ceildivui %M, %cBM : index
  %grid_n = arith.ceildivui %N, %cBN : index
  %k_tiles = arith.ceildivui %K, %cBK : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<64x64xbf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x128xbf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x128xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %cBM : index
    %n0 = arith.muli %bn, %cBN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cBK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xbf16>, memref<64x64xbf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xbf16>, memref<64x128xbf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<64x64xbf16, #gpu.address_space<workgroup>>,
             memref<64x128xbf16, #gpu.address_space<workgroup>>,
             memref<64x128xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 2 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x128xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// f16 inputs and a f16 C: the micro-kernel accumulates a K tile in f32 and
// rounds to f16 when it stores the tile; the tile holds f16 between K tiles.
func.func @gemm_f16_acc(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 64 : index
  %cBN = arith.constant 128 : index
  %cBK = arith.constant 64 : index
  %zero = arith.constant 0.0 : f16
  %M = memref.dim %A, %c0 : memref<?x?xf16>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %grid_m = arith.ceildivui %M, %cBM : index
  %grid_n = arith.ceildivui %N, %cBN : index
  %k_tiles = arith.ceildivui %K, %cBK : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x128xf16, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x128xf16, #tile.fragment>, f16) -> ()
    %m0 = arith.muli %bm, %cBM : index
    %n0 = arith.muli %bn, %cBN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cBK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<64x64xf16, #gpu.address_space<workgroup>>,
             memref<64x128xf16, #gpu.address_space<workgroup>>,
             memref<64x128xf16, #tile.fragment>) -> ()
    } {tile.num_stages = 2 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x128xf16, #tile.fragment>, memref<?x?xf16>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// bf16 inputs and a bf16 C: the micro-kernel accumulates a K tile in f32 and
// rounds to bf16 when it stores the tile; the tile holds bf16 between K tiles.
func.func @gemm_bf16_acc(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>, %C: memref<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 64 : index
  %cBN = arith.constant 128 : index
  %cBK = arith.constant 64 : index
  %zero = arith.constant 0.0 : bf16
  %M = memref.dim %A, %c0 : memref<?x?xbf16>
  %K = memref.dim %A, %c1 : memref<?x?xbf16>
  %N = memref.dim %B, %c1 : memref<?x?xbf16>
  %grid_m = arith.ceildivui %M, %cBM : index
  %grid_n = arith.ceildivui %N, %cBN : index
  %k_tiles = arith.ceildivui %K, %cBK : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<64x64xbf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x128xbf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x128xbf16, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x128xbf16, #tile.fragment>, bf16) -> ()
    %m0 = arith.muli %bm, %cBM : index
    %n0 = arith.muli %bn, %cBN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cBK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xbf16>, memref<64x64xbf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xbf16>, memref<64x128xbf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<64x64xbf16, #gpu.address_space<workgroup>>,
             memref<64x128xbf16, #gpu.address_space<workgroup>>,
             memref<64x128xbf16, #tile.fragment>) -> ()
    } {tile.num_stages = 2 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x128xbf16, #tile.fragment>, memref<?x?xbf16>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// B stored N x K (transpose_b): its panels are packed by gathering columns.
func.func @gemm_nt(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 64 : index
  %cBN = arith.constant 64 : index
  %cBK = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c0 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %cBM : index
  %grid_n = arith.ceildivui %N, %cBN : index
  %k_tiles = arith.ceildivui %K, %cBK : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<64x128xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x128xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %cBM : index
    %n0 = arith.muli %bn, %cBN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cBK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %n0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) {transpose_b = true}
          : (memref<64x128xf32, #gpu.address_space<workgroup>>,
             memref<64x128xf32, #gpu.address_space<workgroup>>,
             memref<64x64xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 2 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// A stored K x M (transpose_a): its panels are runs of the rows of A.
func.func @gemm_tn(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 64 : index
  %cBN = arith.constant 96 : index
  %cBK = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c1 : memref<?x?xf32>
  %K = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %cBM : index
  %grid_n = arith.ceildivui %N, %cBN : index
  %k_tiles = arith.ceildivui %K, %cBK : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<64x64xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x96xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x96xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x96xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %cBM : index
    %n0 = arith.muli %bn, %cBN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cBK : index
      "tile.copy"(%A, %A_s, %k0, %m0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<64x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<64x96xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) {transpose_a = true}
          : (memref<64x64xf32, #gpu.address_space<workgroup>>,
             memref<64x96xf32, #gpu.address_space<workgroup>>,
             memref<64x96xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 2 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x96xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// Both transposed, f16 inputs, f32 accumulation.
func.func @gemm_tt_f16(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 32 : index
  %cBN = arith.constant 64 : index
  %cBK = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c1 : memref<?x?xf16>
  %K = memref.dim %A, %c0 : memref<?x?xf16>
  %N = memref.dim %B, %c0 : memref<?x?xf16>
  %grid_m = arith.ceildivui %M, %cBM : index
  %grid_n = arith.ceildivui %N, %cBN : index
  %k_tiles = arith.ceildivui %K, %cBK : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<32x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<32x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<32x64xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %cBM : index
    %n0 = arith.muli %bn, %cBN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cBK : index
      "tile.copy"(%A, %A_s, %k0, %m0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<32x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %n0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) {transpose_a = true, transpose_b = true}
          : (memref<32x32xf16, #gpu.address_space<workgroup>>,
             memref<64x32xf16, #gpu.address_space<workgroup>>,
             memref<32x64xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 2 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// f64 throughout: 8 lanes per AVX-512 vector.
func.func @gemm_f64(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 64 : index
  %cBN = arith.constant 64 : index
  %cBK = arith.constant 64 : index
  %zero = arith.constant 0.0 : f64
  %M = memref.dim %A, %c0 : memref<?x?xf64>
  %K = memref.dim %A, %c1 : memref<?x?xf64>
  %N = memref.dim %B, %c1 : memref<?x?xf64>
  %grid_m = arith.ceildivui %M, %cBM : index
  %grid_n = arith.ceildivui %N, %cBN : index
  %k_tiles = arith.ceildivui %K, %cBK : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<64x64xf64, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x64xf64, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf64, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf64, #tile.fragment>, f64) -> ()
    %m0 = arith.muli %bm, %cBM : index
    %n0 = arith.muli %bn, %cBN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cBK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf64>, memref<64x64xf64, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf64>, memref<64x64xf64, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<64x64xf64, #gpu.address_space<workgroup>>,
             memref<64x64xf64, #gpu.address_space<workgroup>>,
             memref<64x64xf64, #tile.fragment>) -> ()
    } {tile.num_stages = 2 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf64, #tile.fragment>, memref<?x?xf64>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// i8 inputs, i32 accumulation: exact.
func.func @gemm_i8(%A: memref<?x?xi8>, %B: memref<?x?xi8>, %C: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 32 : index
  %cBN = arith.constant 64 : index
  %cBK = arith.constant 32 : index
  %zero = arith.constant 0 : i32
  %M = memref.dim %A, %c0 : memref<?x?xi8>
  %K = memref.dim %A, %c1 : memref<?x?xi8>
  %N = memref.dim %B, %c1 : memref<?x?xi8>
  %grid_m = arith.ceildivui %M, %cBM : index
  %grid_n = arith.ceildivui %N, %cBN : index
  %k_tiles = arith.ceildivui %K, %cBK : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<32x32xi8, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xi8, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<32x64xi32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<32x64xi32, #tile.fragment>, i32) -> ()
    %m0 = arith.muli %bm, %cBM : index
    %n0 = arith.muli %bn, %cBN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cBK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xi8>, memref<32x32xi8, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xi8>, memref<32x64xi8, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<32x32xi8, #gpu.address_space<workgroup>>,
             memref<32x64xi8, #gpu.address_space<workgroup>>,
             memref<32x64xi32, #tile.fragment>) -> ()
    } {tile.num_stages = 2 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x64xi32, #tile.fragment>, memref<?x?xi32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
