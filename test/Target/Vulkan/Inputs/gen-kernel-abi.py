#!/usr/bin/env python3
"""Writes a gpu.module kernel for the tile-vulkan-kernel-abi limit tests.

  gen-kernel-abi.py uses N              a buffer of dynamic shape stored to
                                        N times
  gen-kernel-abi.py args BUFFERS SCALARS  BUFFERS static buffers and SCALARS
                                        f32 scalars as arguments
"""
import sys


def module(params, body):
    lines = ["module attributes {gpu.container_module} {", "  gpu.module @k {",
             f"    gpu.func @kernel({', '.join(params)}) kernel {{"]
    lines += ["      " + line for line in body]
    lines += ["      gpu.return", "    }", "  }", "}"]
    return "\n".join(lines)


def uses(n):
    body = ["%i = gpu.thread_id x"]
    for k in range(n):
        body.append(f"%c{k} = arith.constant {k} : index")
        body.append(f"memref.store %x, %A[%i, %c{k}] : memref<?x?xf32>")
    return module(["%A: memref<?x?xf32>", "%x: f32"], body)


def args(buffers, scalars):
    params = [f"%b{i}: memref<4xf32>" for i in range(buffers)]
    params += [f"%s{i}: f32" for i in range(scalars)]
    return module(params, [])


if __name__ == "__main__":
    if sys.argv[1] == "uses":
        print(uses(int(sys.argv[2])))
    else:
        print(args(int(sys.argv[2]), int(sys.argv[3])))
