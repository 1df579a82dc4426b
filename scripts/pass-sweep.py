#!/usr/bin/python3
"""Every tile pass, alone, on IR it was not written for.
  scripts/pass-sweep.py [--sources K] [--snapshots N] [--seed S]
                        [--build DIR] [--jobs J] [TARGET...]
The snapshots are the IR after each pass of a target's lowering (and host)
pipeline on a source: K (target, source) pairs (default 40), the sources
being the examples and the chunks of the test inputs that hold tile IR,
made with tile-opt --mlir-print-ir-after-all --mlir-print-ir-tree-dir. A
sample of N distinct snapshots (default 40) gets every tile pass with no
options and with each option set the pipelines give it; a pass of another
backend than the snapshot's runs on one snapshot in ten. The seed chooses
the pairs and the sample.
A pass may refuse IR with a located error, or change nothing. A crash (a
signal; tile-opt runs passes on several threads, so a pass that loads a
dialect it did not declare can crash), a hang or a failure without an error
is a failure: the command is printed and the exit status is 1.
A pass runs on all its snapshots in one tile-opt process (split chunks,
a context each); the snapshots that fail there, or all of them after a
crash or a hang, run again one process each, and those runs decide.
Default targets: cpu, cuda:sm_80, cuda:sm_90a, rocm:gfx942, vulkan.
"""
import argparse
import glob
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

# glibc fills freed memory: a pass that reads an op it erased reads it
# inside libMLIR and would see it intact until the memory is reused (as the
# suite does, test/lit.cfg.py).
os.environ.setdefault("MALLOC_PERTURB_", "165")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 120
BACKENDS = ("cpu", "cuda", "rocm", "vulkan")
MARKER = "// -----"


def tile_inputs(scratch):
    """The examples, and every chunk of a test input that holds tile IR and
    expects no error."""
    inputs = sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir")))
    for path in sorted(glob.glob(os.path.join(ROOT, "test", "**", "*.mlir"), recursive=True)):
        with open(path, errors="replace") as f:
            chunks = f.read().split("// -----")
        for i, chunk in enumerate(chunks):
            if "tile." in chunk and "expected-error" not in chunk:
                name = os.path.relpath(path, ROOT).replace("/", "_") + ".%d.mlir" % i
                inputs.append(os.path.join(scratch, "inputs", name))
                os.makedirs(os.path.dirname(inputs[-1]), exist_ok=True)
                with open(inputs[-1], "w") as f:
                    f.write(chunk)
    return inputs


def pipelines(tool, target):
    """The target's pipelines after its shared check, as --print-pipeline
    gives them."""
    r = subprocess.run([tool, "--target=" + target, "--print-pipeline",
                        os.path.join(ROOT, "examples", "gemm.mlir")],
                       capture_output=True, text=True, check=True)
    return [line for line in r.stdout.splitlines() if line.startswith("builtin.module(")][1:]


def snapshots(tool, target, stages, source, scratch):
    """The IR after every pass of every stage on `source`."""
    made = []
    current = source
    base = os.path.join(scratch, "tree", target.replace(":", "_"), os.path.basename(source))
    for i, stage in enumerate(stages):
        tree = "%s/%d" % (base, i)
        os.makedirs(tree, exist_ok=True)
        out = tree + ".out.mlir"
        try:
            r = subprocess.run([tool, "-p", stage, "--mlir-print-ir-after-all",
                                "--mlir-print-ir-module-scope", "--mlir-print-ir-tree-dir=" + tree,
                                "--mlir-disable-threading", current, "-o", out],
                               capture_output=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            break
        made += glob.glob(os.path.join(tree, "**", "*.mlir"), recursive=True)
        if r.returncode != 0:
            break
        current = out
    return [(target, path) for path in made]


def backend_of(name):
    """The backend a tile pass belongs to, or None for the shared ones."""
    part = name.split("-")[1]
    return part if part in BACKENDS else None


def pass_flag(pass_and_options):
    name, _, options = pass_and_options.partition("{")
    return "--" + name + ("=" + options[:-1] if options else "")


def run(tool, target, snapshot, pass_and_options):
    command = [tool, pass_flag(pass_and_options), snapshot, "-o", os.devnull]
    try:
        r = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "hang (over %d s): %s" % (TIMEOUT, " ".join(command))
    if r.returncode < 0 or r.returncode > 1:
        return "exit status %d: %s\n  %s" % (r.returncode, " ".join(command), r.stderr.strip()[:400])
    if r.returncode == 1 and "error" not in r.stderr:
        return "failed without an error: %s\n  %s" % (" ".join(command), r.stderr.strip()[:400])
    return None


def run_batch(tool, pass_and_options, batch, scratch, index):
    """The pass on a batch of snapshots in one tile-opt process, a chunk of
    --split-input-file each (each chunk has a context of its own), so that
    the start of the process is paid once per pass rather than once per
    snapshot. Standard output holds each chunk's IR between the output
    markers, nothing for a chunk that failed: the snapshots that failed,
    or all of them after a crash or a hang, are run again one process
    each, and those runs decide. Returns the failures, (snapshot, message)
    each, and the number of runs made again."""
    path = os.path.join(scratch, "batch", "%d.mlir" % index)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as out:
        for i, (_, snapshot) in enumerate(batch):
            with open(snapshot, errors="replace") as f:
                # The dump's header line is a comment that holds the marker.
                text = "".join(line for line in f if not line.startswith(MARKER))
            out.write(("%s\n" % MARKER if i else "") + text.rstrip("\n") + "\n")
    command = [tool, "--split-input-file", pass_flag(pass_and_options), path]
    crash = None
    try:
        r = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=TIMEOUT)
        outputs = r.stdout.split(MARKER + "\n")
        again = [snapshot for snapshot, output in zip(batch, outputs) if not output.strip()]
        if r.returncode not in (0, 1):
            crash = "exit status %d" % r.returncode
        if crash or len(outputs) != len(batch) or (r.returncode == 1 and not again):
            again = batch
    except subprocess.TimeoutExpired:
        crash = "hang (over %d s)" % TIMEOUT
        again = batch
    failures = []
    for target, snapshot in again:
        failure = run(tool, target, snapshot, pass_and_options)
        if failure:
            failures.append((snapshot, failure))
    # Each snapshot alone passes, all of them in one process do not: the
    # pass keeps something from one run (one context) to the next.
    if crash and not failures:
        failures.append((path, "%s on the snapshots together, none alone: %s"
                         % (crash, " ".join(command))))
    return failures, len(again)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sources", type=int, default=40, help="(target, source) pairs to lower")
    parser.add_argument("--snapshots", type=int, default=40, help="distinct snapshots to sweep")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"), help="the build folder")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("targets", nargs="*", default=["cpu", "cuda:sm_80", "cuda:sm_90a", "rocm:gfx942", "vulkan"])
    o = parser.parse_args()
    tool = os.path.join(o.build, "bin", "tile-opt")
    passes = [line.split()[0][2:] for line in subprocess.run(
        [tool, "--list-passes"], capture_output=True, text=True, check=True).stdout.splitlines()
        if line.startswith("  --tile-")]
    options = {name: {""} for name in passes}
    stages = {}
    for target in o.targets:
        stages[target] = pipelines(tool, target)
        for stage in stages[target]:
            for m in re.finditer(r"(tile-[a-z0-9-]+)(\{[^}]*\})?", stage):
                options.setdefault(m.group(1), {""}).add(m.group(2) or "")
    with tempfile.TemporaryDirectory(prefix="tile-pass-sweep-") as scratch:
        rng = random.Random(o.seed)
        sources = tile_inputs(scratch)
        jobs = [(target, source) for target in o.targets for source in sources]
        rng.shuffle(jobs)
        jobs = jobs[:o.sources]
        found = {}
        with ThreadPoolExecutor(o.jobs) as pool:
            for made in pool.map(lambda job: snapshots(tool, job[0], stages[job[0]], job[1], scratch), jobs):
                for target, path in made:
                    with open(path, "rb") as f:
                        found.setdefault(hashlib.sha1(f.read()).hexdigest(), (target, path))
        chosen = sorted(found.values())
        rng.shuffle(chosen)
        chosen = chosen[:o.snapshots]
        runs = []
        for target, path in chosen:
            for name in sorted(options):
                backend = backend_of(name)
                if backend and backend != target.split(":")[0] and rng.random() >= 0.1:
                    continue
                runs += [(target, path, name + opts) for opts in sorted(options[name])]
        print("pass-sweep: %d passes on %d of %d distinct snapshots of %d lowerings (%d runs)"
              % (len(options), len(chosen), len(found), len(jobs), len(runs)), flush=True)
        # A failing snapshot is kept beside the build (the scratch folder
        # goes), under the name the printed command uses.
        keep = os.path.join(o.build, "pass-sweep")
        shutil.rmtree(keep, ignore_errors=True)
        batches = {}
        for target, path, pass_and_options in runs:
            batches.setdefault(pass_and_options, []).append((target, path))
        failures = processes = 0
        with ThreadPoolExecutor(o.jobs) as pool:
            for found_failures, again in pool.map(lambda b: run_batch(tool, b[1][0], b[1][1], scratch, b[0]),
                                           enumerate(batches.items())):
                processes += 1 + again
                for path, failure in found_failures:
                    failures += 1
                    kept = os.path.join(keep, os.path.relpath(path, scratch))
                    os.makedirs(os.path.dirname(kept), exist_ok=True)
                    shutil.copyfile(path, kept)
                    print("pass-sweep: " + failure.replace(path, kept), flush=True)
        print("pass-sweep: %d runs in %d processes, %d failed" % (len(runs), processes, failures), flush=True)
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
