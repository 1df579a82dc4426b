// Generated once: every tile op on every float type (and i32), every
// float conversion of a copy (and two integer ones), and user
// arithmetic on 16-bit floats in kernels. test/Target/CPU/libcalls.test compiles it
// for several chips and lists the functions the objects call.

// Every tile op on f16: windowed copies with a pad (masked edges), fill,
// the four reductions along both dimensions, a GEMM accumulating in f16,
// atomic adds into global memory and into a block buffer (for
// the types that have them).
func.func @ops_f16(%X: memref<?x?xf16>, %Y: memref<?x?xf16>, %V: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf16>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf16, #tile.fragment>
    %a = "tile.alloc"() : () -> memref<16x8xf16, #gpu.address_space<workgroup>>
    %w = "tile.alloc"() : () -> memref<8x24xf16, #gpu.address_space<workgroup>>
    %rows = "tile.alloc"() : () -> memref<16xf16, #tile.fragment>
    %cols = "tile.alloc"() : () -> memref<24xf16, #tile.fragment>
    %local = "tile.alloc"() : () -> memref<16x24xf16, #gpu.address_space<workgroup>>
    %one = arith.constant 1.0 : f16
    "tile.fill"(%local, %one) : (memref<16x24xf16, #gpu.address_space<workgroup>>, f16) -> ()
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f16}
        : (memref<?x?xf16>, memref<16x24xf16, #tile.fragment>, index, index) -> ()
    "tile.copy"(%X, %a, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<16x8xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%X, %w, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<8x24xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%a, %w, %t)
        : (memref<16x8xf16, #gpu.address_space<workgroup>>, memref<8x24xf16, #gpu.address_space<workgroup>>,
           memref<16x24xf16, #tile.fragment>) -> ()
    "tile.reduce"(%t, %rows) {kind = "sum", dim = 1 : i64}
        : (memref<16x24xf16, #tile.fragment>, memref<16xf16, #tile.fragment>) -> ()
    "tile.reduce"(%t, %rows) {kind = "max", dim = 1 : i64, clear = false}
        : (memref<16x24xf16, #tile.fragment>, memref<16xf16, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "min", dim = 0 : i64}
        : (memref<16x24xf16, #tile.fragment>, memref<24xf16, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "absmax", dim = 0 : i64, clear = false}
        : (memref<16x24xf16, #tile.fragment>, memref<24xf16, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "sum", dim = 0 : i64, clear = false}
        : (memref<16x24xf16, #tile.fragment>, memref<24xf16, #tile.fragment>) -> ()
    "tile.copy"(%rows, %V, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<16xf16, #tile.fragment>, memref<?xf16>, index) -> ()
    "tile.atomic_add"(%t, %local, %c0, %c0)
        : (memref<16x24xf16, #tile.fragment>, memref<16x24xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.atomic_add"(%t, %Y, %m0, %c0)
        : (memref<16x24xf16, #tile.fragment>, memref<?x?xf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// Every tile op on bf16: windowed copies with a pad (masked edges), fill,
// the four reductions along both dimensions, a GEMM accumulating in bf16,
// atomic adds into global memory and into a block buffer (for
// the types that have them).
func.func @ops_bf16(%X: memref<?x?xbf16>, %Y: memref<?x?xbf16>, %V: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xbf16>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xbf16, #tile.fragment>
    %a = "tile.alloc"() : () -> memref<16x8xbf16, #gpu.address_space<workgroup>>
    %w = "tile.alloc"() : () -> memref<8x24xbf16, #gpu.address_space<workgroup>>
    %rows = "tile.alloc"() : () -> memref<16xbf16, #tile.fragment>
    %cols = "tile.alloc"() : () -> memref<24xbf16, #tile.fragment>
    %local = "tile.alloc"() : () -> memref<16x24xbf16, #gpu.address_space<workgroup>>
    %one = arith.constant 1.0 : bf16
    "tile.fill"(%local, %one) : (memref<16x24xbf16, #gpu.address_space<workgroup>>, bf16) -> ()
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : bf16}
        : (memref<?x?xbf16>, memref<16x24xbf16, #tile.fragment>, index, index) -> ()
    "tile.copy"(%X, %a, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xbf16>, memref<16x8xbf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%X, %w, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xbf16>, memref<8x24xbf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%a, %w, %t)
        : (memref<16x8xbf16, #gpu.address_space<workgroup>>, memref<8x24xbf16, #gpu.address_space<workgroup>>,
           memref<16x24xbf16, #tile.fragment>) -> ()
    "tile.reduce"(%t, %rows) {kind = "sum", dim = 1 : i64}
        : (memref<16x24xbf16, #tile.fragment>, memref<16xbf16, #tile.fragment>) -> ()
    "tile.reduce"(%t, %rows) {kind = "max", dim = 1 : i64, clear = false}
        : (memref<16x24xbf16, #tile.fragment>, memref<16xbf16, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "min", dim = 0 : i64}
        : (memref<16x24xbf16, #tile.fragment>, memref<24xbf16, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "absmax", dim = 0 : i64, clear = false}
        : (memref<16x24xbf16, #tile.fragment>, memref<24xbf16, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "sum", dim = 0 : i64, clear = false}
        : (memref<16x24xbf16, #tile.fragment>, memref<24xbf16, #tile.fragment>) -> ()
    "tile.copy"(%rows, %V, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<16xbf16, #tile.fragment>, memref<?xbf16>, index) -> ()
    "tile.atomic_add"(%t, %local, %c0, %c0)
        : (memref<16x24xbf16, #tile.fragment>, memref<16x24xbf16, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.atomic_add"(%t, %Y, %m0, %c0)
        : (memref<16x24xbf16, #tile.fragment>, memref<?x?xbf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// Every tile op on f32: windowed copies with a pad (masked edges), fill,
// the four reductions along both dimensions, a GEMM accumulating in f32,
// atomic adds into global memory and into a block buffer (for
// the types that have them).
func.func @ops_f32(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %V: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf32, #tile.fragment>
    %a = "tile.alloc"() : () -> memref<16x8xf32, #gpu.address_space<workgroup>>
    %w = "tile.alloc"() : () -> memref<8x24xf32, #gpu.address_space<workgroup>>
    %rows = "tile.alloc"() : () -> memref<16xf32, #tile.fragment>
    %cols = "tile.alloc"() : () -> memref<24xf32, #tile.fragment>
    %local = "tile.alloc"() : () -> memref<16x24xf32, #gpu.address_space<workgroup>>
    %one = arith.constant 1.0 : f32
    "tile.fill"(%local, %one) : (memref<16x24xf32, #gpu.address_space<workgroup>>, f32) -> ()
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f32}
        : (memref<?x?xf32>, memref<16x24xf32, #tile.fragment>, index, index) -> ()
    "tile.copy"(%X, %a, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<16x8xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%X, %w, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<8x24xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%a, %w, %t)
        : (memref<16x8xf32, #gpu.address_space<workgroup>>, memref<8x24xf32, #gpu.address_space<workgroup>>,
           memref<16x24xf32, #tile.fragment>) -> ()
    "tile.reduce"(%t, %rows) {kind = "sum", dim = 1 : i64}
        : (memref<16x24xf32, #tile.fragment>, memref<16xf32, #tile.fragment>) -> ()
    "tile.reduce"(%t, %rows) {kind = "max", dim = 1 : i64, clear = false}
        : (memref<16x24xf32, #tile.fragment>, memref<16xf32, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "min", dim = 0 : i64}
        : (memref<16x24xf32, #tile.fragment>, memref<24xf32, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "absmax", dim = 0 : i64, clear = false}
        : (memref<16x24xf32, #tile.fragment>, memref<24xf32, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "sum", dim = 0 : i64, clear = false}
        : (memref<16x24xf32, #tile.fragment>, memref<24xf32, #tile.fragment>) -> ()
    "tile.copy"(%rows, %V, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<16xf32, #tile.fragment>, memref<?xf32>, index) -> ()
    "tile.atomic_add"(%t, %local, %c0, %c0)
        : (memref<16x24xf32, #tile.fragment>, memref<16x24xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.atomic_add"(%t, %Y, %m0, %c0)
        : (memref<16x24xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// Every tile op on f64: windowed copies with a pad (masked edges), fill,
// the four reductions along both dimensions, a GEMM accumulating in f64,
// atomic adds into global memory and into a block buffer (for
// the types that have them).
func.func @ops_f64(%X: memref<?x?xf64>, %Y: memref<?x?xf64>, %V: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf64>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf64, #tile.fragment>
    %a = "tile.alloc"() : () -> memref<16x8xf64, #gpu.address_space<workgroup>>
    %w = "tile.alloc"() : () -> memref<8x24xf64, #gpu.address_space<workgroup>>
    %rows = "tile.alloc"() : () -> memref<16xf64, #tile.fragment>
    %cols = "tile.alloc"() : () -> memref<24xf64, #tile.fragment>
    %local = "tile.alloc"() : () -> memref<16x24xf64, #gpu.address_space<workgroup>>
    %one = arith.constant 1.0 : f64
    "tile.fill"(%local, %one) : (memref<16x24xf64, #gpu.address_space<workgroup>>, f64) -> ()
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f64}
        : (memref<?x?xf64>, memref<16x24xf64, #tile.fragment>, index, index) -> ()
    "tile.copy"(%X, %a, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf64>, memref<16x8xf64, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%X, %w, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf64>, memref<8x24xf64, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%a, %w, %t)
        : (memref<16x8xf64, #gpu.address_space<workgroup>>, memref<8x24xf64, #gpu.address_space<workgroup>>,
           memref<16x24xf64, #tile.fragment>) -> ()
    "tile.reduce"(%t, %rows) {kind = "sum", dim = 1 : i64}
        : (memref<16x24xf64, #tile.fragment>, memref<16xf64, #tile.fragment>) -> ()
    "tile.reduce"(%t, %rows) {kind = "max", dim = 1 : i64, clear = false}
        : (memref<16x24xf64, #tile.fragment>, memref<16xf64, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "min", dim = 0 : i64}
        : (memref<16x24xf64, #tile.fragment>, memref<24xf64, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "absmax", dim = 0 : i64, clear = false}
        : (memref<16x24xf64, #tile.fragment>, memref<24xf64, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "sum", dim = 0 : i64, clear = false}
        : (memref<16x24xf64, #tile.fragment>, memref<24xf64, #tile.fragment>) -> ()
    "tile.copy"(%rows, %V, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<16xf64, #tile.fragment>, memref<?xf64>, index) -> ()
    "tile.atomic_add"(%t, %local, %c0, %c0)
        : (memref<16x24xf64, #tile.fragment>, memref<16x24xf64, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.atomic_add"(%t, %Y, %m0, %c0)
        : (memref<16x24xf64, #tile.fragment>, memref<?x?xf64>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// Every tile op on i32: windowed copies with a pad (masked edges), fill,
// the four reductions along both dimensions, a GEMM accumulating in i32,
// atomic adds into global memory and into a block buffer (for
// the types that have them).
func.func @ops_i32(%X: memref<?x?xi32>, %Y: memref<?x?xi32>, %V: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xi32>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xi32, #tile.fragment>
    %a = "tile.alloc"() : () -> memref<16x8xi32, #gpu.address_space<workgroup>>
    %w = "tile.alloc"() : () -> memref<8x24xi32, #gpu.address_space<workgroup>>
    %rows = "tile.alloc"() : () -> memref<16xi32, #tile.fragment>
    %cols = "tile.alloc"() : () -> memref<24xi32, #tile.fragment>
    %local = "tile.alloc"() : () -> memref<16x24xi32, #gpu.address_space<workgroup>>
    %one = arith.constant 1 : i32
    "tile.fill"(%local, %one) : (memref<16x24xi32, #gpu.address_space<workgroup>>, i32) -> ()
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 3 : i32}
        : (memref<?x?xi32>, memref<16x24xi32, #tile.fragment>, index, index) -> ()
    "tile.copy"(%X, %a, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xi32>, memref<16x8xi32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%X, %w, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xi32>, memref<8x24xi32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.gemm"(%a, %w, %t)
        : (memref<16x8xi32, #gpu.address_space<workgroup>>, memref<8x24xi32, #gpu.address_space<workgroup>>,
           memref<16x24xi32, #tile.fragment>) -> ()
    "tile.reduce"(%t, %rows) {kind = "sum", dim = 1 : i64}
        : (memref<16x24xi32, #tile.fragment>, memref<16xi32, #tile.fragment>) -> ()
    "tile.reduce"(%t, %rows) {kind = "max", dim = 1 : i64, clear = false}
        : (memref<16x24xi32, #tile.fragment>, memref<16xi32, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "min", dim = 0 : i64}
        : (memref<16x24xi32, #tile.fragment>, memref<24xi32, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "absmax", dim = 0 : i64, clear = false}
        : (memref<16x24xi32, #tile.fragment>, memref<24xi32, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "sum", dim = 0 : i64, clear = false}
        : (memref<16x24xi32, #tile.fragment>, memref<24xi32, #tile.fragment>) -> ()
    "tile.copy"(%rows, %V, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<16xi32, #tile.fragment>, memref<?xi32>, index) -> ()
    "tile.atomic_add"(%t, %local, %c0, %c0)
        : (memref<16x24xi32, #tile.fragment>, memref<16x24xi32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.atomic_add"(%t, %Y, %m0, %c0)
        : (memref<16x24xi32, #tile.fragment>, memref<?x?xi32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_f16_bf16(%X: memref<?x?xf16>, %Y: memref<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf16>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xbf16, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f16}
        : (memref<?x?xf16>, memref<16x24xbf16, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xbf16, #tile.fragment>, memref<?x?xbf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_f16_f32(%X: memref<?x?xf16>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf16>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf32, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f16}
        : (memref<?x?xf16>, memref<16x24xf32, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_f16_f64(%X: memref<?x?xf16>, %Y: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf16>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf64, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f16}
        : (memref<?x?xf16>, memref<16x24xf64, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xf64, #tile.fragment>, memref<?x?xf64>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_bf16_f16(%X: memref<?x?xbf16>, %Y: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xbf16>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf16, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : bf16}
        : (memref<?x?xbf16>, memref<16x24xf16, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xf16, #tile.fragment>, memref<?x?xf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_bf16_f32(%X: memref<?x?xbf16>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xbf16>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf32, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : bf16}
        : (memref<?x?xbf16>, memref<16x24xf32, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_bf16_f64(%X: memref<?x?xbf16>, %Y: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xbf16>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf64, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : bf16}
        : (memref<?x?xbf16>, memref<16x24xf64, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xf64, #tile.fragment>, memref<?x?xf64>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_f32_f16(%X: memref<?x?xf32>, %Y: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf16, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f32}
        : (memref<?x?xf32>, memref<16x24xf16, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xf16, #tile.fragment>, memref<?x?xf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_f32_bf16(%X: memref<?x?xf32>, %Y: memref<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xbf16, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f32}
        : (memref<?x?xf32>, memref<16x24xbf16, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xbf16, #tile.fragment>, memref<?x?xbf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_f32_f64(%X: memref<?x?xf32>, %Y: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf64, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f32}
        : (memref<?x?xf32>, memref<16x24xf64, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xf64, #tile.fragment>, memref<?x?xf64>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_f64_f16(%X: memref<?x?xf64>, %Y: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf64>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf16, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f64}
        : (memref<?x?xf64>, memref<16x24xf16, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xf16, #tile.fragment>, memref<?x?xf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_f64_bf16(%X: memref<?x?xf64>, %Y: memref<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf64>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xbf16, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f64}
        : (memref<?x?xf64>, memref<16x24xbf16, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xbf16, #tile.fragment>, memref<?x?xbf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_f64_f32(%X: memref<?x?xf64>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf64>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf32, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.5 : f64}
        : (memref<?x?xf64>, memref<16x24xf32, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_i8_i32(%X: memref<?x?xi8>, %Y: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xi8>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xi32, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 3 : i8}
        : (memref<?x?xi8>, memref<16x24xi32, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xi32, #tile.fragment>, memref<?x?xi32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @convert_i32_i8(%X: memref<?x?xi32>, %Y: memref<?x?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xi32>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xi8, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 3 : i32}
        : (memref<?x?xi32>, memref<16x24xi8, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xi8, #tile.fragment>, memref<?x?xi8>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// Arithmetic and math written in a kernel on f16: computed through f32.
func.func @arith_f16(%X: memref<?x?xf16>, %I: memref<?x?xi32>, %D: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf16>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf16, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<16x24xf16, #tile.fragment>, index, index) -> ()
    %two = arith.constant 2.0 : f16
    scf.forall (%i, %j) in (16, 24) {
      %x = memref.load %t[%i, %j] : memref<16x24xf16, #tile.fragment>
      %s = arith.addf %x, %two : f16
      %p = arith.mulf %s, %x : f16
      %q = arith.divf %p, %two : f16
      %n = arith.negf %q : f16
      %r = arith.maximumf %n, %x : f16
      %e = math.exp %r : f16
      %f = math.fma %e, %x, %two : f16
      %a = math.absf %f : f16
      %c = arith.cmpf olt, %a, %two : f16
      %v = arith.select %c, %a, %two : f16
      %k = arith.fptosi %v : f16 to i32
      %g = arith.sitofp %k : i32 to f16
      %h = arith.addf %g, %v : f16
      %wide = arith.extf %h : f16 to f64
      memref.store %h, %t[%i, %j] : memref<16x24xf16, #tile.fragment>
      %gi = arith.addi %m0, %i : index
      memref.store %k, %I[%gi, %j] : memref<?x?xi32>
      memref.store %wide, %D[%gi, %j] : memref<?x?xf64>
    }
    "tile.copy"(%t, %X, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xf16, #tile.fragment>, memref<?x?xf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// Arithmetic and math written in a kernel on bf16: computed through f32.
func.func @arith_bf16(%X: memref<?x?xbf16>, %I: memref<?x?xi32>, %D: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xbf16>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xbf16, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xbf16>, memref<16x24xbf16, #tile.fragment>, index, index) -> ()
    %two = arith.constant 2.0 : bf16
    scf.forall (%i, %j) in (16, 24) {
      %x = memref.load %t[%i, %j] : memref<16x24xbf16, #tile.fragment>
      %s = arith.addf %x, %two : bf16
      %p = arith.mulf %s, %x : bf16
      %q = arith.divf %p, %two : bf16
      %n = arith.negf %q : bf16
      %r = arith.maximumf %n, %x : bf16
      %e = math.exp %r : bf16
      %f = math.fma %e, %x, %two : bf16
      %a = math.absf %f : bf16
      %c = arith.cmpf olt, %a, %two : bf16
      %v = arith.select %c, %a, %two : bf16
      %k = arith.fptosi %v : bf16 to i32
      %g = arith.sitofp %k : i32 to bf16
      %h = arith.addf %g, %v : bf16
      %wide = arith.extf %h : bf16 to f64
      memref.store %h, %t[%i, %j] : memref<16x24xbf16, #tile.fragment>
      %gi = arith.addi %m0, %i : index
      memref.store %k, %I[%gi, %j] : memref<?x?xi32>
      memref.store %wide, %D[%gi, %j] : memref<?x?xf64>
    }
    "tile.copy"(%t, %X, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xbf16, #tile.fragment>, memref<?x?xbf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// Arithmetic and math written in a kernel on f32: computed through f32.
func.func @arith_f32(%X: memref<?x?xf32>, %I: memref<?x?xi32>, %D: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x24xf32, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf32>, memref<16x24xf32, #tile.fragment>, index, index) -> ()
    %two = arith.constant 2.0 : f32
    scf.forall (%i, %j) in (16, 24) {
      %x = memref.load %t[%i, %j] : memref<16x24xf32, #tile.fragment>
      %s = arith.addf %x, %two : f32
      %p = arith.mulf %s, %x : f32
      %q = arith.divf %p, %two : f32
      %n = arith.negf %q : f32
      %r = arith.maximumf %n, %x : f32
      %e = math.exp %r : f32
      %f = math.fma %e, %x, %two : f32
      %a = math.absf %f : f32
      %c = arith.cmpf olt, %a, %two : f32
      %v = arith.select %c, %a, %two : f32
      %k = arith.fptosi %v : f32 to i32
      %g = arith.sitofp %k : i32 to f32
      %h = arith.addf %g, %v : f32
      %wide = arith.extf %h : f32 to f64
      memref.store %h, %t[%i, %j] : memref<16x24xf32, #tile.fragment>
      %gi = arith.addi %m0, %i : index
      memref.store %k, %I[%gi, %j] : memref<?x?xi32>
      memref.store %wide, %D[%gi, %j] : memref<?x?xf64>
    }
    "tile.copy"(%t, %X, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x24xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
