// Math ops on f64 values that GLSL.std.450 has no 64-bit form of are errors
// at the op the kernel wrote: expm1, log1p, atan2 and sincos too, not the
// exp, log or atan of their formulas (which the message named). Complex
// ops on complex<f64> whose real formulas need such math ops are reported
// at the complex op (each math op of the formula was, with no word of the
// complex op). The f64 ops it has are lowered (Integration/Vulkan/
// double-math.test); the other targets take all of them.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan --emit=spirv %s -o /dev/null
// RUN: tile-opt --split-input-file --target=cuda:sm_80 --emit=ptx %s -o /dev/null
// RUN: tile-opt --split-input-file --target=cpu --emit=obj %s -o /dev/null

func.func @exp(%A: memref<64xf64>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xf64>
      // expected-error @+1 {{'math.exp' op on f64 has no lowering on the vulkan target: GLSL.std.450's exponential, logarithmic and trigonometric functions take 16- and 32-bit floats only (absf, ceil, floor, round, roundeven, trunc, sqrt, rsqrt, fma, copysign, clampf, fpowi and the classification ops of f64 are lowered)}}
      %r = math.exp %x : f64
      memref.store %r, %A[%i] : memref<64xf64>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @formulas(%A: memref<64xf64>, %B: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xf64>
      // expected-error @+1 {{'math.expm1' op on f64 has no lowering on the vulkan target}}
      %e = math.expm1 %x : f64
      // expected-error @+1 {{'math.log1p' op on f64 has no lowering on the vulkan target}}
      %l = math.log1p %e : f64
      // expected-error @+1 {{'math.atan2' op on f64 has no lowering on the vulkan target}}
      %t = math.atan2 %l, %x : f64
      %v = memref.load %B[%i] : memref<64xvector<2xf64>>
      // expected-error @+1 {{'math.sincos' op on f64 has no lowering on the vulkan target}}
      %s, %c = math.sincos %v : vector<2xf64>
      %sum = arith.addf %s, %c : vector<2xf64>
      memref.store %t, %A[%i] : memref<64xf64>
      memref.store %sum, %B[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @complex(%A: memref<64xf64>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xf64>
      %z = complex.create %x, %x : complex<f64>
      // expected-error @+1 {{'complex.exp' op on complex<f64> has no lowering on the vulkan target: its real formula needs exponential, logarithmic or trigonometric functions of f64, which GLSL.std.450 lacks (complex<f32> has them; add, sub, mul, div, neg, conj, abs, sign and the comparisons of complex<f64> are lowered)}}
      %e = complex.exp %z : complex<f64>
      %q = complex.div %e, %z : complex<f64>
      %s = complex.sign %q : complex<f64>
      %m = complex.abs %s : complex<f64>
      memref.store %m, %A[%i] : memref<64xf64>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// The complex<f64> ops whose formulas are arithmetic, sqrt and compares
// compile.
func.func @complex_arith(%A: memref<64xf64>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xf64>
      %z = complex.create %x, %x : complex<f64>
      %p = complex.mul %z, %z : complex<f64>
      %q = complex.div %p, %z : complex<f64>
      %n = complex.neg %q : complex<f64>
      %s = complex.sign %n : complex<f64>
      %m = complex.abs %s : complex<f64>
      %e = complex.eq %s, %z : complex<f64>
      %r = arith.select %e, %m, %x : f64
      memref.store %r, %A[%i] : memref<64xf64>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
