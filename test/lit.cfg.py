# The lit configuration of tile-mlir: tools, substitutions and features.
import os
import shutil
import subprocess
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "tile-mlir"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".c", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in", "Inputs"]

llvm_config.use_default_substitutions()

# Tools built here come first, then LLVM's FileCheck, not, count, mlir-opt.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.tile_tools_dir, append_path=True)
config.environment["PATH"] = os.pathsep.join(
    [config.tile_tools_dir, config.llvm_tools_dir, config.environment["PATH"]])

# Tests compile every time and leave no kernel cache behind unless they ask
# for one (tile-run --cache=DIR, TILE_CACHE_DIR with TILE_CACHE=on).
config.environment["TILE_CACHE"] = "off"

config.substitutions.append(("%tile_src", config.tile_src_root))
config.substitutions.append(("%examples", os.path.join(config.tile_src_root, "examples")))
config.substitutions.append(("%python", sys.executable))
# Tests that make or read .npy files with NumPy (Debian: python3-numpy).
if subprocess.run([sys.executable, "-c", "import numpy"],
                  capture_output=True).returncode == 0:
    config.available_features.add("python-numpy")
config.substitutions.append(("%dialects", os.path.join(config.tile_src_root, "dialects")))
# The MLIR plugins of test/plugins (tile-opt's --load-*-plugin).
config.substitutions.append(("%plugins", os.path.join(config.tile_obj_root, "test", "plugins")))

if config.tile_sanitize:
    config.available_features.add("sanitize")
if config.tile_opt_upstream_tests:
    config.available_features.add("upstream-test-passes")
# What ASan does with freed memory; every ASAN_OPTIONS of the suite ends
# with it. A 64 MiB quarantine instead of 256 still holds what a compile
# frees for a while and leaves fewer fresh pages to fault in
# (Target/CPU/libcalls.test: 40 s -> 27 s). Freed blocks are filled (their
# first 4 KiB): a pass that reads an op it erased reads it inside libMLIR,
# which ASan does not instrument, and would otherwise see the op intact in
# the quarantine.
config.tile_asan_free = "quarantine_size_mb=64:max_free_fill_size=4096"
# The same for the builds without ASan: glibc fills freed memory with this
# byte (without it, such a read crashed one run in eight, when the memory
# had been reused).
if not config.tile_sanitizer:
    config.environment["MALLOC_PERTURB_"] = "165"
if config.tile_sanitizer == "address":
    # Sanitizer reports (leaks included) abort, so that a test expecting a
    # tool to fail (`not tile-opt ...`) still fails on a report.
    # LeakSanitizer's tracer trips over OpenMP's thread-local storage unless
    # ASan leaves __tls_get_addr alone (leaks are still found).
    config.environment["ASAN_OPTIONS"] = (
        "detect_leaks=1:abort_on_error=1:intercept_tls_get_addr=0:"
        + config.tile_asan_free)
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:abort_on_error=1"
if config.tile_sanitizer == "thread":
    config.available_features.add("tsan")
    # A data race report aborts, so that `not tile-opt ...` still fails on
    # one. The suppressions cover reports that come from libraries built
    # without ThreadSanitizer; each says why it is there.
    config.environment["TSAN_OPTIONS"] = ":".join([
        "halt_on_error=1", "abort_on_error=1", "second_deadlock_stack=1",
        "suppressions=" + os.path.join(config.tile_src_root, "test", "tsan.supp")])
# Runs a command without leak checking, for processes that drive the Vulkan
# driver: LeakSanitizer stops every thread to scan at exit, and with the
# driver's worker threads alive that has been seen to hang.
config.substitutions.append(
    ("%no_leak_check",
     "env ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:" + config.tile_asan_free
     if config.tile_sanitizer == "address" else ""))

# A test that hangs fails after ten minutes instead of stalling the run (lit
# needs psutil to enforce it; without it there is no limit).
try:
    import psutil  # noqa: F401
    lit_config.maxIndividualTestTime = 600
except ImportError:
    pass

# Toolchains that check generated code. Tests needing one are UNSUPPORTED
# (and reported as such) where it is missing.
def find_tool(name, extra_dirs=()):
    for d in extra_dirs:
        path = os.path.join(d, name)
        if os.access(path, os.X_OK):
            return path
    return shutil.which(name)

ptxas = find_tool("ptxas", [os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin"),
                            "/usr/local/cuda/bin"])
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
for tool, feature in (("spirv-val", "spirv-tools"), ("spirv-dis", "spirv-tools")):
    if find_tool(tool):
        config.available_features.add(feature)

# SPIR-V tools that know cooperative matrices (SPIRV-Tools 2025.1 or later;
# Debian 12's 2023.1 refuses capability 6022, CooperativeMatrixKHR), for
# the tests that validate and disassemble such modules:
# $TILE_SPIRV_TOOLS_COOP names their directory (spirv-val and spirv-dis in
# it), else the one scripts/install-deps.sh installs them to. Where there
# are none, those tests are UNSUPPORTED.
def spirv_tools_version(spirv_val):
    try:
        out = subprocess.run([spirv_val, "--version"], capture_output=True,
                             text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    import re
    match = re.search(r"SPIRV-Tools v(\d+)\.(\d+)", out)
    return (int(match.group(1)), int(match.group(2))) if match else None

coop_tools = os.environ.get("TILE_SPIRV_TOOLS_COOP", "/opt/tile-spirv-tools/bin")
coop_val = os.path.join(coop_tools, "spirv-val")
coop_dis = os.path.join(coop_tools, "spirv-dis")
if (os.access(coop_val, os.X_OK) and os.access(coop_dis, os.X_OK)
        and (spirv_tools_version(coop_val) or (0, 0)) >= (2025, 1)):
    config.available_features.add("spirv-val-cooperative-matrix")
    config.substitutions.append(("%spirv_val_coop", coop_val))
    config.substitutions.append(("%spirv_tools_coop_dir", coop_tools))
# Build tools, for the tests that configure or build against the sources.
for tool in ("cmake", "ninja", "pkg-config", "cc"):
    if shutil.which(tool):
        config.available_features.add(tool)
lld = find_tool("ld.lld", [config.llvm_tools_dir])
if lld:
    config.available_features.add("ld.lld")
    config.substitutions.append(("%ld_lld", lld))
# The formatter the sources are checked with (scripts/check-format.sh).
clang_format = find_tool("clang-format-22") or find_tool(
    "clang-format", [config.llvm_tools_dir])
if clang_format:
    config.available_features.add("clang-format")
    config.substitutions.append(("%clang_format", clang_format))

# ROCm's device library (ocml), which rocm kernels with libm-style math link
# (lib/rocm/codegen.c searches the same places); CUDA's libdevice likewise.
rocm_libs = [os.environ.get("TILE_ROCM_DEVICE_LIBS", ""),
             os.path.join(os.environ.get("ROCM_PATH", "/nonexistent"), "amdgcn/bitcode"),
             "/opt/rocm/amdgcn/bitcode", "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"]
if any(d and os.path.isfile(os.path.join(d, "ocml.bc")) for d in rocm_libs):
    config.available_features.add("rocm-device-libs")
cuda_root = next((os.environ[v] for v in ("CUDA_ROOT", "CUDA_HOME", "CUDA_PATH")
                  if os.environ.get(v)), "/usr/local/cuda")
if os.path.isfile(os.path.join(cuda_root, "nvvm/libdevice/libdevice.10.bc")):
    config.available_features.add("libdevice")

# A Vulkan device (lavapipe counts), as libtile_rt_vulkan sees it, for the
# tests that run kernels on one; vulkan-f16 where it also has shaderFloat16
# and 16-bit storage buffers; vulkan-f64 where it has shaderFloat64; vulkan-cooperative-matrix where it has
# cooperative matrices; vulkan-float-atomics where it adds f32 atomically;
# vulkan-lavapipe where it is Mesa's lavapipe (whose
# limits some tests name).
vulkan_probe = os.path.join(config.tile_tools_dir, "tile-rt-vulkan-probe")
if os.access(vulkan_probe, os.X_OK):
    import subprocess
    try:
        probe = subprocess.run([vulkan_probe], capture_output=True, text=True, timeout=120,
                               env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
        if probe.returncode == 0:
            config.available_features.add("vulkan-device")
            if "device: llvmpipe" in probe.stdout:
                config.available_features.add("vulkan-lavapipe")
            if ("shaderFloat16: yes" in probe.stdout
                    and "storageBuffer16BitAccess: yes" in probe.stdout):
                config.available_features.add("vulkan-f16")
            if "shaderFloat64: yes" in probe.stdout:
                config.available_features.add("vulkan-f64")
            # Subgroups: vulkan-subgroup-shuffle where compute shaders
            # shuffle, %vulkan_subgroup the size the device runs (and
            # _x4, four times it; listed first, since lit replaces the
            # first pattern that matches), and %vulkan_foreign_subgroup a
            # size it cannot be asked for (feature vulkan-foreign-subgroup,
            # where there is one; vulkan-narrow-subgroups where every size
            # is below 128).
            fields = dict(line.split(": ", 1) for line in probe.stdout.splitlines()
                          if ": " in line)
            if fields.get("subgroupShuffle") == "yes":
                config.available_features.add("vulkan-subgroup-shuffle")
                size = int(fields["subgroupSize"])
                config.substitutions.append(("%vulkan_subgroup_x4", str(4 * size)))
                config.substitutions.append(("%vulkan_subgroup", str(size)))
                low, high = (int(x) for x in fields["subgroupSizes"].split())
                foreign = [1 << i for i in range(8) if not low <= 1 << i <= high]
                if foreign:
                    config.available_features.add("vulkan-foreign-subgroup")
                    config.substitutions.append(("%vulkan_foreign_subgroup",
                                                 str(foreign[-1])))
                # vulkan-narrow-subgroups: none holds 128 lanes.
                if high < 128:
                    config.available_features.add("vulkan-narrow-subgroups")
            # VK_KHR_cooperative_matrix's cooperativeMatrix (lavapipe has
            # none): the device runs kernels with cooperative matrices.
            if "cooperativeMatrix: yes" in probe.stdout:
                config.available_features.add("vulkan-cooperative-matrix")
            # VK_EXT_shader_atomic_float's f32 additions in buffers and in
            # shared memory: kernels that add floats atomically run.
            if ("shaderBufferFloat32AtomicAdd: yes" in probe.stdout
                    and "shaderSharedFloat32AtomicAdd: yes" in probe.stdout):
                config.available_features.add("vulkan-float-atomics")
    except (OSError, subprocess.SubprocessError):
        pass

# The machine the cpu backend takes this one for: `lit --param
# tile_host_cpu=x86-64-v3` (or $TILE_HOST_CPU) runs every test with
# TILE_HOST_CPU set, so that "native" means that chip in code generation
# and the jit (make check-cpu-isa runs the integration tests so for AVX2
# and SSE4.2). jit-CHIP is available where JIT-compiled code for CHIP can
# run here, as tile-opt's own check says; tests that run code for a named
# chip require it.
tile_host_cpu = lit_config.params.get("tile_host_cpu", os.environ.get("TILE_HOST_CPU", ""))
if tile_host_cpu:
    config.environment["TILE_HOST_CPU"] = tile_host_cpu
    lit_config.note("TILE_HOST_CPU=%s: native means that cpu" % tile_host_cpu)
tile_opt = os.path.join(config.tile_tools_dir, "tile-opt")
if os.access(tile_opt, os.X_OK):
    import subprocess
    for chip in ("x86-64-v2", "sandybridge", "x86-64-v3", "x86-64-v4"):
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        env.pop("TILE_HOST_CPU", None)
        if tile_host_cpu:
            env["TILE_HOST_CPU"] = tile_host_cpu
        check = subprocess.run([tile_opt, "--target=cpu:" + chip, "--exec=jit"], input="",
                               capture_output=True, text=True, env=env)
        if check.returncode == 0:
            config.available_features.add("jit-" + chip)
