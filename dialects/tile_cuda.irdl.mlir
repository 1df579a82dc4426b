// The tile_cuda dialect: the cuda backend's extension of the tile dialect.
//
// Each op states, for the kernel whose body holds it, a choice that the
// tensor-core paths (tile-cuda-wgmma-ws, tile-cuda-wgmma, tile-cuda-mma)
// otherwise make themselves. Every op is optional: without it the backend
// chooses as it does for any kernel; with it the backend obeys or reports,
// at the op, why it cannot. The cuda pipeline erases the ops once honoured;
// any other target reports them. IRDL checks the attribute kinds below; the
// placement and value rules are checked by tile-cuda-verify
// (lib/cuda/extension.c), the rules that depend on the chip and the kernel
// by tile-cuda-path (lib/cuda/path.c). See docs/dialect.md.
irdl.dialect @tile_cuda {
  // tile_cuda.path {path}: the kernel takes the named path: "wgmma_ws"
  // (warp-specialised TMA + wgmma), "wgmma" (TMA + wgmma in one
  // warpgroup), "mma" (ldmatrix + mma.sync) or "simt".
  irdl.operation @path {
    %path = irdl.base "#builtin.string"
    irdl.attributes {"path" = %path}
  }

  // tile_cuda.mma_shape {m, n, k}: the kernel's gemm runs on the m x n x k
  // tensor-core instruction (mma.sync m16n8k16, or wgmma m64nNk16).
  // (One constraint per attribute: IRDL binds a constraint to a single
  // value, so a shared one would ask m == n == k.)
  irdl.operation @mma_shape {
    %m = irdl.base "#builtin.integer"
    %n = irdl.base "#builtin.integer"
    %k = irdl.base "#builtin.integer"
    irdl.attributes {"m" = %m, "n" = %n, "k" = %k}
  }

  // tile_cuda.swizzle {a, b}: the shared-memory swizzle, in bytes (128, 64,
  // 32, or 0 for none), of the gemm's A and B tiles.
  irdl.operation @swizzle {
    %a = irdl.base "#builtin.integer"
    %b = irdl.base "#builtin.integer"
    irdl.attributes {"a" = %a, "b" = %b}
  }

  // tile_cuda.warp_specialize {producer_registers, consumer_registers}: the
  // kernel runs warp-specialised (one producer warpgroup issuing TMA loads,
  // consumer warpgroups running wgmma), each role setting its register
  // budget per thread with setmaxnreg.
  irdl.operation @warp_specialize {
    %producer = irdl.base "#builtin.integer"
    %consumer = irdl.base "#builtin.integer"
    irdl.attributes {"producer_registers" = %producer,
                     "consumer_registers" = %consumer}
  }

  // tile_cuda.rasterize {group_rows}: the kernel's 2-d grid visits its blocks
  // in groups of `group_rows` block rows, one block column after another
  // (1: the launch's own order, row after row).
  irdl.operation @rasterize {
    %group_rows = irdl.base "#builtin.integer"
    irdl.attributes {"group_rows" = %group_rows}
  }
}
