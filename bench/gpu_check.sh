#!/usr/bin/env bash
# One prepared run for a CUDA GPU machine (H100/H200; under 5 minutes):
#   1. build tile-mlir,
#   2. run the CUDA kernels (gemm f16/bf16 incl. shapes that do not divide
#      the tiles, reduction, bias+ReLU epilogue, flash-attention forward)
#      against CPU references,
#   3. time examples/gemm.mlir at 4096^3 (f16 and bf16 inputs, f32
#      accumulation) against cuBLAS (cublasGemmEx) and print TFLOP/s and the
#      ratio.
# Needs LLVM/MLIR 22 (scripts/install-deps.sh), a CUDA driver and the CUDA
# toolkit (cuBLAS) under $CUDA_HOME (default /usr/local/cuda).
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
SIZE=${SIZE:-4096}
REPEAT=${REPEAT:-20}

cmake -S . -B "$BUILD" -G Ninja >/dev/null && cmake --build "$BUILD" || exit 1
RUN="$BUILD/bin/tile-run"

cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
chip="sm_${cap}"
[ "$cap" = 90 ] && chip=sm_90a
echo "GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), target cuda:$chip"
target="--target=cuda:$chip --exec=jit"

failures=0
check() {
  local name=$1; shift
  if out=$("$RUN" "$@" 2>&1); then
    echo "PASS  $name: $(echo "$out" | grep -E 'max abs error' | tr '\n' ' ')"
  else
    echo "FAIL  $name"; echo "$out" | sed 's/^/      /'; failures=$((failures + 1))
  fi
}

echo "== correctness against CPU references"
for shape in 1024x1024x1024 1000x999x1003 1x512x768; do
  IFS=x read -r m n k <<<"$shape"
  check "gemm f16 $shape" examples/gemm.mlir $target \
    --shape=0=${m}x${k} --shape=1=${k}x${n} --shape=2=${m}x${n} --check=gemm
  sed 's/f16/bf16/g' examples/gemm.mlir > "$BUILD/gemm_bf16.mlir"
  check "gemm bf16 $shape" "$BUILD/gemm_bf16.mlir" $target \
    --shape=0=${m}x${k} --shape=1=${k}x${n} --shape=2=${m}x${n} --check=gemm
done
check "gemm K tiles of 64 (wgmma on sm_90a)" test/Target/CUDA/Inputs/gemm_128x128x64.mlir \
  $target --shape=0=1024x1024 --shape=1=1024x1024 --shape=2=1024x1024 --check=gemm
for f in test/Integration/CUDA/*.mlir; do
  [ -e "$f" ] || continue
  args=$(sed -n 's|^// GPU-CHECK-ARGS: ||p' "$f")
  check "$(basename "$f" .mlir)" "$f" $target $args
done

echo "== examples/gemm.mlir at ${SIZE}^3 against cuBLAS"
cc -O2 bench/cublas_gemm.c -I"$CUDA_HOME/include" -L"$CUDA_HOME/lib64" \
  -lcublas -lcudart -Wl,-rpath,"$CUDA_HOME/lib64" -o "$BUILD/cublas_gemm" || exit 1
flops=$((2 * SIZE * SIZE * SIZE))
printf '%-6s %14s %14s %8s\n' dtype "tile-mlir TF/s" "cuBLAS TF/s" ratio
for dtype in f16 bf16; do
  src=examples/gemm.mlir
  if [ "$dtype" = bf16 ]; then src="$BUILD/gemm_bf16.mlir"; fi
  tile=$("$RUN" "$src" $target --shape=0,1,2=${SIZE}x${SIZE} \
           --repeat="$REPEAT" --flops=$flops 2>&1 | sed -n 's/^throughput: \([0-9.]*\) GFLOP.*/\1/p')
  ref=$("$BUILD/cublas_gemm" "$SIZE" "$dtype" "$REPEAT" | sed -n 's/^throughput: \([0-9.]*\) GFLOP.*/\1/p')
  awk -v d="$dtype" -v t="${tile:-0}" -v r="${ref:-0}" 'BEGIN {
    printf "%-6s %14.1f %14.1f %8.2f\n", d, t / 1000, r / 1000, (r > 0 ? t / r : 0) }'
done
echo "failures: $failures"
exit $((failures > 0))
