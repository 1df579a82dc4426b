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

// Copies as many elements as %A has into %B, whatever %B's size.
func.func @copy_all(%A: memref<?xf32>, %B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    memref.store %x, %B[%i] : memref<?xf32>
  }
  return
}

// Reads the element before the start of %A.
func.func @read_before(%A: memref<?xf32>, %B: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %before = arith.subi %c0, %c1 : index
  %x = memref.load %A[%before] : memref<?xf32>
  memref.store %x, %B[%c0] : memref<1xf32>
  return
}

// Copies as many elements as %B has: the reference that @copy_all is not.
func.func @copy_fitting(%A: memref<?xf32>, %B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %B, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    memref.store %x, %B[%i] : memref<?xf32>
  }
  return
}
