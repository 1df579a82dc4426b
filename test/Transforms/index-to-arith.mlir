// tile-index-to-arith: each index op becomes the arith op of the same
// meaning on index values; index.sizeof the target's index width.
// RUN: tile-opt --tile-index-to-arith='index-bitwidth=32' %s | FileCheck %s
// Another width is no target's: index.sizeof folded it into the sizes.
// RUN: not tile-opt --tile-index-to-arith='index-bitwidth=16' %s 2>&1 | FileCheck --check-prefix=WIDTH %s
// RUN: not tile-opt --tile-index-to-arith='index-bitwidth=0' %s 2>&1 | FileCheck --check-prefix=ZERO %s
// WIDTH: error: 'builtin.module' op tile-index-to-arith: index-bitwidth must be 32 or 64, got 16
// ZERO: error: 'builtin.module' op tile-index-to-arith: index-bitwidth must be 32 or 64, got 0

// CHECK-LABEL: func.func @ops
// CHECK-NOT: index.
// CHECK: %[[C:.*]] = arith.constant 7 : index
// CHECK: arith.addi %arg0, %[[C]] : index
// CHECK: arith.ceildivsi
// CHECK: arith.floordivsi
// CHECK: arith.remui
// CHECK: arith.maxui
// CHECK: arith.shrsi
// CHECK: arith.cmpi ule
// CHECK: arith.constant false
// CHECK: arith.constant 32 : index
// CHECK: arith.index_castui %{{.*}} : i32 to index
// CHECK: arith.index_cast %{{.*}} : index to i64
func.func @ops(%x: index, %y: index, %i: i32) -> (index, index, index, index, index, index, i1, i1, index, index, i64) {
  %c = index.constant 7
  %a = index.add %x, %c
  %b = index.ceildivs %a, %y
  %d = index.floordivs %b, %y
  %e = index.remu %d, %y
  %f = index.maxu %e, %x
  %g = index.shrs %f, %y
  %h = index.cmp ule(%g, %x)
  %k = index.bool.constant false
  %s = index.sizeof
  %u = index.castu %i : i32 to index
  %v = index.casts %u : index to i64
  return %a, %b, %d, %e, %f, %g, %h, %k, %s, %u, %v : index, index, index, index, index, index, i1, i1, index, index, i64
}
