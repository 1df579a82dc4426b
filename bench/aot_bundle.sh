# What bench/gpu_prepare.sh (CUDA) and bench/rocm_prepare.sh (ROCm) share,
# sourced by both: compiling a list of kernels ahead of time into one
# shared library each, beside the runtime library, a manifest and the
# runner, in a folder that needs no LLVM to run.
#
# bundle_prepare SCRIPT KIND RUNTIME OUT CHIPS RUNNER [FILE...] < LIST
#   SCRIPT   the caller's name, for its messages
#   KIND     the target kind (cuda, rocm): --target=KIND:CHIP
#   RUNTIME  the runtime library's name (tile_rt_cuda): lib/libRUNTIME.so
#   OUT      the folder, made anew
#   CHIPS    the chips, separated by spaces
#   RUNNER   bench/RUNNER is copied beside the libraries, and each FILE too
#   LIST     lines "name source kind dtype [chips]": the kind is what the
#            runner checks the kernel against; a bf16 kernel is its f16
#            source with every f16 made bf16; chips (comma-separated) limit
#            the kernel to those of CHIPS it is written for.
# KERNELS="a b" selects some names of the list; BUILD (default build) is the
# build folder, CC the linker driver.

bundle_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bundle_build=${BUILD:-build}
case $bundle_build in /*) ;; *) bundle_build=$bundle_root/$bundle_build ;; esac

# The examples both bundles hold, first in their lists.
bundle_examples() {
  cat <<'LIST'
vector_add       examples/vector_add.mlir                      vector_add      f32
row_max_sum      examples/reduce.mlir                          row_max_sum     f32
gemm             examples/gemm.mlir                            gemm            f16
gemm_bf16        examples/gemm.mlir                            gemm            bf16
gemm_bias_relu   examples/gemm_bias_relu.mlir                  gemm_bias_relu  f16
flash_attention  examples/flash_attention.mlir                 flash_attention f32
LIST
}

bundle_selected() {
  [ -z "${KERNELS:-}" ] && return 0
  local k
  for k in $KERNELS; do [ "$k" = "$1" ] && return 0; done
  return 1
}

# Whether the list's chip column ("" or "-": every chip) names the chip.
bundle_for_chip() {
  case ",$1," in ",,"|",-,"|*",$2,"*) return 0 ;; esac
  return 1
}

bundle_prepare() {
  local script=$1 kind=$2 runtime=$3 out=$4 chips=$5 runner=$6
  shift 6
  local build=$bundle_build root=$bundle_root cc=${CC:-cc}
  if [ ! -x "$build/bin/tile-run" ] || [ ! -e "$build/lib/lib$runtime.so" ]; then
    echo "$script: $build/bin/tile-run or lib$runtime.so missing; build first (make build)" >&2
    return 1
  fi

  rm -rf "$out"
  mkdir -p "$out/lib" "$out/include" "$out/src"
  cp "$build/lib/lib$runtime.so" "$out/lib/"
  local file
  for file in "$runner" "$@"; do cp "$root/bench/$file" "$out/"; done
  : > "$out/manifest.txt"

  local failures=0 name source check dtype only src entry chip case obj
  while read -r name source check dtype only; do
    bundle_selected "$name" || continue
    src=$out/src/$name.mlir
    if [ "$dtype" = bf16 ]; then
      sed 's/f16/bf16/g' "$root/$source" > "$src"
    else
      cp "$root/$source" "$src"
    fi
    entry=$(sed -n 's/^func\.func @\([A-Za-z0-9_]*\)(.*/\1/p' "$src" | head -1)
    for chip in $chips; do
      if ! bundle_for_chip "$only" "$chip"; then
        echo "$script: $name is not made for $chip (only $only)"
        continue
      fi
      case=$name.$chip
      obj=$out/src/$case.o
      if ! "$build/bin/tile-run" "$src" --target="$kind:$chip" --emit-object="$obj" \
             --emit-header="$out/include/$case.h" 2> "$out/src/$case.log"; then
        echo "$script: $case does not compile:" >&2
        sed 's/^/  /' "$out/src/$case.log" >&2
        failures=$((failures + 1))
        continue
      fi
      # The runtime library sits beside the kernel's (rpath $ORIGIN).
      "$cc" -shared -o "$out/lib/lib$case.so" "$obj" -L"$out/lib" -l"$runtime" \
        -Wl,-rpath,'$ORIGIN' -Wl,--no-undefined
      echo "$case $chip $check $dtype _mlir_ciface_$entry lib/lib$case.so" >> "$out/manifest.txt"
    done
  done

  local count
  count=$(wc -l < "$out/manifest.txt")
  echo "$script: $count kernel libraries in $out ($failures failed to compile)"
  echo "run there: python3 $out/$runner"
  return $((failures > 0))
}
