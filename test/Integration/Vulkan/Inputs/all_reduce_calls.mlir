// all_reduce.mlir's reductions made in functions the kernel calls: through
// a further call, one of them through a func.constant's value (the
// conversions of cuda and rocm lower a gpu.all_reduce in a kernel's own
// body only, so those functions are inlined into it).
func.func private @sum(%x: f32) -> f32 {
  %s = gpu.all_reduce add %x uniform {} : (f32) -> (f32)
  return %s : f32
}
func.func private @float_reductions(%x: f32) -> (f32, f32) {
  %sum = func.call @sum(%x) : (f32) -> f32
  %max = gpu.all_reduce maxnumf %x uniform {} : (f32) -> (f32)
  return %sum, %max : f32, f32
}
func.func private @min(%n: i32) -> i32 {
  %m = gpu.all_reduce minsi %n uniform {} : (i32) -> (i32)
  return %m : i32
}
func.func private @xor(%n: i32) -> i32 {
  %m = gpu.all_reduce xor %n uniform {} : (i32) -> (i32)
  return %m : i32
}
func.func @all_reduce_calls(%A: memref<300xf32>, %I: memref<300xi32>,
                            %F: memref<2x300xf32>, %O: memref<2x300xi32>) {
  %xor = func.constant @xor : (i32) -> i32
  scf.forall (%b) in (3) {
    scf.forall (%t) in (100) {
      %c100 = arith.constant 100 : index
      %base = arith.muli %b, %c100 : index
      %i = arith.addi %base, %t : index
      %x = memref.load %A[%i] : memref<300xf32>
      %n = memref.load %I[%i] : memref<300xi32>
      %sum, %max = func.call @float_reductions(%x) : (f32) -> (f32, f32)
      %min = func.call @min(%n) : (i32) -> i32
      %x2 = func.call_indirect %xor(%n) : (i32) -> i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      memref.store %sum, %F[%c0, %i] : memref<2x300xf32>
      memref.store %max, %F[%c1, %i] : memref<2x300xf32>
      memref.store %min, %O[%c0, %i] : memref<2x300xi32>
      memref.store %x2, %O[%c1, %i] : memref<2x300xi32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 100 : i64}
  return
}
