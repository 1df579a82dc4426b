// f64 to bf16 and f16, rounded once: for element i of X,
//   B[i] = bits(bf16(X[i])), H[i] = bits(f16(X[i])) to nearest even,
//   A[i] = bits(f16(X[i])) to nearest, ties away from zero,
//   Z[i] = bits(f16(X[i])) toward zero,
//   U[i] = bits(bf16(X[i])) upward,
//   V the H of X by vectors of 4.
// f64_to_half.py makes inputs next to the halfway points of both formats
// (where rounding through f32 first went wrong) and checks the bits against
// exact arithmetic.
func.func @conv(%X: memref<?xf64>, %B: memref<?xi16>, %H: memref<?xi16>,
                %A: memref<?xi16>, %Z: memref<?xi16>, %U: memref<?xi16>,
                %V: memref<?xi16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %X, %c0 : memref<?xf64>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%t) in (64) {
      %i = arith.addi %base, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        func.call @element(%X, %B, %H, %A, %Z, %U, %V, %i)
            : (memref<?xf64>, memref<?xi16>, memref<?xi16>, memref<?xi16>,
               memref<?xi16>, memref<?xi16>, memref<?xi16>, index) -> ()
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @element(%X: memref<?xf64>, %B: memref<?xi16>, %H: memref<?xi16>,
                   %A: memref<?xi16>, %Z: memref<?xi16>, %U: memref<?xi16>,
                   %V: memref<?xi16>, %i: index) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %x = memref.load %X[%i] : memref<?xf64>
  %b = arith.truncf %x : f64 to bf16
  %bi = arith.bitcast %b : bf16 to i16
  memref.store %bi, %B[%i] : memref<?xi16>
  %h = arith.truncf %x : f64 to f16
  %hi = arith.bitcast %h : f16 to i16
  memref.store %hi, %H[%i] : memref<?xi16>
  %a = arith.truncf %x to_nearest_away : f64 to f16
  %ai = arith.bitcast %a : f16 to i16
  memref.store %ai, %A[%i] : memref<?xi16>
  %z = arith.truncf %x toward_zero : f64 to f16
  %zi = arith.bitcast %z : f16 to i16
  memref.store %zi, %Z[%i] : memref<?xi16>
  %u = arith.truncf %x upward : f64 to bf16
  %ui = arith.bitcast %u : bf16 to i16
  memref.store %ui, %U[%i] : memref<?xi16>
  // Every fourth thread converts four elements as a vector.
  %r = arith.andi %i, %c3 : index
  %first = arith.cmpi eq, %r, %c0 : index
  scf.if %first {
    %xv = vector.load %X[%i] : memref<?xf64>, vector<4xf64>
    %hv = arith.truncf %xv : vector<4xf64> to vector<4xf16>
    %vi = arith.bitcast %hv : vector<4xf16> to vector<4xi16>
    vector.store %vi, %V[%i] : memref<?xi16>, vector<4xi16>
  }
  return
}
