// Kernels beyond the chip's limits are located errors naming the target,
// the size asked for and the limit, before LLVM's AMDGPU backend refuses
// them with no location ("error: <unknown>:0:0: local memory (262144)
// exceeds limit (65536) in function 'k_kernel'"). LDS per workgroup: 64 KiB
// (160 KiB on gfx950); scratch per thread: 131056 bytes on gfx9 chips.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 %s -o /dev/null

func.func @lds(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile.alloc' op allocates 262144 bytes of shared memory; rocm:gfx942 gives a block at most 65536 bytes}}
    %s = "tile.alloc"() : () -> memref<256x256xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, memref<256x256xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%s, %A, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<256x256xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// LLVM: "stack frame size (262148) exceeds limit (131056)".
func.func @scratch(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile.alloc' op allocates 262144 bytes of private memory; rocm:gfx942 gives a thread at most 131056 bytes}}
    %s = "tile.alloc"() : () -> memref<256x256xf32, #gpu.address_space<private>>
    "tile.copy"(%A, %s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, memref<256x256xf32, #gpu.address_space<private>>, index, index) -> ()
    "tile.copy"(%s, %A, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<256x256xf32, #gpu.address_space<private>>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// A fragment's registers are private memory: 1024x1024 f32 over 32 threads
// is 131072 bytes per thread.
func.func @fragment_registers(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'scf.forall' op kernel needs 131072 bytes of private memory per thread (local tiles and the registers of fragments); rocm:gfx942 gives a thread at most 131056 bytes}}
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<1024x1024xf32, #tile.fragment>
    "tile.fill"(%f, %zero) : (memref<1024x1024xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%f, %A, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<1024x1024xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// A dispatch counts at most 2^32 - 1 work-items along a dimension.
func.func @work_items(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.forall' op kernel grid has 33554432 blocks of 128 threads along x; rocm:gfx942 launches at most 4294967295 threads along a dimension}}
  scf.forall (%i) in (33554432) {
    %s = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @grid_y(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.forall' op kernel grid has 2147483648 blocks along y; rocm:gfx942 launches at most 2147483647}}
  scf.forall (%i) in (2147483648) {
    %s = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<y>], tile.threads = 128 : i64}
  return
}
