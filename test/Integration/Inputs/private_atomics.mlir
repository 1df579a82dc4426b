// Atomic updates of a thread's own memory (memref.alloca): every kind of
// memref.atomic_rmw and a generic_atomic_rmw, on f32, f16 and i32, with the
// old values they return, and an addf of bf16. @ref runs @element on the
// host.
// For thread i of the grid, from x = X[i] and k = K[i]:
//   F[i] = {x + 1.5 (addf), max(x, 0.25) (maximumf), min(x, 0.25)
//           (minnumf), x * 3 (mulf), 2.5 (assign), x (the old value of
//           the assign), x * x + 1 (generic), x - 1 (subf of the old
//           value the generic one returns)}
//   H[i] = {h + 0.5, h * 2} with h = f16(x)
//   J[i] = {k + 7, max_s(k, 3), min_u(k, 3), k * 5, k | 12, k & 12,
//           k ^ 12, k (the old value of the last)}
//   G[i] = bf16(x) + 0.5
func.func @priv(%X: memref<?xf32>, %K: memref<?xi32>, %F: memref<?x8xf32>,
                %H: memref<?x2xf16>, %J: memref<?x8xi32>, %G: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %X, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%t) in (64) {
      %i = arith.addi %base, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        func.call @element(%X, %K, %F, %H, %J, %G, %i)
            : (memref<?xf32>, memref<?xi32>, memref<?x8xf32>, memref<?x2xf16>,
               memref<?x8xi32>, memref<?xbf16>, index) -> ()
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @element(%X: memref<?xf32>, %K: memref<?xi32>, %F: memref<?x8xf32>,
                   %H: memref<?x2xf16>, %J: memref<?x8xi32>, %G: memref<?xbf16>,
                   %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %x = memref.load %X[%i] : memref<?xf32>
  %k = memref.load %K[%i] : memref<?xi32>
  %a = memref.alloca() : memref<8xf32>
  %s = memref.alloca() : memref<2xf16>
  %v = memref.alloca() : memref<8xi32>
  scf.for %j = %c0 to %c7 step %c1 {
    memref.store %x, %a[%j] : memref<8xf32>
  }
  %h = arith.truncf %x : f32 to f16
  memref.store %h, %s[%c0] : memref<2xf16>
  memref.store %h, %s[%c1] : memref<2xf16>
  scf.for %j = %c0 to %c7 step %c1 {
    memref.store %k, %v[%j] : memref<8xi32>
  }
  %f1 = arith.constant 1.5 : f32
  %q = arith.constant 0.25 : f32
  %f3 = arith.constant 3.0 : f32
  %f25 = arith.constant 2.5 : f32
  %fone = arith.constant 1.0 : f32
  %r0 = memref.atomic_rmw addf %f1, %a[%c0] : (f32, memref<8xf32>) -> f32
  %r1 = memref.atomic_rmw maximumf %q, %a[%c1] : (f32, memref<8xf32>) -> f32
  %r2 = memref.atomic_rmw minnumf %q, %a[%c2] : (f32, memref<8xf32>) -> f32
  %r3 = memref.atomic_rmw mulf %f3, %a[%c3] : (f32, memref<8xf32>) -> f32
  %r4 = memref.atomic_rmw assign %f25, %a[%c4] : (f32, memref<8xf32>) -> f32
  memref.store %r4, %a[%c5] : memref<8xf32>
  %r6 = memref.generic_atomic_rmw %a[%c6] : memref<8xf32> {
  ^bb0(%cur: f32):
    %sq = arith.mulf %cur, %cur : f32
    %p = arith.addf %sq, %fone : f32
    memref.atomic_yield %p : f32
  }
  %old = arith.subf %r6, %fone : f32
  memref.store %old, %a[%c7] : memref<8xf32>
  %half = arith.constant 0.5 : f16
  %two = arith.constant 2.0 : f16
  %h0 = memref.atomic_rmw addf %half, %s[%c0] : (f16, memref<2xf16>) -> f16
  %h1 = memref.atomic_rmw mulf %two, %s[%c1] : (f16, memref<2xf16>) -> f16
  %i7 = arith.constant 7 : i32
  %i3 = arith.constant 3 : i32
  %i5 = arith.constant 5 : i32
  %i12 = arith.constant 12 : i32
  %k0 = memref.atomic_rmw addi %i7, %v[%c0] : (i32, memref<8xi32>) -> i32
  %k1 = memref.atomic_rmw maxs %i3, %v[%c1] : (i32, memref<8xi32>) -> i32
  %k2 = memref.atomic_rmw minu %i3, %v[%c2] : (i32, memref<8xi32>) -> i32
  %k3 = memref.atomic_rmw muli %i5, %v[%c3] : (i32, memref<8xi32>) -> i32
  %k4 = memref.atomic_rmw ori %i12, %v[%c4] : (i32, memref<8xi32>) -> i32
  %k5 = memref.atomic_rmw andi %i12, %v[%c5] : (i32, memref<8xi32>) -> i32
  %k6 = memref.atomic_rmw xori %i12, %v[%c6] : (i32, memref<8xi32>) -> i32
  memref.store %k6, %v[%c7] : memref<8xi32>
  scf.for %j = %c0 to %c7 step %c1 {
    %fa = memref.load %a[%j] : memref<8xf32>
    memref.store %fa, %F[%i, %j] : memref<?x8xf32>
    %ka = memref.load %v[%j] : memref<8xi32>
    memref.store %ka, %J[%i, %j] : memref<?x8xi32>
  }
  %fl = memref.load %a[%c7] : memref<8xf32>
  memref.store %fl, %F[%i, %c7] : memref<?x8xf32>
  %kl = memref.load %v[%c7] : memref<8xi32>
  memref.store %kl, %J[%i, %c7] : memref<?x8xi32>
  %s0 = memref.load %s[%c0] : memref<2xf16>
  %s1 = memref.load %s[%c1] : memref<2xf16>
  memref.store %s0, %H[%i, %c0] : memref<?x2xf16>
  memref.store %s1, %H[%i, %c1] : memref<?x2xf16>
  %g = memref.alloca() : memref<1xbf16>
  %xb = arith.truncf %x : f32 to bf16
  memref.store %xb, %g[%c0] : memref<1xbf16>
  %halfb = arith.constant 0.5 : bf16
  %g0 = memref.atomic_rmw addf %halfb, %g[%c0] : (bf16, memref<1xbf16>) -> bf16
  %gv = memref.load %g[%c0] : memref<1xbf16>
  memref.store %gv, %G[%i] : memref<?xbf16>
  return
}

func.func @ref(%X: memref<?xf32>, %K: memref<?xi32>, %F: memref<?x8xf32>,
               %H: memref<?x2xf16>, %J: memref<?x8xi32>, %G: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %X, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    func.call @element(%X, %K, %F, %H, %J, %G, %i)
        : (memref<?xf32>, memref<?xi32>, memref<?x8xf32>, memref<?x2xf16>,
           memref<?x8xi32>, memref<?xbf16>, index) -> ()
  }
  return
}
