// arith.truncf in each rounding mode other than to nearest even, in
// kernels: f32 to f16 and f64 to f32 (rounding_modes.py checks them).

func.func @f32_to_f16(%A: memref<?xf32>, %Z: memref<?xf16>, %D: memref<?xf16>, %U: memref<?xf16>, %W: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (64) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %x = memref.load %A[%idx] : memref<?xf32>
        %z = arith.truncf %x toward_zero : f32 to f16
        %d = arith.truncf %x downward : f32 to f16
        %u = arith.truncf %x upward : f32 to f16
        %w = arith.truncf %x to_nearest_away : f32 to f16
        memref.store %z, %Z[%idx] : memref<?xf16>
        memref.store %d, %D[%idx] : memref<?xf16>
        memref.store %u, %U[%idx] : memref<?xf16>
        memref.store %w, %W[%idx] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @f64_to_f32(%A: memref<?xf64>, %Z: memref<?xf32>, %D: memref<?xf32>, %U: memref<?xf32>, %W: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %N = memref.dim %A, %c0 : memref<?xf64>
  %blocks = arith.ceildivui %N, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (64) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %x = memref.load %A[%idx] : memref<?xf64>
        %z = arith.truncf %x toward_zero : f64 to f32
        %d = arith.truncf %x downward : f64 to f32
        %u = arith.truncf %x upward : f64 to f32
        %w = arith.truncf %x to_nearest_away : f64 to f32
        memref.store %z, %Z[%idx] : memref<?xf32>
        memref.store %d, %D[%idx] : memref<?xf32>
        memref.store %u, %U[%idx] : memref<?xf32>
        memref.store %w, %W[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
