// Kernels beyond the chip's limits per block are located errors naming the
// target, the size asked for and the limit (a 256 KiB shared tile compiled
// into a launch asking for 262144 bytes, more than any chip has). The
// limits: shared memory per block (opt-in maximum) 64 KiB on sm_75, 163 KiB
// on sm_80/sm_87, 99 KiB on sm_86/sm_89, 227 KiB on sm_90(a); 1024 threads;
// grids of 2^31 - 1 x 65535 x 65535 blocks; 512 KiB of local memory per
// thread (ptxas accepts more, and the launch then fails).
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_80 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_90a %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_86 %s -o /dev/null

func.func @shared_tile_beyond_every_chip(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    // expected-error-re @+1 {{'tile.alloc' op allocates 262144 bytes of shared memory; cuda:sm_{{80|86|90a}} gives a block at most {{166912|101376|232448}} bytes}}
    %s = "tile.alloc"() : () -> memref<256x256xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, memref<256x256xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%s, %A, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<256x256xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// Tiles that fit one by one but not together: reported at the kernel.
func.func @shared_tiles_together(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error-re @+1 {{'scf.forall' op kernel needs 294912 bytes of shared memory per block (the sum of its shared tiles); cuda:sm_{{80|86|90a}} gives a block at most}}
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<256x96xf32, #gpu.address_space<workgroup>>
    %t = "tile.alloc"() : () -> memref<256x96xf32, #gpu.address_space<workgroup>>
    %u = "tile.alloc"() : () -> memref<256x96xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, memref<256x96xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%s, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<256x96xf32, #gpu.address_space<workgroup>>, memref<256x96xf32, #gpu.address_space<workgroup>>) -> ()
    "tile.copy"(%t, %u) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<256x96xf32, #gpu.address_space<workgroup>>, memref<256x96xf32, #gpu.address_space<workgroup>>) -> ()
    "tile.copy"(%u, %A, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<256x96xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// Grids: 65535 blocks at most along y and z, 2^31 - 1 along x.
func.func @grid_y(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %rows = arith.constant 70000 : index
  // expected-error-re @+1 {{'scf.forall' op kernel grid has 70000 blocks along y; cuda:sm_{{80|86|90a}} launches at most 65535}}
  scf.forall (%i, %j) in (%rows, 2) {
    %s = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @grid_x(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error-re @+1 {{'scf.forall' op kernel grid has 2147483648 blocks along x; cuda:sm_{{80|86|90a}} launches at most 2147483647}}
  scf.forall (%i) = (0) to (4294967296) step (2) {
    %s = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// At the limits: compiles.
func.func @grid_at_the_limits(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%i, %j, %k) in (65535, 65535, 2147483647) {
    %s = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>], tile.threads = 1024 : i64}
  return
}

// -----

func.func @local_tile_beyond_a_thread(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile.alloc' op allocates 1048576 bytes of private memory; cuda:}}
    %l = "tile.alloc"() : () -> memref<262144xf32, #gpu.address_space<private>>
    "tile.fill"(%l, %zero) : (memref<262144xf32, #gpu.address_space<private>>, f32) -> ()
    "tile.copy"(%l, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<262144xf32, #gpu.address_space<private>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// A kernel whose local tiles fit one by one but not together.
func.func @local_tiles_beyond_a_thread(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{kernel needs 786432 bytes of private memory per thread (local tiles and the registers of fragments); cuda:}}
  scf.forall (%b) in (4) {
    %l = "tile.alloc"() : () -> memref<98304xf32, #gpu.address_space<private>>
    %m = "tile.alloc"() : () -> memref<98304xf32, #gpu.address_space<private>>
    "tile.fill"(%l, %zero) : (memref<98304xf32, #gpu.address_space<private>>, f32) -> ()
    "tile.copy"(%l, %m) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<98304xf32, #gpu.address_space<private>>, memref<98304xf32, #gpu.address_space<private>>) -> ()
    "tile.copy"(%m, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<98304xf32, #gpu.address_space<private>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
