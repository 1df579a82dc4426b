#!/usr/bin/python3
"""Random tile kernels, compiled for every target and run where they can run.

  scripts/stress.py [--count N] [--seed S] [--build DIR] [--families F,...]
                    [--jobs J] [TARGET...]

Twelve families of kernels, with random tile shapes, thread counts, stage
counts, element types and scopes, and random problem shapes that do and do
not divide the tiles:

  gemm    tile sizes, threads, stages, f16/bf16/f32/i8, B stored n x k,
          gemm policies, K loops from 0 or 1 or stepping through K, an
          elementwise epilogue over the accumulator
  reduce  every kind along either dimension of a fragment, shared or local
          tile, into a fragment, shared or local vector,
          kept across tiles (clear = false), with pad values
  copy    global -> tile -> tile -> global through ranks 1 to 3,
          rank-reducing windows, windows that start before their buffers,
          views with permuted dimensions (strided rows), element
          conversions, every pair of scopes
  atomic  split-K style atomic adds of fragment, shared and local tiles
          (every thread's copy) into a global buffer, f32, f64, f16, i32
          and i64, with windows that start before it
  mixed   gemm, elementwise loops (some calling functions of the file), row
          and column reductions, reduced vectors applied back to every
          element, and copies in one kernel
  scalar  the scalar code of thread-parallel loops: float and integer
          arithmetic, math, loops, scf.index_switch, calls, a thread's own
          arrays with memref.copy and views
  loops   nested scf.for and scf.while loops with run-time trip counts
          (some zero), early exits and branches, carrying values
  product tile.gemm in every form: A and/or B transposed, every pair of
          element types the dialect allows (f16 into f16 ... i32 into i64,
          integers wrapping), A and B in any scope, C in a fragment or a
          local tile, clear_accum
  shared_atomic
          atomic adds into a shared row tile: a fragment, then a 1-D
          fragment (replicated), local or shared tile through a clipped
          rank-reducing window
  windows tiles copied through windows of other tiles (of every scope) that
          may start before them or run past them, and back
  view    tiles copied through views of global buffers: subviews with
          offsets and steps, reinterpret casts, collapse_shape, expand_shape
          into sizes known at run time only, made in the host code or in
          the kernel
  calls   calls the block's code makes of functions that make atomic
          updates (which run on every thread of the block), through
          chains of calls, in loops and under choices on the block id,
          by name or through a func.constant's value

Where a target's jit can run here (cpu and vulkan on lavapipe; cuda and
rocm on a machine with the GPU), every kernel runs (tile-run) and is
checked: the gemm against tile-run's reference, the others against a
plain-loop function of the same file (mixed kernels: the same function run
on the cpu). Elsewhere every kernel is compiled (PTX goes through ptxas when
the CUDA toolkit is there).

A kernel must give the right result or be refused with a located error
(a GPU runtime's refusal, which names the kernel, counts as one: e.g.
lavapipe's 32 KiB of shared memory). A crash, a hang, an error without a location, a wrong result, PTX that
ptxas rejects, or setmaxnreg budgets beyond the registers ptxas gives the
block (its consumers would wait for them forever) is a failure: the input is kept in DIR/stress/ and the exit
status is 1. Default: 10 kernels of each family for each of cpu, vulkan,
cuda:sm_80, cuda:sm_90a and rocm:gfx942, seed 0. The kernels are made in
one order, checked J at a time (default: one per core) and reported in that
order, so a seed gives the same kernels and report whatever J is.
"""
import argparse
import collections
import math
import os
import random
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

# glibc fills freed memory: a pass that reads an op it erased reads it
# inside libMLIR and would see it intact until the memory is reused (as the
# suite does, test/lit.cfg.py).
os.environ.setdefault("MALLOC_PERTURB_", "165")

SHARED = "#gpu.address_space<workgroup>"
FRAGMENT = "#tile.fragment"
LOCAL = "#gpu.address_space<private>"
TIMEOUT = 300


def gemm(rng):
    """A pipelined GEMM kernel; checked by tile-run --check=gemm."""
    # One in four has the warp-specialised shape (sm_90a's TMA + wgmma
    # path): a producer warpgroup and one per 64 rows of 16-bit tiles.
    hopper = rng.random() < 0.25
    bm = rng.choice([64, 128, 192, 256] if hopper else [8, 16, 32, 48, 64, 96, 128, 256])
    bn = rng.choice([64, 128, 192, 256] if hopper else [8, 16, 32, 48, 64, 128, 256])
    bk = rng.choice([32, 64] if hopper else [8, 16, 32, 64])
    elem = rng.choice(["f16", "bf16"] if hopper else ["f16", "bf16", "f32", "i8"])
    acc, zero, one, mul, mx = (("i32", "0", "1", "arith.muli", "arith.maxsi")
                               if elem == "i8" else
                               ("f32", "0.0", "1.0", "arith.mulf", "arith.maximumf"))
    tb = not hopper and rng.random() < 0.3
    b_tile = (bn, bk) if tb else (bk, bn)
    attrs = ["transpose_b = true"] if tb else []
    if not hopper and rng.random() < 0.3:
        attrs.append('policy = "%s"' % rng.choice(["square", "full_row", "full_col"]))
    stages = rng.choice([2, 3, 4] if hopper else [0, 1, 2, 3, 4])
    epilogue = ""
    if not hopper and rng.random() < 0.4:
        epilogue = f"""    %one = arith.constant {one} : {acc}
    scf.forall (%i, %j) in ({bm}, {bn}) {{
      %x = memref.load %acc[%i, %j] : !acc_tile
      %y = {mul} %x, %one : {acc}
      %z = {mx} %y, %y : {acc}
      memref.store %z, %acc[%i, %j] : !acc_tile
    }}
"""
    threads = 128 * (1 + bm // 64) if hopper else rng.choice([32, 64, 128, 256])
    # The K loop counts tiles from 0 or from 1, or steps through K itself
    # (the pipelines remap the copies' offsets to later iterations).
    k_loop = rng.choice([
        "scf.for %kt = %c0 to %k_tiles step %c1 {\n      %k0 = arith.muli %kt, %bk : index",
        "scf.for %kt = %c1 to %k_end step %c1 {\n      %kp = arith.subi %kt, %c1 : index\n"
        "      %k0 = arith.muli %kp, %bk : index",
        "scf.for %k0 = %c0 to %K step %bk {"])
    text = f"""!A_tile = memref<{bm}x{bk}x{elem}, {SHARED}>
!B_tile = memref<{b_tile[0]}x{b_tile[1]}x{elem}, {SHARED}>
!acc_tile = memref<{bm}x{bn}x{acc}, {FRAGMENT}>
func.func @gemm(%A: memref<?x?x{elem}>, %B: memref<?x?x{elem}>, %C: memref<?x?x{acc}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = arith.constant {bm} : index
  %bn = arith.constant {bn} : index
  %bk = arith.constant {bk} : index
  %zero = arith.constant {zero} : {acc}
  %M = memref.dim %A, %c0 : memref<?x?x{elem}>
  %K = memref.dim %A, %c1 : memref<?x?x{elem}>
  %N = memref.dim %B, %c{0 if tb else 1} : memref<?x?x{elem}>
  %grid_m = arith.ceildivui %M, %bm : index
  %grid_n = arith.ceildivui %N, %bn : index
  %k_tiles = arith.ceildivui %K, %bk : index
  %k_end = arith.addi %k_tiles, %c1 : index
  scf.forall (%i0, %j0) in (%grid_m, %grid_n) {{
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    "tile.fill"(%acc, %zero) : (!acc_tile, {acc}) -> ()
    %m0 = arith.muli %i0, %bm : index
    %n0 = arith.muli %j0, %bn : index
    {k_loop}
      "tile.copy"(%A, %A_s, %m0, %k0) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}}
          : (memref<?x?x{elem}>, !A_tile, index, index) -> ()
      "tile.copy"(%B, %B_s, {"%n0, %k0" if tb else "%k0, %n0"}) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}}
          : (memref<?x?x{elem}>, !B_tile, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) {{{", ".join(attrs)}}} : (!A_tile, !B_tile, !acc_tile) -> ()
    }}{" {tile.num_stages = %d : i64}" % stages if stages else ""}
{epilogue}    "tile.copy"(%acc, %C, %m0, %n0) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}}
        : (!acc_tile, memref<?x?x{acc}>, index, index) -> ()
  }} {{mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = {threads} : i64}}
  return
}}
"""
    m, n, k = rng.choice([(bm, bn, 2 * bk), (rng.randint(1, 300), rng.randint(1, 300), rng.randint(1, 200))])
    args = ["--entry=gemm", "--shape=0=%dx%d" % (m, k), "--shape=1=%dx%d" % ((n, k) if tb else (k, n)),
            "--shape=2=%dx%d" % (m, n), "--check=gemm"]
    if tb:
        args.append("--transpose-b")
    if elem != "f32" and elem != "i8":
        args += ["--atol=0.05", "--rtol=0.05"]
    return text, args


# The identity of each reduction and its step, per element type. f16 sums
# are left out: their rounding depends on the order of the additions.
REDUCE_INIT = {
    "f32": {"sum": "0.0", "absmax": "0.0", "max": "0xFF800000", "min": "0x7F800000",
            "abssum": "0.0"},
    "f64": {"sum": "0.0", "absmax": "0.0", "max": "0xFFF0000000000000", "min": "0x7FF0000000000000",
            "abssum": "0.0"},
    "f16": {"absmax": "0.0", "max": "0xFC00", "min": "0x7C00"},
    "i32": {"sum": "0", "absmax": "0", "max": "-2147483648", "min": "2147483647", "abssum": "0"},
}
REDUCE_STEP = {
    "f": {"sum": "arith.addf %acc, %x", "max": "arith.maximumf %acc, %x",
          "min": "arith.minimumf %acc, %x", "absmax": "arith.maximumf %acc, %ax",
          "abssum": "arith.addf %acc, %ax"},
    "i": {"sum": "arith.addi %acc, %x", "max": "arith.maxsi %acc, %x",
          "min": "arith.minsi %acc, %x", "absmax": "arith.maxsi %acc, %ax",
          "abssum": "arith.addi %acc, %ax"},
}


def reduce(rng):
    """Rows or columns of X reduced tile by tile; checked against @ref."""
    bm = rng.choice([1, 2, 4, 8, 16, 32, 64, 128])
    bn = rng.choice([1, 2, 4, 8, 16, 32, 64, 128, 256])
    elem = rng.choice(["f32", "f32", "f64", "f16", "i32"])
    kind = rng.choice(list(REDUCE_INIT[elem]))
    init = REDUCE_INIT[elem][kind]
    step = REDUCE_STEP[elem[0]][kind]
    absolute = "math.absf" if elem[0] == "f" else "math.absi"
    dim = rng.choice([0, 1])
    tile = "memref<%dx%dx%s, %s>" % (bm, bn, elem, rng.choice([FRAGMENT, FRAGMENT, SHARED, LOCAL]))
    part = "memref<%dx%s, %s>" % (bm if dim == 1 else bn, elem, rng.choice([FRAGMENT, FRAGMENT, SHARED, LOCAL]))
    # dim 1: blocks over rows, tiles along the columns; dim 0 the other way.
    outer, inner = ("%M", "%N") if dim == 1 else ("%N", "%M")
    outer_tile, inner_tile = ("%bm", "%bn") if dim == 1 else ("%bn", "%bm")
    offsets = "%o0, %i0" if dim == 1 else "%i0, %o0"
    ref_index = "%o, %i" if dim == 1 else "%i, %o"
    text = f"""func.func @red(%X: memref<?x?x{elem}>, %out: memref<?x{elem}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = arith.constant {bm} : index
  %bn = arith.constant {bn} : index
  %init = arith.constant {init} : {elem}
  %M = memref.dim %X, %c0 : memref<?x?x{elem}>
  %N = memref.dim %X, %c1 : memref<?x?x{elem}>
  %grid = arith.ceildivui {outer}, {outer_tile} : index
  %tiles = arith.ceildivui {inner}, {inner_tile} : index
  scf.forall (%b) in (%grid) {{
    %t = "tile.alloc"() : () -> {tile}
    %acc = "tile.alloc"() : () -> {part}
    "tile.fill"(%acc, %init) : ({part}, {elem}) -> ()
    %o0 = arith.muli %b, {outer_tile} : index
    scf.for %it = %c0 to %tiles step %c1 {{
      %i0 = arith.muli %it, {inner_tile} : index
      "tile.copy"(%X, %t, {offsets}) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = {init} : {elem}}}
          : (memref<?x?x{elem}>, {tile}, index, index) -> ()
      "tile.reduce"(%t, %acc) {{kind = "{kind}", dim = {dim} : i64, clear = false}} : ({tile}, {part}) -> ()
    }}
    "tile.copy"(%acc, %out, %o0) {{operandSegmentSizes = array<i32: 1, 1, 0, 1>}}
        : ({part}, memref<?x{elem}>, index) -> ()
  }} {{mapping = [#gpu.block<x>], tile.threads = {rng.choice([32, 64, 128, 256])} : i64}}
  return
}}
func.func @ref(%X: memref<?x?x{elem}>, %out: memref<?x{elem}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant {init} : {elem}
  %M = memref.dim %X, %c0 : memref<?x?x{elem}>
  %N = memref.dim %X, %c1 : memref<?x?x{elem}>
  scf.for %o = %c0 to {outer} step %c1 {{
    %r = scf.for %i = %c0 to {inner} step %c1 iter_args(%acc = %init) -> {elem} {{
      %x = memref.load %X[{ref_index}] : memref<?x?x{elem}>
      %ax = {absolute} %x : {elem}
      %next = {step} : {elem}
      scf.yield %next : {elem}
    }}
    memref.store %r, %out[%o] : memref<?x{elem}>
  }}
  return
}}
"""
    m, n = rng.randint(1, 300), rng.randint(1, 300)
    return text, ["--entry=red", "--shape=0=%dx%d" % (m, n), "--shape=1=%d" % (m if dim == 1 else n),
                  "--check=ref"]


# (source, dest, the reference's conversion: ops through intermediate types)
CONVERSIONS = [("f32", "f16", [("arith.truncf", "f16")]), ("f16", "f32", [("arith.extf", "f32")]),
               ("bf16", "f32", [("arith.extf", "f32")]), ("f32", "bf16", [("arith.truncf", "bf16")]),
               ("f64", "f32", [("arith.truncf", "f32")]), ("f16", "f64", [("arith.extf", "f64")]),
               ("bf16", "f16", [("arith.extf", "f32"), ("arith.truncf", "f16")]),
               ("f16", "bf16", [("arith.extf", "f32"), ("arith.truncf", "bf16")]),
               ("i32", "i8", [("arith.trunci", "i8")]), ("i8", "i32", [("arith.extsi", "i32")]),
               ("i16", "i64", [("arith.extsi", "i64")]), ("i64", "i16", [("arith.trunci", "i16")]),
               ("f32", "f32", []), ("i32", "i32", [])]


def copy(rng):
    """X through two tiles into Y, converted; checked against @ref."""
    rank = rng.choice([1, 2, 2, 3])
    tile_rank = rng.choice([rank, rank - 1]) if rank > 1 else 1
    extents = [rng.choice([1, 2, 3, 8, 16, 33, 64, 128]) for _ in range(tile_rank)]
    while math.prod(extents) > 8192:
        extents = [max(1, e // 2) for e in extents]
    src, dst, convert = rng.choice(CONVERSIONS)
    scopes = [rng.choice([SHARED, FRAGMENT, LOCAL]) for _ in range(2)]
    window = [1] * (rank - tile_rank) + extents
    # Windows shifted back by `shift` elements start before the buffers
    # (negative offsets); one more block covers the end.
    shift = [rng.choice([0, 0, 0, 1, 3]) for _ in range(rank)]
    dyn = "x".join(["?"] * rank)
    X, Y = "memref<%sx%s>" % (dyn, src), "memref<%sx%s>" % (dyn, dst)
    # Some kernels copy through views of X and Y with their dimensions
    # permuted alike (Y = X all the same): rows strided on both sides.
    perm = None
    if rank > 1 and rng.random() < 0.3:
        perm = list(range(rank))
        while perm[-1] == rank - 1:
            rng.shuffle(perm)
    Xv, Yv = X, Y
    if perm:
        strides = ["?"] * (rank - 1) + ["1"]
        layout = ", strided<[%s]>>" % ", ".join(strides[p] for p in perm)
        Xv, Yv = X[:-1] + layout, Y[:-1] + layout
        dims = ", ".join("d%d" % d for d in range(rank))
        permuted = ", ".join("d%d" % p for p in perm)
    shape = "x".join(map(str, extents))
    t1, t2 = "memref<%sx%s, %s>" % (shape, src, scopes[0]), "memref<%sx%s, %s>" % (shape, dst, scopes[1])
    ids = ", ".join("%%b%d" % d for d in range(rank))
    offsets = ", ".join("%%o%d" % d for d in range(rank))
    index = ", ".join(["index"] * rank)
    pad = ""
    if rng.random() < 0.3:
        pad = ", pad = %s : %s" % ("3" if src.startswith("i") else "2.5", src)
    arg = "0" if perm else ""
    lines = ["func.func @cp(%%X%s: %s, %%Y%s: %s) {" % (arg, X, arg, Y)]
    for name, plain, view in (("X", X, Xv), ("Y", Y, Yv)) if perm else ():
        lines.append("  %%%s = memref.transpose %%%s0 (%s) -> (%s) : %s to %s"
                     % (name, name, dims, permuted, plain, view))
    for d in range(rank):
        lines += ["  %%c%d = arith.constant %d : index" % (d, d),
                  "  %%d%d = memref.dim %%Y, %%c%d : %s" % (d, d, Yv),
                  "  %%e%d = arith.constant %d : index" % (d, window[d]),
                  "  %%p%d = arith.constant %d : index" % (d, shift[d]),
                  "  %%q%d = arith.addi %%d%d, %%p%d : index" % (d, d, d),
                  "  %%g%d = arith.ceildivui %%q%d, %%e%d : index" % (d, d, d)]
    lines.append("  scf.forall (%s) in (%s) {" % (ids, ", ".join("%%g%d" % d for d in range(rank))))
    for d in range(rank):
        lines += ["    %%m%d = arith.muli %%b%d, %%e%d : index" % (d, d, d),
                  "    %%o%d = arith.subi %%m%d, %%p%d : index" % (d, d, d)]
    lines += ['    %t1 = "tile.alloc"() : () -> ' + t1,
              '    %t2 = "tile.alloc"() : () -> ' + t2,
              '    "tile.copy"(%%X, %%t1, %s) {operandSegmentSizes = array<i32: 1, 1, %d, 0>%s} : (%s, %s, %s) -> ()'
              % (offsets, rank, pad, Xv, t1, index),
              '    "tile.copy"(%%t1, %%t2) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (%s, %s) -> ()' % (t1, t2),
              '    "tile.copy"(%%t2, %%Y, %s) {operandSegmentSizes = array<i32: 1, 1, 0, %d>} : (%s, %s, %s) -> ()'
              % (offsets, rank, t2, Yv, index),
              "  } {mapping = [%s], tile.threads = %d : i64}"
              % (", ".join("#gpu.block<%s>" % "xyz"[rank - 1 - d] for d in range(rank)),
                 rng.choice([1, 32, 64, 128, 256])),
              "  return", "}",
              "func.func @ref(%%X: %s, %%Y: %s) {" % (X, Y),
              "  %step = arith.constant 1 : index"]
    for d in range(rank):
        lines += ["  %%c%d = arith.constant %d : index" % (d, d),
                  "  %%d%d = memref.dim %%Y, %%c%d : %s" % (d, d, Y)]
    for d in range(rank):
        lines.append("  " * (d + 1) + "scf.for %%i%d = %%c0 to %%d%d step %%step {" % (d, d))
    body = "  " * (rank + 1)
    at = ", ".join("%%i%d" % d for d in range(rank))
    lines.append(body + "%%x = memref.load %%X[%s] : %s" % (at, X))
    value, type_ = "%x", src
    for i, (op, to) in enumerate(convert):
        lines.append(body + "%%y%d = %s %s : %s to %s" % (i, op, value, type_, to))
        value, type_ = "%%y%d" % i, to
    lines.append(body + "memref.store %s, %%Y[%s] : %s" % (value, at, Y))
    lines += ["  " * (d + 1) + "}" for d in reversed(range(rank))]
    lines += ["  return", "}"]
    sizes = "x".join(str(rng.choice([1, 2, 5, 17, 64, 100, 130])) for _ in range(rank))
    return "\n".join(lines) + "\n", ["--entry=cp", "--shape=0,1=" + sizes, "--check=ref"]


def atomic(rng):
    """Split-K style atomic adds of tiles into Y; checked against @ref."""
    elem = rng.choice(["f32", "f32", "i32", "i64", "f64", "f16", "bf16"])
    # A local tile is added once per thread: f16 and bf16 sums of that many
    # terms round too far from the reference's order to compare.
    scope = rng.choice([FRAGMENT, SHARED] if elem in ("f16", "bf16") else [FRAGMENT, SHARED, LOCAL])
    threads = rng.choice([1, 32, 64, 128])
    extents = [rng.choice([1, 2, 8, 16, 32, 64]) for _ in range(2)]
    splits = rng.choice([1, 2, 3])
    # Windows shifted back by `shift` start before Y; one more block covers
    # the end. Every thread adds its own copy of a local tile.
    shift = [rng.choice([0, 0, 1, 3]) for _ in range(2)]
    copies = threads if scope == LOCAL else 1
    X, Y = "memref<?x?x?x%s>" % elem, "memref<?x?x%s>" % elem
    t = "memref<%dx%dx%s, %s>" % (extents[0], extents[1], elem, scope)
    lines = ["func.func @add(%%X: %s, %%Y: %s) {" % (X, Y),
             "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index",
             "  %c2 = arith.constant 2 : index",
             "  %s = memref.dim %X, %c0 : " + X]
    for d in range(2):
        lines += ["  %%d%d = memref.dim %%Y, %%c%d : %s" % (d, d, Y),
                  "  %%e%d = arith.constant %d : index" % (d, extents[d]),
                  "  %%p%d = arith.constant %d : index" % (d, shift[d]),
                  "  %%q%d = arith.addi %%d%d, %%p%d : index" % (d, d, d),
                  "  %%g%d = arith.ceildivui %%q%d, %%e%d : index" % (d, d, d)]
    lines += ["  scf.forall (%b0, %b1, %k) in (%g0, %g1, %s) {"]
    for d in range(2):
        lines += ["    %%m%d = arith.muli %%b%d, %%e%d : index" % (d, d, d),
                  "    %%o%d = arith.subi %%m%d, %%p%d : index" % (d, d, d)]
    lines += ['    %t = "tile.alloc"() : () -> ' + t,
              '    "tile.copy"(%%X, %%t, %%k, %%o0, %%o1) {operandSegmentSizes = array<i32: 1, 1, 3, 0>} '
              ': (%s, %s, index, index, index) -> ()' % (X, t),
              '    "tile.atomic_add"(%%t, %%Y, %%o0, %%o1) : (%s, %s, index, index) -> ()' % (t, Y),
              "  } {mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>], tile.threads = %d : i64}"
              % threads,
              "  return", "}",
              "func.func @ref(%%X: %s, %%Y: %s) {" % (X, Y),
              "  %c0 = arith.constant 0 : index",
              "  %c1 = arith.constant 1 : index",
              "  %c2 = arith.constant 2 : index",
              "  %s = memref.dim %X, %c0 : " + X,
              "  %d0 = memref.dim %Y, %c0 : " + Y,
              "  %d1 = memref.dim %Y, %c1 : " + Y,
              "  %%n = arith.constant %d : index" % copies,
              "  scf.for %k = %c0 to %s step %c1 {",
              "    scf.for %i = %c0 to %d0 step %c1 {",
              "      scf.for %j = %c0 to %d1 step %c1 {",
              "        scf.for %r = %c0 to %n step %c1 {",
              "          %x = memref.load %X[%k, %i, %j] : " + X,
              "          %y = memref.load %Y[%i, %j] : " + Y,
              "          %%z = %s %%y, %%x : %s" % ("arith.addi" if elem.startswith("i") else "arith.addf", elem),
              "          memref.store %z, %Y[%i, %j] : " + Y,
              "        }", "      }", "    }", "  }",
              "  return", "}"]
    sizes = "x".join(str(rng.choice([1, 2, 5, 17, 64, 100])) for _ in range(2))
    return "\n".join(lines) + "\n", ["--entry=add", "--shape=0=%dx%s" % (splits, sizes),
                                      "--shape=1=" + sizes, "--check=ref"]


# (A and B, C, the reference's widening of A's and B's elements)
PRODUCTS = [("f16", "f16", None), ("f16", "f32", "arith.extf"), ("bf16", "f32", "arith.extf"),
            ("bf16", "bf16", None), ("f32", "f32", None), ("f32", "f64", "arith.extf"),
            ("f16", "f64", "arith.extf"), ("f64", "f64", None), ("i8", "i32", "arith.extsi"),
            ("i8", "i8", None), ("i16", "i32", "arith.extsi"), ("i32", "i32", None),
            ("i8", "i64", "arith.extsi"), ("i32", "i64", "arith.extsi")]


def product(rng):
    """tile.gemm in every form the dialect allows: A and B transposed or
    not, every pair of element types, A and B in any scope, C in a fragment
    or a local tile, clear_accum (every K tile clears C, so C ends as the
    product of the last one); checked against plain loops in @ref, which
    wrap integers the same way."""
    elem, acc, widen = rng.choice(PRODUCTS)
    bm, bn, bk = rng.choice([1, 8, 16, 32, 64]), rng.choice([1, 8, 16, 32, 64]), rng.choice([1, 8, 16, 32])
    ta, tb, clear = rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.25
    a_tile = "memref<%dx%dx%s, %s>" % (((bk, bm) if ta else (bm, bk)) + (elem, rng.choice([SHARED, FRAGMENT, LOCAL])))
    b_tile = "memref<%dx%dx%s, %s>" % (((bn, bk) if tb else (bk, bn)) + (elem, rng.choice([SHARED, FRAGMENT, LOCAL])))
    c_tile = "memref<%dx%dx%s, %s>" % (bm, bn, acc, rng.choice([FRAGMENT, FRAGMENT, LOCAL]))
    floating = acc[0] in "fb"
    start = "0.5" if floating else "3"
    attrs = ["transpose_a = true"] * ta + ["transpose_b = true"] * tb + ["clear_accum = true"] * clear
    stages = rng.choice([0, 0, 2, 3])
    g = "memref<?x?x%s>" % elem
    a_at = "%k, %i" if ta else "%i, %k"
    b_at = "%j, %k" if tb else "%k, %j"
    mul, add = ("arith.mulf", "arith.addf") if floating else ("arith.muli", "arith.addi")
    # The reference widens A's and B's elements to C's type first.
    loaded = "0" if widen else ""
    widened = "".join("        %%%s = %s %%%s0 : %s to %s\n" % (x, widen, x, elem, acc) for x in "ab" if widen)
    text = f"""func.func @gemm(%A: {g}, %B: {g}, %C: memref<?x?x{acc}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = arith.constant {bm} : index
  %bn = arith.constant {bn} : index
  %bk = arith.constant {bk} : index
  %start = arith.constant {start} : {acc}
  %M = memref.dim %C, %c0 : memref<?x?x{acc}>
  %N = memref.dim %C, %c1 : memref<?x?x{acc}>
  %K = memref.dim %A, %c{0 if ta else 1} : {g}
  %grid_m = arith.ceildivui %M, %bm : index
  %grid_n = arith.ceildivui %N, %bn : index
  %k_tiles = arith.ceildivui %K, %bk : index
  scf.forall (%i0, %j0) in (%grid_m, %grid_n) {{
    %a = "tile.alloc"() : () -> {a_tile}
    %b = "tile.alloc"() : () -> {b_tile}
    %acc = "tile.alloc"() : () -> {c_tile}
    "tile.fill"(%acc, %start) : ({c_tile}, {acc}) -> ()
    %m0 = arith.muli %i0, %bm : index
    %n0 = arith.muli %j0, %bn : index
    scf.for %kt = %c0 to %k_tiles step %c1 {{
      %k0 = arith.muli %kt, %bk : index
      "tile.copy"(%A, %a, {"%k0, %m0" if ta else "%m0, %k0"}) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}}
          : ({g}, {a_tile}, index, index) -> ()
      "tile.copy"(%B, %b, {"%n0, %k0" if tb else "%k0, %n0"}) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}}
          : ({g}, {b_tile}, index, index) -> ()
      "tile.gemm"(%a, %b, %acc) {{{", ".join(attrs)}}} : ({a_tile}, {b_tile}, {c_tile}) -> ()
    }}{" {tile.num_stages = %d : i64}" % stages if stages else ""}
    "tile.copy"(%acc, %C, %m0, %n0) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}}
        : ({c_tile}, memref<?x?x{acc}>, index, index) -> ()
  }} {{mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = {rng.choice([32, 64, 128, 256])} : i64}}
  return
}}
func.func @ref(%A: {g}, %B: {g}, %C: memref<?x?x{acc}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant {bk} : index
  %zero = arith.constant {"0.0" if floating else "0"} : {acc}
  %start = arith.constant {start} : {acc}
  %M = memref.dim %C, %c0 : memref<?x?x{acc}>
  %N = memref.dim %C, %c1 : memref<?x?x{acc}>
  %K = memref.dim %A, %c{0 if ta else 1} : {g}
  // With clear_accum, C holds the product of the last K tile alone.
  %k_tiles = arith.ceildivui %K, %bk : index
  %some = arith.cmpi ugt, %k_tiles, %c0 : index
  %last_tile = arith.subi %k_tiles, %c1 : index
  %last = arith.muli %last_tile, %bk : index
  %cleared = arith.constant {"true" if clear else "false"}
  %clear = arith.andi %some, %cleared : i1
  %k_start = arith.select %clear, %last, %c0 : index
  %init = arith.select %clear, %zero, %start : {acc}
  scf.for %i = %c0 to %M step %c1 {{
    scf.for %j = %c0 to %N step %c1 {{
      %r = scf.for %k = %k_start to %K step %c1 iter_args(%s = %init) -> {acc} {{
        %a{loaded} = memref.load %A[{a_at}] : {g}
        %b{loaded} = memref.load %B[{b_at}] : {g}
{widened}        %p = {mul} %a, %b : {acc}
        %t = {add} %s, %p : {acc}
        scf.yield %t : {acc}
      }}
      memref.store %r, %C[%i, %j] : memref<?x?x{acc}>
    }}
  }}
  return
}}
"""
    m, n, k = rng.randint(1, 150), rng.randint(1, 150), rng.randint(0, 100)
    if acc in ("f16", "bf16"):
        k = min(k, 48)
    args = ["--entry=gemm", "--shape=0=%dx%d" % ((k, m) if ta else (m, k)),
            "--shape=1=%dx%d" % ((n, k) if tb else (k, n)), "--shape=2=%dx%d" % (m, n), "--check=ref"]
    if acc in ("f16", "bf16"):
        args += ["--atol=0.25" if acc == "f16" else "--atol=1", "--rtol=0.05"]
    elif elem in ("f16", "bf16"):
        args += ["--atol=1e-3", "--rtol=1e-3"]
    return text, args


def view(rng):
    """Tiles copied through views of global buffers and back (with 1 added
    in between): subviews with offsets and steps, reinterpret casts,
    collapse_shape, and expand_shape into sizes known at run time only,
    made in the host code or in the kernel; checked against plain loops
    that index the buffers themselves."""
    elem = rng.choice(["f32", "f32", "f16", "f64", "i32", "i8"])
    kind = rng.choice(["subview", "subview", "cast", "collapse", "expand"])
    bm, bn = rng.choice([1, 4, 8, 16, 32]), rng.choice([1, 4, 8, 16, 32, 64])
    tile = "memref<%dx%dx%s, %s>" % (bm, bn, elem, rng.choice([SHARED, FRAGMENT, LOCAL]))
    threads = rng.choice([1, 32, 48, 64, 128])
    dyn2 = "memref<?x?x%s, strided<[?, ?], offset: ?>>" % elem
    if kind == "subview":
        st0, st1 = rng.choice([1, 1, 2, 3]), rng.choice([1, 1, 2, 3])
        s0, s1 = rng.randint(1, 60), rng.randint(1, 60)
        o0, o1 = rng.randint(0, 5), rng.randint(0, 5)
        shape = "%dx%d" % (o0 + (s0 - 1) * st0 + 1 + rng.randint(0, 3), o1 + (s1 - 1) * st1 + 1 + rng.randint(0, 3))
        X, V = "memref<?x?x%s>" % elem, dyn2
        make = ("memref.subview %%%s[%%o0, %%o1] [%%s0, %%s1] [%%st0, %%st1] : %s to %s" % ("{src}", X, V))
        at = ["%o0 + %a * %st0", "%o1 + %b * %st1"]
    elif kind == "cast":
        s0, s1 = rng.randint(1, 40), rng.randint(1, 40)
        st1 = rng.choice([1, 2])
        st0, o0, o1 = s1 * st1 + rng.randint(0, 3), rng.randint(0, 7), 0
        shape = "1x%d" % (o0 + (s0 - 1) * st0 + (s1 - 1) * st1 + 1)
        X, V = "memref<?x?x%s>" % elem, dyn2
        make = ("memref.reinterpret_cast %%%s to offset: [%%o0], sizes: [%%s0, %%s1], strides: [%%st0, %%st1]"
                " : %s to %s" % ("{src}", X, V))
        at = ["%c0", "%o0 + %a * %st0 + %b * %st1"]
    elif kind == "collapse":
        p, q, s1 = rng.randint(1, 6), rng.randint(1, 10), rng.randint(1, 50)
        s0, st0, st1, o0, o1 = p * q, q, 1, 0, 0
        shape = "%dx%dx%d" % (p, q, s1)
        X, V = "memref<?x?x?x%s>" % elem, "memref<?x?x%s>" % elem
        make = "memref.collapse_shape %%%s [[0, 1], [2]] : %s into %s" % ("{src}", X, V)
        at = ["%a / %st0", "%a % %st0", "%b"]
    else:
        s0, s1 = rng.randint(1, 20), rng.randint(1, 40)
        st0, st1, o0, o1 = s1, 1, 0, 0
        shape = "%d" % (s0 * s1)
        X, V = "memref<?x%s>" % elem, "memref<?x?x%s>" % elem
        make = "memref.expand_shape %%%s [[0, 1]] output_shape [%%s0, %%s1] : %s into %s" % ("{src}", X, V)
        at = ["%a * %st0 + %b"]
    one, add = ("1.0", "arith.addf") if elem[0] == "f" else ("1", "arith.addi")
    consts = "".join("  %%%s = arith.constant %d : index\n" % (n, v) for n, v in
                     (("c0", 0), ("c1", 1), ("o0", o0), ("o1", o1), ("st0", st0), ("st1", st1),
                      ("s0", s0), ("s1", s1), ("bm", bm), ("bn", bn)))
    consts += "  %%one = arith.constant %s : %s\n" % (one, elem)
    inside = rng.random() < 0.3
    views = "    %%vx = %s\n    %%vy = %s\n" % (make.format(src="X"), make.format(src="Y"))
    # The reference computes each index from its terms (a / q, a % q, sums
    # of products) with arith ops.
    ref_lines, names = [], []
    for n, expr in enumerate(at):
        terms = [t.strip() for t in expr.split("+")]
        acc = None
        for k, t in enumerate(terms):
            v = "%%i%d_%d" % (n, k)
            if " * " in t:
                x, y = t.split(" * ")
                ref_lines.append("%s = arith.muli %s, %s : index" % (v, x, y))
            elif " / " in t:
                x, y = t.split(" / ")
                ref_lines.append("%s = arith.divui %s, %s : index" % (v, x, y))
            elif " % " in t:
                x, y = t.split(" % ")
                ref_lines.append("%s = arith.remui %s, %s : index" % (v, x, y))
            else:
                ref_lines.append("%s = arith.addi %s, %%c0 : index" % (v, t))
            if acc is None:
                acc = v
            else:
                s = "%%i%d_sum%d" % (n, k)
                ref_lines.append("%s = arith.addi %s, %s : index" % (s, acc, v))
                acc = s
        names.append(acc)
    ref_body = "".join("      %s\n" % line for line in ref_lines)
    idx = ", ".join(names)
    text = f"""func.func @view(%X: {X}, %Y: {X}) {{
{consts}{"" if inside else views.replace("    ", "  ", 2)}  %gm = arith.ceildivui %s0, %bm : index
  %gn = arith.ceildivui %s1, %bn : index
  scf.forall (%i, %j) in (%gm, %gn) {{
{views if inside else ""}    %m0 = arith.muli %i, %bm : index
    %n0 = arith.muli %j, %bn : index
    %t = "tile.alloc"() : () -> {tile}
    "tile.copy"(%vx, %t, %m0, %n0) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}} : ({V}, {tile}, index, index) -> ()
    scf.forall (%a, %b) in ({bm}, {bn}) {{
      %x = memref.load %t[%a, %b] : {tile}
      %y = {add} %x, %one : {elem}
      memref.store %y, %t[%a, %b] : {tile}
    }}
    "tile.copy"(%t, %vy, %m0, %n0) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}} : ({tile}, {V}, index, index) -> ()
  }} {{mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = {threads} : i64}}
  return
}}
func.func @ref(%X: {X}, %Y: {X}) {{
{consts}  scf.for %a = %c0 to %s0 step %c1 {{
    scf.for %b = %c0 to %s1 step %c1 {{
{ref_body}      %x = memref.load %X[{idx}] : {X}
      %y = {add} %x, %one : {elem}
      memref.store %y, %Y[{idx}] : {X}
    }}
  }}
  return
}}
"""
    return text, ["--entry=view", "--shape=0,1=" + shape, "--check=ref"]


def shared_atomic(rng):
    """Atomic adds into a shared row tile: a fragment of its shape at the
    origin, then a 1-D tile (fragment, local or shared; a fragment may be
    replicated, since the 2-D one fixes the block's thread grid) through a
    rank-reducing window that may start before the row or run past it;
    checked against @ref (every thread adds its copy of a local tile)."""
    elem = rng.choice(["f32", "i32", "i64", "f64"])
    rows, cols = rng.choice([1, 4, 8, 16]), rng.choice([1, 8, 16, 32, 64])
    threads = rng.choice([1, 32, 64])
    scope = rng.choice([FRAGMENT, LOCAL, SHARED])
    copies = threads if scope == LOCAL else 1
    length = rng.choice([1, 3, 8, 16, 40])
    r, c = rng.randint(0, rows + 1), rng.randint(-3, cols + 2)
    row_t = "memref<%dx%dx%s, %s>" % (rows, cols, elem, SHARED)
    frag_t = "memref<%dx%dx%s, %s>" % (rows, cols, elem, FRAGMENT)
    line_t = "memref<%dx%s, %s>" % (length, elem, scope)
    G, V = "memref<?x?x%s>" % elem, "memref<?x%s>" % elem
    zero = "0.0" if elem[0] == "f" else "0"
    add = "arith.addf" if elem[0] == "f" else "arith.addi"
    text = f"""func.func @add(%X: {G}, %V: {V}, %Y: {G}) {{
  %c0 = arith.constant 0 : index
  %rows = arith.constant {rows} : index
  %zero = arith.constant {zero} : {elem}
  %r = arith.constant {r} : index
  %c = arith.constant {c} : index
  %n = memref.dim %Y, %c0 : {G}
  %blocks = arith.ceildivui %n, %rows : index
  scf.forall (%b) in (%blocks) {{
    %m0 = arith.muli %b, %rows : index
    %s = "tile.alloc"() : () -> {row_t}
    %f = "tile.alloc"() : () -> {frag_t}
    %l = "tile.alloc"() : () -> {line_t}
    "tile.fill"(%s, %zero) : ({row_t}, {elem}) -> ()
    "tile.copy"(%X, %f, %m0, %c0) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}} : ({G}, {frag_t}, index, index) -> ()
    "tile.copy"(%V, %l, %c0) {{operandSegmentSizes = array<i32: 1, 1, 1, 0>}} : ({V}, {line_t}, index) -> ()
    "tile.atomic_add"(%f, %s, %c0, %c0) : ({frag_t}, {row_t}, index, index) -> ()
    "tile.atomic_add"(%l, %s, %r, %c) : ({line_t}, {row_t}, index, index) -> ()
    "tile.copy"(%s, %Y, %m0, %c0) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}} : ({row_t}, {G}, index, index) -> ()
  }} {{mapping = [#gpu.block<x>], tile.threads = {threads} : i64}}
  return
}}
func.func @ref(%X: {G}, %V: {V}, %Y: {G}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = arith.constant {rows} : index
  %length = arith.constant {length} : index
  %copies = arith.constant {copies} : index
  %r = arith.constant {r} : index
  %c = arith.constant {c} : index
  %zero = arith.constant {zero} : {elem}
  %n = memref.dim %Y, %c0 : {G}
  %m = memref.dim %Y, %c1 : {G}
  %held = memref.dim %V, %c0 : {V}
  scf.for %i = %c0 to %n step %c1 {{
    %row = arith.remui %i, %rows : index
    %on_row = arith.cmpi eq, %row, %r : index
    scf.for %j = %c0 to %m step %c1 {{
      %x = memref.load %X[%i, %j] : {G}
      // The line's element j - c, where the window holds one.
      %k = arith.subi %j, %c : index
      %from = arith.cmpi sge, %k, %c0 : index
      %to = arith.cmpi slt, %k, %length : index
      %read = arith.cmpi slt, %k, %held : index
      %in0 = arith.andi %on_row, %from : i1
      %in1 = arith.andi %in0, %to : i1
      %in = arith.andi %in1, %read : i1
      %at = arith.select %in, %k, %c0 : index
      %v = memref.load %V[%at] : {V}
      %term = arith.select %in, %v, %zero : {elem}
      %sum = scf.for %t = %c0 to %copies step %c1 iter_args(%acc = %x) -> {elem} {{
        %next = {add} %acc, %term : {elem}
        scf.yield %next : {elem}
      }}
      memref.store %sum, %Y[%i, %j] : {G}
    }}
  }}
  return
}}
"""
    n = rows * rng.randint(1, 4)
    held = rng.choice([length, max(1, length - 2), length + 5])
    return text, ["--entry=add", "--shape=0=%dx%d" % (n, cols), "--shape=1=%d" % held,
                  "--shape=2=%dx%d" % (n, cols), "--check=ref"]


def loops(rng):
    """Nested scf.for and scf.while loops with run-time trip counts (some
    of them zero), early exits and scf.if, carrying i32 values, in a
    thread-parallel loop; the same function run on the cpu is the
    reference."""
    n = [0]
    def fresh(p="v"):
        n[0] += 1
        return "%%%s%d" % (p, n[0])
    def block(depth, acc, indent):
        """returns (lines, result value) updating acc"""
        lines = []
        cur = acc
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(["arith", "for", "while", "if"] if depth < 3 else ["arith"])
            if kind == "arith":
                v = fresh()
                op = rng.choice(["arith.addi %s, %%c7i", "arith.muli %s, %%c3i", "arith.xori %s, %%tid_i"])
                lines.append(indent + "%s = %s : i32" % (v, op % cur))
                cur = v
            elif kind == "for":
                iv, a, r = fresh("k"), fresh("a"), fresh("r")
                ub = rng.choice(["%n", "%c5", "%tidm"])
                lines.append(indent + "%s = scf.for %s = %%c0 to %s step %%c1 iter_args(%s = %s) -> i32 {" % (r, iv, ub, a, cur))
                inner, res = block(depth + 1, a, indent + "  ")
                lines += inner
                lines.append(indent + "  scf.yield %s : i32" % res)
                lines.append(indent + "}")
                cur = r
            elif kind == "while":
                # count down x = (cur & 15) + limit; exit when x <= 0 or an early condition on acc
                x0, r, rx = fresh("x"), fresh("w"), fresh("wx")
                lim = rng.choice(["%n_i", "%c5i", "%tid_i"])
                lines.append(indent + "%s = arith.andi %s, %%c15i : i32" % (x0 + "m", cur))
                lines.append(indent + "%s = arith.addi %sm, %s : i32" % (x0, x0, lim))
                b0, b1 = fresh("b"), fresh("b")
                lines.append(indent + "%s:2 = scf.while (%s = %s, %s = %s) : (i32, i32) -> (i32, i32) {" % (r, b0, x0, b1, cur))
                c, e = fresh("cnd"), fresh("e")
                lines.append(indent + "  %s = arith.cmpi sgt, %s, %%zero_i : i32" % (c, b0))
                if rng.random() < 0.5:
                    # early exit when acc hits a pattern
                    m, z, c2 = fresh("m"), fresh("z"), fresh("cnd")
                    lines.append(indent + "  %s = arith.andi %s, %%c31i : i32" % (m, b1))
                    lines.append(indent + "  %s = arith.cmpi ne, %s, %%c7i : i32" % (z, m))
                    lines.append(indent + "  %s = arith.andi %s, %s : i1" % (c2, c, z))
                    c = c2
                lines.append(indent + "  scf.condition(%s) %s, %s : i32, i32" % (c, b0, b1))
                lines.append(indent + "} do {")
                a0, a1 = fresh("p"), fresh("q")
                lines.append(indent + "^bb0(%s: i32, %s: i32):" % (a0, a1))
                inner, res = block(depth + 1, a1, indent + "  ")
                lines += inner
                d = fresh("d")
                lines.append(indent + "  %s = arith.subi %s, %%one_i : i32" % (d, a0))
                lines.append(indent + "  scf.yield %s, %s : i32, i32" % (d, res))
                lines.append(indent + "}")
                cur = r + "#1"
            else:
                c, r = fresh("cnd"), fresh("f")
                lines.append(indent + "%s = arith.cmpi slt, %%tid_i, %s : i32" % (c, rng.choice(["%c5i", "%c15i", "%n_i"])))
                lines.append(indent + "%s = scf.if %s -> i32 {" % (r, c))
                inner, res = block(depth + 1, cur, indent + "  ")
                lines += inner
                lines.append(indent + "  scf.yield %s : i32" % res)
                lines.append(indent + "} else {")
                lines.append(indent + "  scf.yield %s : i32" % cur)
                lines.append(indent + "}")
                cur = r
        return lines, cur
    lines, res = block(0, "%tid_i", "        ")
    body = "\n".join(lines)
    text = f"""func.func @loops(%out: memref<?xi32>, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c64 = arith.constant 64 : index
  %c3i = arith.constant 3 : i32
  %c5i = arith.constant 5 : i32
  %c7i = arith.constant 7 : i32
  %c15i = arith.constant 15 : i32
  %c31i = arith.constant 31 : i32
  %one_i = arith.constant 1 : i32
  %zero_i = arith.constant 0 : i32
  %n_i = arith.index_cast %n : index to i32
  %size = memref.dim %out, %c0 : memref<?xi32>
  %blocks = arith.ceildivui %size, %c64 : index
  scf.forall (%b) in (%blocks) {{
    %o = arith.muli %b, %c64 : index
    scf.parallel (%t) = (%c0) to (%c64) step (%c1) {{
      %i = arith.addi %o, %t : index
      %in = arith.cmpi ult, %i, %size : index
      scf.if %in {{
        %tid_i = arith.index_cast %i : index to i32
        %tidm = arith.remui %i, %c5 : index
{body}
        memref.store {res}, %out[%i] : memref<?xi32>
      }}
    }}
  }} {{mapping = [#gpu.block<x>], tile.threads = {rng.choice([32, 64])} : i64}}
  return
}}
"""
    text += text.replace("func.func @loops(", "func.func @loops_ref(", 1)
    return text, ["--entry=loops", "--shape=0=%d" % rng.randint(1, 150), "--arg=1=%d" % rng.randint(0, 6),
                  "--check=loops_ref"]


def mixed(rng):
    """gemm, elementwise loops, reductions and reduced vectors applied back
    to every element in one kernel; the same function run on the cpu is the
    reference."""
    bm, bn, bk = rng.choice([16, 32, 64]), rng.choice([16, 32, 64]), rng.choice([16, 32])
    elem = rng.choice(["f16", "f32"])
    acc_scope = rng.choice([FRAGMENT, FRAGMENT, LOCAL])
    a_t = "memref<%dx%dx%s, %s>" % (bm, bk, elem, rng.choice([SHARED, SHARED, FRAGMENT]))
    b_t = "memref<%dx%dx%s, %s>" % (bk, bn, elem, rng.choice([SHARED, SHARED, FRAGMENT]))
    c_t = "memref<%dx%dxf32, %s>" % (bm, bn, acc_scope)
    # A loop that writes a local accumulator runs whole on every thread, so
    # the vectors it reads are not fragments.
    vectors = [FRAGMENT, SHARED] if acc_scope == FRAGMENT else [SHARED, LOCAL]
    row_t = "memref<%dxf32, %s>" % (bm, rng.choice(vectors))
    col_t = "memref<%dxf32, %s>" % (bn, rng.choice(vectors))
    stages = rng.choice([0, 0, 2, 3])
    ops, helpers, reduced = [], [], set()
    for _ in range(rng.randint(1, 5)):
        what = rng.choice(["map", "map", "rows", "cols", "broadcast"])
        if what == "broadcast" and reduced:
            # A reduced vector applied back to every element (a softmax
            # subtracts its row maxima so).
            vec = rng.choice(sorted(reduced))
            v_t, at = (row_t, "%i") if vec == "%row" else (col_t, "%j")
            f = rng.choice(["arith.subf", "arith.mulf", "arith.maximumf", "arith.addf"])
            ops.append(f"""    scf.forall (%i, %j) in ({bm}, {bn}) {{
      %x = memref.load %acc[%i, %j] : {c_t}
      %v = memref.load {vec}[{at}] : {v_t}
      %y = {f} %x, %v : f32
      memref.store %y, %acc[%i, %j] : {c_t}
    }}""")
        elif what in ("map", "broadcast"):
            f = rng.choice(["math.tanh %x : f32", "arith.maximumf %x, %zero : f32", "arith.mulf %x, %half : f32",
                            "math.absf %x : f32", "arith.negf %x : f32"])
            if rng.random() < 0.3:
                # The elementwise function is a function the kernel calls.
                name = "@map%d" % len(helpers)
                helpers.append(f"""func.func {name}(%x: f32, %zero: f32, %half: f32) -> f32 {{
  %y = {f}
  return %y : f32
}}
""")
                f = "func.call %s(%%x, %%zero, %%half) : (f32, f32, f32) -> f32" % name
            ops.append(f"""    scf.forall (%i, %j) in ({bm}, {bn}) {{
      %x = memref.load %acc[%i, %j] : {c_t}
      %y = {f}
      memref.store %y, %acc[%i, %j] : {c_t}
    }}""")
        else:
            dst, dim, t = ("%row", 1, row_t) if what == "rows" else ("%col", 0, col_t)
            reduced.add(dst)
            ops.append('    "tile.reduce"(%%acc, %s) {kind = "%s", dim = %d : i64} : (%s, %s) -> ()'
                       % (dst, rng.choice(list(REDUCE_INIT["f32"])), dim, c_t, t))
    for dst, dim, t in (("%row", 1, row_t), ("%col", 0, col_t)):
        if not any('(%%acc, %s)' % dst in op for op in ops):
            ops.append('    "tile.reduce"(%%acc, %s) {kind = "sum", dim = %d : i64} : (%s, %s) -> ()'
                       % (dst, dim, c_t, t))
    body = "\n".join(ops)
    text = f"""func.func @mixed(%A: memref<?x?x{elem}>, %B: memref<?x?x{elem}>, %C: memref<?x?xf32>,
                    %R: memref<?x?xf32>, %S: memref<?x?xf32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = arith.constant {bm} : index
  %bn = arith.constant {bn} : index
  %bk = arith.constant {bk} : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %M = memref.dim %A, %c0 : memref<?x?x{elem}>
  %K = memref.dim %A, %c1 : memref<?x?x{elem}>
  %N = memref.dim %B, %c1 : memref<?x?x{elem}>
  %grid_m = arith.ceildivui %M, %bm : index
  %grid_n = arith.ceildivui %N, %bn : index
  %k_tiles = arith.ceildivui %K, %bk : index
  scf.forall (%i0, %j0) in (%grid_m, %grid_n) {{
    %m0 = arith.muli %i0, %bm : index
    %n0 = arith.muli %j0, %bn : index
    %a = "tile.alloc"() : () -> {a_t}
    %b = "tile.alloc"() : () -> {b_t}
    %acc = "tile.alloc"() : () -> {c_t}
    %row = "tile.alloc"() : () -> {row_t}
    %col = "tile.alloc"() : () -> {col_t}
    "tile.fill"(%acc, %zero) : ({c_t}, f32) -> ()
    scf.for %kt = %c0 to %k_tiles step %c1 {{
      %k0 = arith.muli %kt, %bk : index
      "tile.copy"(%A, %a, %m0, %k0) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}} : (memref<?x?x{elem}>, {a_t}, index, index) -> ()
      "tile.copy"(%B, %b, %k0, %n0) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}} : (memref<?x?x{elem}>, {b_t}, index, index) -> ()
      "tile.gemm"(%a, %b, %acc) : ({a_t}, {b_t}, {c_t}) -> ()
    }}{" {tile.num_stages = %d : i64}" % stages if stages else ""}
{body}
    "tile.copy"(%acc, %C, %m0, %n0) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}} : ({c_t}, memref<?x?xf32>, index, index) -> ()
    "tile.copy"(%row, %R, %j0, %m0) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}} : ({row_t}, memref<?x?xf32>, index, index) -> ()
    "tile.copy"(%col, %S, %i0, %n0) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}} : ({col_t}, memref<?x?xf32>, index, index) -> ()
  }} {{mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = {rng.choice([32, 64, 128, 256])} : i64}}
  return
}}
"""
    text = "".join(helpers) + text + text.replace("func.func @mixed(", "func.func @mixed_ref(", 1)
    m, n, k = rng.randint(1, 150), rng.randint(1, 150), rng.randint(1, 100)
    gm, gn = -(-m // bm), -(-n // bn)
    return text, ["--entry=mixed", "--shape=0=%dx%d" % (m, k), "--shape=1=%dx%d" % (k, n),
                  "--shape=2=%dx%d" % (m, n), "--shape=3=%dx%d" % (gn, m), "--shape=4=%dx%d" % (gm, n),
                  "--check=mixed_ref", "--atol=0.02", "--rtol=0.02"]


def scalar(rng):
    """Scalar code in the thread-parallel loop of a kernel: float and integer
    arithmetic, math, selects, loops with values carried, scf.index_switch,
    calls of functions of the file, a thread's own arrays with memref.copy
    and views; the same function run on the cpu is the reference."""
    helpers, body, n = [], [], [0]

    def fresh():
        n[0] += 1
        return "%%v%d" % n[0]

    def fexpr(x):
        op = rng.choice(["add", "mul", "max", "tanh", "exp", "sqrt", "neg", "select", "fma"])
        v = fresh()
        if op == "add":
            body.append("%s = arith.addf %s, %%half : f32" % (v, x))
        elif op == "mul":
            body.append("%s = arith.mulf %s, %s : f32" % (v, x, x))
        elif op == "max":
            body.append("%s = arith.maximumf %s, %%zero : f32" % (v, x))
        elif op == "tanh":
            body.append("%s = math.tanh %s : f32" % (v, x))
        elif op == "exp":
            t = fresh()
            body.append("%s = math.tanh %s : f32" % (t, x))
            body.append("%s = math.exp %s : f32" % (v, t))
        elif op == "sqrt":
            t = fresh()
            body.append("%s = math.absf %s : f32" % (t, x))
            body.append("%s = math.sqrt %s : f32" % (v, t))
        elif op == "neg":
            body.append("%s = arith.negf %s : f32" % (v, x))
        elif op == "fma":
            body.append("%s = math.fma %s, %%half, %s : f32" % (v, x, x))
        else:
            c = fresh()
            body.append("%s = arith.cmpf olt, %s, %%zero : f32" % (c, x))
            body.append("%s = arith.select %s, %%half, %s : f32" % (v, c, x))
        return v

    def iexpr(k):
        op = rng.choice(["add", "mul", "xor", "shl", "div", "rem", "max"])
        v = fresh()
        const = {"add": 7, "mul": 3, "xor": 5, "shl": 2, "div": 3, "rem": 5, "max": 4}[op]
        c = fresh()
        body.append("%s = arith.constant %d : i32" % (c, const))
        name = {"add": "addi", "mul": "muli", "xor": "xori", "shl": "shli", "div": "divsi",
                "rem": "remsi", "max": "maxsi"}[op]
        body.append("%s = arith.%s %s, %s : i32" % (v, name, k, c))
        return v

    x = "%x"
    k = "%k"
    for _ in range(rng.randint(1, 5)):
        feature = rng.choice(["f", "f", "i", "loop", "switch", "call", "array"])
        if feature == "f":
            x = fexpr(x)
        elif feature == "i":
            k = iexpr(k)
        elif feature == "loop":
            v = fresh()
            body.append("%s = scf.for %%t = %%c0 to %%c3 step %%c1 iter_args(%%a = %s) -> f32 {" % (v, x))
            saved = len(body)
            inner = fexpr("%a")
            body.append("scf.yield %s : f32" % inner)
            body.append("}")
            body[saved:] = ["  " + line for line in body[saved:-1]] + [body[-1]]
            x = v
        elif feature == "switch":
            v = fresh()
            sel = fresh()
            body.append("%s = arith.remui %%i, %%c3 : index" % sel)
            body.append("%s = scf.index_switch %s -> f32" % (v, sel))
            body.append("case 0 { scf.yield %s : f32 }" % x)
            t = fresh()
            body.append("case 1 { %s = arith.mulf %s, %%half : f32" % (t, x))
            body.append("  scf.yield %s : f32 }" % t)
            body.append("default { scf.yield %half : f32 }")
            x = v
        elif feature == "call":
            name = "@f%d" % len(helpers)
            op = rng.choice(["arith.mulf %a, %a : f32", "math.tanh %a : f32", "arith.subf %a, %b : f32"])
            helpers.append("func.func %s(%%a: f32, %%b: f32) -> f32 {\n  %%r = %s\n  return %%r : f32\n}\n"
                           % (name, op))
            v = fresh()
            body.append("%s = func.call %s(%s, %%half) : (f32, f32) -> f32" % (v, name, x))
            x = v
        else:
            arr, cp, v = fresh(), fresh(), fresh()
            body.append("%s = memref.alloca() : memref<4xf32>" % arr)
            body.append("%s = memref.alloca() : memref<4xf32>" % cp)
            body.append("scf.for %%t = %%c0 to %%c4 step %%c1 { memref.store %s, %s[%%t] : memref<4xf32> }" % (x, arr))
            body.append("memref.store %%half, %s[%%c1] : memref<4xf32>" % arr)
            body.append("memref.copy %s, %s : memref<4xf32> to memref<4xf32>" % (arr, cp))
            view = fresh()
            body.append("%s = memref.subview %s[1] [2] [2] : memref<4xf32> to memref<2xf32, strided<[2], offset: 1>>"
                        % (view, cp))
            body.append("%s = memref.load %s[%%c0] : memref<2xf32, strided<[2], offset: 1>>" % (v, view))
            x = v
    kf = fresh()
    out = fresh()
    body.append("%s = arith.sitofp %s : i32 to f32" % (kf, k))
    body.append("%s = arith.addf %s, %s : f32" % (out, x, kf))
    text = "".join(helpers) + """func.func @scalar(%A: memref<?xf32>, %K: memref<?xi32>, %B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %n = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%b) in (%blocks) {
    %o = arith.muli %b, %c64 : index
    scf.parallel (%t0) = (%c0) to (%c64) step (%c1) {
      %i = arith.addi %o, %t0 : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %k = memref.load %K[%i] : memref<?xi32>
""" + "".join("        %s\n" % line for line in body) + """        memref.store %s, %%B[%%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = %d : i64}
  return
}
""" % (out, rng.choice([32, 64, 128]))
    text += text[text.index("func.func @scalar("):].replace("func.func @scalar(", "func.func @scalar_ref(", 1)
    size = rng.randint(1, 300)
    return text, ["--entry=scalar", "--shape=0,1,2=%d" % size, "--check=scalar_ref", "--atol=1e-3", "--rtol=1e-3"]


def windows(rng):
    """Tiles copied through windows of other tiles: X into a tile T of any
    scope, a window of T (that may start before it or run past it) into a
    tile U, U back into a window of T (writes outside T dropped), T out to
    Y. Fragments among them go through shared memory on the GPU targets.
    Checked against plain loops."""
    elem = rng.choice(["f32", "i32"])
    a, bb = rng.choice([1, 4, 8, 16, 32]), rng.choice([1, 4, 8, 16, 32, 64])
    c, d = rng.choice([1, 2, 4, 8, 16]), rng.choice([1, 2, 4, 8, 16, 32])
    o0, o1 = rng.randint(-2, a), rng.randint(-2, bb)
    p0, p1 = rng.randint(-2, a), rng.randint(-2, bb)
    t_t = "memref<%dx%dx%s, %s>" % (a, bb, elem, rng.choice([SHARED, FRAGMENT, LOCAL]))
    u_t = "memref<%dx%dx%s, %s>" % (c, d, elem, rng.choice([SHARED, FRAGMENT, LOCAL]))
    X = "memref<?x?x%s>" % elem
    zero = "0.0" if elem == "f32" else "0"
    consts = "".join("  %%%s = arith.constant %d : index\n" % (n, v) for n, v in
                     (("c0", 0), ("c1", 1), ("a", a), ("b", bb), ("cc", c), ("d", d),
                      ("o0", o0), ("o1", o1), ("p0", p0), ("p1", p1)))
    consts += "  %%zero = arith.constant %s : %s\n" % (zero, elem)
    text = f"""func.func @win(%X: {X}, %Y: {X}) {{
{consts}  %M = memref.dim %X, %c0 : {X}
  %N = memref.dim %X, %c1 : {X}
  %gm = arith.ceildivui %M, %a : index
  %gn = arith.ceildivui %N, %b : index
  scf.forall (%i, %j) in (%gm, %gn) {{
    %m0 = arith.muli %i, %a : index
    %n0 = arith.muli %j, %b : index
    %t = "tile.alloc"() : () -> {t_t}
    %u = "tile.alloc"() : () -> {u_t}
    "tile.copy"(%X, %t, %m0, %n0) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}} : ({X}, {t_t}, index, index) -> ()
    "tile.copy"(%t, %u, %o0, %o1) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}} : ({t_t}, {u_t}, index, index) -> ()
    "tile.copy"(%u, %t, %p0, %p1) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}} : ({u_t}, {t_t}, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %n0) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}} : ({t_t}, {X}, index, index) -> ()
  }} {{mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = {rng.choice([1, 32, 48, 64, 128])} : i64}}
  return
}}
// T's element (x, y) of the block at (m0, n0): X's, or 0 outside X.
func.func @t_at(%X: {X}, %m0: index, %n0: index, %x: index, %y: index) -> {elem} {{
{consts}  %M = memref.dim %X, %c0 : {X}
  %N = memref.dim %X, %c1 : {X}
  %r = arith.addi %m0, %x : index
  %q = arith.addi %n0, %y : index
  %in0 = arith.cmpi ult, %r, %M : index
  %in1 = arith.cmpi ult, %q, %N : index
  %in = arith.andi %in0, %in1 : i1
  %v = scf.if %in -> {elem} {{
    %e = memref.load %X[%r, %q] : {X}
    scf.yield %e : {elem}
  }} else {{
    scf.yield %zero : {elem}
  }}
  return %v : {elem}
}}
func.func @ref(%X: {X}, %Y: {X}) {{
{consts}  %M = memref.dim %X, %c0 : {X}
  %N = memref.dim %X, %c1 : {X}
  scf.for %r = %c0 to %M step %c1 {{
    scf.for %q = %c0 to %N step %c1 {{
      %m0 = arith.divui %r, %a : index
      %m0a = arith.muli %m0, %a : index
      %n0 = arith.divui %q, %b : index
      %n0b = arith.muli %n0, %b : index
      %x = arith.subi %r, %m0a : index
      %y = arith.subi %q, %n0b : index
      // In U's window of T: U's element (x - p, y - p') is T's (o + x - p, o' + y - p').
      %ux = arith.subi %x, %p0 : index
      %uy = arith.subi %y, %p1 : index
      %inu0 = arith.cmpi ult, %ux, %cc : index
      %inu1 = arith.cmpi ult, %uy, %d : index
      %inu = arith.andi %inu0, %inu1 : i1
      %v = scf.if %inu -> {elem} {{
        %sx = arith.addi %ux, %o0 : index
        %sy = arith.addi %uy, %o1 : index
        %ins0 = arith.cmpi ult, %sx, %a : index
        %ins1 = arith.cmpi ult, %sy, %b : index
        %ins = arith.andi %ins0, %ins1 : i1
        %w = scf.if %ins -> {elem} {{
          %e = func.call @t_at(%X, %m0a, %n0b, %sx, %sy) : ({X}, index, index, index, index) -> {elem}
          scf.yield %e : {elem}
        }} else {{
          scf.yield %zero : {elem}
        }}
        scf.yield %w : {elem}
      }} else {{
        %e = func.call @t_at(%X, %m0a, %n0b, %x, %y) : ({X}, index, index, index, index) -> {elem}
        scf.yield %e : {elem}
      }}
      memref.store %v, %Y[%r, %q] : {X}
    }}
  }}
  return
}}
"""
    m, n = rng.randint(1, 150), rng.randint(1, 150)
    return text, ["--entry=win", "--shape=0,1=%dx%d" % (m, n), "--check=ref"]


def calls(rng):
    """Calls that a kernel's block makes (outside thread-parallel loops) of
    functions whose atomic updates run on every thread of the block:
    chains of calls, calls in loops and under choices on the block id,
    functions that count into an array of their own first, calls through
    the value of a func.constant (func.call_indirect); the reference
    runs the same block code once per thread of each block in plain
    loops."""
    threads = rng.choice([1, 2, 32, 64])
    n = rng.randint(1, 3)
    funcs = []
    for f in range(n):
        lines = ["func.func private @h%d(%%C: memref<8xi32>, %%x: index) -> i32 {" % f,
                 "  %c0 = arith.constant 0 : index",
                 "  %c1 = arith.constant 1 : index",
                 "  %c2 = arith.constant 2 : index",
                 "  %c4 = arith.constant 4 : index",
                 "  %c6 = arith.constant 6 : index",
                 "  %%k = arith.constant %d : i32" % rng.randint(1, 5),
                 # Sums in C[0:4], maxima in C[4:6], minima in C[6:8]:
                 # updates of one kind commute, whatever the threads' order.
                 "  %j = arith.remui %x, %c4 : index",
                 "  %h = arith.remui %x, %c2 : index",
                 "  %jmax = arith.addi %h, %c4 : index",
                 "  %jmin = arith.addi %h, %c6 : index",
                 "  %xi = arith.index_cast %x : index to i32"]
        for u in range(rng.randint(1, 3)):
            kind = rng.choice(["addi", "maxs", "mins", "call", "own"] if f else
                              ["addi", "maxs", "mins", "own"])
            if kind == "call":
                callee = rng.randrange(f)
                call = "func.call @h%d(%%C, %%x) : (memref<8xi32>, index) -> i32" % callee
                if rng.random() < 0.3:
                    lines += ["  %%v%d = func.constant @h%d : (memref<8xi32>, index) -> i32"
                              % (u, callee)]
                    call = "func.call_indirect %%v%d(%%C, %%x) : (memref<8xi32>, index) -> i32" % u
                if rng.random() < 0.5:
                    lines += ["  %%r%d = %s" % (u, call)]
                else:
                    lines += ["  scf.for %%t%d = %%c0 to %%c%d step %%c1 {" % (u, rng.randint(0, 2)),
                              "    %%r%d = %s" % (u, call), "  }"]
            elif kind == "own":
                lines += ["  %%own%d = memref.alloca() : memref<1xi32>" % u,
                          "  %%z%d = arith.constant 0 : i32" % u,
                          "  memref.store %%z%d, %%own%d[%%c0] : memref<1xi32>" % (u, u),
                          "  %%a%d = memref.atomic_rmw addi %%k, %%own%d[%%c0] : (i32, memref<1xi32>) -> i32"
                          % (u, u),
                          "  %%l%d = memref.load %%own%d[%%c0] : memref<1xi32>" % (u, u),
                          "  %%b%d = memref.atomic_rmw addi %%l%d, %%C[%%j] : (i32, memref<8xi32>) -> i32"
                          % (u, u)]
            else:
                value, at = {"addi": ("%k", "%j"), "maxs": ("%xi", "%jmax"),
                             "mins": ("%xi", "%jmin")}[kind]
                lines += ["  %%u%d = memref.atomic_rmw %s %s, %%C[%s] : (i32, memref<8xi32>) -> i32"
                          % (u, kind, value, at)]
        lines += ["  %r = arith.addi %xi, %k : i32", "  return %r : i32", "}"]
        funcs.append("\n".join(lines))
    body = []
    for s in range(rng.randint(1, 3)):
        f = rng.randrange(n)
        call = "func.call @h%d(%%C, %%x%d) : (memref<8xi32>, index) -> i32" % (f, s)
        if rng.random() < 0.3:
            call = "func.call_indirect %%fh%d(%%C, %%x%d) : (memref<8xi32>, index) -> i32" % (f, s)
        body.append("    %%x%d = arith.addi %%b, %%c%d : index" % (s, rng.randint(0, 9)))
        kind = rng.choice(["plain", "loop", "choice"])
        if kind == "plain":
            body += ["    %%y%d = %s" % (s, call),
                     "    memref.store %%y%d, %%seen[%%b] : memref<?xi32>" % s]
        elif kind == "loop":
            body += ["    scf.for %%i%d = %%c0 to %%c%d step %%c1 {" % (s, rng.randint(0, 3)),
                     "      %%y%d = %s" % (s, call), "    }"]
        else:
            body += ["    %%odd%d = arith.remui %%b, %%c2 : index" % s,
                     "    %%even%d = arith.cmpi eq, %%odd%d, %%c0 : index" % (s, s),
                     "    scf.if %%even%d {" % s,
                     "      %%y%d = %s" % (s, call), "    }"]
    consts = "\n".join(["  %%c%d = arith.constant %d : index" % (i, i) for i in range(10)] +
                       ["  %%fh%d = func.constant @h%d : (memref<8xi32>, index) -> i32" % (f, f)
                        for f in range(n)])
    body = "\n".join(body)
    kernel = f"""func.func @calls(%C: memref<8xi32>, %seen: memref<?xi32>) {{
{consts}
  %blocks = memref.dim %seen, %c0 : memref<?xi32>
  scf.forall (%b) in (%blocks) {{
{body}
  }} {{mapping = [#gpu.block<x>], tile.threads = {threads} : i64}}
  return
}}
func.func @calls_ref(%C: memref<8xi32>, %seen: memref<?xi32>) {{
{consts}
  %threads = arith.constant {threads} : index
  %blocks = memref.dim %seen, %c0 : memref<?xi32>
  scf.for %b = %c0 to %blocks step %c1 {{
    scf.for %thread = %c0 to %threads step %c1 {{
{body}
    }}
  }}
  return
}}
"""
    return "\n".join(funcs) + "\n" + kernel, ["--entry=calls", "--shape=1=%d" % rng.randint(1, 9),
                                                "--check=calls_ref"]


FAMILIES = {"gemm": gemm, "reduce": reduce, "copy": copy, "atomic": atomic, "mixed": mixed,
            "scalar": scalar, "product": product, "view": view, "shared_atomic": shared_atomic,
            "loops": loops, "windows": windows, "calls": calls}


def run(cmd):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
        return r.returncode, r.stdout + r.stderr
    except subprocess.TimeoutExpired:
        return None, "no result after %d s" % TIMEOUT


EMIT = {"cpu": "obj", "cuda": "ptx", "rocm": "isa", "vulkan": "spirv"}


def runnable_kinds(tile_opt):
    """The target kinds whose jit can run kernels here (tile-opt
    --list-targets)."""
    out = subprocess.run([tile_opt, "--list-targets"], capture_output=True, text=True).stdout
    kinds, kind = set(), None
    for line in out.splitlines():
        if line.startswith("    kinds: "):
            kind = line.split()[1]
        elif kind and line.strip().startswith("jit") and line.split()[1] == "available":
            kinds.add(kind)
    return kinds


# What only a compiler bug prints: a valid kernel that reaches one of these
# was not refused, it broke a later stage (LLVM's IR verifier, translation,
# a conversion that left ops behind).
INTERNAL = ["Failed creating the llvm::Module", "LLVM Translation failed", "failed to legalize",
            "unrealized_conversion_cast", "too big for FPTrunc", "too small for FPExt",
            "Broken module found", "failed to translate"]


def register_budgets(ptx_text, ptxas_out):
    """The setmaxnreg budgets of each kernel that has them, against the
    registers ptxas gives it: the producer warpgroup (the first 128 threads)
    gives registers back with setmaxnreg.dec and the others take them with
    setmaxnreg.inc, which waits until the block's pool (the registers each
    thread starts with, times the threads) holds what it asks for. A dict
    per kernel; "problem" says why it would hang, or why it cannot be read."""
    kernels = []
    for entry in re.split(r"(?=\.entry )", ptx_text)[1:]:
        name = re.match(r"\.entry (\w+)\(", entry).group(1)
        dec = re.findall(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+(\d+);", entry)
        inc = re.findall(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+(\d+);", entry)
        if not dec and not inc:
            continue
        threads = re.search(r"\.maxntid (\d+), (\d+), (\d+)", entry)
        used = re.search(r"Function properties for %s\n.*\n.*Used (\d+) registers" % name, ptxas_out)
        if len(dec) != 1 or len(inc) != 1 or not threads or not used:
            kernels.append(dict(name=name, problem="setmaxnreg dec %s inc %s, .maxntid %s, ptxas %s" % (
                dec, inc, bool(threads), bool(used))))
            continue
        t = int(threads.group(1)) * int(threads.group(2)) * int(threads.group(3))
        k = dict(name=name, threads=t, start=int(used.group(1)), producer=int(dec[0]),
                 consumer=int(inc[0]), problem=None)
        k["pool"] = k["start"] * t
        k["asked"] = 128 * k["producer"] + (t - 128) * k["consumer"]
        if k["asked"] > k["pool"] or not k["producer"] <= k["start"] <= k["consumer"]:
            k["problem"] = ("setmaxnreg budgets %d (128 threads) and %d (%d threads) ask for %d "
                            "registers; the block starts with %d x %d" % (
                                k["producer"], k["consumer"], t - 128, k["asked"], k["start"], t))
        kernels.append(k)
    return kernels


def register_pool_problem(ptx_path, ptxas_out):
    """Why a kernel's setmaxnreg budgets would hang it (register_budgets),
    or None."""
    for k in register_budgets(open(ptx_path).read(), ptxas_out):
        if k["problem"]:
            return "%s: %s" % (k["name"], k["problem"])
    return None


def check(target, path, args, tools, ptxas, runs):
    """(failure, refusal): why the kernel failed, or None when it passed or
    was refused with a located error (whose first line is `refusal`)."""
    if runs:
        rc, out = run([tools["tile-run"], path, "--target=" + target, "--no-cache"] + args)
    else:
        emit = EMIT[target.split(":")[0]]
        rc, out = run([tools["tile-opt"], path, "--target=" + target, "--emit=" + emit, "-o", path + "." + emit])
    if rc is None:
        return "hang: " + out, None
    if rc < 0 or rc >= 128:
        return "crash (status %d): %s" % (rc, out[-400:]), None
    if rc == 0:
        if not runs and target.startswith("cuda") and ptxas:
            rc, out = run([ptxas, "-v", "-arch=" + target.split(":")[1], path + ".ptx", "-o", os.devnull])
            if rc != 0:
                return "ptxas rejects the PTX: " + out[-400:], None
            return register_pool_problem(path + ".ptx", out), None
        return None, None
    if "elements differ" in out:
        return "wrong result: " + out[-400:], None
    internal = [m for m in INTERNAL if m in out]
    if internal:
        return "internal error (%s): %s" % (internal[0], out[-400:]), None
    errors = [line for line in out.splitlines() if "error:" in line]
    first = errors[0] if errors else out.strip().splitlines()[0] if out.strip() else "(no message)"
    # The GPU runtimes' lines name the kernel; tile-run reports the ones it
    # catches (refusals) after its own prefix.
    located = (re.match(r"\S+:\d+:\d+: error:", first) or first.startswith("tile_rt_")
               or re.match(r"tile-run: error: tile_rt_\w+: kernel '", first))
    if not located:
        return "error without a location: " + first, None
    return None, first


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10, help="kernels of each family per target")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--build", default="build", help="the build folder (tools in BUILD/bin)")
    parser.add_argument("--families", default=",".join(FAMILIES),
                        help="comma-separated families to generate (default: all)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                        help="kernels checked at the same time (default: one per core)")
    parser.add_argument("targets", nargs="*", default=["cpu", "vulkan", "cuda:sm_80", "cuda:sm_90a", "rocm:gfx942"])
    o = parser.parse_args()
    o.targets = list(dict.fromkeys(o.targets))
    for target in o.targets:
        if target.split(":")[0] in ("cuda", "rocm") and ":" not in target:
            parser.error("target '%s' needs a chip (%s:...; the defaults are %s)"
                         % (target, target, " ".join(parser.get_default("targets"))))
    unknown = set(o.families.split(",")) - set(FAMILIES)
    if unknown:
        parser.error("no family named %s (there are %s)" % (", ".join(sorted(unknown)), ", ".join(FAMILIES)))
    tools = {t: os.path.join(o.build, "bin", t) for t in ("tile-opt", "tile-run")}
    ptxas = shutil.which("ptxas") or (os.path.exists("/usr/local/cuda/bin/ptxas") and "/usr/local/cuda/bin/ptxas")
    keep = os.path.join(o.build, "stress")
    shutil.rmtree(keep, ignore_errors=True)
    os.makedirs(keep)
    runnable = runnable_kinds(tools["tile-opt"])
    # Every kernel first, in one order (one stream per family and seed, the
    # same on every target), then their checks side by side.
    kernels = []
    for target in o.targets:
        for family, generate in FAMILIES.items():
            if family not in o.families.split(","):
                continue
            rng = random.Random("%s-%d" % (family, o.seed))
            for i in range(o.count):
                text, args = generate(rng)
                path = os.path.join(keep, "%s-%s-%d-%d.mlir" % (target.replace(":", "_"), family, o.seed, i))
                with open(path, "w") as f:
                    f.write(text)
                kernels.append((target, path, args))

    runs = {target: target.split(":")[0] in runnable for target in o.targets}

    def check_kernel(kernel):
        target, path, args = kernel
        failure, refusal = check(target, path, args, tools, ptxas, runs[target])
        if not failure:
            for part in EMIT.values():
                if os.path.exists(path + "." + part):
                    os.remove(path + "." + part)
            os.remove(path)
        return failure, refusal

    failures = 0
    with ThreadPoolExecutor(max(1, o.jobs)) as pool:
        # Results come in the kernels' order: each target's report is
        # printed as soon as its last kernel is checked.
        results = zip(kernels, pool.map(check_kernel, kernels))
        for target in o.targets:
            counts, reasons = collections.Counter(), collections.Counter()
            for _ in range(sum(1 for k in kernels if k[0] == target)):
                (_, path, args), (failure, refusal) = next(results)
                if failure:
                    failures += 1
                    counts["failed"] += 1
                    print("stress: %s: %s %s: %s" % (target, path, " ".join(args), failure), flush=True)
                    continue
                counts["refused" if refusal else "passed"] += 1
                if refusal:
                    reasons[re.sub(r"^\S+:\d+:\d+: error: ", "", refusal)[:150]] += 1
            print("stress: %s (%s): %d passed, %d refused with a located error, %d failed"
                  % (target, "run and checked" if runs[target] else "compiled",
                     counts["passed"], counts["refused"], counts["failed"]), flush=True)
            for reason, n in reasons.most_common():
                print("  refused %dx: %s" % (n, reason), flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
