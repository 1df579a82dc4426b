// Calls a function that nothing defines: the JIT has to say which one.
func.func private @tile_test_undefined(f32) -> f32

func.func @call_undefined(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xf32>
  %y = func.call @tile_test_undefined(%x) : (f32) -> f32
  memref.store %y, %a[%c0] : memref<4xf32>
  return
}
