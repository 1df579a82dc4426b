// The tile dialect: region-free operations that say what moves and multiplies.
//
// Structure (kernels, pipelined loops, thread-parallel loops) comes from
// upstream scf ops carrying tile.* attributes; see docs/dialect.md. IRDL checks
// the operand and result kinds below; every semantic rule (shapes, element
// types, scopes, attributes) is checked by the tile-verify pass, which every
// backend pipeline runs first.
irdl.dialect @tile {
  // Memory space of a fragment: a tile whose elements are distributed over
  // the threads of a kernel in a layout the backend chooses.
  irdl.attribute @fragment {
  }

  // %buf = tile.alloc : a statically shaped tile in the scope named by the
  // memory space of its type (shared, fragment or local).
  irdl.operation @alloc {
    %memref = irdl.base "!builtin.memref"
    irdl.results(result: %memref)
  }

  // tile.copy(%src, %dst, src_offsets..., dst_offsets...): copies a window.
  irdl.operation @copy {
    %src = irdl.base "!builtin.memref"
    %dst = irdl.base "!builtin.memref"
    %index = irdl.is index
    irdl.operands(source: %src, dest: %dst, source_offsets: variadic %index,
                  dest_offsets: variadic %index)
  }

  // tile.gemm(%a, %b, %c): C += op(A) * op(B).
  irdl.operation @gemm {
    %a = irdl.base "!builtin.memref"
    %b = irdl.base "!builtin.memref"
    %c = irdl.base "!builtin.memref"
    irdl.operands(a: %a, b: %b, c: %c)
  }

  // tile.fill(%dst, %value): every element of %dst becomes %value.
  irdl.operation @fill {
    %dst = irdl.base "!builtin.memref"
    %value = irdl.any
    irdl.operands(dest: %dst, value: %value)
  }

  // tile.reduce(%src, %dst): reduces %src along one dimension into %dst.
  irdl.operation @reduce {
    %src = irdl.base "!builtin.memref"
    %dst = irdl.base "!builtin.memref"
    irdl.operands(source: %src, dest: %dst)
  }

  // tile.atomic_add(%src, %dst, dest_offsets...): atomically adds a tile into
  // a window of %dst.
  irdl.operation @atomic_add {
    %src = irdl.base "!builtin.memref"
    %dst = irdl.base "!builtin.memref"
    %index = irdl.is index
    irdl.operands(source: %src, dest: %dst, dest_offsets: variadic %index)
  }
}
