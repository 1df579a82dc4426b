// vector.mask around a transfer, and vector.multi_reduction, in a kernel:
// C[i] is the sum of the 4 lanes read at A[i] under the mask of the first
// i % 5 lanes, each masked-off lane and each lane past A's end being the
// padding 5.
func.func @masks(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%bk) in (%blocks) {
    scf.forall (%t) in (64) {
      %base = arith.muli %bk, %c64 : index
      %i = arith.addi %base, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %c5 = arith.constant 5 : index
        %q = arith.remui %i, %c5 : index
        %mask = vector.create_mask %q : vector<4xi1>
        %pad = arith.constant 5.0 : f32
        %v = vector.mask %mask { vector.transfer_read %A[%i], %pad : memref<?xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
        %zero = arith.constant 0.0 : f32
        %s = vector.multi_reduction <add>, %v, %zero [0] : vector<4xf32> to f32
        memref.store %s, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @masks_ref(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %pad = arith.constant 5.0 : f32
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %q = arith.remui %i, %c5 : index
    %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
      %j = arith.addi %i, %k : index
      %on = arith.cmpi ult, %k, %q : index
      %in = arith.cmpi ult, %j, %n : index
      %read = arith.andi %on, %in : i1
      %v = scf.if %read -> f32 {
        %x = memref.load %A[%j] : memref<?xf32>
        scf.yield %x : f32
      } else {
        scf.yield %pad : f32
      }
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    }
    memref.store %s, %C[%i] : memref<?xf32>
  }
  return
}
