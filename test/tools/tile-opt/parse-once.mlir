// A source that does not parse is parsed once: a second parse, to report
// the errors of a quiet first one, found the blob key the first had
// registered taken and named the key 'entry_1'.
// RUN: not tile-opt %s 2>&1 | FileCheck %s
// CHECK: parse-once.mlir:[[# @LINE + 6]]:14: error: expected hex string blob for key 'entry'
// CHECK-NOT: entry_1

{-#
  dialect_resources: {
    builtin: {
      entry: "foo"
    }
  }
#-}
