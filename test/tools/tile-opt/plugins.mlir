// --load-pass-plugin and --load-dialect-plugin with the MLIR plugins of
// test/plugins: a pass with options (test-plugin-mark) and a dynamic
// dialect (plugin) with a verifier. The outputs are compared with
// mlir-opt's.

// A plugin pass given as a flag, in a pipeline with its options, and beside
// a tile pass.
// RUN: tile-opt %s --load-pass-plugin=%plugins/tile-test-pass-plugin.so --load-dialect-plugin=%plugins/tile-test-dialect-plugin.so --test-plugin-mark | FileCheck %s --check-prefix=FLAG
// FLAG: func.func @f(%arg0: i32) attributes {plugin.marked}
// FLAG-NEXT: "plugin.one"(%arg0) : (i32) -> ()
// RUN: tile-opt %s --load-pass-plugin=%plugins/tile-test-pass-plugin.so --load-dialect-plugin=%plugins/tile-test-dialect-plugin.so --pass-pipeline='builtin.module(test-plugin-mark{attr=x.y op=plugin.one},tile-verify{kernel-required=false})' > %t.tile-opt
// RUN: mlir-opt %s --load-pass-plugin=%plugins/tile-test-pass-plugin.so --load-dialect-plugin=%plugins/tile-test-dialect-plugin.so --pass-pipeline='builtin.module(test-plugin-mark{attr=x.y op=plugin.one})' > %t.mlir-opt
// RUN: diff %t.mlir-opt %t.tile-opt
// RUN: FileCheck %s --check-prefix=PIPELINE < %t.tile-opt
// PIPELINE: "plugin.one"(%arg0) {x.y} : (i32) -> ()
// RUN: tile-opt %s --load-pass-plugin=%plugins/tile-test-pass-plugin.so --load-dialect-plugin=%plugins/tile-test-dialect-plugin.so --test-plugin-mark=attr=z --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: test-plugin-mark{attr=z op=func.func}

// The plugin's dialect: its ops are verified in every chunk, and
// --show-dialects lists it.
// RUN: printf 'func.func @f(%%%%a: i32) {\n  "plugin.one"(%%%%a) : (i32) -> ()\n  return\n}\n// -----\n"plugin.one"() : () -> ()\n' > %t.chunks.mlir
// RUN: not tile-opt %t.chunks.mlir --split-input-file --load-dialect-plugin=%plugins/tile-test-dialect-plugin.so 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY-NOT: error
// VERIFY: chunks.mlir:6:1: error: 'plugin.one' op takes one operand, not 0
// RUN: tile-opt --show-dialects --load-dialect-plugin=%plugins/tile-test-dialect-plugin.so | FileCheck %s --check-prefix=SHOW
// SHOW: Available Dialects: {{.*}},pdl_interp,plugin,ptr,

// A plugin that does not load is an error (mlir-opt ignores the request).
// RUN: not tile-opt %s --load-pass-plugin=%t.missing.so 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tile-opt: error: cannot load pass plugin '{{.*}}missing.so': Could not load library
// RUN: not tile-opt %s --load-dialect-plugin=%plugins/tile-test-pass-plugin.so 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG: tile-opt: error: cannot load dialect plugin '{{.*}}tile-test-pass-plugin.so': Plugin entry point not found in '{{.*}}tile-test-pass-plugin.so

func.func @f(%a: i32) {
  "plugin.one"(%a) : (i32) -> ()
  return
}
