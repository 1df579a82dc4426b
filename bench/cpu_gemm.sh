#!/usr/bin/env bash
# fp32 GEMM on this cpu, side by side: tile-mlir (bench/cpu_gemm.mlir run by
# tile-run), OpenBLAS cblas_sgemm, and gcc -O3 -march=native loops (the
# textbook triple loop in i, k, j order, which gcc vectorises), on one thread
# and on every core, for square sizes. Prints the median GFLOP/s of each and
# its ratio to OpenBLAS.
#
#   bench/cpu_gemm.sh [sizes...]        (default: 256 512 1024 2048)
#   BUILD=build-sanitize bench/cpu_gemm.sh   (another build directory)
#   REPEAT=20 bench/cpu_gemm.sh          (timed runs per measurement)
#   ROUNDS=5 bench/cpu_gemm.sh           (tile-mlir and OpenBLAS measured in
#                                        turn this many times; the median
#                                        of each is printed)
#   TILE_HOST_CPU=x86-64-v3 bench/cpu_gemm.sh   (tile-mlir's AVX2 code on an
#                                        AVX-512 machine; docs/cpu.md)
#
# It first prints the cpu (its name, what LLVM calls it, its vector
# extensions) and the micro-kernel tile-mlir runs on it: the vector
# registers and the multiply-add instruction of bench/cpu_gemm.mlir compiled
# for --target=cpu, as the jit compiles it.
#
# Needs libopenblas-dev and libomp (scripts/install-deps.sh). Numbers are
# only meaningful on a quiet machine.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-build}
case $build in /*) ;; *) build=$root/$build ;; esac
tile_run=$build/bin/tile-run
repeat=${REPEAT:-10}
rounds=${ROUNDS:-3}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(256 512 1024 2048)
cores=$(nproc)

if [ ! -x "$tile_run" ]; then
  echo "cpu_gemm.sh: $tile_run not found; build first (make build)" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The machine, and the micro-kernel: the most frequent FMA (or multiply)
# instruction of the GEMM and the registers it uses.
cpu_name=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
llvm_cpu=$(/usr/lib/llvm-22/bin/llc --version | sed -n 's/^ *Host CPU: //p')
extensions=$(grep -o -w -E 'avx512f|avx512bf16|avx2|fma|f16c|sse4_2' /proc/cpuinfo |
  sort -u | tr '\n' ' ')
"$build/bin/tile-opt" --target=cpu --exec=aot --emit=asm "$root/bench/cpu_gemm.mlir" \
  -o "$work/gemm.s"
kernel=$(grep -o -E '\bv?(fmadd[0-9]*ps|mulps)[[:space:]]+[^,]*%(x|y|z)mm' "$work/gemm.s" |
  sed -E 's/[[:space:]].*%(x|y|z)mm/ \1mm/' | sort | uniq -c | sort -rn | head -n 1 |
  awk '{print $2, $3}')
case $kernel in
*zmm) isa="AVX-512 (16 f32 lanes, 8 x 2 register block)" ;;
*ymm) isa="AVX2 (8 f32 lanes, 6 x 2 register block)" ;;
*) isa="SSE (4 f32 lanes, 6 x 2 register block)" ;;
esac
printf "cpu: %s (LLVM: %s), %d cores; %s\n" "${cpu_name:-unknown}" "$llvm_cpu" "$cores" \
  "$extensions"
printf "tile-mlir micro-kernel: %s: %s%s\n" "$isa" "$kernel" \
  "${TILE_HOST_CPU:+ (TILE_HOST_CPU=$TILE_HOST_CPU)}"

# One driver times both references: "blas" calls cblas_sgemm, "loops" runs
# the triple loop (OpenMP over rows when given more than one thread).
cat > "$work/ref.c" <<'EOF'
#include <cblas.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void loops(int n, const float *a, const float *b, float *c) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    float *ci = c + (size_t)i * n;
    memset(ci, 0, sizeof(float) * n);
    for (int k = 0; k < n; ++k) {
      float aik = a[(size_t)i * n + k];
      const float *bk = b + (size_t)k * n;
      for (int j = 0; j < n; ++j)
        ci[j] += aik * bk[j];
    }
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int compare(const void *x, const void *y) {
  double d = *(const double *)x - *(const double *)y;
  return (d > 0) - (d < 0);
}

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  const char *what = argv[1];
  int n = atoi(argv[2]), repeat = atoi(argv[3]);
  float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n),
        *c = malloc(sizeof(float) * n * n);
  double *times = malloc(sizeof(double) * repeat);
  for (long i = 0; i < (long)n * n; ++i) {
    a[i] = (float)rand() / RAND_MAX * 2 - 1;
    b[i] = (float)rand() / RAND_MAX * 2 - 1;
  }
  for (int r = -1; r < repeat; ++r) { /* one warm-up run */
    double t0 = now();
    if (strcmp(what, "blas") == 0)
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a,
                  n, b, n, 0.0f, c, n);
    else
      loops(n, a, b, c);
    if (r >= 0)
      times[r] = now() - t0;
  }
  qsort(times, repeat, sizeof(double), compare);
  printf("%.2f\n", 2.0 * n * n * n / times[repeat / 2] * 1e-9);
  free(a);
  free(b);
  free(c);
  free(times);
  return 0;
}
EOF
gcc -O3 -march=native -fopenmp "$work/ref.c" -o "$work/ref" -lopenblas

# OpenBLAS picks its kernels for this cpu unless told otherwise. With
# TILE_HOST_CPU naming an older x86-64 level, it is told the matching core
# (x86-64-v3: Haswell, its AVX2 kernels; x86-64-v2: Nehalem, SSE), so both
# sides run the same vector width; otherwise OPENBLAS_CORETYPE and
# OPENBLAS_L2_SIZE are unset for its runs.
blas_core=
case ${TILE_HOST_CPU:-} in
x86-64-v3 | haswell) blas_core=Haswell ;;
x86-64-v2 | nehalem) blas_core=Nehalem ;;
esac
blas() {
  if [ -n "$blas_core" ]; then
    env -u OPENBLAS_L2_SIZE OPENBLAS_CORETYPE="$blas_core" OPENBLAS_NUM_THREADS="$1" \
      "$work/ref" blas "$2" "$repeat"
  else
    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS="$1" \
      "$work/ref" blas "$2" "$repeat"
  fi
}
loops() { OMP_NUM_THREADS="$1" "$work/ref" loops "$2" "$repeat"; }
tile() {
  local target=cpu
  [ "$1" = all ] || target="cpu,threads=$1"
  "$tile_run" "$root/bench/cpu_gemm.mlir" --target="$target" \
    --shape=0,1,2="$2x$2" --repeat="$repeat" --flops=$((2 * $2 * $2 * $2)) |
    sed -n 's/^throughput: \([0-9.]*\) GFLOP\/s$/\1/p'
}

ratio() { awk -v x="$1" -v y="$2" 'BEGIN { printf "%.2f", (y > 0 ? x / y : 0) }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

printf "fp32 GEMM, GFLOP/s (median of %d runs; tile-mlir and OpenBLAS: median of %d\n" \
  "$repeat" "$rounds"
printf "such measurements taken in turn) and ratio to OpenBLAS\n"
printf "%-8s %6s | %10s %10s %6s | %10s %6s\n" threads n tile-mlir openblas ratio \
  "gcc loops" ratio
for threads in 1 all; do
  n_threads=$threads
  [ "$threads" = all ] && n_threads=$cores
  for n in "${sizes[@]}"; do
    ts=() bs=()
    for ((r = 0; r < rounds; ++r)); do
      ts+=("$(tile "$threads" "$n")")
      bs+=("$(blas "$n_threads" "$n")")
    done
    t=$(median "${ts[@]}")
    b=$(median "${bs[@]}")
    l=$(loops "$n_threads" "$n")
    printf "%-8s %6d | %10.1f %10.1f %6s | %10.1f %6s\n" "$n_threads" "$n" "$t" "$b" \
      "$(ratio "$t" "$b")" "$l" "$(ratio "$l" "$b")"
  done
done
