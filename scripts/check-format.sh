#!/bin/sh
# Checks that every C source and header of the repository is formatted as
# .clang-format says (LLVM style): clang-format-22 --dry-run -Werror over
# bench/, include/, lib/, test/ and tools/, or over the FILEs given. Prints
# each difference as an error with its file and line and exits non-zero
# when there is one (2 when clang-format-22 is missing). `--fix` formats the
# files in place instead.
#
# Usage: scripts/check-format.sh [--fix] [FILE...]
#        (CLANG_FORMAT names another clang-format binary)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
clang_format=${CLANG_FORMAT:-clang-format-22}
command -v "$clang_format" >/dev/null 2>&1 || {
  echo "check-format: '$clang_format' not found (apt-get install clang-format-22)" >&2
  exit 2
}
mode="--dry-run -Werror"
if [ "${1:-}" = "--fix" ]; then
  mode="-i"
  shift
fi

if [ $# -gt 0 ]; then
  # shellcheck disable=SC2086 # mode is one or two words
  exec "$clang_format" $mode --style=file "$@"
fi
cd "$root"
# shellcheck disable=SC2086
find bench include lib test tools -type f \( -name '*.c' -o -name '*.cpp' -o -name '*.h' \) \
  -print0 | sort -z | xargs -0 "$clang_format" $mode --style=file
