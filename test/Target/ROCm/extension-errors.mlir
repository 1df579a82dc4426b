// The rocm pipeline obeys tile_rocm ops or refuses them with a located
// error at the op that says why (the plan's reason). Without the op, each of
// these kernels compiles: by the SIMT path, or with the default choice.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 %s -o /dev/null

func.func @no_such_shape(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_rocm.matrix_shape' op cannot be honoured: the kernel does not take the matrix path on gfx942: gfx942 has no 8x8x8 matrix instruction for f16 operands; it has 32x32x8 (v_mfma_f32_32x32x8_f16), 16x16x16 (v_mfma_f32_16x16x16_f16)}}
    "tile_rocm.matrix_shape"() {m = 8 : i64, n = 8 : i64, k = 8 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    scf.for %k = %c0 to %c1 step %c1 {
      "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>,
             memref<64x64xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @shape_does_not_tile_c(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // A 48x48 C tile is no whole number of 32x32 instruction tiles.
    // expected-error @+1 {{'tile_rocm.matrix_shape' op cannot be honoured: the kernel does not take the matrix path on gfx942: 32x32x8: no grid of its 1 waves splits its 48-row C tile into whole instruction tiles (with the gemm's policy)}}
    "tile_rocm.matrix_shape"() {m = 32 : i64, n = 32 : i64, k = 8 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<48x16xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<16x48xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<48x48xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<48x48xf32, #tile.fragment>, f32) -> ()
    scf.for %k = %c0 to %c1 step %c1 {
      "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<48x16xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<16x48xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<48x16xf16, #gpu.address_space<workgroup>>, memref<16x48xf16, #gpu.address_space<workgroup>>,
             memref<48x48xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<48x48xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @k_tile(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{16x16x16: its K tile of 8 is not a multiple of the instruction's K (16)}}
    "tile_rocm.matrix_shape"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x8xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<8x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    scf.for %k = %c0 to %c1 step %c1 {
      "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x8xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<8x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<64x8xf16, #gpu.address_space<workgroup>>, memref<8x64xf16, #gpu.address_space<workgroup>>,
             memref<64x64xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @not_whole_waves(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{16x16x16: its 96 threads are not whole waves of 64}}
    "tile_rocm.matrix_shape"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x16xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<16x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    scf.for %k = %c0 to %c1 step %c1 {
      "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x16xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<16x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<64x16xf16, #gpu.address_space<workgroup>>, memref<16x64xf16, #gpu.address_space<workgroup>>,
             memref<64x64xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 96 : i64}
  return
}

// -----

func.func @no_gemm(%A: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_rocm.lds_layout' op cannot be honoured: the kernel does not take the matrix path on gfx942: it is not one gemm the path takes (one tile.gemm, f16/bf16 (or i8) A and B in shared tiles, an f32 (i32) fragment accumulator, no transpose_a or clear_accum, in an scf.for that fills A and B by one global-window copy each)}}
    "tile_rocm.lds_layout"() {pad = 4 : i64} : () -> ()
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @both_refused(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // Both ops of a kernel off the matrix path are refused, each at its op.
    // expected-error @+1 {{its 96 threads are not whole waves of 64}}
    "tile_rocm.matrix_shape"() {m = 32 : i64, n = 32 : i64, k = 8 : i64} : () -> ()
    // expected-error @+1 {{'tile_rocm.lds_layout' op cannot be honoured: the kernel does not take the matrix path on gfx942: 32x32x8: its 96 threads are not whole waves of 64}}
    "tile_rocm.lds_layout"() {pad = 0 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<64x16xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<16x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    scf.for %k = %c0 to %c1 step %c1 {
      "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x16xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<16x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<64x16xf16, #gpu.address_space<workgroup>>, memref<16x64xf16, #gpu.address_space<workgroup>>,
             memref<64x64xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 96 : i64}
  return
}

// -----

func.func @pad_beyond_lds(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // 32768 + 2 x 8192 bytes fit; with rows of 32 + 100 f16 they do not.
    // expected-error @+1 {{'tile_rocm.lds_layout' op cannot be honoured: the kernel's shared tiles with A's and B's rows padded by 100 elements take 100352 bytes of LDS; gfx942 has 65536}}
    "tile_rocm.lds_layout"() {pad = 100 : i64} : () -> ()
    %big = "tile.alloc"() : () -> memref<8192xf32, #gpu.address_space<workgroup>>
    %A_s = "tile.alloc"() : () -> memref<128x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x128xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x128xf32, #tile.fragment>, f32) -> ()
    scf.for %k = %c0 to %c1 step %c1 {
      "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<128x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<32x128xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<128x32xf16, #gpu.address_space<workgroup>>, memref<32x128xf16, #gpu.address_space<workgroup>>,
             memref<128x128xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<128x128xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @pad_overflow(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_rocm.lds_layout' op cannot be honoured: A and B with rows padded by 9223372036854775807 elements exceed the range of LDS byte counts}}
    "tile_rocm.lds_layout"() {pad = 9223372036854775807 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<128x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x128xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x128xf32, #tile.fragment>, f32) -> ()
    scf.for %k = %c0 to %c1 step %c1 {
      "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<128x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<32x128xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<128x32xf16, #gpu.address_space<workgroup>>, memref<32x128xf16, #gpu.address_space<workgroup>>,
             memref<128x128xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<128x128xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @uneven_copies(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // A (16x16) is 256 elements for 512 threads: the copies stay tile.copy
    // ops for the SIMT path, into the tiles as declared.
    // expected-error @+1 {{'tile_rocm.lds_layout' op cannot be honoured: the copies that fill A (16x16) and B do not both split evenly over the kernel's 512 threads, so the path keeps A and B as declared}}
    "tile_rocm.lds_layout"() {pad = 4 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<16x16xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<16x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<16x128xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<16x128xf32, #tile.fragment>, f32) -> ()
    scf.for %k = %c0 to %c1 step %c1 {
      "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<16x16xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<16x128xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<16x16xf16, #gpu.address_space<workgroup>>, memref<16x128xf16, #gpu.address_space<workgroup>>,
             memref<16x128xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x128xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 512 : i64}
  return
}

// -----

// A SIMD of gfx942 holds at most 8 waves (LLVM's getMaxWavesPerEU).
func.func @too_many_waves(%X: memref<?xf32>, %Y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_rocm.waves_per_eu' op cannot be honoured: a SIMD of gfx942 holds at most 8 waves}}
    "tile_rocm.waves_per_eu"() {waves = 9 : i64} : () -> ()
    %t = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    "tile.copy"(%X, %t, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xf32>, memref<64xf32, #tile.fragment>, index) -> ()
    "tile.copy"(%t, %Y, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<64xf32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
