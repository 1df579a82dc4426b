// A plain loop version of examples/vector_add.mlir, used as the reference of
// tile-run --check=vector_add_ref.
func.func @vector_add_ref(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %N step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    %y = memref.load %B[%i] : memref<?xf32>
    %z = arith.addf %x, %y : f32
    memref.store %z, %C[%i] : memref<?xf32>
  }
  return
}

// A wrong reference (C = A - B), to show what a failed check reports.
func.func @vector_sub_ref(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %N step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    %y = memref.load %B[%i] : memref<?xf32>
    %z = arith.subf %x, %y : f32
    memref.store %z, %C[%i] : memref<?xf32>
  }
  return
}

// A reference whose arguments do not match the kernel's.
func.func @vector_add_f64_ref(%A: memref<?xf64>, %B: memref<?xf64>, %C: memref<?xf64>) {
  return
}
