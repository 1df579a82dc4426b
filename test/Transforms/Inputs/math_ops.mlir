// One kernel per math op that tile-math-expand (or a target's own math
// pass) lowers: C[i] = op(A[i]) or op(A[i], B[i]); integer operands and
// predicates travel as f32 (an exponent is fptosi of B, a predicate gives
// 1.0 or 0.0). Used by math-expand-values.test on cpu and vulkan.

func.func @math_erf(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %z = math.erf %x : f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_erfc(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %z = math.erfc %x : f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_cbrt(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %z = math.cbrt %x : f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_atan2(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %z = math.atan2 %x, %y : f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_trunc(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %z = math.trunc %x : f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_fpowi(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %n = arith.fptosi %y : f32 to i32
        %z = math.fpowi %x, %n : f32, i32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_ipowi(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %xi = arith.fptosi %x : f32 to i32
        %n = arith.fptosi %y : f32 to i32
        %zi = math.ipowi %xi, %n : i32
        %z = arith.sitofp %zi : i32 to f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_isinf(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %c = math.isinf %x : f32
        %z = arith.select %c, %one, %zero : f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_isnan(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %c = math.isnan %x : f32
        %z = arith.select %c, %one, %zero : f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_isfinite(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %c = math.isfinite %x : f32
        %z = arith.select %c, %one, %zero : f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_sincos(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %s, %co = math.sincos %x : f32
        %z = arith.subf %s, %co : f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_expm1(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %z = math.expm1 %x : f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @math_log1p(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %zero = arith.constant 0.0 : f32
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %z = math.log1p %x : f32
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
