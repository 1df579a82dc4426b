func.func @scale(%a: memref<?x?xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i, %c0] : memref<?x?xf32>
    %y = arith.mulf %x, %s : f32
    memref.store %y, %a[%i, %c0] : memref<?x?xf32>
  }
  return
}
