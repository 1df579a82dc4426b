// Complex arithmetic in kernels: each row of A and B holds one complex
// number (re, im). The kernel computes z = A * B and w = exp(z) + conj(A)
// with complex ops and stores (re w, |z|); the reference computes the same
// with real arithmetic.

func.func @cmath(%A: memref<?x2xf32>, %B: memref<?x2xf32>, %C: memref<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %N = memref.dim %A, %c0 : memref<?x2xf32>
  %blocks = arith.ceildivui %N, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (64) {
      %row = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %row, %N : index
      scf.if %inside {
        %ar = memref.load %A[%row, %c0] : memref<?x2xf32>
        %ai = memref.load %A[%row, %c1] : memref<?x2xf32>
        %br = memref.load %B[%row, %c0] : memref<?x2xf32>
        %bi = memref.load %B[%row, %c1] : memref<?x2xf32>
        %a = complex.create %ar, %ai : complex<f32>
        %bz = complex.create %br, %bi : complex<f32>
        %z = complex.mul %a, %bz : complex<f32>
        %e = complex.exp %z : complex<f32>
        %ca = complex.conj %a : complex<f32>
        %w = complex.add %e, %ca : complex<f32>
        %wr = complex.re %w : complex<f32>
        %m = complex.abs %z : complex<f32>
        memref.store %wr, %C[%row, %c0] : memref<?x2xf32>
        memref.store %m, %C[%row, %c1] : memref<?x2xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cmath_ref(%A: memref<?x2xf32>, %B: memref<?x2xf32>, %C: memref<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %N = memref.dim %A, %c0 : memref<?x2xf32>
  scf.for %row = %c0 to %N step %c1 {
    %ar = memref.load %A[%row, %c0] : memref<?x2xf32>
    %ai = memref.load %A[%row, %c1] : memref<?x2xf32>
    %br = memref.load %B[%row, %c0] : memref<?x2xf32>
    %bi = memref.load %B[%row, %c1] : memref<?x2xf32>
    %rr = arith.mulf %ar, %br : f32
    %ii = arith.mulf %ai, %bi : f32
    %zr = arith.subf %rr, %ii : f32
    %ri = arith.mulf %ar, %bi : f32
    %ir = arith.mulf %ai, %br : f32
    %zi = arith.addf %ri, %ir : f32
    %ez = math.exp %zr : f32
    %cos = math.cos %zi : f32
    %er = arith.mulf %ez, %cos : f32
    %wr = arith.addf %er, %ar : f32
    %zr2 = arith.mulf %zr, %zr : f32
    %zi2 = arith.mulf %zi, %zi : f32
    %n2 = arith.addf %zr2, %zi2 : f32
    %m = math.sqrt %n2 : f32
    memref.store %wr, %C[%row, %c0] : memref<?x2xf32>
    memref.store %m, %C[%row, %c1] : memref<?x2xf32>
  }
  return
}

// Complex arithmetic in host code around the kernels.
func.func @host_c(%a: complex<f32>, %b: complex<f32>) -> f32 {
  %m = complex.mul %a, %b : complex<f32>
  %e = complex.exp %m : complex<f32>
  %r = complex.abs %e : complex<f32>
  return %r : f32
}

// complex.sign: z / |z|, and z where z is 0 (convert-complex-to-standard
// selects between two complex values, which vulkan failed to legalize).
func.func @csign(%A: memref<?x2xf32>, %C: memref<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %N = memref.dim %A, %c0 : memref<?x2xf32>
  %blocks = arith.ceildivui %N, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (64) {
      %row = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %row, %N : index
      scf.if %inside {
        %ar = memref.load %A[%row, %c0] : memref<?x2xf32>
        %ai = memref.load %A[%row, %c1] : memref<?x2xf32>
        %a = complex.create %ar, %ai : complex<f32>
        %s = complex.sign %a : complex<f32>
        %sr = complex.re %s : complex<f32>
        %si = complex.im %s : complex<f32>
        memref.store %sr, %C[%row, %c0] : memref<?x2xf32>
        memref.store %si, %C[%row, %c1] : memref<?x2xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @csign_ref(%A: memref<?x2xf32>, %C: memref<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %N = memref.dim %A, %c0 : memref<?x2xf32>
  scf.for %row = %c0 to %N step %c1 {
    %ar = memref.load %A[%row, %c0] : memref<?x2xf32>
    %ai = memref.load %A[%row, %c1] : memref<?x2xf32>
    %rr = arith.mulf %ar, %ar : f32
    %ii = arith.mulf %ai, %ai : f32
    %n2 = arith.addf %rr, %ii : f32
    %m = math.sqrt %n2 : f32
    %isZero = arith.cmpf oeq, %m, %zero : f32
    %qr = arith.divf %ar, %m : f32
    %qi = arith.divf %ai, %m : f32
    %sr = arith.select %isZero, %ar, %qr : f32
    %si = arith.select %isZero, %ai, %qi : f32
    memref.store %sr, %C[%row, %c0] : memref<?x2xf32>
    memref.store %si, %C[%row, %c1] : memref<?x2xf32>
  }
  return
}
