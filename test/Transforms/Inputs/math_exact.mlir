// The math ops of math_all.mlir that need no device library on any GPU
// target: trunc, the bit counts, the classification ops and ipowi (f32).

func.func @trunc_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.trunc %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isnan_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %p = math.isnan %x : f32
        %z = arith.select %p, %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isinf_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %p = math.isinf %x : f32
        %z = arith.select %p, %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isfinite_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %p = math.isfinite %x : f32
        %z = arith.select %p, %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ipowi_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %xi = arith.fptosi %x : f32 to i32
        %zi = math.ipowi %xi, %xi : i32
        %z = arith.sitofp %zi : i32 to f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ctlz_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %xi = arith.fptosi %x : f32 to i32
        %zi = math.ctlz %xi : i32
        %z = arith.sitofp %zi : i32 to f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cttz_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %xi = arith.fptosi %x : f32 to i32
        %zi = math.cttz %xi : i32
        %z = arith.sitofp %zi : i32 to f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ctpop_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %xi = arith.fptosi %x : f32 to i32
        %zi = math.ctpop %xi : i32
        %z = arith.sitofp %zi : i32 to f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

