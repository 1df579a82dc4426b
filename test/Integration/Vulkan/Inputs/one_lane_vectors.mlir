// Vectors of one element in a kernel: of rank 0 (transfers of rank 0, exp,
// absf, sqrt, a broadcast to 4 lanes and back) and of one lane (a load and
// a store, tanh, floor, vector.fma, a compare and a select, an f16
// round trip). Element i of C and D from element i of A; @one_lane_ref
// computes the same on scalars.
func.func @one_lane(%A: memref<?xf32>, %C: memref<?xf32>, %D: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%b) in (%blocks) {
    scf.forall (%t) in (64) {
      %first = arith.muli %b, %c64 : index
      %i = arith.addi %first, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %pad = arith.constant 0.0 : f32
        %x0 = vector.transfer_read %A[%i], %pad : memref<?xf32>, vector<f32>
        %e0 = math.exp %x0 : vector<f32>
        %a0 = math.absf %x0 : vector<f32>
        %q0 = math.sqrt %a0 : vector<f32>
        %s0 = arith.addf %e0, %q0 : vector<f32>
        %w = vector.broadcast %s0 : vector<f32> to vector<4xf32>
        %sum = vector.reduction <add>, %w : vector<4xf32> into f32
        %quarter = arith.constant 0.25 : f32
        %r = arith.mulf %sum, %quarter : f32
        %r0 = vector.broadcast %r : f32 to vector<f32>
        vector.transfer_write %r0, %C[%i] : vector<f32>, memref<?xf32>

        %x1 = vector.load %A[%i] : memref<?xf32>, vector<1xf32>
        %th = math.tanh %x1 : vector<1xf32>
        %fl = math.floor %x1 : vector<1xf32>
        %f = vector.fma %th, %th, %fl : vector<1xf32>
        %zero = arith.constant dense<0.0> : vector<1xf32>
        %neg = arith.cmpf olt, %x1, %zero : vector<1xf32>
        %h = arith.truncf %f : vector<1xf32> to vector<1xf16>
        %hf = arith.extf %h : vector<1xf16> to vector<1xf32>
        %d = arith.select %neg, %hf, %f : vector<1xi1>, vector<1xf32>
        vector.store %d, %D[%i] : memref<?xf32>, vector<1xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @one_lane_ref(%A: memref<?xf32>, %C: memref<?xf32>, %D: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    %e = math.exp %x : f32
    %a = math.absf %x : f32
    %q = math.sqrt %a : f32
    %s = arith.addf %e, %q : f32
    memref.store %s, %C[%i] : memref<?xf32>
    %th = math.tanh %x : f32
    %fl = math.floor %x : f32
    %f = math.fma %th, %th, %fl : f32
    %zero = arith.constant 0.0 : f32
    %neg = arith.cmpf olt, %x, %zero : f32
    %h = arith.truncf %f : f32 to f16
    %hf = arith.extf %h : f16 to f32
    %d = arith.select %neg, %hf, %f : f32
    memref.store %d, %D[%i] : memref<?xf32>
  }
  return
}

// Masked transfers of rank 0: E[i] = A[i] for even i, else -3, written
// where i % 3 != 0.
func.func @masked_rank0(%A: memref<?xf32>, %E: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%b) in (%blocks) {
    scf.forall (%t) in (64) {
      %first = arith.muli %b, %c64 : index
      %i = arith.addi %first, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %c2 = arith.constant 2 : index
        %c3 = arith.constant 3 : index
        %i2 = arith.remui %i, %c2 : index
        %even = arith.cmpi eq, %i2, %c0 : index
        %rmask = vector.broadcast %even : i1 to vector<1xi1>
        %other = arith.constant -3.0 : f32
        %m = vector.transfer_read %A[%i], %other, %rmask : memref<?xf32>, vector<f32>
        %i3 = arith.remui %i, %c3 : index
        %write = arith.cmpi ne, %i3, %c0 : index
        %wmask = vector.broadcast %write : i1 to vector<1xi1>
        vector.transfer_write %m, %E[%i], %wmask : vector<f32>, memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @masked_rank0_ref(%A: memref<?xf32>, %E: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    %i2 = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %i2, %c0 : index
    %other = arith.constant -3.0 : f32
    %m = arith.select %even, %x, %other : f32
    %i3 = arith.remui %i, %c3 : index
    %write = arith.cmpi ne, %i3, %c0 : index
    scf.if %write {
      memref.store %m, %E[%i] : memref<?xf32>
    }
  }
  return
}
