// The tile_rocm dialect: the rocm backend's extension of the tile dialect.
//
// Each op states, for the kernel whose body holds it, a choice that the
// matrix-core path (tile-rocm-matrix) otherwise makes itself. Every op is
// optional: without it the backend chooses as it does for any kernel; with
// it the backend obeys or reports, at the op, why it cannot. The rocm
// pipeline erases the ops once honoured; any other target reports them.
// IRDL checks the attribute kinds below; the placement and value rules are
// checked by tile-rocm-verify (lib/rocm/extension.c). See docs/dialect.md.
irdl.dialect @tile_rocm {
  // tile_rocm.matrix_shape {m, n, k}: the kernel's gemm runs on the m x n x k
  // matrix instruction (MFMA or WMMA) of the chip and element type.
  // (One constraint per attribute: IRDL binds a constraint to a single
  // value, so a shared one would ask m == n == k.)
  irdl.operation @matrix_shape {
    %m = irdl.base "#builtin.integer"
    %n = irdl.base "#builtin.integer"
    %k = irdl.base "#builtin.integer"
    irdl.attributes {"m" = %m, "n" = %n, "k" = %k}
  }

  // tile_rocm.lds_layout {pad}: the rows of the gemm's A and B tiles in LDS
  // carry `pad` extra elements (0: unpadded).
  irdl.operation @lds_layout {
    %pad = irdl.base "#builtin.integer"
    irdl.attributes {"pad" = %pad}
  }

  // tile_rocm.direct_loads: the pipelined K loop fills A (and B when it is
  // stored n x k) with direct-to-LDS loads (global_load_lds_dword, gfx942 and
  // gfx950) into unpadded rows with an XOR swizzle, not through registers.
  irdl.operation @direct_loads {
  }

  // tile_rocm.waves_per_eu {waves}: the kernel is compiled so that `waves`
  // of its waves fit on one SIMD at once (LLVM's amdgpu-waves-per-eu: a
  // register budget), on any path.
  irdl.operation @waves_per_eu {
    %waves = irdl.base "#builtin.integer"
    irdl.attributes {"waves" = %waves}
  }
}
