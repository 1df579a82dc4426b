// Float ops at the edges of their domains, each on every pair of A and B
// (float_edges.py).

func.func @remf(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %r = arith.remf %x, %y : f32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @remf_f64(%A: memref<?xf64>, %B: memref<?xf64>, %C: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf64>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf64>
        %y = memref.load %B[%i] : memref<?xf64>
        %r = arith.remf %x, %y : f64
        memref.store %r, %C[%i] : memref<?xf64>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @powf(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %r = math.powf %x, %y : f32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @atan2(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %r = math.atan2 %x, %y : f32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @tanh(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %r = math.tanh %x : f32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @sinh(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %r = math.sinh %x : f32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @asinh(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %r = math.asinh %x : f32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @atanh(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %r = math.atanh %x : f32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @atan(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %r = math.atan %x : f32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @asin(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %r = math.asin %x : f32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @acosh(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %r = math.acosh %x : f32
        memref.store %r, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @compare_constants(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (8) {
    scf.forall (%t) in (128) {
      %c128 = arith.constant 128 : index
      %f = arith.muli %b, %c128 : index
      %i = arith.addi %f, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %tr = arith.cmpf true, %x, %y : f32
        %fa = arith.cmpf false, %x, %y : f32
        %t32 = arith.extui %tr : i1 to i32
        %fa32 = arith.extui %fa : i1 to i32
        %two = arith.constant 2 : i32
        %fa2 = arith.muli %fa32, %two : i32
        %r = arith.addi %t32, %fa2 : i32
        memref.store %r, %C[%i] : memref<?xi32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
