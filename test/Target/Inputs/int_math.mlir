// ctlz and absi of i8, i16 and i64 in kernels (vulkan counts them on
// 32-bit parts: Vulkan's instructions take 32-bit integers), each against
// a plain loop of the same ops run on the cpu.

func.func @bits_i8(%A: memref<?xi8>, %C: memref<?xi8>, %D: memref<?xi8>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %N = memref.dim %A, %c0 : memref<?xi8>
  %blocks = arith.ceildivui %N, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (64) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %x = memref.load %A[%idx] : memref<?xi8>
        %lz = math.ctlz %x : i8
        %abs = math.absi %x : i8
        memref.store %lz, %C[%idx] : memref<?xi8>
        memref.store %abs, %D[%idx] : memref<?xi8>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @bits_i8_ref(%A: memref<?xi8>, %C: memref<?xi8>, %D: memref<?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %N = memref.dim %A, %c0 : memref<?xi8>
  scf.for %idx = %c0 to %N step %c1 {
    %x = memref.load %A[%idx] : memref<?xi8>
    %lz = math.ctlz %x : i8
    %abs = math.absi %x : i8
    memref.store %lz, %C[%idx] : memref<?xi8>
    memref.store %abs, %D[%idx] : memref<?xi8>
  }
  return
}

func.func @bits_i16(%A: memref<?xi16>, %C: memref<?xi16>, %D: memref<?xi16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %N = memref.dim %A, %c0 : memref<?xi16>
  %blocks = arith.ceildivui %N, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (64) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %x = memref.load %A[%idx] : memref<?xi16>
        %lz = math.ctlz %x : i16
        %abs = math.absi %x : i16
        memref.store %lz, %C[%idx] : memref<?xi16>
        memref.store %abs, %D[%idx] : memref<?xi16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @bits_i16_ref(%A: memref<?xi16>, %C: memref<?xi16>, %D: memref<?xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %N = memref.dim %A, %c0 : memref<?xi16>
  scf.for %idx = %c0 to %N step %c1 {
    %x = memref.load %A[%idx] : memref<?xi16>
    %lz = math.ctlz %x : i16
    %abs = math.absi %x : i16
    memref.store %lz, %C[%idx] : memref<?xi16>
    memref.store %abs, %D[%idx] : memref<?xi16>
  }
  return
}

func.func @bits_i64(%A: memref<?xi64>, %C: memref<?xi64>, %D: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %N = memref.dim %A, %c0 : memref<?xi64>
  %blocks = arith.ceildivui %N, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (64) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %x = memref.load %A[%idx] : memref<?xi64>
        %lz = math.ctlz %x : i64
        %abs = math.absi %x : i64
        memref.store %lz, %C[%idx] : memref<?xi64>
        memref.store %abs, %D[%idx] : memref<?xi64>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @bits_i64_ref(%A: memref<?xi64>, %C: memref<?xi64>, %D: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %N = memref.dim %A, %c0 : memref<?xi64>
  scf.for %idx = %c0 to %N step %c1 {
    %x = memref.load %A[%idx] : memref<?xi64>
    %lz = math.ctlz %x : i64
    %abs = math.absi %x : i64
    memref.store %lz, %C[%idx] : memref<?xi64>
    memref.store %abs, %D[%idx] : memref<?xi64>
  }
  return
}
