#!/usr/bin/env bash
# Builds tile-fuzz (clang-22, libFuzzer + ASan + UBSan, in build-fuzz/) and
# fuzzes each target's whole compile path for a while, seeded with the
# examples and the test inputs.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET | runs:N | ci] [TARGET...]
#
# Default: 60 seconds for each of cpu, cuda:sm_80, cuda:sm_90a, rocm:gfx942
# and vulkan. "runs:N" runs N inputs per target, whatever the time. "ci"
# runs a fixed number of inputs per target from a fixed seed (from 30 s for
# cuda:sm_80 to 2 minutes for rocm:gfx942 here), so that a CI run is
# repeatable; it keeps its corpus, crashes and log apart (ci-<target>),
# beside a long run of the target.
#
# The targets are fuzzed side by side, FUZZ_JOBS at a time (default: one
# per core; each libFuzzer process runs on one thread).
#
# FUZZ_PART=mlir (or another part) stops each compilation at that part
# instead of the target's output: rocm's LLVM code generation takes most of
# its time. Such a run keeps its corpus, log and crashes apart.
#
# FUZZ_SANITIZE=undefined builds the fuzzer without AddressSanitizer (in
# build-fuzz-undefined/): ASan's allocator maps and clears fresh pages for
# each of LLVM's large allocations, which makes rocm's AMDGPU code generation
# about four times slower. Such a run keeps its corpus, log and crashes apart.
#
# Crashing inputs are kept in build-fuzz/crashes/[ci-]<target>/; each one found
# is a bug: fix it and keep the input as a regression test in
# test/fuzz/crashers/. Exit status 1 when any target found a crash or hang.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(cpu cuda:sm_80 cuda:sm_90a rocm:gfx942 vulkan)

sanitize=${FUZZ_SANITIZE:-address,undefined}
case $sanitize in
  address,undefined) build=build-fuzz ;;
  undefined) build=build-fuzz-undefined ;;
  *) echo "fuzz.sh: FUZZ_SANITIZE must be 'address,undefined' or 'undefined'" >&2; exit 2 ;;
esac
if [ ! -f $build/build.ninja ]; then
  cmake -S . -B $build -G Ninja -DTILE_FUZZ=ON \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link,$sanitize -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=$sanitize" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=$sanitize" >/dev/null || exit 1
fi
cmake --build $build --target tile-fuzz >/dev/null || exit 1

# Seeds: every .mlir of the examples and tests, split at "// -----".
seeds=$build/seeds
rm -rf "$seeds" && mkdir -p "$seeds"
n=0
while IFS= read -r file; do
  awk -v out="$seeds/$n" 'BEGIN { part = 0 }
    /^\/\/ -----/ { ++part; next }
    { print > (out "-" part ".mlir") }' "$file"
  n=$((n + 1))
done < <(find examples test tools/tile-fuzz -name '*.mlir' | sort)

# Fuzzes one target; prints its one-line summary and fails when it found a
# crash or hang.
fuzz_target() {
  local target=$1 name corpus crashes log limit timeout rc runs found
  # A ci run starts from an empty corpus of its own: it must not clear the
  # corpus and crashes of a long run of the same target.
  name=${target//:/_}${FUZZ_PART:+_$FUZZ_PART}
  [ "$seconds" = ci ] && name=ci-$name
  corpus=$build/corpus/$name crashes=$build/crashes/$name
  mkdir -p "$corpus" "$crashes"
  log=$build/fuzz-$name.log
  if [ "$seconds" = ci ]; then
    case $target in
      cpu) limit=(-runs=15000) ;;
      vulkan) limit=(-runs=30000) ;;
      *) limit=(-runs=1000) ;;
    esac
    limit+=(-seed=1)
    rm -rf "$corpus" "$crashes" && mkdir -p "$corpus" "$crashes"
  elif [[ $seconds == runs:* ]]; then
    limit=(-runs="${seconds#runs:}")
  else
    limit=(-max_total_time="$seconds")
  fi
  # What counts as a hang: the GEMM seeds take 3.5 s through LLVM's AMDGPU
  # back end in a normal build and up to 20 s in this instrumented one on a
  # busy machine.
  case $target in
    cpu | vulkan) timeout=20 ;;
    *) timeout=60 ;;
  esac
  # Inputs an earlier run left in $crashes are not this run's findings.
  touch "$crashes/.start"
  # Leaks are not looked for (the context keeps what MLIR uniques for its
  # lifetime, which looks like a leak per input): without -detect_leaks=0
  # libFuzzer runs each such input twice to check. Freed memory is filled,
  # so that a pass reading an op it erased (inside libMLIR, which ASan does
  # not instrument) crashes (test/lit.cfg.py).
  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:max_free_fill_size=4096 \
    TILE_FUZZ_TARGET=$target \
    TILE_FUZZ_PART=${FUZZ_PART:-} \
    $build/bin/tile-fuzz "$corpus" "$seeds" -dict=tools/tile-fuzz/tile.dict \
    "${limit[@]}" -timeout=$timeout -rss_limit_mb=6144 \
    -artifact_prefix="$crashes/" -print_final_stats=1 -detect_leaks=0 >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  # libFuzzer also saves slow-unit-* there: slow, not failing.
  found=$(find "$crashes" -type f -newer "$crashes/.start" \( -name 'crash-*' \
    -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  echo "fuzz $target${FUZZ_PART:+ (to its $FUZZ_PART)}: ${runs:-0} executions, $found crashing inputs (exit $rc; log $log)"
  [ "$found" -eq 0 ] && [ "$rc" -eq 0 ]
}

# The targets side by side, one per core (libFuzzer runs on one thread); the
# summaries are printed in the order of the targets.
jobs=${FUZZ_JOBS:-$(nproc)}
summaries=$build/summaries
rm -rf "$summaries" && mkdir -p "$summaries"
for i in "${!targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  (fuzz_target "${targets[$i]}" >"$summaries/$i"; echo $? >"$summaries/$i.status") &
done
wait
status=0
for i in "${!targets[@]}"; do
  cat "$summaries/$i"
  [ "$(cat "$summaries/$i.status" 2>/dev/null)" = 0 ] || status=1
done
exit $status
