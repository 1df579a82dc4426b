# RUN: %pytest %s
# REQUIRES: python-bindings
"""compile(): parts per target, pipeline text, per-pass IR, errors."""

import os
import pathlib
import shutil
import subprocess
import sys
import threading

import pytest

import tile_mlir as tm
from conftest import EXAMPLES, SOURCE_ROOT
from helpers import TOOLS


def test_library_missing_is_a_clear_error():
    env = dict(os.environ, TILE_MLIR_LIBRARY="/nonexistent/libtile.so")
    run = subprocess.run([sys.executable, "-c", "import tile_mlir; tile_mlir.version()"],
                         env=env, capture_output=True, text=True)
    assert run.returncode != 0
    assert "LibraryNotFound" in run.stderr
    assert "/nonexistent/libtile.so" in run.stderr
    assert "TILE_MLIR_LIBRARY" in run.stderr


def test_device_probe_missing_is_a_clear_error(tmp_path):
    # A libtile with no tile-vulkan-devices or tile-hip-devices beside it
    # (nor in ../bin) cannot ask for devices, and says which program it lacks.
    library = os.path.join(os.path.dirname(TOOLS), "lib", "libtile.so")
    (tmp_path / "lib").mkdir()
    shutil.copy(library, tmp_path / "lib" / "libtile.so")
    script = ("import tile_mlir as tm\n"
              "for target in ('vulkan', 'rocm:gfx942'):\n"
              "    try:\n"
              "        tm.compile(open(%r).read(), target=target, exec='jit')\n"
              "    except tm.CompileError as e:\n"
              "        print(e)\n" % os.path.join(EXAMPLES, "gemm.mlir"))
    env = dict(os.environ, TILE_MLIR_LIBRARY=str(tmp_path / "lib" / "libtile.so"))
    run = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    assert ("cannot ask the Vulkan driver: tile-vulkan-devices is not installed next "
            "to libtile (in ../bin or beside it)") in run.stdout
    assert ("cannot ask the HIP runtime: tile-hip-devices is not installed next "
            "to libtile (in ../bin or beside it)") in run.stdout


def test_version():
    with open(os.path.join(SOURCE_ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        assert "VERSION %s " % tm.version() in f.read()


def test_cpu_parts(example):
    a = tm.compile(example("gemm"), target="cpu", parts="mlir,llvm,asm,obj")
    assert set(a.part_names) == {"mlir", "llvm", "asm", "obj"}
    assert a.device_format == ""
    assert "llvm.func @gemm" in a.mlir
    assert "define void @gemm(" in a.llvm
    assert "gemm:" in a.asm
    assert a.obj[:4] == b"\x7fELF"
    assert a.ptx is None
    assert a.entry_names == ["gemm"]
    assert a.target.startswith("cpu:")
    with pytest.raises(KeyError, match="no part 'ptx' .*it has: mlir, llvm, obj, asm"):
        a.part("ptx")
    # A part no backend makes is a typo, not a part this target lacks.
    with pytest.raises(ValueError, match="unknown part 'ptxx' \\(parts: mlir, llvm, ptx,"):
        tm.compile(example("gemm"), target="cpu", parts="mlir,ptxx")


def test_default_parts(example):
    a = tm.compile(example("vector_add"), target="cpu")
    assert a.part_names == ["mlir", "llvm"]


def test_cuda_parts(example):
    a = tm.compile(example("gemm"), target="cuda:sm_90a")
    assert a.device_format == "ptx"
    assert ".target sm_90a" in a.ptx
    assert a.target == "cuda:sm_90a,features=+ptx83"
    [kernel] = a.kernels
    assert kernel.block == (128, 1, 1)
    assert kernel.grid[0] == -1  # M / 128 blocks: known when called
    assert "mgpuLaunchKernel" in a.llvm or "mgpuLaunchKernel" in a.mlir


@pytest.mark.parametrize("target, shared, dynamic", [
    # gemm.mlir's 128 x 32 and 32 x 128 f16 tiles: twice each in rocm's
    # pipelined K loop (rows padded to 36 elements), once on vulkan, in
    # dynamic shared memory on cuda.
    ("rocm:gfx942", 4 * 128 * 36 * 2, 0), ("vulkan", 2 * 128 * 32 * 2, 0),
    ("cuda:sm_80", 0, 56832)])
def test_kernel_shared_bytes(example, target, shared, dynamic):
    # The static part was reported as 0 on every target.
    [kernel] = tm.compile(example("gemm"), target=target, parts="mlir").kernels
    assert (kernel.shared_bytes, kernel.dynamic_shared_bytes) == (shared, dynamic)


def test_vulkan_parts(example):
    a = tm.compile(example("vector_add"), target="vulkan", parts="mlir,spirv-asm")
    assert a.device_format == "spirv"
    assert a.spirv[:4] == (0x07230203).to_bytes(4, "little")
    assert "OpEntryPoint GLCompute" in a.spirv_asm


@pytest.mark.skipif(not shutil.which("ld.lld", path="/usr/lib/llvm-22/bin:" +
                                               os.environ.get("PATH", "")),
                    reason="ld.lld links rocm code objects")
def test_rocm_parts(example):
    # The jit wants device code it can load: a code object, linked by ld.lld.
    a = tm.compile(example("vector_add"), target="rocm:gfx942", parts="mlir,isa")
    assert a.part_names == ["mlir", "isa", "hsaco"]
    assert a.device_format == "hsaco"
    assert "amdgcn-amd-amdhsa--gfx942" in a.isa
    assert a.hsaco[:4] == b"\x7fELF"
    # The assembly is a second run of LLVM's code generation: only on request.
    b = tm.compile(example("vector_add"), target="rocm:gfx942", parts="mlir")
    assert b.part_names == ["mlir", "hsaco"]
    assert b.isa is None
    assert b.hsaco[:4] == b"\x7fELF"


def test_pipeline_text(example):
    a = tm.compile(example("vector_add"), target="cpu")
    pipeline = a.pipeline
    assert pipeline.startswith("// shared semantic check\nbuiltin.module(tile-verify)\n")
    assert "// lowering (pipelines/cpu.pipeline)" in pipeline
    expected = subprocess.run([os.path.join(TOOLS, "tile-opt"), "--target=cpu", "--print-pipeline"],
                              capture_output=True, text=True, check=True).stdout
    assert pipeline.strip() == expected.strip()


def test_pass_dumps(example):
    a = tm.compile(example("gemm"), target="cpu", dump_passes=True)
    names = [d.pass_name for d in a.pass_dumps]
    assert names[0] == "tile-verify"
    assert "tile-cpu-gemm" in names and "convert-func-to-llvm" in names
    assert names.index("tile-cpu-gemm") < names.index("convert-func-to-llvm")
    gemm = a.pass_dumps[names.index("tile-cpu-gemm")]
    before = a.pass_dumps[names.index("tile-cpu-gemm") - 1]
    assert '"tile.gemm"' in before.ir and '"tile.gemm"' not in gemm.ir
    # The last dump is the module the artifact's "mlir" part was printed from
    # (before host codegen's own pipeline, whose dumps come later).
    assert any(d.ir.strip() == a.mlir.strip() for d in a.pass_dumps)
    assert tm.compile(example("gemm"), target="cpu").pass_dumps == []


def test_path_and_bytes_sources(example):
    path = pathlib.Path(EXAMPLES) / "reduce.mlir"
    assert tm.compile(path, target="cpu").entry_names == ["row_max_sum"]
    assert tm.compile(example("reduce").encode(), target="cpu").entry_names == ["row_max_sum"]
    with pytest.raises(TypeError, match="takes MLIR text"):
        tm.compile(42, target="cpu")
    # A target that is no string was an AttributeError from inside.
    with pytest.raises(TypeError, match="target is a string such as tile-opt's --target takes, "
                                        "not int"):
        tm.compile(example("reduce"), target=5)
    with pytest.raises(TypeError, match="exec is a string"):
        tm.compile(example("reduce"), target="cpu", exec=True)


def test_parse_error_is_located():
    with pytest.raises(tm.CompileError) as e:
        tm.compile("func.func @f() {\n  %x = arith.bogus\n}\n", target="cpu", name="k.mlir")
    assert str(e.value) == ("k.mlir:2:8: error: custom op 'arith.bogus' is unknown\n"
                            "  %x = arith.bogus\n"
                            "       ^\n")
    assert e.value.diagnostics.startswith("k.mlir:2:8: error:")


def test_custom_form_of_a_tile_op_is_located():
    # MLIR 22's parser fails on it without a diagnostic.
    with pytest.raises(tm.CompileError) as e:
        tm.compile("func.func @f(%b: memref<4xf32>, %v: f32) {\n  tile.fill %b, %v\n  return\n}\n",
                   target="cpu", name="k.mlir")
    assert str(e.value).startswith(
        "k.mlir:2:3: error: custom op 'tile.fill' is unknown: the ops of the tile dialects have only "
        "the generic form, \"tile.fill\"(<operands>) : (<types>) -> (<types>)\n")


def test_verifier_errors_all_reported(example):
    text = example("gemm").replace("tile.threads = 128", "tile.threads = 4096")
    with pytest.raises(tm.CompileError, match=r"<string>:\d+:\d+: error: .scf.forall. op tile.threads must "
                                              r"be an integer in \[1, 1024\]"):
        tm.compile(text, target="cpu")


def test_invalid_target(example):
    with pytest.raises(tm.CompileError, match="invalid target 'cuda:sm_61': unknown cuda chip"):
        tm.compile(example("gemm"), target="cuda:sm_61")
    with pytest.raises(tm.CompileError, match="exec"):
        tm.compile(example("gemm"), target="cpu", exec="nonsense")


def test_compiles_in_threads(example):
    results, errors = [], []

    def work(target):
        try:
            results.append(tm.compile(example("gemm"), target=target).target)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in ("cpu", "vulkan", "cuda:sm_80")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(r.split(":")[0].split(",")[0] for r in results) == ["cpu", "cuda", "vulkan"]


def test_closed_artifact(example):
    a = tm.compile(example("vector_add"), target="cpu")
    a.close()
    a.close()
    assert repr(a) == "Artifact(closed)"
    with pytest.raises(ValueError, match="closed"):
        a.part("mlir")


def test_contexts_are_reused(example):
    # A closed artifact's context serves the next compilation (loading the
    # dialects into a new one costs more than a cache hit); one in use is
    # never shared; a failed compilation leaves none of its diagnostics
    # behind; a context whose threading a pass dump turned off is not kept.
    import numpy as np

    def context(artifact):
        return artifact._session.ctx.ptr

    first = tm.compile(example("vector_add"), target="cpu")
    used = context(first)
    first.close()
    again = tm.compile(example("vector_add"), target="cpu")
    assert context(again) == used
    other = tm.compile(example("vector_add"), target="cpu")
    assert context(other) != used
    a = np.arange(100, dtype=np.float32)
    c = np.zeros(100, np.float32)
    again(a, a, c)
    np.testing.assert_array_equal(c, 2 * a)
    other.close()
    for name in ("x.mlir", "y.mlir"):
        with pytest.raises(tm.CompileError) as e:
            tm.compile("func.func @f() {\n  %x = arith.bogus\n}\n", target="cpu", name=name)
        assert str(e.value).startswith(name + ":2:8: error:")
        assert str(e.value).count("error:") == 1
    dumped = tm.compile(example("vector_add"), target="cpu", dump_passes=True)
    kept = context(dumped)
    dumped.close()
    from tile_mlir import compiler
    assert kept not in [ctx.ptr for ctx, _uses in compiler._contexts._idle]
