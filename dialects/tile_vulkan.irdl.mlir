// The tile_vulkan dialect: the vulkan backend's extension of the tile
// dialect.
//
// Each op states, for the kernel whose body holds it, a choice that the
// vulkan lowering otherwise makes itself. Every op is optional: without it
// the backend chooses as it does for any kernel; with it the backend obeys
// or reports, at the op, why it cannot. The vulkan pipeline erases the ops
// once honoured; any other target reports them. IRDL checks the attribute
// kinds below; the placement and value rules are checked by
// tile-vulkan-verify (lib/vulkan/extension.c). See docs/dialect.md.
irdl.dialect @tile_vulkan {
  // tile_vulkan.subgroup {size}: the kernel runs in subgroups of `size`
  // invocations (a power of two, 1 to 128, dividing its thread count); its
  // tile.reduce ops combine the threads of one subgroup with subgroup
  // shuffles (OpGroupNonUniformShuffleXor) instead of shared memory and
  // barriers. The runtime asks the device for that size, and refuses a
  // device that cannot run it.
  irdl.operation @subgroup {
    %size = irdl.base "#builtin.integer"
    irdl.attributes {"size" = %size}
  }

  // tile_vulkan.cooperative_matrix {m, n, k}: the kernel's gemm runs on
  // m x n x k cooperative matrices (VK_KHR_cooperative_matrix, SPIR-V 1.6),
  // one subgroup per m x n block of the accumulator.
  // (One constraint per attribute: IRDL binds a constraint to a single
  // value, so a shared one would ask m == n == k.)
  irdl.operation @cooperative_matrix {
    %m = irdl.base "#builtin.integer"
    %n = irdl.base "#builtin.integer"
    %k = irdl.base "#builtin.integer"
    irdl.attributes {"m" = %m, "n" = %n, "k" = %k}
  }
}
