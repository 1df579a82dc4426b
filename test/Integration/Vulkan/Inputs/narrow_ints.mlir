// Integer arithmetic on i1 (scalars and vector<4xi1>) and on i4 in a
// kernel: element i of B and C from element p of A. @narrow_ints_ref
// computes the same on i32 (an i1 sum is a xor, a product an and; an i4
// result is the low 4 bits, sign-extended).
func.func @narrow_ints(%A: memref<?xi32>, %B: memref<?xi32>, %C: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %A, %c0 : memref<?xi32>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%blk) in (%blocks) {
    scf.forall (%t) in (64) {
      %first = arith.muli %blk, %c64 : index
      %i = arith.addi %first, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %p = memref.load %A[%i] : memref<?xi32>
        %one = arith.constant 1 : i32
        %four = arith.constant 4 : i32
        %p1 = arith.shrui %p, %one : i32
        %p4 = arith.shrui %p, %four : i32
        %a = arith.trunci %p : i32 to i1
        %b = arith.trunci %p1 : i32 to i1
        %sum = arith.addi %a, %b : i1
        %prod = arith.muli %a, %b : i1
        %diff = arith.subi %sum, %prod : i1
        %va = vector.broadcast %a : i1 to vector<4xi1>
        %vb = vector.broadcast %b : i1 to vector<4xi1>
        %vsum = arith.addi %va, %vb : vector<4xi1>
        %vlane = vector.extract %vsum[2] : i1 from vector<4xi1>
        %s32 = arith.extui %sum : i1 to i32
        %m32 = arith.extui %prod : i1 to i32
        %d32 = arith.extui %diff : i1 to i32
        %v32 = arith.extui %vlane : i1 to i32
        %two = arith.constant 2 : i32
        %eight = arith.constant 8 : i32
        %m2 = arith.muli %m32, %two : i32
        %d4 = arith.muli %d32, %four : i32
        %v8 = arith.muli %v32, %eight : i32
        %b0 = arith.addi %s32, %m2 : i32
        %b1 = arith.addi %b0, %d4 : i32
        %b2 = arith.addi %b1, %v8 : i32
        memref.store %b2, %B[%i] : memref<?xi32>

        %c = arith.trunci %p : i32 to i4
        %d = arith.trunci %p4 : i32 to i4
        %cs = arith.addi %c, %d : i4
        %cm = arith.muli %c, %d : i4
        %cs32 = arith.extsi %cs : i4 to i32
        %cm32 = arith.extsi %cm : i4 to i32
        %sixteen = arith.constant 16 : i32
        %cm16 = arith.muli %cm32, %sixteen : i32
        %c2 = arith.addi %cs32, %cm16 : i32
        memref.store %c2, %C[%i] : memref<?xi32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @narrow_ints_ref(%A: memref<?xi32>, %B: memref<?xi32>, %C: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %p = memref.load %A[%i] : memref<?xi32>
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %four = arith.constant 4 : i32
    %eight = arith.constant 8 : i32
    %fifteen = arith.constant 15 : i32
    %sixteen = arith.constant 16 : i32
    %k28 = arith.constant 28 : i32
    %a = arith.andi %p, %one : i32
    %p1 = arith.shrui %p, %one : i32
    %b = arith.andi %p1, %one : i32
    %sum = arith.xori %a, %b : i32
    %prod = arith.andi %a, %b : i32
    %diff = arith.xori %sum, %prod : i32
    %m2 = arith.muli %prod, %two : i32
    %d4 = arith.muli %diff, %four : i32
    %v8 = arith.muli %sum, %eight : i32
    %b0 = arith.addi %sum, %m2 : i32
    %b1 = arith.addi %b0, %d4 : i32
    %b2 = arith.addi %b1, %v8 : i32
    memref.store %b2, %B[%i] : memref<?xi32>

    %c = arith.andi %p, %fifteen : i32
    %p4 = arith.shrui %p, %four : i32
    %d = arith.andi %p4, %fifteen : i32
    %cs = arith.addi %c, %d : i32
    %cm = arith.muli %c, %d : i32
    %csl = arith.shli %cs, %k28 : i32
    %cs32 = arith.shrsi %csl, %k28 : i32
    %cml = arith.shli %cm, %k28 : i32
    %cm32 = arith.shrsi %cml, %k28 : i32
    %cm16 = arith.muli %cm32, %sixteen : i32
    %c2 = arith.addi %cs32, %cm16 : i32
    memref.store %c2, %C[%i] : memref<?xi32>
  }
  return
}
