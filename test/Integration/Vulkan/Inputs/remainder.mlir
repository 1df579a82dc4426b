// arith.remsi of every pair of edge values (no zero divisor, not the
// most negative value by -1), on the device and as a reference on the cpu.

func.func @rem_i8(%A: memref<?xi8>, %B: memref<?xi8>, %C: memref<?xi8>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xi8>
  scf.forall (%b) in (2) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %first = arith.muli %b, %c128 : index
      %i = arith.addi %first, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xi8>
        %y = memref.load %B[%i] : memref<?xi8>
        %r = arith.remsi %x, %y : i8
        memref.store %r, %C[%i] : memref<?xi8>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @rem_i8_ref(%A: memref<?xi8>, %B: memref<?xi8>, %C: memref<?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xi8>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xi8>
    %y = memref.load %B[%i] : memref<?xi8>
    %r = arith.remsi %x, %y : i8
    memref.store %r, %C[%i] : memref<?xi8>
  }
  return
}

func.func @rem_i16(%A: memref<?xi16>, %B: memref<?xi16>, %C: memref<?xi16>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xi16>
  scf.forall (%b) in (2) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %first = arith.muli %b, %c128 : index
      %i = arith.addi %first, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xi16>
        %y = memref.load %B[%i] : memref<?xi16>
        %r = arith.remsi %x, %y : i16
        memref.store %r, %C[%i] : memref<?xi16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @rem_i16_ref(%A: memref<?xi16>, %B: memref<?xi16>, %C: memref<?xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xi16>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xi16>
    %y = memref.load %B[%i] : memref<?xi16>
    %r = arith.remsi %x, %y : i16
    memref.store %r, %C[%i] : memref<?xi16>
  }
  return
}

func.func @rem_i32(%A: memref<?xi32>, %B: memref<?xi32>, %C: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xi32>
  scf.forall (%b) in (2) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %first = arith.muli %b, %c128 : index
      %i = arith.addi %first, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xi32>
        %y = memref.load %B[%i] : memref<?xi32>
        %r = arith.remsi %x, %y : i32
        memref.store %r, %C[%i] : memref<?xi32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @rem_i32_ref(%A: memref<?xi32>, %B: memref<?xi32>, %C: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xi32>
    %y = memref.load %B[%i] : memref<?xi32>
    %r = arith.remsi %x, %y : i32
    memref.store %r, %C[%i] : memref<?xi32>
  }
  return
}

func.func @rem_i64(%A: memref<?xi64>, %B: memref<?xi64>, %C: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xi64>
  scf.forall (%b) in (2) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %first = arith.muli %b, %c128 : index
      %i = arith.addi %first, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xi64>
        %y = memref.load %B[%i] : memref<?xi64>
        %r = arith.remsi %x, %y : i64
        memref.store %r, %C[%i] : memref<?xi64>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @rem_i64_ref(%A: memref<?xi64>, %B: memref<?xi64>, %C: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xi64>
    %y = memref.load %B[%i] : memref<?xi64>
    %r = arith.remsi %x, %y : i64
    memref.store %r, %C[%i] : memref<?xi64>
  }
  return
}
