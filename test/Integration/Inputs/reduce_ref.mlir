// The reference of examples/reduce.mlir, shared by the cpu and vulkan
// reduce.test: one pass over each row.
func.func @row_max_sum_ref(%X: memref<?x?xf32>, %rowmax: memref<?xf32>, %rowsum: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %M step %c1 {
    %m, %s = scf.for %j = %c0 to %N step %c1 iter_args(%am = %ninf, %as = %zero) -> (f32, f32) {
      %x = memref.load %X[%i, %j] : memref<?x?xf32>
      %m2 = arith.maximumf %am, %x : f32
      %s2 = arith.addf %as, %x : f32
      scf.yield %m2, %s2 : f32, f32
    }
    memref.store %m, %rowmax[%i] : memref<?xf32>
    memref.store %s, %rowsum[%i] : memref<?xf32>
  }
  return
}
