// Integers to bf16, rounded once to nearest even: for element i,
//   B[i] = bits(bf16(X[i])), C[i] = bits(bf16(L[i])) (signed),
//   D[i] = bits(bf16(U[i])) (unsigned), and V the B of X by vectors of 4.
// int_to_bf16.py makes inputs near the halfway points of bf16 and checks
// the bits against exact integer arithmetic.
func.func @conv(%X: memref<?xi32>, %L: memref<?xi64>, %U: memref<?xi32>,
                %B: memref<?xi16>, %C: memref<?xi16>, %D: memref<?xi16>,
                %V: memref<?xi16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %X, %c0 : memref<?xi32>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%t) in (64) {
      %i = arith.addi %base, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        func.call @element(%X, %L, %U, %B, %C, %D, %V, %i)
            : (memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi16>,
               memref<?xi16>, memref<?xi16>, memref<?xi16>, index) -> ()
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @element(%X: memref<?xi32>, %L: memref<?xi64>, %U: memref<?xi32>,
                   %B: memref<?xi16>, %C: memref<?xi16>, %D: memref<?xi16>,
                   %V: memref<?xi16>, %i: index) {
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %x = memref.load %X[%i] : memref<?xi32>
  %xb = arith.sitofp %x : i32 to bf16
  %xi = arith.bitcast %xb : bf16 to i16
  memref.store %xi, %B[%i] : memref<?xi16>
  %l = memref.load %L[%i] : memref<?xi64>
  %lb = arith.sitofp %l : i64 to bf16
  %li = arith.bitcast %lb : bf16 to i16
  memref.store %li, %C[%i] : memref<?xi16>
  %u = memref.load %U[%i] : memref<?xi32>
  %ub = arith.uitofp %u : i32 to bf16
  %ui = arith.bitcast %ub : bf16 to i16
  memref.store %ui, %D[%i] : memref<?xi16>
  %lane = arith.andi %i, %c3 : index
  %first = arith.cmpi eq, %lane, %c0 : index
  scf.if %first {
    %v = vector.load %X[%i] : memref<?xi32>, vector<4xi32>
    %vb = arith.sitofp %v : vector<4xi32> to vector<4xbf16>
    %vi = arith.bitcast %vb : vector<4xbf16> to vector<4xi16>
    vector.store %vi, %V[%i] : memref<?xi16>, vector<4xi16>
  }
  return
}
