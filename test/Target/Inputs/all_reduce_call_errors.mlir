// A function that reaches a gpu.all_reduce is inlined into the kernels
// on cuda and rocm: one of several blocks, or one that calls itself, is
// refused at the call.
func.func private @branchy(%x: f32, %c: i1) -> f32 {
  cf.cond_br %c, ^sum, ^none
^sum:
  %s = gpu.all_reduce add %x uniform {} : (f32) -> (f32)
  return %s : f32
^none:
  return %x : f32
}
func.func @blocks(%A: memref<64xf32>, %c: i1) {
  scf.forall (%b) in (1) {
    scf.forall (%t) in (64) {
      %x = memref.load %A[%t] : memref<64xf32>
      %s = func.call @branchy(%x, %c) : (f32, i1) -> f32
      memref.store %s, %A[%t] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func private @again(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = gpu.all_reduce add %x uniform {} : (f32) -> (f32)
  %more = arith.cmpi sgt, %n, %c0 : index
  %r = scf.if %more -> f32 {
    %m = arith.subi %n, %c1 : index
    %y = func.call @again(%s, %m) : (f32, index) -> f32
    scf.yield %y : f32
  } else {
    scf.yield %s : f32
  }
  return %r : f32
}
func.func @recursive(%A: memref<64xf32>) {
  %c2 = arith.constant 2 : index
  scf.forall (%b) in (1) {
    scf.forall (%t) in (64) {
      %x = memref.load %A[%t] : memref<64xf32>
      %s = func.call @again(%x, %c2) : (f32, index) -> f32
      memref.store %s, %A[%t] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
