"""Compiles warp-specialised gemms of several tile shapes and register
budgets for sm_90a and checks each against ptxas: the registers the
setmaxnreg budgets ask for (128 x producer + 128 x consumer for each consumer
warpgroup) must fit the block's pool, the registers ptxas gives each thread
at launch times the threads; the producer's budget may not be above that
count, nor the consumers' below it. A budget the path cannot honour must be
refused at the op instead.

The budgets are read and checked by scripts/stress.py's register_budgets,
which its random kernels go through too.

usage: register_pool.py STRESS_PY TILE_OPT PTXAS WORK_DIR
"""
import importlib.util
import os
import re
import subprocess
import sys

KERNEL = """
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant {bk} : index
  %cM = arith.constant {bm} : index
  %cN = arith.constant {bn} : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf16>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %grid_m = arith.ceildivui %M, %cM : index
  %grid_n = arith.ceildivui %N, %cN : index
  %k_tiles = arith.ceildivui %K, %cK : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {{
    "tile_cuda.path"() {{path = "wgmma_ws"}} : () -> ()
    {budget}
    %A_s = "tile.alloc"() : () -> memref<{bm}x{bk}xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<{bk}x{bn}xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<{bm}x{bn}xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<{bm}x{bn}xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %cM : index
    %n0 = arith.muli %bn, %cN : index
    scf.for %kt = %c0 to %k_tiles step %c1 {{
      %k0 = arith.muli %kt, %cK : index
      "tile.copy"(%A, %A_s, %m0, %k0) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}}
          : (memref<?x?xf16>, memref<{bm}x{bk}xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}}
          : (memref<?x?xf16>, memref<{bk}x{bn}xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<{bm}x{bk}xf16, #gpu.address_space<workgroup>>, memref<{bk}x{bn}xf16, #gpu.address_space<workgroup>>,
             memref<{bm}x{bn}xf32, #tile.fragment>) -> ()
    }} {{tile.num_stages = {stages} : i64}}
    "tile.copy"(%acc, %C, %m0, %n0) {{operandSegmentSizes = array<i32: 1, 1, 0, 2>}}
        : (memref<{bm}x{bn}xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  }} {{mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = {threads} : i64}}
  return
}}
"""

# (bm, bn, bk, stages, producer, consumer); 0: the path's own budget.
CASES = [
    (128, 256, 64, 4, 0, 0),
    (128, 256, 32, 4, 0, 0),
    (64, 256, 64, 4, 0, 0),
    (192, 128, 64, 4, 0, 0),
    (256, 128, 64, 3, 0, 0),
    (256, 64, 64, 4, 0, 0),
    (128, 256, 64, 4, 24, 240),
    (128, 256, 64, 4, 32, 240),
    (128, 256, 64, 4, 48, 232),
    (128, 128, 64, 4, 200, 120),
    (128, 128, 64, 4, 40, 160),
]


def main():
    spec = importlib.util.spec_from_file_location("stress", sys.argv[1])
    stress = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stress)
    tile_opt, ptxas, work = sys.argv[2:5]
    os.makedirs(work, exist_ok=True)
    failed = 0
    for bm, bn, bk, stages, producer, consumer in CASES:
        name = f"{bm}x{bn}x{bk}_{producer}_{consumer}"
        threads = 128 * (1 + bm // 64)
        budget = ""
        if producer:
            budget = ('"tile_cuda.warp_specialize"() {producer_registers = '
                      f'{producer} : i64, consumer_registers = {consumer} : i64}} '
                      ': () -> ()')
        src = os.path.join(work, name + ".mlir")
        ptx = os.path.join(work, name + ".ptx")
        with open(src, "w") as f:
            f.write(KERNEL.format(bm=bm, bn=bn, bk=bk, stages=stages,
                                  threads=threads, budget=budget))
        run = subprocess.run([tile_opt, "--target=cuda:sm_90a", "--emit=ptx",
                              src, "-o", ptx], capture_output=True, text=True)
        if run.returncode != 0:
            refused = re.search(r"\.mlir:\d+:\d+: error: 'tile_cuda\.warp_specialize' "
                                r"op cannot be honoured: .*", run.stderr)
            print(f"{name}: refused: {refused.group(0).split(': ', 2)[2] if refused else run.stderr.strip()}")
            failed += not (refused and producer)
            continue
        info = subprocess.run([ptxas, "-arch=sm_90a", "-v", ptx, "-o", ptx + ".cubin"],
                              capture_output=True, text=True)
        kernels = [k for k in stress.register_budgets(open(ptx).read(), info.stderr)
                   if k["name"] == "gemm_kernel"]
        if info.returncode != 0 or len(kernels) != 1 or "start" not in kernels[0]:
            print(f"{name}: FAIL: ptxas {info.returncode}, {kernels}\n{info.stderr}")
            failed += 1
            continue
        k = kernels[0]
        print(f"{name}: {k['threads']} threads of {k['start']} registers (pool {k['pool']}): "
              f"producer {k['producer']}, consumers {k['consumer']}, asked {k['asked']}: "
              f"{'FAIL: ' + k['problem'] if k['problem'] else 'ok'}")
        failed += bool(k["problem"])
    print(f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
