// The cuda pipeline obeys tile_cuda ops or refuses them with a located
// error at the op that says why (the plan's reason). Without the ops, each
// of these kernels compiles: on a tensor-core path or the SIMT path.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_90a %s -o /dev/null
// RUN: sed '/tile_cuda\./d' %s | tile-opt --split-input-file --target=cuda:sm_90a - -o /dev/null

// A path that does not take the kernel: the plan's reason.
func.func @ws_stages(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cuda.path' op cannot be honoured: the kernel does not take the wgmma_ws path on sm_90a: its K loop has 1 stage; the path needs 2 or more (tile.num_stages)}}
    "tile_cuda.path"() {path = "wgmma_ws"} : () -> ()
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

func.func @wgmma_tiles(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cuda.path' op cannot be honoured: the kernel does not take the wgmma path on sm_90a: the path takes 128x128x64 tiles and 128 threads; the kernel has 64x64x32 and 128}}
    "tile_cuda.path"() {path = "wgmma"} : () -> ()
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

// Without the op the kernel takes the SIMT path: 96 threads are no warp
// grid over 64x64.
func.func @mma_warps(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cuda.path' op cannot be honoured: the kernel does not take the mma path on sm_90a: no grid of its 3 warps (policy "square") tiles its 64x64 accumulator into 16x16 pieces}}
    "tile_cuda.path"() {path = "mma"} : () -> ()
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
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 96 : i64}
  return
}

// -----

// One warp and a 256x256 accumulator: 16x32 m16n8 tiles a warp, more than
// the path holds. Without the op the kernel takes the SIMT path (this once
// crashed the compiler).
func.func @mma_warp_tiles(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cuda.path' op cannot be honoured: the kernel does not take the mma path on sm_90a: a warp would hold 16x32 m16n8 tiles of its 256x256 accumulator (at most 16 along each side)}}
    "tile_cuda.path"() {path = "mma"} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<256x16xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<16x256xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<256x256xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<256x256xf32, #tile.fragment>, f32) -> ()
    scf.for %k = %c0 to %c1 step %c1 {
      "tile.copy"(%A, %A_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<256x16xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<16x256xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<256x16xf16, #gpu.address_space<workgroup>>, memref<16x256xf16, #gpu.address_space<workgroup>>,
             memref<256x256xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<256x256xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// An instruction no path runs.
func.func @shape_m32(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cuda.mma_shape' op cannot be honoured: no path runs an instruction of M = 32: mma runs mma.sync m16n8k16, wgmma and wgmma_ws run wgmma.mma_async m64nNk16}}
    "tile_cuda.mma_shape"() {m = 32 : i64, n = 8 : i64, k = 16 : i64} : () -> ()
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

// wgmma's N is the tile's.
func.func @shape_n64(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 64 : index
  %cM = arith.constant 128 : index
  %cN = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %k_tiles = arith.ceildivui %K, %cK : index
  scf.forall (%bm, %bn) in (8, 8) {
    // expected-error @+1 {{'tile_cuda.mma_shape' op cannot be honoured: the wgmma path runs wgmma m64n128k16 for this kernel (wgmma's N is the 128 columns of its tile of C)}}
    "tile_cuda.mma_shape"() {m = 64 : i64, n = 64 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<128x64xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x128xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x128xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %cM : index
    %n0 = arith.muli %bn, %cN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>,
             memref<128x128xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 3 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<128x128xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// m16n8k8 is no shape the mma path runs.
func.func @shape_k8(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cuda.mma_shape' op cannot be honoured: the mma path runs mma.sync m16n8k16 only}}
    "tile_cuda.mma_shape"() {m = 16 : i64, n = 8 : i64, k = 8 : i64} : () -> ()
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

// A wgmma instruction for a kernel neither wgmma path takes: each
// path's reason.
func.func @shape_no_wgmma(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cuda.mma_shape' op cannot be honoured: the kernel takes none of the paths it asks for on sm_90a: wgmma_ws: its K loop has 1 stage; the path needs 2 or more (tile.num_stages); wgmma: the path takes 128x128x64 tiles and 128 threads; the kernel has 64x64x32 and 128}}
    "tile_cuda.mma_shape"() {m = 64 : i64, n = 64 : i64, k = 16 : i64} : () -> ()
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

// The SIMT path runs no tensor-core instruction.
func.func @shape_simt(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    "tile_cuda.path"() {path = "simt"} : () -> ()
    // expected-error @+1 {{'tile_cuda.mma_shape' op cannot be honoured: the simt path runs no tensor-core instruction}}
    "tile_cuda.mma_shape"() {m = 16 : i64, n = 8 : i64, k = 16 : i64} : () -> ()
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

// A's rows are 128 bytes: TMA and wgmma take the 128-byte swizzle.
func.func @swizzle_a64(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 64 : index
  %cM = arith.constant 128 : index
  %cN = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %k_tiles = arith.ceildivui %K, %cK : index
  scf.forall (%bm, %bn) in (8, 8) {
    // expected-error @+1 {{'tile_cuda.swizzle' op cannot be honoured: the wgmma_ws path loads A with the 128-byte swizzle and B with the 128-byte one (the swizzle span of a TMA box is the width of its rows, 128 and 128 bytes here, and wgmma reads the tiles in it)}}
    "tile_cuda.swizzle"() {a = 64 : i64, b = 128 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<128x64xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x256xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x256xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x256xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %cM : index
    %n0 = arith.muli %bn, %cN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x256xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x256xf16, #gpu.address_space<workgroup>>,
             memref<128x256xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 4 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<128x256xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 384 : i64}
  return
}

// -----

// mma.sync pads rows instead of swizzling.
func.func @swizzle_mma(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    "tile_cuda.path"() {path = "mma"} : () -> ()
    // expected-error @+1 {{'tile_cuda.swizzle' op cannot be honoured: the mma path does not swizzle A and B (it pads their rows by 8 elements instead)}}
    "tile_cuda.swizzle"() {a = 128 : i64, b = 128 : i64} : () -> ()
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

// Warp specialisation is the wgmma_ws path's.
func.func @ws_on_mma(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    "tile_cuda.path"() {path = "mma"} : () -> ()
    // expected-error @+1 {{'tile_cuda.warp_specialize' op cannot be honoured: the kernel takes the mma path, which does not specialise warps}}
    "tile_cuda.warp_specialize"() {producer_registers = 40 : i64, consumer_registers = 232 : i64} : () -> ()
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

// Register budgets beyond the block's pool (what its threads start with).
func.func @ws_budget(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 64 : index
  %cM = arith.constant 128 : index
  %cN = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %k_tiles = arith.ceildivui %K, %cK : index
  scf.forall (%bm, %bn) in (8, 8) {
    // expected-error @+1 {{'tile_cuda.warp_specialize' op cannot be honoured: 128 threads of 40 registers and 2 x 128 of 256 take 70656 registers; a block of 384 threads has 64512 (168 a thread)}}
    "tile_cuda.warp_specialize"() {producer_registers = 40 : i64, consumer_registers = 256 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<128x64xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x256xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x256xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x256xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %cM : index
    %n0 = arith.muli %bn, %cN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x256xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x256xf16, #gpu.address_space<workgroup>>,
             memref<128x256xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 4 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<128x256xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 384 : i64}
  return
}

// -----

// More rows than a TMA box holds (256): A and C move in boxes of a
// block's rows.
func.func @ws_box_rows(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 64 : index
  %cM = arith.constant 320 : index
  %cN = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %k_tiles = arith.ceildivui %K, %cK : index
  scf.forall (%bm, %bn) in (8, 8) {
    // expected-error @+1 {{'tile_cuda.path' op cannot be honoured: the kernel does not take the wgmma_ws path on sm_90a: its 320 rows of C are not a multiple of 64 up to 256 (each consumer warpgroup computes 64; A and C move in TMA boxes of at most 256 rows)}}
    "tile_cuda.path"() {path = "wgmma_ws"} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<320x64xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<320x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<320x64xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %cM : index
    %n0 = arith.muli %bn, %cN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<320x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<320x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>>,
             memref<320x64xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 4 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<320x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 768 : i64}
  return
}

// -----

// Consumers too small for their 64x256 accumulators.
func.func @ws_accumulators(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 64 : index
  %cM = arith.constant 128 : index
  %cN = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %k_tiles = arith.ceildivui %K, %cK : index
  scf.forall (%bm, %bn) in (8, 8) {
    // expected-error @+1 {{'tile_cuda.warp_specialize' op cannot be honoured: its consumers need 176 registers a thread (a 64x256 f32 accumulator and 48 for the rest); they get 168}}
    "tile_cuda.warp_specialize"() {producer_registers = 40 : i64, consumer_registers = 168 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<128x64xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x256xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x256xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x256xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %cM : index
    %n0 = arith.muli %bn, %cN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x256xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x256xf16, #gpu.address_space<workgroup>>,
             memref<128x256xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 4 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<128x256xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 384 : i64}
  return
}

// -----

// Several refusals in one kernel are all reported.
func.func @two_refusals(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 64 : index
  %cM = arith.constant 128 : index
  %cN = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %k_tiles = arith.ceildivui %K, %cK : index
  scf.forall (%bm, %bn) in (8, 8) {
    "tile_cuda.path"() {path = "wgmma"} : () -> ()
    // expected-error @+1 {{'tile_cuda.mma_shape' op cannot be honoured: the wgmma path runs wgmma m64n128k16 for this kernel}}
    "tile_cuda.mma_shape"() {m = 64 : i64, n = 256 : i64, k = 16 : i64} : () -> ()
    // expected-error @+1 {{'tile_cuda.swizzle' op cannot be honoured: the wgmma path loads A with the 128-byte swizzle}}
    "tile_cuda.swizzle"() {a = 32 : i64, b = 32 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> memref<128x64xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x128xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x128xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %cM : index
    %n0 = arith.muli %bn, %cN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %cK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>,
             memref<128x128xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 3 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<128x128xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// Block order is remapped over (y, x) grids only.
func.func @raster_xy(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    // expected-error @+1 {{'tile_cuda.rasterize' op cannot be honoured: block order is rasterised over grids mapped [#gpu.block<y>, #gpu.block<x>] only}}
    "tile_cuda.rasterize"() {group_rows = 4 : i64} : () -> ()
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
  } {mapping = [#gpu.block<x>, #gpu.block<y>], tile.threads = 128 : i64}
  return
}
