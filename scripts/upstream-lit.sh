#!/bin/sh
# Runs a folder of upstream MLIR lit tests with tile-opt in mlir-opt's place.
#
# Usage: scripts/upstream-lit.sh [--tool PATH] TEST_DIR [lit options...]
#
# TEST_DIR holds .mlir files taken from llvm-project's mlir/test (they are not
# part of this repository). Every RUN line's `mlir-opt` runs PATH instead
# (default: build/bin/tile-opt); FileCheck, not, count, split-file and the
# other LLVM tools (mlir-runner too) come from /usr/lib/llvm-22/bin, whose
# ../lib holds the runtime libraries (%mlir_c_runner_utils, ...). Run it once
# with `--tool /usr/lib/llvm-22/bin/mlir-opt` to see which tests mlir-opt 22
# itself passes.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
llvm_bin=${LLVM_BIN:-/usr/lib/llvm-22/bin}
llvm_lib=$(cd "$llvm_bin/../lib" && pwd)
tool=$root/build/bin/tile-opt
if [ "${1:-}" = "--tool" ]; then
  [ $# -ge 2 ] || { echo "upstream-lit.sh: --tool needs a path" >&2; exit 2; }
  tool=$2
  shift 2
fi
[ $# -ge 1 ] || { sed -n '4,12s/^# \{0,1\}//p' "$0" >&2; exit 2; }
tests=$(cd "$1" && pwd)
shift
[ -x "$tool" ] || { echo "upstream-lit.sh: no executable '$tool'" >&2; exit 2; }

# `mlir-opt` on the RUN lines is found through PATH: a folder whose only
# entry is a link named mlir-opt to the tool under test.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
ln -s "$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")" \
  "$work/bin/mlir-opt"
# Older tests call mlir-runner by its former name.
ln -s "$llvm_bin/mlir-runner" "$work/bin/mlir-cpu-runner"
cat >"$work/lit.site.cfg.py" <<EOF
import lit.formats
config.name = "upstream-mlir"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = "$tests"
config.test_exec_root = "$work/out"
config.environment["PATH"] = "$work/bin:$llvm_bin:" + config.environment.get("PATH", "/usr/bin:/bin")
# What upstream's lit configuration names for the Integration tests, which
# run what mlir-opt produced with mlir-runner and MLIR's runtime libraries.
lib = "$llvm_lib"
config.available_features.add("system-linux")
config.substitutions += [
    ("%shlibext", ".so"),
    ("%mlir_lib_dir", lib),
    ("%mlir_integration_test_dir", lib),
    ("%mlir_native_utils_lib_dir", lib),
    ("%mlir_runner_utils_dir", lib),
    ("%mlir_c_runner_utils", lib + "/libmlir_c_runner_utils.so"),
    ("%mlir_runner_utils", lib + "/libmlir_runner_utils.so"),
    ("%mlir_async_runtime", lib + "/libmlir_async_runtime.so"),
    ("%mlir_arm_runner_utils", lib + "/libmlir_arm_runner_utils.so"),
    # Tests that read data files (test/Integration/data) name them through
    # the source tree: \$MLIR_SRC_DIR, else the folder of the tests.
    ("%mlir_src_dir", "${MLIR_SRC_DIR:-$tests}"),
]
EOF
"$llvm_bin/lit" "$@" "$work"
