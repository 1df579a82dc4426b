// Fragments of rank 3, which the GPU targets keep in shared memory (their
// layouts distribute ranks 0 to 2): for a block b, the 2 x 8 x 16 window
// X[2b : 2b + 2] is copied in, doubled in a thread-parallel loop, copied
// out to Y, and reduced along dimension 0 (sum, into a grid fragment, out
// to R0[b]) and 2 (max, into a shared tile, out to R2[2b : 2b + 2]).
func.func @rank3(%X: memref<?x8x16xf32>, %Y: memref<?x8x16xf32>, %R0: memref<?x8x16xf32>, %R2: memref<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %X, %c0 : memref<?x8x16xf32>
  %g = arith.ceildivui %n, %c2 : index
  scf.forall (%b) in (%g) {
    %f = "tile.alloc"() : () -> memref<2x8x16xf32, #tile.fragment>
    %r0 = "tile.alloc"() : () -> memref<8x16xf32, #tile.fragment>
    %r2 = "tile.alloc"() : () -> memref<2x8xf32, #gpu.address_space<workgroup>>
    %o = arith.muli %b, %c2 : index
    "tile.copy"(%X, %f, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 3, 0>} : (memref<?x8x16xf32>, memref<2x8x16xf32, #tile.fragment>, index, index, index) -> ()
    scf.forall (%i, %j, %k) in (2, 8, 16) {
      %v = memref.load %f[%i, %j, %k] : memref<2x8x16xf32, #tile.fragment>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %f[%i, %j, %k] : memref<2x8x16xf32, #tile.fragment>
    }
    "tile.reduce"(%f, %r0) {kind = "sum", dim = 0 : i64} : (memref<2x8x16xf32, #tile.fragment>, memref<8x16xf32, #tile.fragment>) -> ()
    "tile.reduce"(%f, %r2) {kind = "max", dim = 2 : i64} : (memref<2x8x16xf32, #tile.fragment>, memref<2x8xf32, #gpu.address_space<workgroup>>) -> ()
    "tile.copy"(%f, %Y, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 3>} : (memref<2x8x16xf32, #tile.fragment>, memref<?x8x16xf32>, index, index, index) -> ()
    "tile.copy"(%r0, %R0, %b, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 3>} : (memref<8x16xf32, #tile.fragment>, memref<?x8x16xf32>, index, index, index) -> ()
    "tile.copy"(%r2, %R2, %o, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<2x8xf32, #gpu.address_space<workgroup>>, memref<?x8xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @rank3_ref(%X: memref<?x8x16xf32>, %Y: memref<?x8x16xf32>, %R0: memref<?x8x16xf32>, %R2: memref<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %lowest = arith.constant 0xFF800000 : f32
  %two = arith.constant 2.0 : f32
  %n = memref.dim %X, %c0 : memref<?x8x16xf32>
  %g = arith.ceildivui %n, %c2 : index
  scf.for %b = %c0 to %g step %c1 {
    %o = arith.muli %b, %c2 : index
    scf.for %j = %c0 to %c8 step %c1 {
      scf.for %k = %c0 to %c16 step %c1 {
        %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (f32) {
          %row = arith.addi %o, %i : index
          %inside = arith.cmpi ult, %row, %n : index
          %x = scf.if %inside -> (f32) {
            %v = memref.load %X[%row, %j, %k] : memref<?x8x16xf32>
            %w = arith.mulf %v, %two : f32
            memref.store %w, %Y[%row, %j, %k] : memref<?x8x16xf32>
            scf.yield %w : f32
          } else {
            scf.yield %zero : f32
          }
          %next = arith.addf %acc, %x : f32
          scf.yield %next : f32
        }
        memref.store %s, %R0[%b, %j, %k] : memref<?x8x16xf32>
      }
    }
    scf.for %i = %c0 to %c2 step %c1 {
      %row = arith.addi %o, %i : index
      %inside = arith.cmpi ult, %row, %n : index
      scf.if %inside {
        scf.for %j = %c0 to %c8 step %c1 {
          %m = scf.for %k = %c0 to %c16 step %c1 iter_args(%best = %lowest) -> (f32) {
            %v = memref.load %X[%row, %j, %k] : memref<?x8x16xf32>
            %w = arith.mulf %v, %two : f32
            %next = arith.maximumf %best, %w : f32
            scf.yield %next : f32
          }
          memref.store %m, %R2[%row, %j] : memref<?x8xf32>
        }
      }
    }
  }
  return
}
