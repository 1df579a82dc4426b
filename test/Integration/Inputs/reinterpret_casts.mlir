// Loads and stores in kernels through memref.reinterpret_cast, against
// element-by-element references on the host.

// A 4x5 window of a 24x10 buffer at a dynamic offset and row stride and a
// column stride of 3: the window's element (i, j) is element
// o + i * s + 3 * j of the buffer in row-major order.
func.func @window(%A: memref<24x10xf32>, %C: memref<4x5xf32>, %o: index, %s: index) {
  scf.forall (%bk) in (1) {
    scf.forall (%i, %j) in (4, 5) {
      %w = memref.reinterpret_cast %A to offset: [%o], sizes: [4, 5], strides: [%s, 3] : memref<24x10xf32> to memref<4x5xf32, strided<[?, 3], offset: ?>>
      %v = memref.load %w[%i, %j] : memref<4x5xf32, strided<[?, 3], offset: ?>>
      memref.store %v, %C[%i, %j] : memref<4x5xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 20 : i64}
  return
}

func.func @window_ref(%A: memref<24x10xf32>, %C: memref<4x5xf32>, %o: index, %s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %is = arith.muli %i, %s : index
      %j3 = arith.muli %j, %c3 : index
      %l0 = arith.addi %o, %is : index
      %l = arith.addi %l0, %j3 : index
      %r = arith.divui %l, %c10 : index
      %c = arith.remui %l, %c10 : index
      %v = memref.load %A[%r, %c] : memref<24x10xf32>
      memref.store %v, %C[%i, %j] : memref<4x5xf32>
    }
  }
  return
}

// A flat buffer seen as 16x16 (m), and transposed, a 4x8 block of that at
// (2, 4) (b). Element (i, j) of the result is b[i][j] + m[i][j], read
// through the views one element at a time and two lanes at a time; it is
// stored through a cast of the flat output as 4x8 with strides [1, 4]
// (column-major).
func.func @views(%A: memref<256xf32>, %C: memref<32xf32>) {
  scf.forall (%bk) in (1) {
    scf.forall (%i, %h) in (4, 4) {
      %m = memref.reinterpret_cast %A to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf32> to memref<16x16xf32>
      %t = memref.transpose %m (d0, d1) -> (d1, d0) : memref<16x16xf32> to memref<16x16xf32, strided<[1, 16]>>
      %b = memref.subview %t[2, 4][4, 8][1, 1] : memref<16x16xf32, strided<[1, 16]>> to memref<4x8xf32, strided<[1, 16], offset: 66>>
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %j = arith.muli %h, %c2 : index
      %j1 = arith.addi %j, %c1 : index
      %x = memref.load %b[%i, %j] : memref<4x8xf32, strided<[1, 16], offset: 66>>
      %y = memref.load %b[%i, %j1] : memref<4x8xf32, strided<[1, 16], offset: 66>>
      %xy = vector.from_elements %x, %y : vector<2xf32>
      %w = vector.load %m[%i, %j] : memref<16x16xf32>, vector<2xf32>
      %v = arith.addf %xy, %w : vector<2xf32>
      %out = memref.reinterpret_cast %C to offset: [0], sizes: [4, 8], strides: [1, 4] : memref<32xf32> to memref<4x8xf32, strided<[1, 4]>>
      %v0 = vector.extract %v[0] : f32 from vector<2xf32>
      %v1 = vector.extract %v[1] : f32 from vector<2xf32>
      memref.store %v0, %out[%i, %j] : memref<4x8xf32, strided<[1, 4]>>
      memref.store %v1, %out[%i, %j1] : memref<4x8xf32, strided<[1, 4]>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 16 : i64}
  return
}

// C[i + 4 * j] = A[16 * (4 + j) + (2 + i)] + A[16 * i + j].
func.func @views_ref(%A: memref<256xf32>, %C: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %r = arith.addi %j, %c4 : index
      %c = arith.addi %i, %c2 : index
      %r16 = arith.muli %r, %c16 : index
      %l = arith.addi %r16, %c : index
      %x = memref.load %A[%l] : memref<256xf32>
      %i16 = arith.muli %i, %c16 : index
      %l2 = arith.addi %i16, %j : index
      %w = memref.load %A[%l2] : memref<256xf32>
      %v = arith.addf %x, %w : f32
      %j4 = arith.muli %j, %c4 : index
      %o = arith.addi %i, %j4 : index
      memref.store %v, %C[%o] : memref<32xf32>
    }
  }
  return
}
