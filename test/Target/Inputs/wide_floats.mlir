// f80 and f128 values in kernels: computed with in @wide (the cpu runs it;
// NVPTX and the AMDGPU back end have no arithmetic of either type), moved
// in @moves (every LLVM target compiles that), and computed with in host
// code around the kernels in @host_sum.
func.func @wide(%A: memref<?xf64>, %C: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %N = memref.dim %A, %c0 : memref<?xf64>
  %blocks = arith.ceildivui %N, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (64) {
      %row = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %row, %N : index
      scf.if %inside {
        %a = memref.load %A[%row] : memref<?xf64>
        %q = arith.extf %a : f64 to f128
        %x = arith.extf %a : f64 to f80
        %qa = math.absf %q : f128
        %qs = math.sqrt %qa : f128
        %xa = math.absf %x : f80
        %xs = math.sqrt %xa : f80
        %xq = arith.extf %xs : f80 to f128
        %s = arith.addf %qs, %xq : f128
        %r = arith.truncf %s : f128 to f64
        memref.store %r, %C[%row] : memref<?xf64>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// 2 * sqrt(|a|) in f64: what @wide computes, rounded once to f64.
func.func @wide_ref(%A: memref<?xf64>, %C: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %N = memref.dim %A, %c0 : memref<?xf64>
  scf.for %row = %c0 to %N step %c1 {
    %a = memref.load %A[%row] : memref<?xf64>
    %aa = math.absf %a : f64
    %s = math.sqrt %aa : f64
    %r = arith.addf %s, %s : f64
    memref.store %r, %C[%row] : memref<?xf64>
  }
  return
}

func.func @moves(%A: memref<?xf128>, %B: memref<?xf80>, %C: memref<?xf128>, %D: memref<?xf80>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %N = memref.dim %A, %c0 : memref<?xf128>
  %blocks = arith.ceildivui %N, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (64) {
      %row = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %row, %N : index
      scf.if %inside {
        %q = memref.load %A[%row] : memref<?xf128>
        %x = memref.load %B[%row] : memref<?xf80>
        %bits = arith.bitcast %q : f128 to i128
        %same = arith.bitcast %bits : i128 to f128
        memref.store %same, %C[%row] : memref<?xf128>
        memref.store %x, %D[%row] : memref<?xf80>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @host_sum(%a: f128, %b: f128) -> f128 {
  %s = arith.addf %a, %b : f128
  %r = math.sqrt %s : f128
  return %r : f128
}
