"""What the GPU checks' runners share: bench/gpu_run.py (CUDA) and
bench/rocm_run.py (ROCm) describe their backend and call main() here.

A bundle (bench/gpu_prepare.sh, bench/rocm_prepare.sh) holds one shared
library per compiled kernel and chip (lib/lib<kernel>.<chip>.so, beside the
runtime library), manifest.txt, this file and the runner. Each kernel runs
in its own process (a fault loses one line, not the run): correctness
against a float64 PyTorch reference on shapes that do and do not divide the
tiles, with outputs poisoned first; then the throughput of the GEMMs at
4096^3 and 8192^3 beside the vendor's BLAS (torch.matmul) in the same run,
each call timed alike with events on the same stream; then the time of one
call of a 128x128x64 GEMM beyond its kernel. The tables come last.
"""
import argparse
import ctypes
import dataclasses
import json
import os
import subprocess
import sys
import time
from typing import Callable, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
# A kernel that hangs (a barrier never completes) costs this much; a sound
# one takes a few seconds. Children not started within the budget are
# reported as skipped, so the whole run stays under 4 minutes.
CHILD_TIMEOUT_S = 45
BUDGET_S = 200
TIMED_SIZES = (4096, 8192)
# What an i32 output is filled with before a call: no i8 gemm with K below
# 2^17 can sum to it.
INT_POISON = -2 ** 31


@dataclasses.dataclass(frozen=True)
class Backend:
    """What differs between the runners."""
    runner: str           # the runner's file; every child process runs it
    runtime: str          # the runtime library in lib/ (libtile_rt_cuda.so)
    set_stream: str       # its function that puts the kernels on a stream
    vendor: str           # the BLAS behind torch.matmul, for the tables
    events: str           # whose events time the calls (CUDA, HIP)
    native_chip: Callable  # torch -> this GPU's chip, as the manifest names it
    overhead_case: str    # the case (a prefix) whose call cost is measured
    # torch -> a dict describing the GPU, or one with "problem" saying why
    # there is none. Where given, a first child asks it and the libraries
    # compiled for other chips are skipped; where not, every library runs.
    describe: Optional[Callable] = None
    # torch -> None, after PyTorch made its device ready and before the
    # runtime library's first call.
    setup: Optional[Callable] = None
    # Whether the runtime lets a call be captured into a CUDA graph; the
    # overhead child then also times replays of a captured call.
    graphs: bool = False


# ---- the bundle -------------------------------------------------------------


def read_manifest():
    cases = []
    with open(os.path.join(HERE, "manifest.txt")) as f:
        for line in f:
            if line.strip():
                case, chip, kind, dtype, entry, library = line.split()
                cases.append(dict(case=case, chip=chip, kind=kind, dtype=dtype,
                                  entry=entry, library=os.path.join(HERE, library)))
    return cases


_descriptor_types = {}


def memref_type(rank):
    """MLIR's ranked memref descriptor, as the generated header declares it."""
    if rank not in _descriptor_types:
        fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
                  ("offset", ctypes.c_int64)]
        if rank:
            fields += [("sizes", ctypes.c_int64 * rank),
                       ("strides", ctypes.c_int64 * rank)]
        _descriptor_types[rank] = type("MemRef%dD" % rank, (ctypes.Structure,),
                                       {"_fields_": fields})
    return _descriptor_types[rank]


def memref(address, shape):
    """A dense row-major descriptor of `shape` at device address `address`."""
    d = memref_type(len(shape))()
    d.allocated = d.aligned = address
    d.offset = 0
    stride = 1
    for i in reversed(range(len(shape))):
        d.sizes[i] = shape[i]
        d.strides[i] = stride
        stride *= shape[i]
    return d


class Runtime:
    """The bundle's runtime library, loaded before any kernel library."""

    def __init__(self, backend):
        self.lib = ctypes.CDLL(os.path.join(HERE, "lib", backend.runtime),
                               mode=ctypes.RTLD_GLOBAL)
        self.set_stream = getattr(self.lib, backend.set_stream)
        self.set_stream.argtypes = [ctypes.c_void_p]
        self.lib.mgpuMemAlloc.argtypes = [ctypes.c_uint64, ctypes.c_void_p,
                                          ctypes.c_uint32]
        self.lib.mgpuMemAlloc.restype = ctypes.c_void_p


class Kernel:
    """One compiled entry: arguments are descriptors (passed by address) or
    f32 scalars."""

    def __init__(self, case):
        self.lib = ctypes.CDLL(case["library"])
        self.fn = getattr(self.lib, case["entry"])
        self.fn.restype = None

    def __call__(self, *args):
        self.fn(*[ctypes.byref(a) if isinstance(a, ctypes.Structure)
                  else ctypes.c_float(a) for a in args])


# ---- what each kind of kernel computes --------------------------------------
#
# Each kind: its shapes, how to make its arguments from PyTorch tensors, and
# its reference (float64) for the outputs it writes. A gemm's element type
# is f16, bf16 (f32 output) or i8 (i32 output).

def gemm_shapes(case):
    # Empty problems last: no rows, no columns, no K (C = 0).
    return [(1024, 1024, 1024), (1000, 1000, 1000), (1000, 999, 1003),
            (1, 512, 768), (129, 257, 65), (4096, 4096, 4096),
            (0, 512, 768), (512, 0, 64), (64, 64, 0)]


def gemm_b_shape(kind, n, k):
    """B of a gemm: k x n, or n x k for gemm_bt (transpose_b)."""
    return (n, k) if kind == "gemm_bt" else (k, n)


def torch_dtype(torch, name):
    return {"f16": torch.float16, "bf16": torch.bfloat16,
            "f32": torch.float32, "i8": torch.int8}[name]


def output_dtype(torch, name):
    return torch.int32 if name == "i8" else torch.float32


def uniform(torch, shape, dtype, low=-1.0, high=1.0):
    return (torch.rand(shape, device="cuda", dtype=torch.float32) *
            (high - low) + low).to(dtype)


def operand(torch, shape, name):
    """Random gemm operand: [-1, 1) in floats, every value in i8."""
    if name == "i8":
        return torch.randint(-128, 128, shape, device="cuda", dtype=torch.int8)
    return uniform(torch, shape, torch_dtype(torch, name))


def poisoned(torch, shape, dtype=None):
    if dtype is not None and not dtype.is_floating_point:
        return torch.full(shape, INT_POISON, device="cuda", dtype=dtype)
    return torch.full(shape, float("nan"), device="cuda", dtype=torch.float32)


def make_case(torch, kind, dtype, shape):
    """(inputs for the call, outputs, references) for one shape."""
    if kind in ("gemm", "gemm_bt", "gemm_bias_relu"):
        m, n, k = shape
        a = operand(torch, (m, k), dtype)
        b = operand(torch, gemm_b_shape(kind, n, k), dtype)
        c = poisoned(torch, (m, n), output_dtype(torch, dtype))
        ref = a.double() @ (b.double().T if kind == "gemm_bt" else b.double())
        if kind in ("gemm", "gemm_bt"):
            return [a, b, c], [c], [ref]
        bias = uniform(torch, (n,), torch.float32)
        return [a, b, bias, c], [c], [torch.relu(ref + bias.double())]
    if kind == "row_max_sum":
        m, n = shape
        x = uniform(torch, (m, n), torch.float32)
        mx, sm = poisoned(torch, (m,)), poisoned(torch, (m,))
        return [x, mx, sm], [mx, sm], [x.double().amax(1), x.double().sum(1)]
    if kind == "vector_add":
        (n,) = shape
        a, b = uniform(torch, (n,), torch.float32), uniform(torch, (n,), torch.float32)
        c = poisoned(torch, (n,))
        return [a, b, c], [c], [a.double() + b.double()]
    if kind == "flash_attention":
        heads, s, skv = shape
        q = uniform(torch, (heads, s, 64), torch.float32)
        k = uniform(torch, (heads, skv, 64), torch.float32)
        v = uniform(torch, (heads, skv, 64), torch.float32)
        o = poisoned(torch, (heads, s, 64))
        scale = 0.125
        p = torch.softmax(scale * q.double() @ k.double().transpose(1, 2), -1)
        return [q, k, v, o, scale], [o], [p @ v.double()]
    raise ValueError("unknown kind " + kind)


SHAPES = {
    "gemm": gemm_shapes,
    "gemm_bt": gemm_shapes,
    "gemm_bias_relu": lambda c: [(1024, 1024, 1024), (1000, 999, 1003), (1, 512, 768)],
    "row_max_sum": lambda c: [(1000, 999), (64, 128), (1, 5000), (300, 1)],
    "vector_add": lambda c: [(1,), (256,), (1000003,)],
    "flash_attention": lambda c: [(4, 100, 130), (8, 512, 512), (2, 1, 1), (1, 65, 64)],
}

# Largest error allowed relative to the reference's largest magnitude: f32
# accumulation of exact f16/bf16 products, approximate exp in the softmax.
# i8 gemms accumulate in i32 and must be exact.
TOLERANCE = {"gemm": 1e-5, "gemm_bt": 1e-5, "gemm_bias_relu": 1e-5,
             "row_max_sum": 1e-6, "vector_add": 1e-7, "flash_attention": 1e-4}


def tolerance(case):
    return 0.0 if case["dtype"] == "i8" else TOLERANCE[case["kind"]]


def describe_args(torch, args):
    return [memref(a.data_ptr(), tuple(a.shape)) if isinstance(a, torch.Tensor)
            else a for a in args]


def compare(torch, outputs, references):
    worst_abs, worst_rel, unwritten = 0.0, 0.0, 0
    for out, ref in zip(outputs, references):
        poison = torch.isnan(out) if out.is_floating_point() else out == INT_POISON
        unwritten += int(poison.sum())
        err = (out.double() - ref).abs().masked_fill(poison, 0.0)
        scale = max(float(ref.abs().max()), 1e-30) if ref.numel() else 1.0
        worst_abs = max(worst_abs, float(err.max()) if err.numel() else 0.0)
        worst_rel = max(worst_rel, worst_abs / scale)
    return worst_abs, worst_rel, unwritten


# ---- one process per kernel --------------------------------------------------

def emit(record):
    print(json.dumps(record), flush=True)


def torch_setup(backend):
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.manual_seed(0)
    torch.zeros(1, device="cuda")  # the device (CUDA: its primary context) ready
    if backend.setup:
        backend.setup(torch)
    runtime = Runtime(backend)
    # Kernels run on PyTorch's stream: ordered after the inputs are made,
    # timed by events on that stream.
    runtime.set_stream(torch.cuda.current_stream().cuda_stream)
    return torch, runtime


def check_case(backend, case, skip_timing):
    torch, runtime = torch_setup(backend)
    kernel = Kernel(case)
    ok = True
    for shape in SHAPES[case["kind"]](case):
        args, outputs, references = make_case(torch, case["kind"], case["dtype"], shape)
        kernel(*describe_args(torch, args))
        torch.cuda.synchronize()
        worst_abs, worst_rel, unwritten = compare(torch, outputs, references)
        passed = unwritten == 0 and worst_rel <= tolerance(case)
        ok &= passed
        emit(dict(type="check", case=case["case"], dtype=case["dtype"],
                  shape="x".join(map(str, shape)), passed=passed,
                  max_abs=worst_abs, rel=worst_rel, unwritten=unwritten))
        del args, outputs, references
    native = case["chip"] == backend.native_chip(torch)
    if ok and not skip_timing and case["kind"] == "gemm" and native:
        for n in TIMED_SIZES:
            ms = time_gemm(torch, kernel, case["dtype"], n)
            emit(dict(type="time", case=case["case"], dtype=case["dtype"], n=n,
                      ms=ms, tflops=2.0 * n ** 3 / (ms * 1e9)))


def time_calls(torch, call, repeat, warmup=3):
    """Median milliseconds of one call, bracketed by events on the stream."""
    for _ in range(warmup):
        call()
    times = []
    for _ in range(repeat):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        call()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    return times[len(times) // 2]


def gemm_inputs(torch, dtype, n):
    # Random data: zeros run faster than real data on this hardware.
    return operand(torch, (n, n), dtype), operand(torch, (n, n), dtype)


def time_gemm(torch, kernel, dtype, n):
    a, b = gemm_inputs(torch, dtype, n)
    c = torch.empty((n, n), device="cuda", dtype=output_dtype(torch, dtype))
    args = describe_args(torch, [a, b, c])
    return time_calls(torch, lambda: kernel(*args), 20 if n <= 4096 else 10)


def time_vendor(backend, dtypes):
    torch, _ = torch_setup(backend)
    for dtype in dtypes:
        for n in TIMED_SIZES:
            repeat = 20 if n <= 4096 else 10
            a, b = gemm_inputs(torch, dtype, n)
            if dtype == "i8":  # i32 output, as the tile-mlir kernels write
                try:
                    ms = time_calls(torch, lambda: torch._int_mm(a, b), repeat)
                except (AttributeError, RuntimeError) as e:
                    print("torch._int_mm: %s" % e, file=sys.stderr)
                    continue
                emit(dict(type="vendor", dtype=dtype, n=n, ms=ms,
                          tflops=2.0 * n ** 3 / (ms * 1e9), out="same"))
                continue
            ms = time_calls(torch, lambda: torch.matmul(a, b), repeat)
            record = dict(type="vendor", dtype=dtype, n=n, ms=ms,
                          tflops=2.0 * n ** 3 / (ms * 1e9), out="same")
            emit(record)
            try:  # f32 output, as the tile-mlir kernels write (PyTorch 2.9+)
                ms = time_calls(torch, lambda: torch.mm(a, b, out_dtype=torch.float32),
                                repeat)
                emit(dict(record, ms=ms, tflops=2.0 * n ** 3 / (ms * 1e9), out="f32"))
            except (TypeError, RuntimeError):
                pass


def small_gemm(torch, case):
    """A, B and C of a 128x128x64 gemm of the case's element type."""
    a, b = gemm_inputs(torch, case["dtype"], 128)
    c = torch.empty((128, 128), device="cuda", dtype=output_dtype(torch, case["dtype"]))
    return a[:, :64].contiguous(), b[:64, :].contiguous(), c


def measure_overhead(backend, case):
    """Wall time of one call of a 128x128x64 gemm against its kernel's own
    time (the profiler's device activity); torch.matmul alike for scale."""
    torch, _ = torch_setup(backend)
    kernel = Kernel(case)
    a, b, c = small_gemm(torch, case)
    args = describe_args(torch, [a, b, c])
    calls = 2000
    for _ in range(100):
        kernel(*args)

    tile_us = wall_us_of(torch, lambda: kernel(*args), calls)
    torch_us = wall_us_of(torch, lambda: (torch.matmul(a, b), torch.cuda.synchronize()),
                          calls)
    kernel_us = None
    try:
        from torch.profiler import ProfilerActivity, profile
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(200):
                kernel(*args)
            torch.cuda.synchronize()
        times = [e.device_time for e in prof.events()
                 if "gemm_kernel" in e.name and e.device_time > 0]
        if times:
            kernel_us = sorted(times)[len(times) // 2]
    except Exception as e:  # the profiler is a bonus, not the measurement
        print("profiler unavailable: %s" % e, file=sys.stderr)
    emit(dict(type="overhead", case=case["case"], call_us=tile_us, kernel_us=kernel_us,
              torch_call_us=torch_us))


def wall_us_of(torch, call, calls):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(calls):
        call()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) * 1e6 / calls


def measure_graph(backend, case):
    """The 128x128x64 call captured into a CUDA graph (torch.cuda.graph: a
    stream of its own, the global capture mode) and replayed, C poisoned
    first and checked against the float64 reference: once after a warm-up
    call, as PyTorch asks, with the wall time of a replay (replays not
    synchronised one by one); then on new operands whose first call is the
    captured one (their TMA descriptors are made during the capture)."""
    torch, runtime = torch_setup(backend)
    kernel = Kernel(case)

    def captured(a, b, c):
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            runtime.set_stream(torch.cuda.current_stream().cuda_stream)
            kernel(*describe_args(torch, [a, b, c]))
        runtime.set_stream(torch.cuda.current_stream().cuda_stream)
        c.fill_(float("nan"))
        graph.replay()
        torch.cuda.synchronize()
        reference = a.double() @ b.double()
        rel = float(((c.double() - reference).abs().max() /
                     reference.abs().max().clamp(min=1e-30)).item())
        return graph, rel

    a, b, c = small_gemm(torch, case)
    kernel(*describe_args(torch, [a, b, c]))
    graph, rel = captured(a, b, c)
    emit(dict(type="graph", case=case["case"], variant="after a warm-up call", rel=rel,
              passed=rel <= tolerance(case), replay_us=wall_us_of(torch, graph.replay, 2000)))
    graph, rel = captured(*small_gemm(torch, case))
    emit(dict(type="graph", case=case["case"], variant="first call captured", rel=rel,
              passed=rel <= tolerance(case), replay_us=None))


def describe_device(backend):
    try:
        import torch
    except ImportError as e:
        emit(dict(type="device", problem="PyTorch is not installed (%s)" % e))
        return
    emit(dict(backend.describe(torch), type="device"))


def smoke_case(backend, case):
    """No PyTorch: buffers from the runtime, every shape called, nothing checked
    (under a stand-in driver the kernels do nothing)."""
    runtime = Runtime(backend)
    kernel = Kernel(case)
    for shape in SHAPES[case["kind"]](case):
        args = smoke_args(runtime, case, shape)
        for _ in range(3):
            kernel(*args)
        emit(dict(type="smoke", case=case["case"], shape="x".join(map(str, shape))))


def smoke_args(runtime, case, shape):
    """Descriptors over runtime allocations with the shapes make_case uses."""
    def buffer(dims, bytes_per):
        count = 1
        for d in dims:
            count *= d
        return memref(runtime.lib.mgpuMemAlloc(max(count * bytes_per, 1), None, 0), dims)

    kind, elem = case["kind"], {"f32": 4, "i8": 1}.get(case["dtype"], 2)
    if kind in ("gemm", "gemm_bt", "gemm_bias_relu"):
        m, n, k = shape
        args = [buffer((m, k), elem), buffer(gemm_b_shape(kind, n, k), elem)]
        if kind == "gemm_bias_relu":
            args.append(buffer((n,), 4))
        return args + [buffer((m, n), 4)]
    if kind == "row_max_sum":
        m, n = shape
        return [buffer((m, n), 4), buffer((m,), 4), buffer((m,), 4)]
    if kind == "vector_add":
        return [buffer(shape, 4) for _ in range(3)]
    heads, s, skv = shape
    return [buffer((heads, s, 64), 4), buffer((heads, skv, 64), 4),
            buffer((heads, skv, 64), 4), buffer((heads, s, 64), 4), 0.125]


def child(backend, args):
    cases = {c["case"]: c for c in read_manifest()}
    if args.child == "device":
        describe_device(backend)
    elif args.child == "check":
        check_case(backend, cases[args.case], args.skip_timing)
    elif args.child == "vendor":
        time_vendor(backend, args.dtypes.split(","))
    elif args.child == "overhead":
        measure_overhead(backend, cases[args.case])
    elif args.child == "graph":
        measure_graph(backend, cases[args.case])
    elif args.child == "smoke":
        smoke_case(backend, cases[args.case])


# ---- the parent: one child per kernel, then the tables -----------------------

def run_child(backend, extra, label, deadline):
    if time.time() > deadline:
        print("  %-26s skipped: over the %d s budget" % (label, BUDGET_S), flush=True)
        return [dict(type="failed", label=label, status="skipped",
                     error="not run: over the time budget")]
    command = [sys.executable, backend.runner, "--child"] + extra
    started = time.time()
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=CHILD_TIMEOUT_S)
        out, err, status = done.stdout, done.stderr, done.returncode
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        err, status = "timed out after %d s" % CHILD_TIMEOUT_S, "timeout"
    records = []
    for line in out.splitlines():
        try:
            records.append(json.loads(line))
        except ValueError:
            pass
    if status != 0:
        records.append(dict(type="failed", label=label, status=status,
                            error=" | ".join(err.strip().splitlines()[-4:])))
    print("  %-26s %5.1f s%s" % (label, time.time() - started,
                                 "" if status == 0 else "  FAILED (%s)" % status),
          flush=True)
    return records


def find_device(backend, deadline):
    """The GPU as the first child sees it, or None after one line saying why
    there is none."""
    records = run_child(backend, ["device"], "GPU (PyTorch)", deadline)
    device = next((r for r in records if r["type"] == "device"), None)
    problem = device.get("problem") if device else next(
        (r["error"] for r in records if r["type"] == "failed"), "no answer")
    if problem:
        print("%s: error: %s" % (os.path.basename(backend.runner), problem))
        return None
    print("GPU: %s" % device_line(device), flush=True)
    return device


def device_line(device):
    return ", ".join("%s %s" % (k, device[k]) if k != "name" else device[k]
                     for k in device if k not in ("type", "problem"))


def runnable(backend, cases, device, records):
    """The cases compiled for the GPU's chip; each other one gets its line."""
    kept = []
    for c in cases:
        if c["chip"] == device["chip"]:
            kept.append(c)
            continue
        print("  %-26s skipped: compiled for %s, this GPU is %s" % (
            c["case"], c["chip"], device["chip"]), flush=True)
        records.append(dict(type="skipped", case=c["case"], chip=c["chip"]))
    return kept


def parent(backend, args):
    cases = read_manifest()
    if args.only:
        cases = [c for c in cases if c["case"] in args.only]
    started = time.time()
    deadline = started + BUDGET_S
    records = []
    print("== one process per kernel", flush=True)
    if backend.describe and not args.smoke:
        device = find_device(backend, deadline)
        if device is None:
            return 1
        records.append(device)
        cases = runnable(backend, cases, device, records)
        if not cases:
            print("%s: error: no library in the bundle is compiled for %s (this GPU); "
                  "prepare one with CHIPS=%s" % (os.path.basename(backend.runner),
                                                 device["chip"], device["chip"]))
            return 1
    if not args.smoke and not args.skip_timing:
        dtypes = ["f16", "bf16"] + (["i8"] if any(c["dtype"] == "i8" for c in cases) else [])
        records += run_child(backend, ["vendor", "--dtypes", ",".join(dtypes)],
                             "%s (torch.matmul)" % backend.vendor, deadline)
    for c in cases:
        if args.smoke:
            records += run_child(backend, ["smoke", "--case", c["case"]], c["case"], deadline)
        else:
            records += run_child(backend, ["check", "--case", c["case"]] +
                                 (["--skip-timing"] if args.skip_timing else []),
                                 c["case"], deadline)
    if not args.smoke and not args.skip_timing:
        first = [c for c in cases if c["case"].startswith(backend.overhead_case)] or \
                [c for c in cases if c["kind"] == "gemm"]
        if first:
            records += run_child(backend, ["overhead", "--case", first[0]["case"]],
                                 "per-call overhead", deadline)
            if backend.graphs:
                records += run_child(backend, ["graph", "--case", first[0]["case"]],
                                     "CUDA graph of a call", deadline)
    print_tables(backend, records, time.time() - started)
    failed = [r for r in records if r["type"] == "failed" or
              (r["type"] in ("check", "graph") and not r["passed"])]
    return 1 if failed else 0


def print_tables(backend, records, seconds):
    for r in records:
        if r["type"] == "device":
            print("\nGPU: %s" % device_line(r))
    checks = [r for r in records if r["type"] == "check"]
    if checks:
        print("\n== correctness (float64 reference; rel = max error / max |ref|)")
        for r in checks:
            print("%-4s %-26s %-5s %-16s max abs %.2e  rel %.2e%s" % (
                "PASS" if r["passed"] else "FAIL", r["case"], r["dtype"], r["shape"],
                r["max_abs"], r["rel"],
                "  %d unwritten" % r["unwritten"] if r["unwritten"] else ""))
    skipped = [r["case"] for r in records if r["type"] == "skipped"]
    if skipped:
        print("\nnot run (compiled for another chip): %s" % " ".join(skipped))
    smokes = [r for r in records if r["type"] == "smoke"]
    if smokes:
        print("\n== smoke: %d kernel calls over %d shapes returned" % (
            3 * len(smokes), len(smokes)))
    for r in records:
        if r["type"] == "failed":
            print("FAIL %-26s exit %s: %s" % (r["label"], r["status"], r["error"]))
    print_times(backend, records)
    for r in records:
        if r["type"] == "overhead":
            kernel = r["kernel_us"]
            print("\n== one call of a 128x128x64 gemm (%s), microseconds" % r["case"])
            print("call (launch + kernel + synchronise): %.1f" % r["call_us"])
            if kernel is not None:
                print("kernel alone (profiler): %.1f; beyond the kernel: %.1f" % (
                    kernel, r["call_us"] - kernel))
            print("torch.matmul + synchronize, same shape: %.1f" % r["torch_call_us"])
        if r["type"] == "graph":
            print("%s CUDA graph of the call (%s), replayed: C rel error %.1e%s" % (
                "PASS" if r["passed"] else "FAIL", r["variant"], r["rel"],
                "" if r["replay_us"] is None else
                "; %.1f per replay, not synchronised one by one" % r["replay_us"]))
    print("\ntotal %.0f s" % seconds)


def print_times(backend, records):
    times = [r for r in records if r["type"] == "time"]
    vendor = {(r["dtype"], r["n"], r["out"]): r for r in records if r["type"] == "vendor"}
    if not times:
        return
    width = max(14, len(backend.vendor) + 8)
    row = "%%-22s %%-5s %%6s %%10s %%%ds %%%ds %%7s" % (width, width)
    print("\n== GEMM TFLOP/s (median call, %s events on one stream; tile-mlir writes %s)"
          % (backend.events, "f32" if all(r["dtype"] != "i8" for r in times)
             else "f32, i8: i32 and TOP/s"))
    print(row % ("kernel", "dtype", "n", "tile-mlir", backend.vendor + " f32 out",
                 backend.vendor + " same", "ratio"))
    for r in times:
        f32 = vendor.get((r["dtype"], r["n"], "f32"))
        same = vendor.get((r["dtype"], r["n"], "same"))
        base = f32 or same
        print(row % (r["case"], r["dtype"], r["n"], "%.1f" % r["tflops"],
                     "%.1f" % f32["tflops"] if f32 else "-",
                     "%.1f" % same["tflops"] if same else "-",
                     "%.2f" % (r["tflops"] / base["tflops"]) if base else "-"))


def main(backend, doc):
    p = argparse.ArgumentParser(description=doc,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--only", nargs="+", help="cases (e.g. %s) to run" % backend.overhead_case)
    p.add_argument("--skip-timing", action="store_true", help="correctness only")
    p.add_argument("--smoke", action="store_true",
                   help="no PyTorch: call every kernel on runtime buffers")
    p.add_argument("--child", choices=["device", "check", "vendor", "overhead", "graph",
                                       "smoke"],
                   help=argparse.SUPPRESS)
    p.add_argument("--case", help=argparse.SUPPRESS)
    p.add_argument("--dtypes", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(backend, args)
        return 0
    return parent(backend, args)
