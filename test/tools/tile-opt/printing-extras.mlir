// mlir-opt's printing flags that MlirOpPrintingFlags and
// MlirBytecodeWriterConfig have no setter for, set by tile-opt's own C++
// (tools/tile-opt/capi_gaps.cpp). Each output is compared with mlir-opt's.

// RUN: tile-opt %s --mlir-print-value-users | FileCheck %s --check-prefix=USERS
// RUN: mlir-opt %s --mlir-print-value-users > %t.mlir-opt
// RUN: tile-opt %s --mlir-print-value-users > %t.tile-opt
// RUN: diff %t.mlir-opt %t.tile-opt

// RUN: tile-opt %s --mlir-print-unique-ssa-ids | FileCheck %s --check-prefix=UNIQUE
// RUN: tile-opt %s | FileCheck %s --check-prefix=SHARED
// RUN: mlir-opt %s --mlir-print-unique-ssa-ids > %t.mlir-opt
// RUN: tile-opt %s --mlir-print-unique-ssa-ids > %t.tile-opt
// RUN: diff %t.mlir-opt %t.tile-opt

// RUN: tile-opt %s --mlir-print-elementsattrs-with-hex-if-larger=2 | FileCheck %s --check-prefix=HEX
// RUN: tile-opt %s | FileCheck %s --check-prefix=NOHEX
// RUN: mlir-opt %s --mlir-print-elementsattrs-with-hex-if-larger=2 > %t.mlir-opt
// RUN: tile-opt %s --mlir-print-elementsattrs-with-hex-if-larger=2 > %t.tile-opt
// RUN: diff %t.mlir-opt %t.tile-opt

// Bytecode without the resource's data: read back, the blob is gone.
// RUN: tile-opt %s --emit-bytecode --elide-resource-data-from-bytecode | tile-opt | FileCheck %s --check-prefix=ELIDED
// RUN: tile-opt %s --emit-bytecode | tile-opt | FileCheck %s --check-prefix=KEPT
// RUN: tile-opt %s --emit-bytecode --emit-bytecode-version=1 --elide-resource-data-from-bytecode | tile-opt | FileCheck %s --check-prefix=ELIDED

// A stack trace attached to each diagnostic.
// RUN: echo 'func.func @f() -> i32 { return }' | not tile-opt --mlir-print-stacktrace-on-diagnostic 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: echo 'func.func @f() -> i32 { return }' | not tile-opt 2>&1 | FileCheck %s --check-prefix=NOTRACE

// TRACE: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1
// TRACE: note: diagnostic emitted with trace:
// NOTRACE-NOT: with trace

// USERS:      // %arg0 is used by %[[SUM:[0-9]+]]
// USERS-NEXT: // %arg1 is used by %[[SUM]]
// USERS-NEXT: %[[SUM]] = arith.addi %arg0, %arg1 : i32 // user: %[[RET:[0-9]+]]
// USERS-NEXT: return %[[SUM]] : i32 // id: %[[RET]]
// Values of sibling regions have names of their own, not shared.
// UNIQUE:     %[[A:[0-9]+]] = arith.muli
// UNIQUE:     } else {
// UNIQUE-NOT: %[[A]] = arith.subi
// UNIQUE:     = arith.subi
// SHARED:     %[[A:[0-9]+]] = arith.muli
// SHARED:     } else {
// SHARED:     %[[A]] = arith.subi
// HEX: dense<"0x
// NOHEX: dense<[1, 2, 3, 4]>
// ELIDED-NOT: 0x0400000001000000
// ELIDED: dense_resource<blob>
// KEPT: blob: "0x0400000001000000

func.func @users(%arg0: i32, %arg1: i32) -> i32 {
  %0 = arith.addi %arg0, %arg1 : i32
  return %0 : i32
}

func.func @regions(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> i32 {
    %a = arith.muli %x, %x : i32
    scf.yield %a : i32
  } else {
    %b = arith.subi %x, %x : i32
    scf.yield %b : i32
  }
  return %r : i32
}

func.func @dense() -> tensor<4xi32> {
  %d = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %r = arith.constant dense_resource<blob> : tensor<1xi32>
  return %d : tensor<4xi32>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x0400000001000000"
    }
  }
#-}
