// Every float math op on vectors in a kernel, of f32 and of f64: one
// function per op and type, C[i] = op(A[i]) or op(A[i], B[i]).
// math-targets.test compiles it for cpu, cuda and rocm (cuda failed on
// sincos of vectors, cpu on fpowi of vectors: LLVM's powi takes a scalar
// exponent).

func.func @absf_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.absf %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @acos_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.acos %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @acosh_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.acosh %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @asin_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.asin %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @asinh_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.asinh %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atan_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.atan %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atan2_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.atan2 %x, %y : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atanh_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.atanh %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cbrt_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.cbrt %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ceil_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.ceil %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @clampf_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.clampf %x to [%y, %x] : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @copysign_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.copysign %x, %y : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cos_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.cos %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cosh_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.cosh %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @erf_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.erf %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @erfc_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.erfc %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @exp_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.exp %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @exp2_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.exp2 %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @expm1_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.expm1 %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @floor_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.floor %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fma_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.fma %x, %y, %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fpowi_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %e = arith.constant dense<3> : vector<4xi32>
      %z = math.fpowi %x, %e : vector<4xf32>, vector<4xi32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isfinite_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %p = math.isfinite %x : vector<4xf32>
      %z = arith.select %p, %x, %y : vector<4xi1>, vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isinf_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %p = math.isinf %x : vector<4xf32>
      %z = arith.select %p, %x, %y : vector<4xi1>, vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isnan_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %p = math.isnan %x : vector<4xf32>
      %z = arith.select %p, %x, %y : vector<4xi1>, vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isnormal_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %p = math.isnormal %x : vector<4xf32>
      %z = arith.select %p, %x, %y : vector<4xi1>, vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.log %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log10_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.log10 %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log1p_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.log1p %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log2_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.log2 %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @powf_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.powf %x, %y : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @round_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.round %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @roundeven_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.roundeven %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @rsqrt_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.rsqrt %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sin_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.sin %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sincos_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %s, %c = math.sincos %x : vector<4xf32>
      %z = arith.addf %s, %c : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sinh_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.sinh %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sqrt_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.sqrt %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @tan_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.tan %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @tanh_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.tanh %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @trunc_4xf32(%A: memref<64xvector<4xf32>>, %B: memref<64xvector<4xf32>>, %C: memref<64xvector<4xf32>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<4xf32>>
      %y = memref.load %B[%i] : memref<64xvector<4xf32>>
      %z = math.trunc %x : vector<4xf32>
      memref.store %z, %C[%i] : memref<64xvector<4xf32>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @absf_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.absf %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @acos_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.acos %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @acosh_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.acosh %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @asin_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.asin %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @asinh_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.asinh %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atan_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.atan %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atan2_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.atan2 %x, %y : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atanh_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.atanh %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cbrt_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.cbrt %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ceil_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.ceil %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @clampf_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.clampf %x to [%y, %x] : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @copysign_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.copysign %x, %y : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cos_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.cos %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @cosh_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.cosh %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @erf_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.erf %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @erfc_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.erfc %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @exp_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.exp %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @exp2_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.exp2 %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @expm1_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.expm1 %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @floor_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.floor %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fma_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.fma %x, %y, %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fpowi_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %e = arith.constant dense<3> : vector<2xi32>
      %z = math.fpowi %x, %e : vector<2xf64>, vector<2xi32>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isfinite_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %p = math.isfinite %x : vector<2xf64>
      %z = arith.select %p, %x, %y : vector<2xi1>, vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isinf_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %p = math.isinf %x : vector<2xf64>
      %z = arith.select %p, %x, %y : vector<2xi1>, vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isnan_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %p = math.isnan %x : vector<2xf64>
      %z = arith.select %p, %x, %y : vector<2xi1>, vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @isnormal_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %p = math.isnormal %x : vector<2xf64>
      %z = arith.select %p, %x, %y : vector<2xi1>, vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.log %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log10_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.log10 %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log1p_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.log1p %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @log2_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.log2 %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @powf_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.powf %x, %y : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @round_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.round %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @roundeven_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.roundeven %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @rsqrt_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.rsqrt %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sin_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.sin %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sincos_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %s, %c = math.sincos %x : vector<2xf64>
      %z = arith.addf %s, %c : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sinh_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.sinh %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @sqrt_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.sqrt %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @tan_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.tan %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @tanh_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.tanh %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @trunc_2xf64(%A: memref<64xvector<2xf64>>, %B: memref<64xvector<2xf64>>, %C: memref<64xvector<2xf64>>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xvector<2xf64>>
      %y = memref.load %B[%i] : memref<64xvector<2xf64>>
      %z = math.trunc %x : vector<2xf64>
      memref.store %z, %C[%i] : memref<64xvector<2xf64>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
