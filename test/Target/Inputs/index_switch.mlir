// scf.index_switch in a thread-parallel loop: three cases with a result, a
// nested switch without results, a switch with only a default. @switch is
// the kernel; @ref computes the same with host loops.
func.func @element(%A: memref<?xi32>, %B: memref<?xi32>, %i: index) {
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : i32
  %c7 = arith.constant 7 : i32
  %v = memref.load %A[%i] : memref<?xi32>
  %sel = arith.remui %i, %c4 : index
  %r = scf.index_switch %sel -> i32
  case 0 {
    scf.yield %v : i32
  }
  case 1 {
    %x = arith.addi %v, %c10 : i32
    scf.yield %x : i32
  }
  case 3 {
    %x = arith.muli %v, %c7 : i32
    %y = scf.index_switch %i -> i32
    case 3 {
      scf.yield %c10 : i32
    }
    default {
      scf.yield %x : i32
    }
    scf.yield %y : i32
  }
  default {
    %x = arith.subi %c10, %v : i32
    scf.yield %x : i32
  }
  %s = scf.index_switch %i -> i32
  default {
    %x = arith.addi %r, %r : i32
    scf.yield %x : i32
  }
  memref.store %s, %B[%i] : memref<?xi32>
  scf.index_switch %sel
  case 2 {
    memref.store %v, %B[%i] : memref<?xi32>
    scf.yield
  }
  default {
    scf.yield
  }
  return
}
func.func @switch(%A: memref<?xi32>, %B: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %A, %c0 : memref<?xi32>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%b) in (%blocks) {
    %o = arith.muli %b, %c64 : index
    scf.parallel (%t) = (%c0) to (%c64) step (%c1) {
      %i = arith.addi %o, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        func.call @element(%A, %B, %i) : (memref<?xi32>, memref<?xi32>, index) -> ()
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @ref(%A: memref<?xi32>, %B: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    func.call @element(%A, %B, %i) : (memref<?xi32>, memref<?xi32>, index) -> ()
  }
  return
}
