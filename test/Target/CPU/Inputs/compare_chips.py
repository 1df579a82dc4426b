"""Compares the features the cpu target knows for each chip with clang's.

For each chip, tile-opt's jit check (with TILE_HOST_CPU=x86-64, a machine
with the SSE2 baseline only) lists every feature code for the chip needs;
clang -march=CHIP lists the chip's features in "target-features". They must
agree, less the baseline and the system features compiled code never uses
on its own. Prints one line per chip.
"""
import os
import re
import subprocess
import sys
import tempfile

CHIPS = ["x86-64-v2", "x86-64-v3", "x86-64-v4", "nehalem", "westmere",
         "sandybridge", "ivybridge", "haswell", "broadwell", "skylake",
         "skylake-avx512", "cascadelake", "cooperlake", "icelake-client",
         "icelake-server", "tigerlake", "alderlake", "sapphirerapids",
         "emeraldrapids", "graniterapids", "znver1", "znver2", "znver3",
         "znver4", "znver5"]
BASELINE = {"cmov", "cx8", "fxsr", "mmx", "sse", "sse2", "x87"}
SYSTEM = {"amx-bf16", "amx-fp16", "amx-int8", "amx-tile", "cldemote",
          "clflushopt", "clwb", "clzero", "enqcmd", "fsgsbase", "hreset",
          "invpcid", "kl", "movdir64b", "movdiri", "mwaitx", "pconfig", "pku",
          "ptwrite", "rdpid", "rdpru", "rdrnd", "rdseed", "serialize", "sgx",
          "shstk", "tsxldtrk", "uintr", "waitpkg", "wbnoinvd", "widekl",
          "xsave", "xsavec", "xsaveopt", "xsaves"}


def clang_features(clang, chip, source):
    ir = subprocess.run([clang, "-march=" + chip, "-S", "-emit-llvm", "-o",
                         "-", source], check=True, capture_output=True,
                        text=True).stdout
    listed = re.search(r'"target-features"="([^"]*)"', ir).group(1)
    return {f[1:] for f in listed.split(",") if f.startswith("+")}


def tile_features(tile_opt, chip):
    env = dict(os.environ, TILE_HOST_CPU="x86-64")
    run = subprocess.run([tile_opt, "--target=cpu:" + chip, "--exec=jit"],
                         input="", capture_output=True, text=True, env=env)
    match = re.search(r"needs (.*), which TILE_HOST_CPU=x86-64 lacks",
                      run.stderr)
    if not match:
        sys.exit("unexpected tile-opt output for %s: %s" % (chip, run.stderr))
    return set(match.group(1).split(", "))


def main():
    tile_opt, clang = sys.argv[1], sys.argv[2]
    with tempfile.NamedTemporaryFile("w", suffix=".c") as source:
        source.write("void f(void) {}\n")
        source.flush()
        for chip in CHIPS:
            want = clang_features(clang, chip, source.name) - BASELINE - SYSTEM
            have = tile_features(tile_opt, chip)
            if want == have:
                print("%s: same" % chip)
            else:
                print("%s: tile lacks %s, has extra %s" % (
                    chip, sorted(want - have), sorted(have - want)))


main()
