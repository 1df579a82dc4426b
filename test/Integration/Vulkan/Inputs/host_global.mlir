// A constant global that host code reads (memref.get_global outside the
// kernel) and passes to the kernel as a buffer: it lives in read-only
// memory, and the kernel only reads it.
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @scale(%C: memref<?xf32>) {
  %t = memref.get_global @table : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %C, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %j = arith.remui %i, %c4 : index
        %x = memref.load %t[%j] : memref<4xf32>
        %y = memref.load %C[%i] : memref<?xf32>
        %z = arith.mulf %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @scale_ref(%C: memref<?xf32>) {
  %t = memref.get_global @table : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %C, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.remui %i, %c4 : index
    %x = memref.load %t[%j] : memref<4xf32>
    %y = memref.load %C[%i] : memref<?xf32>
    %z = arith.mulf %x, %y : f32
    memref.store %z, %C[%i] : memref<?xf32>
  }
  return
}
