// The tile_cpu dialect: the cpu backend's extension of the tile dialect.
//
// Each op states, for the kernel whose body holds it, a choice that the
// GEMM path (tile-cpu-gemm) otherwise makes itself; it applies to every
// tile.gemm of that kernel. Every op is optional: without it the backend
// chooses as it does for any kernel; with it the backend obeys or reports,
// at the op, why it cannot. The cpu pipeline erases the ops once honoured;
// any other target reports them. IRDL checks the attribute kinds below; the
// placement and value rules are checked by tile-cpu-verify
// (lib/cpu/extension.c). See docs/dialect.md.
irdl.dialect @tile_cpu {
  // tile_cpu.micro_kernel {rows, vectors, unroll}: the register block holds
  // `rows` rows of C by `vectors` vector registers per row, and the loop
  // over K runs `unroll` steps per iteration.
  // (One constraint per attribute: IRDL binds a constraint to a single
  // value, so a shared one would ask rows == vectors == unroll.)
  irdl.operation @micro_kernel {
    %rows = irdl.base "#builtin.integer"
    %vectors = irdl.base "#builtin.integer"
    %unroll = irdl.base "#builtin.integer"
    irdl.attributes {"rows" = %rows, "vectors" = %vectors, "unroll" = %unroll}
  }

  // tile_cpu.packing {a, b}: whether A and B are packed into panels (true)
  // or read by the micro-kernel from their tiles as they are (false).
  irdl.operation @packing {
    %a = irdl.base "#builtin.integer"
    %b = irdl.base "#builtin.integer"
    irdl.attributes {"a" = %a, "b" = %b}
  }

  // tile_cpu.prefetch {distance}: a packing copy that reads a row of a
  // window of a larger buffer prefetches the row `distance` rows further
  // (0: no prefetch).
  irdl.operation @prefetch {
    %distance = irdl.base "#builtin.integer"
    irdl.attributes {"distance" = %distance}
  }
}
