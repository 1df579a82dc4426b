// Every math op (and arith.remf) in a kernel, on f32 and on f16: one
// function per op and type, C[i] = op(A[i]) or op(A[i], B[i]) (integer ops
// on fptosi of A). math-targets.test compiles it for every target.

func.func @absf_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.absf %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @acos_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.acos %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @acosh_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.acosh %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @asin_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.asin %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @asinh_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.asinh %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atan_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.atan %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atanh_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.atanh %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cbrt_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.cbrt %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ceil_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.ceil %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cos_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.cos %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cosh_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.cosh %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @erf_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.erf %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @erfc_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.erfc %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @exp_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.exp %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @exp2_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.exp2 %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @expm1_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.expm1 %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @floor_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.floor %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.log %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log10_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.log10 %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log1p_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.log1p %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log2_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.log2 %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @round_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.round %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @roundeven_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.roundeven %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @rsqrt_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.rsqrt %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sin_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.sin %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sinh_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.sinh %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sqrt_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.sqrt %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @tan_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.tan %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @tanh_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.tanh %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @trunc_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.trunc %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atan2_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.atan2 %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @powf_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.powf %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @copysign_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.copysign %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fpowi_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %c3 = arith.constant 3 : i32
        %z = math.fpowi %x, %c3 : f32, i32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isnan_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %p = math.isnan %x : f32
        %z = arith.select %p, %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isinf_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %p = math.isinf %x : f32
        %z = arith.select %p, %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isfinite_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %p = math.isfinite %x : f32
        %z = arith.select %p, %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sincos_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %s, %c = math.sincos %x : f32
        %z = arith.addf %s, %c : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fma_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.fma %x, %y, %x : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @remf_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = arith.remf %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ipowi_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %xi = arith.fptosi %x : f32 to i32
        %zi = math.ipowi %xi, %xi : i32
        %z = arith.sitofp %zi : i32 to f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ctlz_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %xi = arith.fptosi %x : f32 to i32
        %zi = math.ctlz %xi : i32
        %z = arith.sitofp %zi : i32 to f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cttz_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %xi = arith.fptosi %x : f32 to i32
        %zi = math.cttz %xi : i32
        %z = arith.sitofp %zi : i32 to f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ctpop_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %xi = arith.fptosi %x : f32 to i32
        %zi = math.ctpop %xi : i32
        %z = arith.sitofp %zi : i32 to f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @absi_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %xi = arith.fptosi %x : f32 to i32
        %zi = math.absi %xi : i32
        %z = arith.sitofp %zi : i32 to f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @absf_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.absf %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @acos_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.acos %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @acosh_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.acosh %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @asin_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.asin %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @asinh_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.asinh %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atan_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.atan %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atanh_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.atanh %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cbrt_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.cbrt %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ceil_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.ceil %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cos_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.cos %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cosh_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.cosh %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @erf_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.erf %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @erfc_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.erfc %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @exp_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.exp %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @exp2_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.exp2 %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @expm1_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.expm1 %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @floor_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.floor %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.log %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log10_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.log10 %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log1p_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.log1p %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log2_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.log2 %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @round_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.round %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @roundeven_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.roundeven %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @rsqrt_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.rsqrt %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sin_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.sin %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sinh_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.sinh %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sqrt_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.sqrt %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @tan_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.tan %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @tanh_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.tanh %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @trunc_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.trunc %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atan2_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.atan2 %x, %y : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @powf_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.powf %x, %y : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @copysign_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.copysign %x, %y : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fpowi_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %c3 = arith.constant 3 : i32
        %z = math.fpowi %x, %c3 : f16, i32
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isnan_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %p = math.isnan %x : f16
        %z = arith.select %p, %x, %y : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isinf_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %p = math.isinf %x : f16
        %z = arith.select %p, %x, %y : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isfinite_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %p = math.isfinite %x : f16
        %z = arith.select %p, %x, %y : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sincos_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %s, %c = math.sincos %x : f16
        %z = arith.addf %s, %c : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fma_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.fma %x, %y, %x : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @remf_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = arith.remf %x, %y : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ipowi_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %xi = arith.fptosi %x : f16 to i32
        %zi = math.ipowi %xi, %xi : i32
        %z = arith.sitofp %zi : i32 to f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ctlz_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %xi = arith.fptosi %x : f16 to i32
        %zi = math.ctlz %xi : i32
        %z = arith.sitofp %zi : i32 to f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cttz_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %xi = arith.fptosi %x : f16 to i32
        %zi = math.cttz %xi : i32
        %z = arith.sitofp %zi : i32 to f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ctpop_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %xi = arith.fptosi %x : f16 to i32
        %zi = math.ctpop %xi : i32
        %z = arith.sitofp %zi : i32 to f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @absi_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %xi = arith.fptosi %x : f16 to i32
        %zi = math.absi %xi : i32
        %z = arith.sitofp %zi : i32 to f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isnormal_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %p = math.isnormal %x : f32
        %z = arith.select %p, %x, %y : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @clampf_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = memref.load %B[%i] : memref<?xf32>
        %z = math.clampf %x to [%y, %x] : f32
        memref.store %z, %C[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isnormal_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %p = math.isnormal %x : f16
        %z = arith.select %p, %x, %y : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @clampf_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xf16>
        %y = memref.load %B[%i] : memref<?xf16>
        %z = math.clampf %x to [%y, %x] : f16
        memref.store %z, %C[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
