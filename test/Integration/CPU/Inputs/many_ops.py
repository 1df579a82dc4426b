"""Prints a kernel of N tile steps over each 16 x 16 tile of C (enough for
tile-cpu-outline-ops to move each into a function of its own) and a plain
loop reference. The steps alternate C = C * s and C = C + k / 64, so the
result depends on their order; every other addition adds k / 64 + bi (bi
the block's row), computed in the block between two steps (a value the
outlining moves up past the steps before it).

usage: many_ops.py N
"""
import sys

n = int(sys.argv[1])
print("""func.func @many(%C: memref<?x?xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %n = memref.dim %C, %c1 : memref<?x?xf32>
  %bm = arith.ceildivui %m, %c16 : index
  %bn = arith.ceildivui %n, %c16 : index
  scf.forall (%bi, %bj) in (%bm, %bn) {
    %t = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    %i0 = arith.muli %bi, %c16 : index
    %j0 = arith.muli %bj, %c16 : index
    %bi32 = arith.index_cast %bi : index to i32
    %fbi = arith.sitofp %bi32 : i32 to f32
    "tile.copy"(%C, %t, %i0, %j0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, memref<16x16xf32, #tile.fragment>, index, index) -> ()""")
for k in range(n):
    if k % 2 == 0:
        step = "%w = arith.mulf %v, %s : f32"
    elif k % 4 == 1:
        print("    %%k%d = arith.constant %s : f32" % (k, k / 64))
        print("    %%r%d = arith.addf %%k%d, %%fbi : f32" % (k, k))
        step = "%%w = arith.addf %%v, %%r%d : f32" % k
    else:
        step = "%%a = arith.constant %s : f32\n        %%w = arith.addf %%v, %%a : f32" % (k / 64)
    print("""    scf.forall (%%x, %%y) in (16, 16) {
        %%v = memref.load %%t[%%x, %%y] : memref<16x16xf32, #tile.fragment>
        %s
        memref.store %%w, %%t[%%x, %%y] : memref<16x16xf32, #tile.fragment>
    }""" % step)
print("""    "tile.copy"(%t, %C, %i0, %j0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<16x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @many_ref(%C: memref<?x?xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %n = memref.dim %C, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %v0 = memref.load %C[%i, %j] : memref<?x?xf32>
      %bi = arith.divui %i, %c16 : index
      %bi32 = arith.index_cast %bi : index to i32
      %fbi = arith.sitofp %bi32 : i32 to f32""")
for k in range(n):
    if k % 2 == 0:
        print("      %%v%d = arith.mulf %%v%d, %%s : f32" % (k + 1, k))
    elif k % 4 == 1:
        print("      %%k%d = arith.constant %s : f32" % (k, k / 64))
        print("      %%r%d = arith.addf %%k%d, %%fbi : f32" % (k, k))
        print("      %%v%d = arith.addf %%v%d, %%r%d : f32" % (k + 1, k, k))
    else:
        print("      %%a%d = arith.constant %s : f32" % (k, k / 64))
        print("      %%v%d = arith.addf %%v%d, %%a%d : f32" % (k + 1, k, k))
print("""      memref.store %%v%d, %%C[%%i, %%j] : memref<?x?xf32>
    }
  }
  return
}""" % n)
