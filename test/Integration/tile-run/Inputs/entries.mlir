// Public functions for entry-only.test: entries, references, a helper an
// entry calls, and one the cpu target cannot compile.
func.func @double(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %x[%i] : memref<?xf32>
  }
  return
}

func.func @quadruple(%x: memref<?xf32>) {
  func.call @double(%x) : (memref<?xf32>) -> ()
  func.call @double(%x) : (memref<?xf32>) -> ()
  return
}

func.func @f8_sum(%x: memref<?xf32>, %s: f32) {
  %t = arith.truncf %s : f32 to f8E4M3FN
  %u = arith.addf %t, %t : f8E4M3FN
  %w = arith.extf %u : f8E4M3FN to f32
  %c0 = arith.constant 0 : index
  memref.store %w, %x[%c0] : memref<?xf32>
  return
}

func.func @twice(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %x[%i] : memref<?xf32>
  }
  return
}

func.func @four_times(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %four = arith.constant 4.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.mulf %v, %four : f32
    memref.store %w, %x[%i] : memref<?xf32>
  }
  return
}
