// The "see current operation" note holds the whole operation, regions and
// all, as mlir-opt prints it.
// RUN: not tile-opt %s 2>&1 | FileCheck %s

// CHECK:      error: 'scf.execute_region' op along control flow edge from Operation scf.yield to parent
// CHECK:      note: see current operation: {{$}}
// CHECK-NEXT: %0 = "scf.execute_region"() ({
// CHECK-NEXT:   %1 = "arith.addi"(%arg0, %arg0)
// CHECK-NEXT:   %2 = "arith.muli"(%1, %1)
// CHECK-NEXT:   %3 = "arith.subi"(%2, %1)
// CHECK-NEXT:   %4 = "arith.xori"(%3, %2)
// CHECK-NEXT:   "scf.yield"(%4) : (i32) -> ()
// CHECK-NEXT: }) : () -> i64
// CHECK-NEXT: note: region branch point
func.func @f(%a: i32) -> i32 {
  %0 = scf.execute_region -> i64 {
    %1 = arith.addi %a, %a : i32
    %2 = arith.muli %1, %1 : i32
    %3 = arith.subi %2, %1 : i32
    %4 = arith.xori %3, %2 : i32
    scf.yield %4 : i32
  }
  return %a : i32
}
