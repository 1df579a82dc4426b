// Atomic adds in loops that only some threads of a subgroup run
// (divergent-atomics.test).

// Thread 0 of the block adds 1 to each of the n counters of Y; then every
// thread writes its id into Z.
func.func @first_adds(%Y: memref<?xi32>, %Z: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = memref.dim %Y, %c0 : memref<?xi32>
  scf.forall (%b) in (1) {
    scf.forall (%t) in (32) {
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        scf.for %k = %c0 to %n step %c1 {
          %old = memref.atomic_rmw addi %one, %Y[%k] : (i32, memref<?xi32>) -> i32
        }
      }
      %id = arith.index_cast %t : index to i32
      memref.store %id, %Z[%t] : memref<?xi32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @first_adds_ref(%Y: memref<?xi32>, %Z: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1 : i32
  %n = memref.dim %Y, %c0 : memref<?xi32>
  scf.for %k = %c0 to %n step %c1 {
    %y = memref.load %Y[%k] : memref<?xi32>
    %y1 = arith.addi %y, %one : i32
    memref.store %y1, %Y[%k] : memref<?xi32>
  }
  scf.for %t = %c0 to %c32 step %c1 {
    %id = arith.index_cast %t : index to i32
    memref.store %id, %Z[%t] : memref<?xi32>
  }
  return
}

// A 40-element fragment beside a 1 x 32 one: the block's threads form a
// 1 x 32 grid, and each holds all 40 elements (a replicated fragment),
// which the first replica adds into a shared row from column c on.
!row = memref<1x32xi32, #gpu.address_space<workgroup>>
!wide = memref<1x32xi32, #tile.fragment>
!frag40 = memref<40xi32, #tile.fragment>
func.func @replicated(%X: memref<?x?xi32>, %V: memref<?xi32>, %Y: memref<?x?xi32>, %c: index) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> !row
    %f = "tile.alloc"() : () -> !wide
    %l = "tile.alloc"() : () -> !frag40
    "tile.copy"(%X, %f, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xi32>, !wide, index, index) -> ()
    "tile.copy"(%V, %l, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xi32>, !frag40, index) -> ()
    "tile.fill"(%s, %zero) : (!row, i32) -> ()
    "tile.atomic_add"(%f, %s, %c0, %c0) : (!wide, !row, index, index) -> ()
    "tile.atomic_add"(%l, %s, %c0, %c) : (!frag40, !row, index, index) -> ()
    "tile.copy"(%s, %Y, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (!row, memref<?x?xi32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @replicated_ref(%X: memref<?x?xi32>, %V: memref<?xi32>, %Y: memref<?x?xi32>, %c: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c40 = arith.constant 40 : index
  %zero = arith.constant 0 : i32
  %nv = memref.dim %V, %c0 : memref<?xi32>
  scf.for %j = %c0 to %c32 step %c1 {
    %x = memref.load %X[%c0, %j] : memref<?x?xi32>
    %k = arith.subi %j, %c : index
    %from = arith.cmpi sge, %k, %c0 : index
    %to = arith.cmpi slt, %k, %c40 : index
    %held = arith.cmpi slt, %k, %nv : index
    %both = arith.andi %from, %to : i1
    %in = arith.andi %both, %held : i1
    %at = arith.select %in, %k, %c0 : index
    %v = memref.load %V[%at] : memref<?xi32>
    %add = arith.select %in, %v, %zero : i32
    %y = arith.addi %x, %add : i32
    memref.store %y, %Y[%c0, %j] : memref<?x?xi32>
  }
  return
}
