// math_all.mlir's kernels on bf16 (cpu, cuda and rocm take bf16 buffers;
// vulkan does not).

func.func @absf_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.absf %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @acos_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.acos %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @acosh_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.acosh %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @asin_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.asin %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @asinh_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.asinh %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atan_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.atan %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atanh_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.atanh %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cbrt_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.cbrt %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ceil_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.ceil %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cos_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.cos %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cosh_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.cosh %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @erf_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.erf %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @erfc_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.erfc %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @exp_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.exp %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @exp2_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.exp2 %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @expm1_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.expm1 %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @floor_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.floor %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.log %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log10_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.log10 %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log1p_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.log1p %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log2_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.log2 %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @round_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.round %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @roundeven_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.roundeven %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @rsqrt_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.rsqrt %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sin_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.sin %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sinh_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.sinh %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sqrt_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.sqrt %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @tan_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.tan %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @tanh_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.tanh %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @trunc_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.trunc %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atan2_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.atan2 %x, %y : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @powf_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.powf %x, %y : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @copysign_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.copysign %x, %y : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fpowi_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %c3 = arith.constant 3 : i32
        %z = math.fpowi %x, %c3 : bf16, i32
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isnan_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %p = math.isnan %x : bf16
        %z = arith.select %p, %x, %y : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isinf_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %p = math.isinf %x : bf16
        %z = arith.select %p, %x, %y : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isfinite_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %p = math.isfinite %x : bf16
        %z = arith.select %p, %x, %y : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sincos_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %s, %c = math.sincos %x : bf16
        %z = arith.addf %s, %c : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fma_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = math.fma %x, %y, %x : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @remf_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %z = arith.remf %x, %y : bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ipowi_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %xi = arith.fptosi %x : bf16 to i32
        %zi = math.ipowi %xi, %xi : i32
        %z = arith.sitofp %zi : i32 to bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ctlz_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %xi = arith.fptosi %x : bf16 to i32
        %zi = math.ctlz %xi : i32
        %z = arith.sitofp %zi : i32 to bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cttz_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %xi = arith.fptosi %x : bf16 to i32
        %zi = math.cttz %xi : i32
        %z = arith.sitofp %zi : i32 to bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ctpop_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %xi = arith.fptosi %x : bf16 to i32
        %zi = math.ctpop %xi : i32
        %z = arith.sitofp %zi : i32 to bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @absi_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xbf16>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %inside = arith.cmpi ult, %i, %N : index
      scf.if %inside {
        %x = memref.load %A[%i] : memref<?xbf16>
        %y = memref.load %B[%i] : memref<?xbf16>
        %xi = arith.fptosi %x : bf16 to i32
        %zi = math.absi %xi : i32
        %z = arith.sitofp %zi : i32 to bf16
        memref.store %z, %C[%i] : memref<?xbf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
