#!/usr/bin/env python3
"""Writes a module of several functions that each hold several kernels.

Every function differs from its neighbours (thread counts, tile shapes and
the mix of kernels), so a pass that mixed up the state of two functions
compiled at the same time gives different output, not only a crash. Used by
the threading tests, which compile it with MLIR's multithreading on and
compare against a single-threaded compile.

usage: gen-kernels.py [--functions N] [--kernels K]
"""
import argparse

SIGNATURE = ("%X: memref<?x?xf32>, %Y: memref<?x?xf32>, "
             "%A: memref<?x?xf16>, %B: memref<?x?xf16>, %V: memref<?xf32>, "
             "%s: f32")


def frag(r, c=None, elem="f32"):
    shape = f"{r}x{c}" if c is not None else f"{r}"
    return f"memref<{shape}x{elem}, #tile.fragment>"


def shared(r, c, elem):
    return f"memref<{r}x{c}x{elem}, #gpu.address_space<workgroup>>"


def copy_in(src, src_type, dst, dst_type, offsets, pad=""):
    n = len(offsets)
    return (f'"tile.copy"({src}, {dst}, {", ".join(offsets)}) '
            f"{{operandSegmentSizes = array<i32: 1, 1, {n}, 0>{pad}}} "
            f": ({src_type}, {dst_type}, {', '.join(['index'] * n)}) -> ()")


def copy_out(src, src_type, dst, dst_type, offsets):
    n = len(offsets)
    return (f'"tile.copy"({src}, {dst}, {", ".join(offsets)}) '
            f"{{operandSegmentSizes = array<i32: 1, 1, 0, {n}>}} "
            f": ({src_type}, {dst_type}, {', '.join(['index'] * n)}) -> ()")


def fill(dst, dst_type, value):
    return f'"tile.fill"({dst}, {value}) : ({dst_type}, f32) -> ()'


def small_fragment(r, c):
    """Fills a small fragment and writes it out."""
    t = frag(r, c)
    return [
        f'%f = "tile.alloc"() : () -> {t}',
        fill("%f", t, "%s"),
        f"%m0 = arith.muli %b, %c{r} : index",
        copy_out("%f", t, "%Y", "memref<?x?xf32>", ["%m0", "%c0"]),
    ], [r]


def row_reduce(r, c):
    """Row sums of a tile of X into a rows vector."""
    t, v = frag(r, c), frag(r)
    return [
        f'%t = "tile.alloc"() : () -> {t}',
        f'%sum = "tile.alloc"() : () -> {v}',
        f"%m0 = arith.muli %b, %c{r} : index",
        copy_in("%X", "memref<?x?xf32>", "%t", t, ["%m0", "%c0"]),
        f'"tile.reduce"(%t, %sum) {{kind = "sum", dim = 1 : i64}} : ({t}, {v}) -> ()',
        copy_out("%sum", v, "%V", "memref<?xf32>", ["%m0"]),
    ], [r]


def gemm(r, c):
    """C tile = A tile x B tile through shared memory, f16 into f32."""
    k = 32
    a, bt, acc = shared(r, k, "f16"), shared(k, c, "f16"), frag(r, c)
    return [
        f'%as = "tile.alloc"() : () -> {a}',
        f'%bs = "tile.alloc"() : () -> {bt}',
        f'%acc = "tile.alloc"() : () -> {acc}',
        fill("%acc", acc, "%s"),
        f"%m0 = arith.muli %b, %c{r} : index",
        copy_in("%A", "memref<?x?xf16>", "%as", a, ["%m0", "%c0"]),
        copy_in("%B", "memref<?x?xf16>", "%bs", bt, ["%c0", "%c0"]),
        f'"tile.gemm"(%as, %bs, %acc) : ({a}, {bt}, {acc}) -> ()',
        copy_out("%acc", acc, "%Y", "memref<?x?xf32>", ["%m0", "%c0"]),
    ], [r]


def elementwise(r, c):
    """Y tile = X tile * s - row max, in a loop over a grid fragment."""
    t, v = frag(r, c), frag(r)
    return [
        f'%t = "tile.alloc"() : () -> {t}',
        f'%mx = "tile.alloc"() : () -> {v}',
        f"%m0 = arith.muli %b, %c{r} : index",
        copy_in("%X", "memref<?x?xf32>", "%t", t, ["%m0", "%c0"]),
        f'"tile.reduce"(%t, %mx) {{kind = "max", dim = 1 : i64}} : ({t}, {v}) -> ()',
        f"scf.forall (%i, %j) in ({r}, {c}) {{",
        f"  %x = memref.load %t[%i, %j] : {t}",
        f"  %y = memref.load %mx[%i] : {v}",
        "  %xs = arith.mulf %x, %s : f32",
        "  %d = arith.subf %xs, %y : f32",
        f"  memref.store %d, %t[%i, %j] : {t}",
        "}",
        copy_out("%t", t, "%Y", "memref<?x?xf32>", ["%m0", "%c0"]),
    ], [r]


def column_stats(r, c):
    """Column sums of a tile of X, then their total, into V."""
    t, col, one = frag(r, c), frag(c), "memref<f32, #tile.fragment>"
    return [
        f'%t = "tile.alloc"() : () -> {t}',
        f'%col = "tile.alloc"() : () -> {col}',
        f'%all = "tile.alloc"() : () -> {one}',
        f"%m0 = arith.muli %b, %c{r} : index",
        copy_in("%X", "memref<?x?xf32>", "%t", t, ["%m0", "%c0"]),
        f'"tile.reduce"(%t, %col) {{kind = "sum", dim = 0 : i64}} : ({t}, {col}) -> ()',
        f'"tile.reduce"(%col, %all) {{kind = "sum", dim = 0 : i64}} : ({col}, {one}) -> ()',
        copy_out("%all", one, "%V", "memref<?xf32>", ["%b"]),
    ], [r]


KERNELS = [small_fragment, row_reduce, gemm, elementwise, column_stats]


def function(index, kernels):
    lines = [f"func.func @f{index}({SIGNATURE}) {{"]
    consts = {0}
    body = []
    for k in range(kernels):
        make = KERNELS[(index + k) % len(KERNELS)]
        rows = 16 << ((index + k) % 3)
        cols = 32 << (index % 2)
        threads = 32 << ((index // 2 + k) % 3)
        ops, used = make(rows, cols)
        consts.update(used)
        body.append(f"  scf.forall (%b) in ({1 + (index + k) % 4}) {{")
        body += ["    " + op for op in ops]
        body.append(f"  }} {{mapping = [#gpu.block<x>], tile.threads = "
                    f"{threads} : i64}}")
    lines += [f"  %c{c} = arith.constant {c} : index" for c in sorted(consts)]
    lines += body
    lines += ["  return", "}"]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--functions", type=int, default=32)
    parser.add_argument("--kernels", type=int, default=4)
    args = parser.parse_args()
    print("// Generated by gen-kernels.py --functions %d --kernels %d"
          % (args.functions, args.kernels))
    print("\n\n".join(function(i, args.kernels)
                      for i in range(args.functions)))


if __name__ == "__main__":
    main()
