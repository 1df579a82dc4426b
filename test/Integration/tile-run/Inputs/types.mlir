// Kernels over every element type tile-run passes, with scalar arguments.

// C = A + B in half precision.
func.func @add_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf16>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xf16>
    %y = memref.load %B[%i] : memref<?xf16>
    %z = arith.addf %x, %y : f16
    memref.store %z, %C[%i] : memref<?xf16>
  }
  return
}

// C = A + B in bfloat16.
func.func @add_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xbf16>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xbf16>
    %y = memref.load %B[%i] : memref<?xbf16>
    %z = arith.addf %x, %y : bf16
    memref.store %z, %C[%i] : memref<?xbf16>
  }
  return
}

// Y = alpha * X + Y on a static 2x3 i32 matrix.
func.func @axpy_i32(%X: memref<2x3xi32>, %Y: memref<2x3xi32>, %alpha: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %x = memref.load %X[%i, %j] : memref<2x3xi32>
      %y = memref.load %Y[%i, %j] : memref<2x3xi32>
      %p = arith.muli %alpha, %x : i32
      %s = arith.addi %p, %y : i32
      memref.store %s, %Y[%i, %j] : memref<2x3xi32>
    }
  }
  return
}

// A[i] = A[i] * s + i for i < n, on f64 and i64 buffers.
func.func @scale_f64(%A: memref<?xf64>, %I: memref<?xi64>, %s: f64, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %A[%i] : memref<?xf64>
    %m = arith.mulf %a, %s : f64
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %r = arith.addf %m, %f : f64
    memref.store %r, %A[%i] : memref<?xf64>
    memref.store %ii, %I[%i] : memref<?xi64>
  }
  return
}

// Sums a 3-d i8 block into a rank-0 i64 buffer.
func.func @sum_i8(%A: memref<2x2x2xi8>, %S: memref<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %t = scf.for %i = %c0 to %c2 step %c1 iter_args(%a0 = %zero) -> i64 {
    %t1 = scf.for %j = %c0 to %c2 step %c1 iter_args(%a1 = %a0) -> i64 {
      %t2 = scf.for %k = %c0 to %c2 step %c1 iter_args(%a2 = %a1) -> i64 {
        %v = memref.load %A[%i, %j, %k] : memref<2x2x2xi8>
        %w = arith.extsi %v : i8 to i64
        %s = arith.addi %a2, %w : i64
        scf.yield %s : i64
      }
      scf.yield %t2 : i64
    }
    scf.yield %t1 : i64
  }
  memref.store %t, %S[] : memref<i64>
  return
}

// B = A rounded to half precision by the compiled code (LLVM's conversion).
func.func @trunc_f16(%A: memref<?xf32>, %B: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    %y = arith.truncf %x : f32 to f16
    memref.store %y, %B[%i] : memref<?xf16>
  }
  return
}

// B = A rounded to bfloat16 by the compiled code.
func.func @trunc_bf16(%A: memref<?xf32>, %B: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    %y = arith.truncf %x : f32 to bf16
    memref.store %y, %B[%i] : memref<?xbf16>
  }
  return
}
