// The cpu pipeline obeys tile_cpu ops or refuses them with a located error
// at the op that says why. Without the op, each of these kernels compiles
// with the backend's own choices. The target is pinned to an AVX2 chip
// (16 vector registers of 8 f32 lanes), whatever the machine.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cpu:x86-64-v3 %s -o /dev/null
// Each kernel without its tile_cpu ops compiles:
// RUN: sed -e '/"tile_cpu\./d' %s | tile-opt --split-input-file --target=cpu:x86-64-v3 - -o /dev/null

func.func @too_many_registers(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // 16 ymm registers: 6 x 3 accumulators would spill in the K loop (the
    // same block fits the 32 registers of x86-64-v4: extension.test).
    // expected-error @+1 {{'tile_cpu.micro_kernel' op cannot be honoured: a block of 6 rows x 3 vectors takes 22 vector registers (18 accumulators, 3 vectors of B and a broadcast of A); the target (cpu 'x86-64-v3') has 16 of 256 bits}}
    "tile_cpu.micro_kernel"() {rows = 6 : i64, vectors = 3 : i64, unroll = 4 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<32x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<64x32xf32, #gpu.address_space<workgroup>>, memref<32x64xf32, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @huge_block(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // Factors whose product overflows int64 are refused by their size.
    // expected-error @+1 {{'tile_cpu.micro_kernel' op cannot be honoured: a block of 4611686018427387904 rows x 4611686018427387904 vectors takes more vector registers than the target (cpu 'x86-64-v3') has: 16 of 256 bits}}
    "tile_cpu.micro_kernel"() {rows = 4611686018427387904 : i64, vectors = 4611686018427387904 : i64, unroll = 4 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<32x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<64x32xf32, #gpu.address_space<workgroup>>, memref<32x64xf32, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @taller_than_c(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cpu.micro_kernel' op cannot be honoured: a block of 8 rows is taller than the gemm's 4x64 C tile}}
    "tile_cpu.micro_kernel"() {rows = 8 : i64, vectors = 1 : i64, unroll = 4 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<4x32xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<4x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<4x64xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<4x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<32x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<4x32xf32, #gpu.address_space<workgroup>>, memref<32x64xf32, #gpu.address_space<workgroup>>, memref<4x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<4x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @wider_than_c(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cpu.micro_kernel' op cannot be honoured: a block of 3 vectors of 8 lanes is wider than the gemm's 64x16 C tile}}
    "tile_cpu.micro_kernel"() {rows = 4 : i64, vectors = 3 : i64, unroll = 4 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x16xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x16xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x16xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<32x16xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<64x32xf32, #gpu.address_space<workgroup>>, memref<32x16xf32, #gpu.address_space<workgroup>>, memref<64x16xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @unroll_beyond_k(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cpu.micro_kernel' op cannot be honoured: 8 steps of K per iteration are more than the gemm's K of 4}}
    "tile_cpu.micro_kernel"() {rows = 6 : i64, vectors = 2 : i64, unroll = 8 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x4xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<4x64xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<64x4xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<4x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<64x4xf32, #gpu.address_space<workgroup>>, memref<4x64xf32, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @unpacked_a_needs_conversion(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cpu.packing' op cannot be honoured: A holds f16 and the micro-kernel multiplies in f32: only packing converts A}}
    "tile_cpu.packing"() {a = false, b = true} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

// B is a transposed view of a shared tile: its rows are strided, which only
// packing reads (vector loads need contiguous rows).
func.func @unpacked_b_strided(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cpu.packing' op cannot be honoured: the rows of B are strided and the micro-kernel loads them as vectors: only packing reads strided rows}}
    "tile_cpu.packing"() {a = true, b = false} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    %Bt = memref.transpose %B_s (i, j) -> (j, i) : memref<64x32xf32, #gpu.address_space<workgroup>> to memref<32x64xf32, strided<[1, 32]>, #gpu.address_space<workgroup>>
    "tile.gemm"(%A_s, %Bt, %acc) : (memref<64x32xf32, #gpu.address_space<workgroup>>, memref<32x64xf32, strided<[1, 32]>, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @unpacked_b_transposed(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cpu.packing' op cannot be honoured: B is stored N x K (transpose_b) and the micro-kernel loads vectors of B along N: only packing transposes B}}
    "tile_cpu.packing"() {a = true, b = false} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%A_s, %B_s, %acc) {transpose_b = true} : (memref<64x32xf32, #gpu.address_space<workgroup>>, memref<64x32xf32, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @nothing_to_prefetch(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // Neither operand is packed: the copies into A and B stay copies.
    "tile_cpu.packing"() {a = false, b = false} : () -> ()
    // expected-error @+1 {{'tile_cpu.prefetch' op cannot be honoured: no packing copy of the kernel reads vectors from rows of a window of a larger buffer, the reads it prefetches ahead of (an operand read in place, packed from a tile of the block or element by element has none)}}
    "tile_cpu.prefetch"() {distance = 8 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<32x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%A_s, %B_s, %acc) : (memref<64x32xf32, #gpu.address_space<workgroup>>, memref<32x64xf32, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @no_gemm(%C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm) in (4) {
    // expected-error @+1 {{'tile_cpu.micro_kernel' op cannot be honoured: the kernel holds no tile.gemm}}
    "tile_cpu.micro_kernel"() {rows = 6 : i64, vectors = 2 : i64, unroll = 4 : i64} : () -> ()
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}
