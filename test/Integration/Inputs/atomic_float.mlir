// f32 atomic additions (OpAtomicFAddEXT) from every kind of tile into
// global and shared buffers. Every block sums 32 rows of X[M, 16] in a
// fragment and adds the column sums into out; a shared tile adds the
// block's first row into firsts. Each thread adds 1.0 from a local tile into
// count[0] in global memory, and into a shared tile whose total the block
// then adds into count[1]: whole numbers of contended additions, exact in
// f32, so that a lost update shows.
func.func @atomic_float(%X: memref<?x16xf32>, %out: memref<16xf32>,
                        %firsts: memref<16xf32>, %count: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %M = memref.dim %X, %c0 : memref<?x16xf32>
  %grid = arith.ceildivui %M, %c32 : index
  scf.forall (%b) in (%grid) {
    %t = "tile.alloc"() : () -> memref<32x16xf32, #tile.fragment>
    %cols = "tile.alloc"() : () -> memref<16xf32, #tile.fragment>
    %first = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    %mine = "tile.alloc"() : () -> memref<1xf32, #gpu.address_space<private>>
    %block = "tile.alloc"() : () -> memref<1xf32, #gpu.address_space<workgroup>>
    %m0 = arith.muli %b, %c32 : index
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x16xf32>, memref<32x16xf32, #tile.fragment>, index, index) -> ()
    "tile.reduce"(%t, %cols) {kind = "sum", dim = 0 : i64}
        : (memref<32x16xf32, #tile.fragment>, memref<16xf32, #tile.fragment>) -> ()
    "tile.atomic_add"(%cols, %out, %c0)
        : (memref<16xf32, #tile.fragment>, memref<16xf32>, index) -> ()
    "tile.copy"(%X, %first, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x16xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.atomic_add"(%first, %firsts, %c0)
        : (memref<16xf32, #gpu.address_space<workgroup>>, memref<16xf32>, index) -> ()
    "tile.fill"(%block, %zero) : (memref<1xf32, #gpu.address_space<workgroup>>, f32) -> ()
    "tile.fill"(%mine, %one) : (memref<1xf32, #gpu.address_space<private>>, f32) -> ()
    "tile.atomic_add"(%mine, %count, %c0)
        : (memref<1xf32, #gpu.address_space<private>>, memref<2xf32>, index) -> ()
    "tile.atomic_add"(%mine, %block, %c0)
        : (memref<1xf32, #gpu.address_space<private>>, memref<1xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.atomic_add"(%block, %count, %c1)
        : (memref<1xf32, #gpu.address_space<workgroup>>, memref<2xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atomic_float_ref(%X: memref<?x16xf32>, %out: memref<16xf32>,
                            %firsts: memref<16xf32>, %count: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %M = memref.dim %X, %c0 : memref<?x16xf32>
  scf.for %i = %c0 to %M step %c1 {
    %r = arith.remui %i, %c32 : index
    %is_first = arith.cmpi eq, %r, %c0 : index
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %X[%i, %j] : memref<?x16xf32>
      %o = memref.load %out[%j] : memref<16xf32>
      %o2 = arith.addf %o, %x : f32
      memref.store %o2, %out[%j] : memref<16xf32>
      scf.if %is_first {
        %f = memref.load %firsts[%j] : memref<16xf32>
        %f2 = arith.addf %f, %x : f32
        memref.store %f2, %firsts[%j] : memref<16xf32>
      }
    }
  }
  %grid = arith.ceildivui %M, %c32 : index
  %threads = arith.muli %grid, %c64 : index
  %ti = arith.index_cast %threads : index to i32
  %n = arith.sitofp %ti : i32 to f32
  scf.for %k = %c0 to %c1 step %c1 {
    %c = memref.load %count[%c0] : memref<2xf32>
    %c2 = arith.addf %c, %n : f32
    memref.store %c2, %count[%c0] : memref<2xf32>
    %d = memref.load %count[%c1] : memref<2xf32>
    %d2 = arith.addf %d, %n : f32
    memref.store %d2, %count[%c1] : memref<2xf32>
  }
  return
}
