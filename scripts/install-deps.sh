#!/usr/bin/env bash
# Installs the Debian 12 packages tile-mlir builds, tests and benchmarks with
# (apt-get, as root or through sudo), then SPIR-V tools that know cooperative
# matrices (below). `--list` prints the packages instead; `--spirv-tools-coop`
# installs only those tools.
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

# Debian 12's spirv-tools (2023.1) refuses SPIR-V with cooperative matrices
# ("Invalid capability operand: 6022"), so the tests that validate the vulkan
# backend's cooperative-matrix kernels need SPIRV-Tools 2025.1: Debian 13
# (trixie)'s spirv-tools package, which needs trixie's C and C++ runtime
# (libc6 >= 2.38). Those four packages are fetched from deb.debian.org
# (their file names read from the suites' Packages indexes, their SHA256
# checked), unpacked into one root in $coop_dir, and run through that root's
# own dynamic loader by the wrappers $coop_dir/bin/spirv-val and spirv-dis;
# nothing else on the system changes. test/lit.cfg.py looks for them there
# ($TILE_SPIRV_TOOLS_COOP names another directory). Any failure stops the
# script with its reason.
coop_dir=${TILE_SPIRV_TOOLS_DIR:-/opt/tile-spirv-tools}
coop_mirror=${TILE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
coop_version=2025.1

# fetch_debs DIR SUITE/PACKAGE/PREFIX...: downloads into DIR, for each
# argument, the PACKAGE of SUITE (main, amd64) whose version starts with
# PREFIX.
fetch_debs() {
  python3 - "$coop_mirror" "$@" <<'PY'
import hashlib, lzma, os, sys, time, urllib.request

mirror, out, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]

def get(url):
    for attempt in range(3):
        try:
            with urllib.request.urlopen(url, timeout=120) as r:
                return r.read()
        except OSError as e:
            error = e
            time.sleep(2 * (attempt + 1))
    sys.exit("install-deps: cannot download %s: %s" % (url, error))

indexes = {}
for spec in wanted:
    suite, package, prefix = spec.split("/")
    if suite not in indexes:
        url = "%s/dists/%s/main/binary-amd64/Packages.xz" % (mirror, suite)
        indexes[suite] = lzma.decompress(get(url)).decode().split("\n\n")
    found = None
    for stanza in indexes[suite]:
        fields = dict(l.split(": ", 1) for l in stanza.split("\n") if ": " in l and not l.startswith(" "))
        if fields.get("Package") == package and fields.get("Version", "").startswith(prefix):
            found = fields
    if not found:
        sys.exit("install-deps: %s has no %s %s* in %s" % (suite, package, prefix, mirror))
    data = get("%s/%s" % (mirror, found["Filename"]))
    if hashlib.sha256(data).hexdigest() != found["SHA256"]:
        sys.exit("install-deps: %s does not match its SHA256" % found["Filename"])
    with open(os.path.join(out, os.path.basename(found["Filename"])), "wb") as f:
        f.write(data)
    print("install-deps: fetched %s %s" % (package, found["Version"]))
PY
}

coop_tools_ok() {
  "$coop_dir/bin/spirv-val" --version 2>/dev/null | grep -q "SPIRV-Tools v$coop_version"
}

install_coop_spirv_tools() {
  if coop_tools_ok; then
    echo "install-deps: $coop_dir has SPIRV-Tools $coop_version"
    return
  fi
  if [ "$(dpkg --print-architecture)" != amd64 ]; then
    echo "install-deps: SPIRV-Tools $coop_version is fetched for amd64 only;" \
      "the cooperative-matrix validation tests stay unsupported here" >&2
    return
  fi
  if [ -e "$coop_dir" ] && [ ! -e "$coop_dir/bin/spirv-val" ]; then
    echo "install-deps: $coop_dir exists and is not an install of these tools;" \
      "remove it or set TILE_SPIRV_TOOLS_DIR" >&2
    exit 1
  fi
  local work
  work=$(mktemp -d)
  mkdir "$work/debs" "$work/root" "$work/root/bin"
  coop_work=$work
  trap 'rm -rf "$coop_work"' EXIT
  fetch_debs "$work/debs" trixie/spirv-tools/$coop_version \
    trixie/libc6/2 trixie/libstdc++6/1 trixie/libgcc-s1/1
  for deb in "$work"/debs/*.deb; do
    dpkg-deb -x "$deb" "$work/root"
  done
  for tool in spirv-val spirv-dis; do
    cat > "$work/root/bin/$tool" <<WRAPPER
#!/bin/sh
# $tool of SPIRV-Tools $coop_version, run with the C and C++ runtime it was
# built against (scripts/install-deps.sh).
root=$coop_dir
exec "\$root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" --library-path "\$root/usr/lib/x86_64-linux-gnu" "\$root/usr/bin/$tool" "\$@"
WRAPPER
    chmod 755 "$work/root/bin/$tool"
  done
  $sudo rm -rf "$coop_dir.new"
  $sudo mkdir -p "$(dirname "$coop_dir")"
  $sudo cp -a "$work/root" "$coop_dir.new"
  $sudo rm -rf "$coop_dir"
  $sudo mv "$coop_dir.new" "$coop_dir"
  coop_tools_ok || {
    echo "install-deps: $coop_dir/bin/spirv-val does not run as SPIRV-Tools $coop_version" >&2
    exit 1
  }
  echo "install-deps: installed SPIRV-Tools $coop_version in $coop_dir"
}

if [ "${1:-}" = "--spirv-tools-coop" ]; then
  install_coop_spirv_tools
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${packages[@]}"
# The suite builds and runs without these tools (the tests that need them
# are then unsupported): a failed download does not fail `make`.
( install_coop_spirv_tools ) ||
  echo "install-deps: warning: SPIRV-Tools $coop_version was not installed;" \
    "the cooperative-matrix validation tests will be unsupported" >&2
