// Math ops on f64 values, each on row i of A, B and D (double_math.py):
// column k of C is the k-th op below. clampf takes [min(b, d), max(b, d)].

func.func @double(%A: memref<?xf64>, %B: memref<?xf64>, %D: memref<?xf64>,
                  %C: memref<?x16xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %n = memref.dim %A, %c0 : memref<?xf64>
  scf.forall (%blk) in (4) {
    scf.forall (%t) in (64) {
      %c64 = arith.constant 64 : index
      %f = arith.muli %blk, %c64 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %one = arith.constant 1.0 : f64
        %zero = arith.constant 0.0 : f64
        %three = arith.constant 3 : i32
        %a = memref.load %A[%i] : memref<?xf64>
        %b = memref.load %B[%i] : memref<?xf64>
        %d = memref.load %D[%i] : memref<?xf64>
        %lo = arith.minimumf %b, %d : f64
        %hi = arith.maximumf %b, %d : f64
        %absf = math.absf %a : f64
        memref.store %absf, %C[%i, %c0] : memref<?x16xf64>
        %ceil = math.ceil %a : f64
        memref.store %ceil, %C[%i, %c1] : memref<?x16xf64>
        %floor = math.floor %a : f64
        memref.store %floor, %C[%i, %c2] : memref<?x16xf64>
        %round = math.round %a : f64
        memref.store %round, %C[%i, %c3] : memref<?x16xf64>
        %roundeven = math.roundeven %a : f64
        memref.store %roundeven, %C[%i, %c4] : memref<?x16xf64>
        %trunc = math.trunc %a : f64
        memref.store %trunc, %C[%i, %c5] : memref<?x16xf64>
        %sqrt = math.sqrt %a : f64
        memref.store %sqrt, %C[%i, %c6] : memref<?x16xf64>
        %rsqrt = math.rsqrt %a : f64
        memref.store %rsqrt, %C[%i, %c7] : memref<?x16xf64>
        %fma = math.fma %a, %b, %d : f64
        memref.store %fma, %C[%i, %c8] : memref<?x16xf64>
        %copysign = math.copysign %a, %b : f64
        memref.store %copysign, %C[%i, %c9] : memref<?x16xf64>
        %isnan_ = math.isnan %a : f64
        %isnan = arith.select %isnan_, %one, %zero : f64
        memref.store %isnan, %C[%i, %c10] : memref<?x16xf64>
        %isinf_ = math.isinf %a : f64
        %isinf = arith.select %isinf_, %one, %zero : f64
        memref.store %isinf, %C[%i, %c11] : memref<?x16xf64>
        %isfinite_ = math.isfinite %a : f64
        %isfinite = arith.select %isfinite_, %one, %zero : f64
        memref.store %isfinite, %C[%i, %c12] : memref<?x16xf64>
        %isnormal_ = math.isnormal %a : f64
        %isnormal = arith.select %isnormal_, %one, %zero : f64
        memref.store %isnormal, %C[%i, %c13] : memref<?x16xf64>
        %clampf = math.clampf %a to [%lo, %hi] : f64
        memref.store %clampf, %C[%i, %c14] : memref<?x16xf64>
        %fpowi = math.fpowi %a, %three : f64, i32
        memref.store %fpowi, %C[%i, %c15] : memref<?x16xf64>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// isnormal and clampf of f32 values and of the f16 values nearest them:
// columns 0 to 3 of C (each 1.0 or 0.0 for isnormal, extended to f32).
func.func @narrow(%A: memref<?xf32>, %B: memref<?xf32>, %D: memref<?xf32>,
                  %C: memref<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%blk) in (4) {
    scf.forall (%t) in (64) {
      %c64 = arith.constant 64 : index
      %f = arith.muli %blk, %c64 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %a = memref.load %A[%i] : memref<?xf32>
        %b = memref.load %B[%i] : memref<?xf32>
        %d = memref.load %D[%i] : memref<?xf32>
        %lo = arith.minimumf %b, %d : f32
        %hi = arith.maximumf %b, %d : f32
        %normal_ = math.isnormal %a : f32
        %normal = arith.select %normal_, %one, %zero : f32
        memref.store %normal, %C[%i, %c0] : memref<?x4xf32>
        %clamped = math.clampf %a to [%lo, %hi] : f32
        memref.store %clamped, %C[%i, %c1] : memref<?x4xf32>
        %ah = arith.truncf %a : f32 to f16
        %loh = arith.truncf %lo : f32 to f16
        %hih = arith.truncf %hi : f32 to f16
        %normalh_ = math.isnormal %ah : f16
        %normalh = arith.select %normalh_, %one, %zero : f32
        memref.store %normalh, %C[%i, %c2] : memref<?x4xf32>
        %clampedh_ = math.clampf %ah to [%loh, %hih] : f16
        %clampedh = arith.extf %clampedh_ : f16 to f32
        memref.store %clampedh, %C[%i, %c3] : memref<?x4xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
