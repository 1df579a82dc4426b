// The vulkan pipeline obeys tile_vulkan.cooperative_matrix or refuses it
// with a located error that says why: at the gemm that cannot take the
// matrices, or at the op when the kernel cannot. Without the op, each of
// these kernels compiles on the SIMT path. (The target's version:
// cooperative-matrix-target.test.)
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan:v1.3 %s -o /dev/null
// RUN: sed '/"tile_vulkan/d' %s | tile-opt --split-input-file --target=vulkan:v1.3 - -o /dev/null

func.func @f32_operands(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%bm, %bn) in (4, 4) {
    // Cooperative matrices here take f16 A and B (into f32 or f16).
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<32x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    // expected-error @+1 {{'tile.gemm' op cannot run on the 16x16x16 cooperative matrices its kernel's tile_vulkan.cooperative_matrix asks for: A and B are f32 and C is f32; the cooperative-matrix path takes f16 A and B into f32 or f16 C}}
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<64x32xf32, #gpu.address_space<workgroup>>, memref<32x64xf32, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @a_in_fragment(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%bm, %bn) in (4, 4) {
    // A subgroup loads its matrices from memory the whole block sees.
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf16, #tile.fragment>
    %B_s = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<64x32xf16, #tile.fragment>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    // expected-error @+1 {{'tile.gemm' op cannot run on the 16x16x16 cooperative matrices its kernel's tile_vulkan.cooperative_matrix asks for: A is a fragment tile; cooperative matrices are loaded from shared tiles (copy A into one first)}}
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<64x32xf16, #tile.fragment>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @c_in_local(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%bm, %bn) in (4, 4) {
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<16x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x16xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<16x16xf32, #gpu.address_space<private>>
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<16x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x16xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    // expected-error @+1 {{'tile.gemm' op cannot run on the 16x16x16 cooperative matrices its kernel's tile_vulkan.cooperative_matrix asks for: C is a local tile (a copy per thread); cooperative matrices accumulate a tile the block shares (a fragment)}}
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<16x32xf16, #gpu.address_space<workgroup>>, memref<32x16xf16, #gpu.address_space<workgroup>>, memref<16x16xf32, #gpu.address_space<private>>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x16xf32, #gpu.address_space<private>>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @m_not_multiple(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%bm, %bn) in (4, 4) {
    // 48 rows are no whole number of 32-row matrices.
    "tile_vulkan.cooperative_matrix"() {m = 32 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<48x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<48x64xf32, #tile.fragment>
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<48x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    // expected-error @+1 {{'tile.gemm' op cannot run on the 32x16x16 cooperative matrices its kernel's tile_vulkan.cooperative_matrix asks for: its 48x64 C tile is no whole number of 32x16 cooperative matrices}}
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<48x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<48x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<48x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @k_not_multiple(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%bm, %bn) in (4, 4) {
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x24xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<24x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<64x24xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<24x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    // expected-error @+1 {{'tile.gemm' op cannot run on the 16x16x16 cooperative matrices its kernel's tile_vulkan.cooperative_matrix asks for: its K of 24 is not a multiple of k = 16}}
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<64x24xf16, #gpu.address_space<workgroup>>, memref<24x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @unaligned_rows(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%bm, %bn) in (4, 4) {
    // Rows of A matrices are 12 f16 = 24 bytes, at offsets 24 bytes apart: not
    // 16-byte aligned as Vulkan asks of cooperative-matrix loads.
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 12 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x24xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<24x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<64x24xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<24x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    // expected-error @+1 {{'tile.gemm' op cannot run on the 16x16x12 cooperative matrices its kernel's tile_vulkan.cooperative_matrix asks for: A loads and stores rows of 24 bytes, 48 bytes apart, at offsets in steps of 24 bytes; Vulkan asks them aligned to 16 bytes (the lesser of 16 and a row's bytes)}}
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<64x24xf16, #gpu.address_space<workgroup>>, memref<24x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @no_gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_vulkan.cooperative_matrix' op cannot be honoured: the kernel holds no tile.gemm}}
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @staging_too_big(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%bm, %bn) in (4, 4) {
    // The 128x128 f32 accumulator staged in shared memory (64 KiB) and the
    // 16 KiB of A and B exceed the 64 KiB vulkan kernels are compiled for.
    // expected-error @+1 {{'tile_vulkan.cooperative_matrix' op cannot be honoured: the path stages the kernel's accumulators in 65536 bytes of shared memory; with its own 16384 bytes of shared tiles that exceeds the 65536 bytes vulkan kernels are compiled for}}
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<128x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x128xf32, #tile.fragment>
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<128x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x128xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<128x32xf16, #gpu.address_space<workgroup>>, memref<32x128xf16, #gpu.address_space<workgroup>>, memref<128x128xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<128x128xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @one_of_two_gemms(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%bm, %bn) in (4, 4) {
    // The op applies to every gemm of its kernel; only the one that cannot
    // take the matrices is reported, and nothing is rewritten.
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %A_f = "tile.alloc"() : () -> memref<64x32xf16, #tile.fragment>
    %B_s = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%A, %A_f, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<64x32xf16, #tile.fragment>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%A_s, %B_s, %acc) {clear_accum = true}
        : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>,
           memref<64x64xf32, #tile.fragment>) -> ()
    // expected-error @+1 {{'tile.gemm' op cannot run on the 16x16x16 cooperative matrices its kernel's tile_vulkan.cooperative_matrix asks for: A is a fragment tile}}
    "tile.gemm"(%A_f, %B_s, %acc)
        : (memref<64x32xf16, #tile.fragment>, memref<32x64xf16, #gpu.address_space<workgroup>>,
           memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @smaller_than_a_matrix(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%bm, %bn) in (4, 4) {
    // 8 rows hold no 16-row matrix.
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<8x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<8x64xf32, #tile.fragment>
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<8x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    // expected-error @+1 {{'tile.gemm' op cannot run on the 16x16x16 cooperative matrices its kernel's tile_vulkan.cooperative_matrix asks for: its 8x64 C tile is smaller than one 16x16 cooperative matrix}}
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<8x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<8x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<8x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @empty_k(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%bm, %bn) in (4, 4) {
    // A K of 0 is a multiple of any k, but holds no matrix; with k = 2^62,
    // its row bytes overflowed in the alignment check.
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 4611686018427387904 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x0xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<0x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<64x0xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<0x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    // expected-error @+1 {{'tile.gemm' op cannot run on the 16x16x4611686018427387904 cooperative matrices its kernel's tile_vulkan.cooperative_matrix asks for: its K of 0 is less than k = 4611686018427387904}}
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<64x0xf16, #gpu.address_space<workgroup>>, memref<0x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
