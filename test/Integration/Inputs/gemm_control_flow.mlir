// One gemm (C = A * B, f32 buffers, f16 products: A through an f32
// fragment converted to f16, B converted into a shared tile) with its K
// loop in each kind of control flow a kernel may hold: a loop that carries
// a value, an scf.while, an scf.index_switch, an scf.execute_region and an
// scf.if with a result. The copy into the shared tile and the gemm that
// reads it need barriers around them in every form (the GPU targets had
// them in a plain scf.for only, and gave wrong results for the others).

// The K loop counts its steps.
func.func @gemm_carried(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %sel: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c32 : index
  %grid_n = arith.ceildivui %N, %c32 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_f = "tile.alloc"() : () -> memref<32x16xf32, #tile.fragment>
    %A_h = "tile.alloc"() : () -> memref<32x16xf16, #tile.fragment>
    %B_s = "tile.alloc"() : () -> memref<16x32xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<32x32xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c32 : index
    %n0 = arith.muli %bn, %c32 : index
    %steps = scf.for %k0 = %c0 to %K step %c16 iter_args(%n = %c0) -> (index) {
      "tile.copy"(%A, %A_f, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<32x16xf32, #tile.fragment>, index, index) -> ()
      "tile.copy"(%A_f, %A_h) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
          : (memref<32x16xf32, #tile.fragment>, memref<32x16xf16, #tile.fragment>) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<16x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_h, %B_s, %acc)
          : (memref<32x16xf16, #tile.fragment>, memref<16x32xf16, #gpu.address_space<workgroup>>,
             memref<32x32xf32, #tile.fragment>) -> ()
      %next = arith.addi %n, %c1 : index
      scf.yield %next : index
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x32xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

// The K loop is an scf.while.
func.func @gemm_while(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %sel: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c32 : index
  %grid_n = arith.ceildivui %N, %c32 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_f = "tile.alloc"() : () -> memref<32x16xf32, #tile.fragment>
    %A_h = "tile.alloc"() : () -> memref<32x16xf16, #tile.fragment>
    %B_s = "tile.alloc"() : () -> memref<16x32xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<32x32xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c32 : index
    %n0 = arith.muli %bn, %c32 : index
    %end = scf.while (%k = %c0) : (index) -> index {
      %more = arith.cmpi ult, %k, %K : index
      scf.condition(%more) %k : index
    } do {
    ^bb0(%k0: index):
      "tile.copy"(%A, %A_f, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<32x16xf32, #tile.fragment>, index, index) -> ()
      "tile.copy"(%A_f, %A_h) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
          : (memref<32x16xf32, #tile.fragment>, memref<32x16xf16, #tile.fragment>) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<16x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_h, %B_s, %acc)
          : (memref<32x16xf16, #tile.fragment>, memref<16x32xf16, #gpu.address_space<workgroup>>,
             memref<32x32xf32, #tile.fragment>) -> ()
      %next = arith.addi %k0, %c16 : index
      scf.yield %next : index
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x32xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

// The K loop is case 1 of an scf.index_switch on %sel.
func.func @gemm_switch(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %sel: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c32 : index
  %grid_n = arith.ceildivui %N, %c32 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_f = "tile.alloc"() : () -> memref<32x16xf32, #tile.fragment>
    %A_h = "tile.alloc"() : () -> memref<32x16xf16, #tile.fragment>
    %B_s = "tile.alloc"() : () -> memref<16x32xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<32x32xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c32 : index
    %n0 = arith.muli %bn, %c32 : index
    scf.index_switch %sel
    case 1 {
      scf.for %k0 = %c0 to %K step %c16 {
        "tile.copy"(%A, %A_f, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
            : (memref<?x?xf32>, memref<32x16xf32, #tile.fragment>, index, index) -> ()
        "tile.copy"(%A_f, %A_h) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
            : (memref<32x16xf32, #tile.fragment>, memref<32x16xf16, #tile.fragment>) -> ()
        "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
            : (memref<?x?xf32>, memref<16x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
        "tile.gemm"(%A_h, %B_s, %acc)
            : (memref<32x16xf16, #tile.fragment>, memref<16x32xf16, #gpu.address_space<workgroup>>,
               memref<32x32xf32, #tile.fragment>) -> ()
      }
      scf.yield
    }
    default {
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x32xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

// The K loop is in an scf.execute_region.
func.func @gemm_region(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %sel: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c32 : index
  %grid_n = arith.ceildivui %N, %c32 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_f = "tile.alloc"() : () -> memref<32x16xf32, #tile.fragment>
    %A_h = "tile.alloc"() : () -> memref<32x16xf16, #tile.fragment>
    %B_s = "tile.alloc"() : () -> memref<16x32xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<32x32xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c32 : index
    %n0 = arith.muli %bn, %c32 : index
    scf.execute_region {
      scf.for %k0 = %c0 to %K step %c16 {
        "tile.copy"(%A, %A_f, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
            : (memref<?x?xf32>, memref<32x16xf32, #tile.fragment>, index, index) -> ()
        "tile.copy"(%A_f, %A_h) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
            : (memref<32x16xf32, #tile.fragment>, memref<32x16xf16, #tile.fragment>) -> ()
        "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
            : (memref<?x?xf32>, memref<16x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
        "tile.gemm"(%A_h, %B_s, %acc)
            : (memref<32x16xf16, #tile.fragment>, memref<16x32xf16, #gpu.address_space<workgroup>>,
               memref<32x32xf32, #tile.fragment>) -> ()
      }
      scf.yield
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x32xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

// The K loop is in an scf.if that yields a value (%sel != 0).
func.func @gemm_if_result(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %sel: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c32 : index
  %grid_n = arith.ceildivui %N, %c32 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_f = "tile.alloc"() : () -> memref<32x16xf32, #tile.fragment>
    %A_h = "tile.alloc"() : () -> memref<32x16xf16, #tile.fragment>
    %B_s = "tile.alloc"() : () -> memref<16x32xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<32x32xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c32 : index
    %n0 = arith.muli %bn, %c32 : index
    %on = arith.cmpi ne, %sel, %c0 : index
    %r = scf.if %on -> (index) {
      scf.for %k0 = %c0 to %K step %c16 {
        "tile.copy"(%A, %A_f, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
            : (memref<?x?xf32>, memref<32x16xf32, #tile.fragment>, index, index) -> ()
        "tile.copy"(%A_f, %A_h) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
            : (memref<32x16xf32, #tile.fragment>, memref<32x16xf16, #tile.fragment>) -> ()
        "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
            : (memref<?x?xf32>, memref<16x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
        "tile.gemm"(%A_h, %B_s, %acc)
            : (memref<32x16xf16, #tile.fragment>, memref<16x32xf16, #gpu.address_space<workgroup>>,
               memref<32x32xf32, #tile.fragment>) -> ()
      }
      scf.yield %c1 : index
    } else {
      scf.yield %c0 : index
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x32xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}
