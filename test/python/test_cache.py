# RUN: %pytest %s
# REQUIRES: python-bindings
"""The kernel cache from Python: misses then hits that run, entries checked
against a Python copy of their checksum, truncated and damaged entries
rebuilt, several processes filling one directory at once, and the ways to
turn it off."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import tile_mlir as tm
from helpers import gemm_inputs, gemm_reference

from gemm import gemm, make_gemm  # noqa: E402 (examples/python)

HEADER = 8 + 8 + 32 + 8 + 32  # magic, version, key, length, checksum
MASK = (1 << 64) - 1
PRIME1, PRIME2 = 0x9e3779b185ebca87, 0xc2b2ae3d27d4eb4f


def _mix(lane, word):
    lane ^= (word * PRIME2) & MASK
    lane = ((lane << 31) | (lane >> 33)) & MASK
    return (lane * PRIME1) & MASK


def checksum64(data):
    """lib/support/checksum.c, written again from its description: four
    lanes over 8-byte little-endian words, the length, the words left, the
    tail bytes, a final mix."""
    words = [int.from_bytes(data[i:i + 8], "little") for i in range(0, len(data) - 7, 8)]
    lanes = [PRIME1, PRIME2, ~PRIME1 & MASK, ~PRIME2 & MASK]
    whole = len(data) // 32
    for i in range(whole):
        for lane in range(4):
            lanes[lane] = _mix(lanes[lane], words[4 * i + lane])
    h = (len(data) * PRIME1) & MASK
    for lane in lanes:
        h = _mix(h, lane)
    for w in words[4 * whole:]:
        h = _mix(h, w)
    h = _mix(h, int.from_bytes(data[len(words) * 8:], "little"))
    h ^= h >> 33
    h = (h * PRIME2) & MASK
    h ^= h >> 29
    return h.to_bytes(8, "little") + bytes(24)


def entries(directory):
    return sorted(f for f in os.listdir(directory) if f.endswith(".tile"))


def test_miss_then_hit(tmp_path):
    first = tm.compile(gemm, target="cpu", cache=tmp_path)
    second = tm.compile(gemm, target="cpu", cache=tmp_path)
    assert (first.cache_hit, second.cache_hit) == (False, True)
    assert second.parts == first.parts
    assert second.entry_names == ["gemm"]
    A, B, C = gemm_inputs(np.random.default_rng(0), 70, 90, 50)
    second(A, B, C)
    np.testing.assert_allclose(C, gemm_reference(A, B), atol=1e-4, rtol=1e-3)
    [entry] = entries(tmp_path)
    # The checksum in the header is that of what follows.
    data = (tmp_path / entry).read_bytes()
    assert data[:8] == b"TILECACH"
    assert data[56:88] == checksum64(data[HEADER:])
    assert int.from_bytes(data[48:56], "little") == len(data) - HEADER


def test_what_changes_the_key(tmp_path):
    tm.compile(gemm, target="cpu", cache=tmp_path)
    assert tm.compile(gemm, target="cpu", cache=tmp_path, parts="llvm").cache_hit is False
    assert tm.compile(gemm, target="cuda:sm_90a", cache=tmp_path).cache_hit is False
    assert tm.compile(gemm, target="cuda:sm_80", cache=tmp_path).cache_hit is False
    assert tm.compile(make_gemm(num_stages=2), target="cpu", cache=tmp_path).cache_hit is False
    assert len(entries(tmp_path)) == 5
    hit = tm.compile(gemm, target="cuda:sm_90a", cache=tmp_path)
    assert hit.cache_hit and ".target sm_90a" in hit.ptx and hit.kernels[0].block == (128, 1, 1)


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty", "garbage"])
def test_damaged_entries_are_rebuilt(tmp_path, damage):
    tm.compile(gemm, target="cpu", cache=tmp_path)
    [entry] = entries(tmp_path)
    path = tmp_path / entry
    whole = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(whole[:len(whole) // 3])
    elif damage == "flip":
        path.write_bytes(whole[:-50] + bytes([whole[-50] ^ 1]) + whole[-49:])
    elif damage == "empty":
        path.write_bytes(b"")
    else:
        path.write_bytes(os.urandom(len(whole)))
    again = tm.compile(gemm, target="cpu", cache=tmp_path)
    assert again.cache_hit is False
    assert path.read_bytes() == whole  # rebuilt: the same entry again
    assert tm.compile(gemm, target="cpu", cache=tmp_path).cache_hit is True


CONCURRENT = textwrap.dedent("""
    import sys
    sys.path.insert(0, %(examples)r)
    import tile_mlir as tm
    from gemm import make_gemm
    hits = [tm.compile(make_gemm(num_stages=s), target="cpu", cache=%(dir)r).cache_hit
            for s in (1, 2, 3, 4)]
    print(sum(hits))
""")


def test_processes_share_a_directory(tmp_path):
    examples = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "python")
    script = CONCURRENT % {"examples": examples, "dir": str(tmp_path)}
    procs = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(4)]
    results = [p.communicate() for p in procs]
    assert [p.returncode for p in procs] == [0] * 4, results
    # Four kernels, whoever stored them; no temporary files left behind.
    assert len(entries(tmp_path)) == 4
    assert sorted(os.listdir(tmp_path)) == entries(tmp_path)
    for entry in entries(tmp_path):
        data = (tmp_path / entry).read_bytes()
        assert data[56:88] == checksum64(data[HEADER:])
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.stdout.strip() == "4", run.stderr


def test_turning_it_off(tmp_path):
    assert tm.compile(gemm, target="cpu", cache=False).cache_hit is None
    assert tm.compile(gemm, target="cpu", dump_passes=True, cache=tmp_path).cache_hit is False
    assert entries(tmp_path) == []  # compilations that print IR store nothing
    script = ("import tile_mlir as tm; print(tm.cache.default_directory()); "
              "print(tm.compile('func.func @f() { return }', target='cpu').cache_hit)")
    env = dict(os.environ, TILE_CACHE="off")
    off = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True)
    assert off.stdout.split() == ["None", "None"], off.stderr
    env = dict(os.environ, TILE_CACHE="on", TILE_CACHE_DIR=str(tmp_path / "default"))
    on = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                        text=True)
    assert on.stdout.split() == [str(tmp_path / "default"), "False"], on.stderr
    with pytest.raises(OSError, match="cannot create the kernel cache directory '/proc/no'"):
        tm.compile(gemm, target="cpu", cache="/proc/no")
    (tmp_path / "plain").write_text("a file, not a directory")
    with pytest.raises(OSError, match="cache directory '.*plain': Not a directory"):
        tm.compile(gemm, target="cpu", cache=tmp_path / "plain")


def test_tile_run_shares_entries(tmp_path, example):
    """An entry tile-run stores is a hit for Python when the text and the
    source name are the same, and the other way round."""
    from helpers import TOOLS
    path = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "vector_add.mlir")
    path = os.path.normpath(path)
    run = subprocess.run([os.path.join(TOOLS, "tile-run"), path, "--target=cpu",
                          "--shape=0,1,2=100", "--cache=" + str(tmp_path), "--cache-info"],
                         capture_output=True, text=True)
    assert "cache: miss" in run.stderr, run.stderr
    hit = tm.compile(example("vector_add"), target="cpu", parts="", name=path,
                     cache=tmp_path)
    assert hit.cache_hit is True


def test_another_build_of_libtile_misses(tmp_path, example):
    # A rebuilt libtile can make other code from the same input under the
    # same version: a copy whose build ID differs in one byte must not load
    # the entry the running libtile made.
    tm.version()  # loads libtile
    with open("/proc/self/maps", encoding="utf-8") as maps:  # the libtile in use
        library = next(line.split()[-1] for line in maps
                       if line.rstrip().endswith("/libtile.so") or "/libtile.so." in line)
    notes = subprocess.run(["/usr/lib/llvm-22/bin/llvm-readelf", "--notes", library],
                           capture_output=True, text=True, check=True).stdout
    build_id = bytes.fromhex(notes.split("Build ID:")[1].split()[0])
    data = bytearray(open(library, "rb").read())
    assert data.count(build_id) == 1
    data[data.index(build_id)] ^= 0xff
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "libtile.so").write_bytes(bytes(data))
    cache = tmp_path / "cache"
    source = tmp_path / "gemm.mlir"
    source.write_text(example("gemm"))
    script = ("import tile_mlir as tm\n"
              "print(tm.compile(open(%r).read(), target='cpu', cache=%r).cache_hit)\n"
              % (str(source), str(cache)))

    def hit(library_path):
        env = dict(os.environ, TILE_MLIR_LIBRARY=library_path)
        run = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                             text=True)
        assert run.returncode == 0, run.stderr
        return run.stdout.strip()

    assert [hit(library), hit(library)] == ["False", "True"]
    assert hit(str(tmp_path / "lib" / "libtile.so")) == "False"
    assert len(entries(cache)) == 2
