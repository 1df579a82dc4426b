// Vector ops in kernels (masked, gather, in-bounds transfers, reductions,
// fma and lane extracts): vector-kernels.test compiles them for cuda and rocm.

func.func @masked(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %m = vector.create_mask %c3 : vector<4xi1>
      %p = vector.broadcast %pad : f32 to vector<4xf32>
      %v = vector.maskedload %A[%c0], %m, %p : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      vector.maskedstore %C[%c0], %m, %v : memref<?xf32>, vector<4xi1>, vector<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @gather(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %ix = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
      %m = vector.create_mask %c3 : vector<4xi1>
      %p = vector.broadcast %pad : f32 to vector<4xf32>
      %v = vector.gather %A[%c0][%ix], %m, %p : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      vector.store %v, %C[%c0] : memref<?xf32>, vector<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @transfer_inb(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %v = vector.transfer_read %A[%c0], %pad {in_bounds = [true]} : memref<?xf32>, vector<4xf32>
      vector.transfer_write %v, %C[%c0] {in_bounds = [true]} : vector<4xf32>, memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @reduction(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %v = vector.load %A[%c0] : memref<?xf32>, vector<4xf32>
      %s = vector.reduction <add>, %v : vector<4xf32> into f32
      memref.store %s, %C[%c0] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fma(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %v = vector.load %A[%c0] : memref<?xf32>, vector<4xf32>
      %f = vector.fma %v, %v, %v : vector<4xf32>
      %e = vector.extract %f[1] : f32 from vector<4xf32>
      memref.store %e, %C[%c0] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
