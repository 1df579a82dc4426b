// Pass flags as mlir-opt's command line takes them. Options that a pass
// refuses are an error diagnostic at the unknown location in each chunk,
// which --verify-diagnostics can expect; a flag that names no pass stops the
// run before any input is read (no parse error for the broken chunk, nothing
// on stdout).
// RUN: sed -n '/^.. expected-error/,/^func.func @a/p' %s | tile-opt --canonicalize=bogus=1 --verify-diagnostics
// RUN: sed '/^not mlir/d' %s | not tile-opt --split-input-file --canonicalize=bogus=1 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not tile-opt %s --split-input-file --no-such-flag 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not tile-opt %s --split-input-file --no-such-flag 2>/dev/null | count 0
// RUN: not tile-opt /no/such/input.mlir --no-such-flag 2>&1 | FileCheck %s --check-prefix=FLAG

// OPT: <unknown>:0: error: <Pass-Options-Parser>: no such option bogus
// OPT-NOT: failed to add
// OPT: <unknown>:0: error: <Pass-Options-Parser>: no such option bogus
// FLAG: tile-opt: error: unknown option or pass '--no-such-flag'
// FLAG-NOT: error

// expected-error@unknown {{no such option bogus}}
func.func @a() { return }

// -----

func.func @b() { return }

// -----

not mlir
