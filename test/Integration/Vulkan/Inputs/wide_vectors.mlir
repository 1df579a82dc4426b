// Kernels on vectors of more than 4 lanes (SPIR-V's widest), each beside a
// plain-loop reference that tile-run --check compares it with.

// Groups of 8 floats (the last one partial: masked reads pad with 0, a
// masked write stores the lanes inside): where x > y, exp(x) * lane + y,
// else fma(x, y, 1); plus a thousandth of the sum of the group's x.
func.func @floats(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %groups = arith.ceildivui %n, %c8 : index
  %blocks = arith.ceildivui %groups, %c64 : index
  scf.forall (%b) in (%blocks) {
    scf.forall (%t) in (64) {
      %first = arith.muli %b, %c64 : index
      %g = arith.addi %first, %t : index
      %inside = arith.cmpi ult, %g, %groups : index
      scf.if %inside {
        %j = arith.muli %g, %c8 : index
        %pad = arith.constant 0.0 : f32
        %x = vector.transfer_read %A[%j], %pad : memref<?xf32>, vector<8xf32>
        %y = vector.transfer_read %B[%j], %pad : memref<?xf32>, vector<8xf32>
        %lane = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : vector<8xf32>
        %e = math.exp %x : vector<8xf32>
        %el = arith.mulf %e, %lane : vector<8xf32>
        %big = arith.addf %el, %y : vector<8xf32>
        %one = arith.constant dense<1.0> : vector<8xf32>
        %small = vector.fma %x, %y, %one : vector<8xf32>
        %gt = arith.cmpf ogt, %x, %y : vector<8xf32>
        %r = arith.select %gt, %big, %small : vector<8xi1>, vector<8xf32>
        %sum = vector.reduction <add>, %x : vector<8xf32> into f32
        %milli = arith.constant 0.001 : f32
        %s = arith.mulf %sum, %milli : f32
        %sv = vector.broadcast %s : f32 to vector<8xf32>
        %out = arith.addf %r, %sv : vector<8xf32>
        vector.transfer_write %out, %C[%j] : vector<8xf32>, memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @floats_ref(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %milli = arith.constant 0.001 : f32
  scf.for %j = %c0 to %n step %c8 {
    %end0 = arith.addi %j, %c8 : index
    %end = arith.minui %end0, %n : index
    %sum = scf.for %k = %j to %end step %c1 iter_args(%acc = %zero) -> f32 {
      %x = memref.load %A[%k] : memref<?xf32>
      %next = arith.addf %acc, %x : f32
      scf.yield %next : f32
    }
    %s = arith.mulf %sum, %milli : f32
    scf.for %k = %j to %end step %c1 {
      %x = memref.load %A[%k] : memref<?xf32>
      %y = memref.load %B[%k] : memref<?xf32>
      %l = arith.subi %k, %j : index
      %li = arith.index_cast %l : index to i32
      %lf = arith.sitofp %li : i32 to f32
      %e = math.exp %x : f32
      %el = arith.mulf %e, %lf : f32
      %big = arith.addf %el, %y : f32
      %small = math.fma %x, %y, %one : f32
      %gt = arith.cmpf ogt, %x, %y : f32
      %r = arith.select %gt, %big, %small : f32
      %out = arith.addf %r, %s : f32
      memref.store %out, %C[%k] : memref<?xf32>
    }
  }
  return
}

// Groups of 6 integers, read as i8 and widened, with lanes moved about:
// lane k of the result is (a * 3 + b) >> 1, its lane 0 replaced by lane 5
// of a, all plus the largest a of the group, written as i32.
func.func @ints(%A: memref<?xi8>, %B: memref<?xi8>, %C: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xi8>
  %c6 = arith.constant 6 : index
  %c64 = arith.constant 64 : index
  %groups = arith.divui %n, %c6 : index
  %blocks = arith.ceildivui %groups, %c64 : index
  scf.forall (%b) in (%blocks) {
    scf.forall (%t) in (64) {
      %first = arith.muli %b, %c64 : index
      %g = arith.addi %first, %t : index
      %inside = arith.cmpi ult, %g, %groups : index
      scf.if %inside {
        %j = arith.muli %g, %c6 : index
        %a8 = vector.load %A[%j] : memref<?xi8>, vector<6xi8>
        %b8 = vector.load %B[%j] : memref<?xi8>, vector<6xi8>
        %a = arith.extsi %a8 : vector<6xi8> to vector<6xi32>
        %bb = arith.extsi %b8 : vector<6xi8> to vector<6xi32>
        %three = arith.constant dense<3> : vector<6xi32>
        %a3 = arith.muli %a, %three : vector<6xi32>
        %s = arith.addi %a3, %bb : vector<6xi32>
        %onev = arith.constant dense<1> : vector<6xi32>
        %h = arith.shrsi %s, %onev : vector<6xi32>
        %a5 = vector.extract %a[5] : i32 from vector<6xi32>
        %h2 = vector.insert %a5, %h [0] : i32 into vector<6xi32>
        %max = vector.reduction <maxsi>, %a : vector<6xi32> into i32
        %mv = vector.broadcast %max : i32 to vector<6xi32>
        %r = arith.addi %h2, %mv : vector<6xi32>
        vector.store %r, %C[%j] : memref<?xi32>, vector<6xi32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @ints_ref(%A: memref<?xi8>, %B: memref<?xi8>, %C: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %n = memref.dim %A, %c0 : memref<?xi8>
  %groups = arith.divui %n, %c6 : index
  %whole = arith.muli %groups, %c6 : index
  %lowest = arith.constant -2147483648 : i32
  %three = arith.constant 3 : i32
  %one = arith.constant 1 : i32
  scf.for %j = %c0 to %whole step %c6 {
    %end = arith.addi %j, %c6 : index
    %max = scf.for %k = %j to %end step %c1 iter_args(%acc = %lowest) -> i32 {
      %x8 = memref.load %A[%k] : memref<?xi8>
      %x = arith.extsi %x8 : i8 to i32
      %next = arith.maxsi %acc, %x : i32
      scf.yield %next : i32
    }
    %k5 = arith.addi %j, %c5 : index
    %a58 = memref.load %A[%k5] : memref<?xi8>
    %a5 = arith.extsi %a58 : i8 to i32
    scf.for %k = %j to %end step %c1 {
      %x8 = memref.load %A[%k] : memref<?xi8>
      %y8 = memref.load %B[%k] : memref<?xi8>
      %x = arith.extsi %x8 : i8 to i32
      %y = arith.extsi %y8 : i8 to i32
      %x3 = arith.muli %x, %three : i32
      %s = arith.addi %x3, %y : i32
      %h = arith.shrsi %s, %one : i32
      %isFirst = arith.cmpi eq, %k, %j : index
      %h2 = arith.select %isFirst, %a5, %h : i32
      %r = arith.addi %h2, %max : i32
      memref.store %r, %C[%k] : memref<?xi32>
    }
  }
  return
}

// Groups of 4 and of 8 floats, each kept or negated whole by a scalar
// condition (the sign of the group's first value): arith.select of vectors
// by a scalar failed to legalize on vulkan, 4 lanes too.
func.func @signs(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %c12 = arith.constant 12 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %groups = arith.divui %n, %c12 : index
  %blocks = arith.ceildivui %groups, %c64 : index
  scf.forall (%b) in (%blocks) {
    scf.forall (%t) in (64) {
      %first = arith.muli %b, %c64 : index
      %g = arith.addi %first, %t : index
      %inside = arith.cmpi ult, %g, %groups : index
      scf.if %inside {
        %j = arith.muli %g, %c12 : index
        %j4 = arith.addi %j, %c4 : index
        %zero = arith.constant 0.0 : f32
        %x = vector.load %A[%j] : memref<?xf32>, vector<4xf32>
        %x0 = vector.extract %x[0] : f32 from vector<4xf32>
        %p = arith.cmpf ogt, %x0, %zero : f32
        %nx = arith.negf %x : vector<4xf32>
        %r = arith.select %p, %x, %nx : vector<4xf32>
        vector.store %r, %C[%j] : memref<?xf32>, vector<4xf32>
        %y = vector.load %A[%j4] : memref<?xf32>, vector<8xf32>
        %y0 = vector.extract %y[0] : f32 from vector<8xf32>
        %q = arith.cmpf ogt, %y0, %zero : f32
        %ny = arith.negf %y : vector<8xf32>
        %s = arith.select %q, %y, %ny : vector<8xf32>
        vector.store %s, %C[%j4] : memref<?xf32>, vector<8xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @signs_ref(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %groups = arith.divui %n, %c12 : index
  %whole = arith.muli %groups, %c12 : index
  %zero = arith.constant 0.0 : f32
  scf.for %j = %c0 to %whole step %c12 {
    %j4 = arith.addi %j, %c4 : index
    %end = arith.addi %j, %c12 : index
    %x0 = memref.load %A[%j] : memref<?xf32>
    %y0 = memref.load %A[%j4] : memref<?xf32>
    %p = arith.cmpf ogt, %x0, %zero : f32
    %q = arith.cmpf ogt, %y0, %zero : f32
    scf.for %k = %j to %end step %c1 {
      %x = memref.load %A[%k] : memref<?xf32>
      %second = arith.cmpi uge, %k, %j4 : index
      %keep = arith.select %second, %q, %p : i1
      %nx = arith.negf %x : f32
      %r = arith.select %keep, %x, %nx : f32
      memref.store %r, %C[%k] : memref<?xf32>
    }
  }
  return
}

// Groups of 8 floats: neighbours swapped by a shuffle and added, then the
// lane at the group's number k mod 8 (a dynamic position) written to all
// 8, but lane 7 - k, which is -1 (an insert at a dynamic position).
func.func @lanes(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %groups = arith.divui %n, %c8 : index
  %blocks = arith.ceildivui %groups, %c64 : index
  scf.forall (%b) in (%blocks) {
    scf.forall (%t) in (64) {
      %first = arith.muli %b, %c64 : index
      %g = arith.addi %first, %t : index
      %inside = arith.cmpi ult, %g, %groups : index
      scf.if %inside {
        %j = arith.muli %g, %c8 : index
        %x = vector.load %A[%j] : memref<?xf32>, vector<8xf32>
        %s = vector.shuffle %x, %x [1, 0, 3, 2, 5, 4, 7, 6] : vector<8xf32>, vector<8xf32>
        %y = arith.addf %s, %x : vector<8xf32>
        %k = arith.remui %g, %c8 : index
        %e = vector.extract %y[%k] : f32 from vector<8xf32>
        %z0 = vector.broadcast %e : f32 to vector<8xf32>
        %minus = arith.constant -1.0 : f32
        %c7 = arith.constant 7 : index
        %other = arith.subi %c7, %k : index
        %z = vector.insert %minus, %z0[%other] : f32 into vector<8xf32>
        vector.store %z, %C[%j] : memref<?xf32>, vector<8xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @lanes_ref(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %groups = arith.divui %n, %c8 : index
  scf.for %g = %c0 to %groups step %c1 {
    %j = arith.muli %g, %c8 : index
    %k = arith.remui %g, %c8 : index
    %other = arith.xori %k, %c1 : index
    %jk = arith.addi %j, %k : index
    %jo = arith.addi %j, %other : index
    %a = memref.load %A[%jk] : memref<?xf32>
    %o = memref.load %A[%jo] : memref<?xf32>
    %e = arith.addf %o, %a : f32
    %end = arith.addi %j, %c8 : index
    scf.for %i = %j to %end step %c1 {
      memref.store %e, %C[%i] : memref<?xf32>
    }
    %c7 = arith.constant 7 : index
    %minus = arith.constant -1.0 : f32
    %back = arith.subi %c7, %k : index
    %at = arith.addi %j, %back : index
    memref.store %minus, %C[%at] : memref<?xf32>
  }
  return
}

// Groups of 5 and of 9 floats (pieces of 3 and 2, and of 4, 3 and 2: a
// piece of one lane failed in the SPIR-V conversion of math ops):
// floor(x) + tanh(x).
func.func @odd(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %c5 = arith.constant 5 : index
  %c14 = arith.constant 14 : index
  %c64 = arith.constant 64 : index
  %groups = arith.divui %n, %c14 : index
  %blocks = arith.ceildivui %groups, %c64 : index
  scf.forall (%b) in (%blocks) {
    scf.forall (%t) in (64) {
      %first = arith.muli %b, %c64 : index
      %g = arith.addi %first, %t : index
      %inside = arith.cmpi ult, %g, %groups : index
      scf.if %inside {
        %j = arith.muli %g, %c14 : index
        %j5 = arith.addi %j, %c5 : index
        %x = vector.load %A[%j] : memref<?xf32>, vector<5xf32>
        %xf = math.floor %x : vector<5xf32>
        %xt = math.tanh %x : vector<5xf32>
        %xr = arith.addf %xf, %xt : vector<5xf32>
        vector.store %xr, %C[%j] : memref<?xf32>, vector<5xf32>
        %y = vector.load %A[%j5] : memref<?xf32>, vector<9xf32>
        %yf = math.floor %y : vector<9xf32>
        %yt = math.tanh %y : vector<9xf32>
        %yr = arith.addf %yf, %yt : vector<9xf32>
        vector.store %yr, %C[%j5] : memref<?xf32>, vector<9xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @odd_ref(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c14 = arith.constant 14 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %groups = arith.divui %n, %c14 : index
  %whole = arith.muli %groups, %c14 : index
  scf.for %k = %c0 to %whole step %c1 {
    %x = memref.load %A[%k] : memref<?xf32>
    %f = math.floor %x : f32
    %t = math.tanh %x : f32
    %r = arith.addf %f, %t : f32
    memref.store %r, %C[%k] : memref<?xf32>
  }
  return
}

// Blocks of 4 rows of 8 floats, as vector<4x8xf32> (SPIR-V's vectors have
// one dimension): s = exp(x) * 2 + row 2 of x, through a shape cast to 32
// lanes and back and two transposes; element [0, 0] is then the sum of s.
func.func @rows(%A: memref<?x8xf32>, %C: memref<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?x8xf32>
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %groups = arith.ceildivui %n, %c4 : index
  %blocks = arith.ceildivui %groups, %c64 : index
  scf.forall (%b) in (%blocks) {
    scf.forall (%t) in (64) {
      %first = arith.muli %b, %c64 : index
      %g = arith.addi %first, %t : index
      %four = arith.muli %g, %c4 : index
      %end = arith.addi %four, %c4 : index
      %inside = arith.cmpi ule, %end, %n : index
      scf.if %inside {
        %pad = arith.constant 0.0 : f32
        %x = vector.transfer_read %A[%four, %c0], %pad {in_bounds = [true, true]} : memref<?x8xf32>, vector<4x8xf32>
        %e = math.exp %x : vector<4x8xf32>
        %two = arith.constant dense<2.0> : vector<4x8xf32>
        %m = arith.mulf %e, %two : vector<4x8xf32>
        %row = vector.extract %x[2] : vector<8xf32> from vector<4x8xf32>
        %rb = vector.broadcast %row : vector<8xf32> to vector<4x8xf32>
        %s = arith.addf %m, %rb : vector<4x8xf32>
        %flat = vector.shape_cast %s : vector<4x8xf32> to vector<32xf32>
        %sum = vector.reduction <add>, %flat : vector<32xf32> into f32
        %back = vector.shape_cast %flat : vector<32xf32> to vector<4x8xf32>
        %tr = vector.transpose %back, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
        %tr2 = vector.transpose %tr, [1, 0] : vector<8x4xf32> to vector<4x8xf32>
        %ins = vector.insert %sum, %tr2 [0, 0] : f32 into vector<4x8xf32>
        vector.transfer_write %ins, %C[%four, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<?x8xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @rows_ref(%A: memref<?x8xf32>, %C: memref<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %n = memref.dim %A, %c0 : memref<?x8xf32>
  %groups = arith.divui %n, %c4 : index
  %whole = arith.muli %groups, %c4 : index
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  scf.for %g = %c0 to %whole step %c4 {
    %end = arith.addi %g, %c4 : index
    %r2 = arith.addi %g, %c2 : index
    %sum = scf.for %r = %g to %end step %c1 iter_args(%acc = %zero) -> f32 {
      %rowsum = scf.for %c = %c0 to %c8 step %c1 iter_args(%a2 = %acc) -> f32 {
        %x = memref.load %A[%r, %c] : memref<?x8xf32>
        %y = memref.load %A[%r2, %c] : memref<?x8xf32>
        %e = math.exp %x : f32
        %m = arith.mulf %e, %two : f32
        %s = arith.addf %m, %y : f32
        memref.store %s, %C[%r, %c] : memref<?x8xf32>
        %next = arith.addf %a2, %s : f32
        scf.yield %next : f32
      }
      scf.yield %rowsum : f32
    }
    memref.store %sum, %C[%g, %c0] : memref<?x8xf32>
  }
  return
}

// Groups of 8 rows of 8 floats (vector<4x8xf32> and vector<8x8xf32>):
// p = a b + 1 (a: rows 0-3, b: rows 0-7 of B, a contraction of b stored
// k x n), q = a bt^T (bt: rows 4-7 of B, stored n x k), o = q[1] (x) a[0] + p
// (an outer product); o goes to rows 0-3, q to columns 0-3 of rows 4-7.
func.func @products(%A: memref<?x8xf32>, %B: memref<?x8xf32>, %C: memref<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?x8xf32>
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %groups = arith.divui %n, %c8 : index
  %blocks = arith.ceildivui %groups, %c64 : index
  scf.forall (%b) in (%blocks) {
    scf.forall (%t) in (64) {
      %first = arith.muli %b, %c64 : index
      %g = arith.addi %first, %t : index
      %inside = arith.cmpi ult, %g, %groups : index
      scf.if %inside {
        %r0 = arith.muli %g, %c8 : index
        %r4 = arith.addi %r0, %c4 : index
        %pad = arith.constant 0.0 : f32
        %a = vector.transfer_read %A[%r0, %c0], %pad {in_bounds = [true, true]} : memref<?x8xf32>, vector<4x8xf32>
        %bm = vector.transfer_read %B[%r0, %c0], %pad {in_bounds = [true, true]} : memref<?x8xf32>, vector<8x8xf32>
        %bt = vector.transfer_read %B[%r4, %c0], %pad {in_bounds = [true, true]} : memref<?x8xf32>, vector<4x8xf32>
        %acc = arith.constant dense<1.0> : vector<4x8xf32>
        %p = vector.contract {indexing_maps = [affine_map<(i,j,k) -> (i,k)>, affine_map<(i,j,k) -> (k,j)>, affine_map<(i,j,k) -> (i,j)>], iterator_types = ["parallel","parallel","reduction"], kind = #vector.kind<add>} %a, %bm, %acc : vector<4x8xf32>, vector<8x8xf32> into vector<4x8xf32>
        %acc2 = arith.constant dense<0.0> : vector<4x4xf32>
        %q = vector.contract {indexing_maps = [affine_map<(i,j,k) -> (i,k)>, affine_map<(i,j,k) -> (j,k)>, affine_map<(i,j,k) -> (i,j)>], iterator_types = ["parallel","parallel","reduction"], kind = #vector.kind<add>} %a, %bt, %acc2 : vector<4x8xf32>, vector<4x8xf32> into vector<4x4xf32>
        %col = vector.extract %q[1] : vector<4xf32> from vector<4x4xf32>
        %row = vector.extract %a[0] : vector<8xf32> from vector<4x8xf32>
        %o = vector.outerproduct %col, %row, %p : vector<4xf32>, vector<8xf32>
        vector.transfer_write %o, %C[%r0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<?x8xf32>
        vector.transfer_write %q, %C[%r4, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<?x8xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @products_ref(%A: memref<?x8xf32>, %B: memref<?x8xf32>, %C: memref<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %A, %c0 : memref<?x8xf32>
  %groups = arith.divui %n, %c8 : index
  %whole = arith.muli %groups, %c8 : index
  scf.for %g = %c0 to %whole step %c8 {
    %g4 = arith.addi %g, %c4 : index
    %g1 = arith.addi %g, %c1 : index
    // q[i][j] = sum_k a[i][k] bt[j][k], into rows 4-7, columns 0-3.
    scf.for %i = %c0 to %c4 step %c1 {
      %ai = arith.addi %g, %i : index
      %ci = arith.addi %g4, %i : index
      scf.for %j = %c0 to %c4 step %c1 {
        %bj = arith.addi %g4, %j : index
        %q = scf.for %kk = %c0 to %c8 step %c1 iter_args(%s = %zero) -> f32 {
          %x = memref.load %A[%ai, %kk] : memref<?x8xf32>
          %y = memref.load %B[%bj, %kk] : memref<?x8xf32>
          %s2 = math.fma %x, %y, %s : f32
          scf.yield %s2 : f32
        }
        memref.store %q, %C[%ci, %j] : memref<?x8xf32>
      }
    }
    // o[i][j] = q[1][i] a[0][j] + 1 + sum_k a[i][k] b[k][j], rows 0-3.
    %q1 = arith.addi %g4, %c1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %ai = arith.addi %g, %i : index
      scf.for %j = %c0 to %c8 step %c1 {
        %p = scf.for %kk = %c0 to %c8 step %c1 iter_args(%s = %one) -> f32 {
          %x = memref.load %A[%ai, %kk] : memref<?x8xf32>
          %bk = arith.addi %g, %kk : index
          %y = memref.load %B[%bk, %j] : memref<?x8xf32>
          %s2 = math.fma %x, %y, %s : f32
          scf.yield %s2 : f32
        }
        %qi = memref.load %C[%q1, %i] : memref<?x8xf32>
        %a0 = memref.load %A[%g, %j] : memref<?x8xf32>
        %o = math.fma %qi, %a0, %p : f32
        memref.store %o, %C[%ai, %j] : memref<?x8xf32>
      }
    }
  }
  return
}
