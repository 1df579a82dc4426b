// Kernels that fault when called: a read 4 TiB past the start of an
// argument, and an integer division by an argument.
func.func @far_read(%A: memref<?xf32>, %B: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %far = arith.constant 1099511627776 : index
  %x = memref.load %A[%far] : memref<?xf32>
  memref.store %x, %B[%c0] : memref<1xf32>
  return
}

func.func @divide(%A: memref<4xi32>, %d: i32) {
  %c0 = arith.constant 0 : index
  %x = memref.load %A[%c0] : memref<4xi32>
  %q = arith.divsi %x, %d : i32
  memref.store %q, %A[%c0] : memref<4xi32>
  return
}
