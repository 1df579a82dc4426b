// Upstream MLIR's test dialects and test-* passes, which MLIR's own lit
// tests use through mlir-opt, are part of tile-opt when libmlir-22-dev has
// their archives.
// REQUIRES: upstream-test-passes

// The test dialect's custom assembly, in text, generic form and bytecode.
// RUN: tile-opt %s --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: tile-opt %s --split-input-file --mlir-print-op-generic | tile-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: tile-opt %s --split-input-file --verify-roundtrip -o /dev/null

// A test pass that prints to llvm::outs() while the pipeline runs: what it
// prints comes before the chunk's IR, as in mlir-opt.
// RUN: tile-opt %s --split-input-file --test-print-nesting | FileCheck %s --check-prefix=ORDER
// RUN: mlir-opt %s --split-input-file --test-print-nesting > %t.mlir-opt
// RUN: tile-opt %s --split-input-file --test-print-nesting > %t.tile-opt
// RUN: diff %t.mlir-opt %t.tile-opt
// ... and after IR written to a file, it still goes to standard output.
// RUN: tile-opt %s --split-input-file --test-print-nesting -o %t.ir | FileCheck %s --check-prefix=ORDER-FILE
// RUN: FileCheck %s --check-prefix=ROUND < %t.ir
// A failed write of what passes print fails the run, as in mlir-opt.
// RUN: not tile-opt %s --split-input-file --test-print-nesting -o %t.ir > /dev/full 2> %t.err
// RUN: FileCheck %s --check-prefix=FULL < %t.err

// A test pass's remarks, checked by --verify-diagnostics.
// RUN: tile-opt %s --split-input-file --test-affine-walk --verify-diagnostics

// RUN: tile-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS
// RUN: tile-opt --list-passes | FileCheck %s --check-prefix=LIST

// ROUND-LABEL: func.func @dims
// ROUND-NEXT:    test.custom_dimension_list_attr dimension_list = 4x8
// ROUND-NEXT:    test.optional_custom_attr foo false
// ROUND-LABEL: func.func @walked
// ROUND:         "test.check_first_mod"() {map = #map} : () -> ()

// ORDER:      visiting op: 'builtin.module'
// ORDER:      visiting op: 'func.func'
// ORDER:      - 'sym_name' : '"dims"'
// ORDER:      visiting op: 'test.custom_dimension_list_attr'
// ORDER:      module {
// ORDER-NEXT:   func.func @dims()
// ORDER:      // -----
// ORDER-NEXT: visiting op: 'builtin.module'
// ORDER:      - 'sym_name' : '"walked"'
// ORDER:      module {
// ORDER-NEXT:   func.func @walked()
// ORDER-NOT:  visiting op

// ORDER-FILE:     visiting op: 'builtin.module'
// ORDER-FILE:     - 'sym_name' : '"dims"'
// ORDER-FILE-NOT: module {
// ORDER-FILE:     visiting op: 'builtin.module'
// ORDER-FILE:     - 'sym_name' : '"walked"'
// ORDER-FILE-NOT: {{^}}module {
// ORDER-FILE-NOT: // -----

// FULL: tile-opt: error: cannot write '<stdout>': No space left on device

// DIALECTS: Available Dialects: {{.*}},test,test_dyn,test_irdl_to_cpp,tile,

// LIST: upstream's test-* passes and test dialects included

func.func @dims() {
  test.custom_dimension_list_attr dimension_list = 4x8
  test.optional_custom_attr foo false
  return
}

// -----

func.func @walked() {
  // expected-remark @below {{mod expression}}
  "test.check_first_mod"() {map = affine_map<(d0, d1) -> ((d0 mod 8) mod 4, d1)>} : () -> ()
  return
}
