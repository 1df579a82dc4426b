// Transfers a GPU kernel cannot bound-check (see vector-kernels.test): along
// a dimension of dynamic size other than the last.
func.func @read(%A: memref<?x?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      // expected-error @below {{'vector.transfer_read' op may run past its buffer of dynamic shape along a dimension other than the last, which kernels on the}}
      %v = vector.transfer_read %A[%c0, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<4xf32>
      vector.transfer_write %v, %C[%c0] {in_bounds = [true]} : vector<4xf32>, memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @write(%A: memref<?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %v = vector.transfer_read %A[%c0], %pad {in_bounds = [true]} : memref<?xf32>, vector<4xf32>
      // expected-error @below {{'vector.transfer_write' op may run past its buffer of dynamic shape}}
      vector.transfer_write %v, %C[%c0, %c0] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, memref<?x?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A buffer of static shape is checked against its constant sizes: fine.
func.func @static(%A: memref<64xf32>, %C: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %v = vector.transfer_read %A[%c0], %pad : memref<64xf32>, vector<4xf32>
      vector.transfer_write %v, %C[%c0] : vector<4xf32>, memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
