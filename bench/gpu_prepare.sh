#!/usr/bin/env bash
# The half of the GPU check that runs where tile-mlir builds (LLVM/MLIR 22):
# compiles every CUDA kernel (examples/*.mlir and the CUDA test kernels,
# f16 and bf16 gemms) ahead of time for sm_90a and sm_80 with tile-run
# --emit-object/--emit-header, links each into its own shared library with
# libtile_rt_cuda.so, and puts them beside bench/gpu_run.py in one folder
# that needs nothing but a CUDA driver and Python with PyTorch to run:
#
#   bench/gpu_prepare.sh [DIR]          (default: build/gpu-bundle)
#   KERNELS="gemm gemm_tma" CHIPS=sm_90a bench/gpu_prepare.sh   (a subset)
#   BUILD=build-other bench/gpu_prepare.sh
#
# Then, on the GPU machine (no LLVM there):  python3 DIR/gpu_run.py
# (docs/cuda.md, "The GPU check").
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-build}
case $build in /*) ;; *) build=$root/$build ;; esac
out=${1:-$build/gpu-bundle}
chips=${CHIPS:-sm_90a sm_80}
cc=${CC:-cc}

# name | source | kind (what gpu_run.py checks it against) | element type.
# The bf16 gemms are their f16 sources with every f16 made bf16.
kernels() {
  cat <<'LIST'
vector_add       examples/vector_add.mlir                      vector_add      f32
row_max_sum      examples/reduce.mlir                          row_max_sum     f32
gemm             examples/gemm.mlir                            gemm            f16
gemm_bf16        examples/gemm.mlir                            gemm            bf16
gemm_bias_relu   examples/gemm_bias_relu.mlir                  gemm_bias_relu  f16
flash_attention  examples/flash_attention.mlir                 flash_attention f32
gemm_tma         test/Target/CUDA/Inputs/gemm_128x128x64.mlir  gemm            f16
gemm_tma_bf16    test/Target/CUDA/Inputs/gemm_128x128x64.mlir  gemm            bf16
gemm_ws_k32      test/Target/CUDA/Inputs/gemm_128x256x32.mlir  gemm            f16
gemm_ws_k32_bf16 test/Target/CUDA/Inputs/gemm_128x256x32.mlir  gemm            bf16
LIST
  if [ -e "$root/examples/gemm_hopper.mlir" ]; then
    echo "gemm_hopper      examples/gemm_hopper.mlir                     gemm            f16"
    echo "gemm_hopper_bf16 examples/gemm_hopper.mlir                     gemm            bf16"
  fi
}

selected() {
  [ -z "${KERNELS:-}" ] && return 0
  for k in $KERNELS; do [ "$k" = "$1" ] && return 0; done
  return 1
}

if [ ! -x "$build/bin/tile-run" ] || [ ! -e "$build/lib/libtile_rt_cuda.so" ]; then
  echo "gpu_prepare.sh: $build/bin/tile-run or libtile_rt_cuda.so missing; build first (make build)" >&2
  exit 1
fi

rm -rf "$out"
mkdir -p "$out/lib" "$out/include" "$out/src"
cp "$build/lib/libtile_rt_cuda.so" "$out/lib/"
cp "$root/bench/gpu_run.py" "$out/"
: > "$out/manifest.txt"

failures=0
while read -r name source kind dtype; do
  selected "$name" || continue
  src=$out/src/$name.mlir
  if [ "$dtype" = bf16 ]; then
    sed 's/f16/bf16/g' "$root/$source" > "$src"
  else
    cp "$root/$source" "$src"
  fi
  entry=$(sed -n 's/^func\.func @\([A-Za-z0-9_]*\)(.*/\1/p' "$src" | head -1)
  for chip in $chips; do
    case=$name.$chip
    obj=$out/src/$case.o
    if ! "$build/bin/tile-run" "$src" --target=cuda:$chip --emit-object="$obj" \
           --emit-header="$out/include/$case.h" 2> "$out/src/$case.log"; then
      echo "gpu_prepare.sh: $case does not compile:" >&2
      sed 's/^/  /' "$out/src/$case.log" >&2
      failures=$((failures + 1))
      continue
    fi
    # The runtime library sits beside the kernel's (rpath $ORIGIN).
    "$cc" -shared -o "$out/lib/lib$case.so" "$obj" -L"$out/lib" -ltile_rt_cuda \
      -Wl,-rpath,'$ORIGIN' -Wl,--no-undefined
    echo "$case $chip $kind $dtype _mlir_ciface_$entry lib/lib$case.so" >> "$out/manifest.txt"
  done
done < <(kernels)

count=$(wc -l < "$out/manifest.txt")
echo "gpu_prepare.sh: $count kernel libraries in $out ($failures failed to compile)"
echo "run there: python3 $out/gpu_run.py"
exit $((failures > 0))
