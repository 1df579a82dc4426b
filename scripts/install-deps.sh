#!/usr/bin/env bash
# Installs the Debian 12 packages tile-mlir builds, tests and benchmarks with
# (apt-get, as root or through sudo). `--list` prints them instead.
set -euo pipefail

packages=(
  cmake ninja-build make gcc g++ python3 pkg-config
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 lld-22
  clang-format-22
  spirv-tools mesa-vulkan-drivers libvulkan-dev vulkan-tools
  libamdhip64-5 rocm-device-libs
  libopenblas-dev python3-numpy python3-pytest python3-psutil
  libomp-22-dev libclang-rt-22-dev libfuzzer-22-dev
)

if [ "${1:-}" = "--list" ]; then
  echo "${packages[@]}"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root or install sudo" >&2; exit 1; }
  sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${packages[@]}"
