#!/usr/bin/python3
"""Structural mutations of the suite's kernels, compiled and run.

  scripts/mutate.py [--build DIR] [--seed S] [--count N] [--jobs J] [--run]

The kernels of examples/ and test/**/Inputs/, printed in generic form, get
op ranges wrapped in scf.forall, scf.if, scf.for, scf.while,
scf.index_switch and scf.execute_region, duplicated, deleted or swapped
with their neighbour (one to three mutations each), the shapes that
scripts/stress.py makes from scratch and the suite's kernels do not have.

Without --run, each mutant is compiled for cpu, cuda:sm_80, cuda:sm_90a,
rocm:gfx942 and vulkan: a crash, a hang or an error without a location is a
failure. With --run, the mutants come from the suite's tile-run
invocations (entry, shapes, scalars) with wrappers that keep the program's
meaning (an scf.if on true, loops of one to three trips, a while that runs
once, a switch's chosen case, a region) or duplicate an op, and each runs
on the cpu and on vulkan (lavapipe): outputs that differ beyond rounding
are a failure (f16 and bf16 within 0.25 + 10% relative, the rounding of
16-bit sums in another order; other floats 1e-3 + 1e-3 relative;
integers exact), as is a crash or a hang. A mutant one target refuses with
a located error and the other runs is listed, not counted: the targets'
limits differ (lavapipe's 32 KiB of shared memory, cpu-only ops).

Failing mutants are kept in DIR/mutate/ (the first line names the source
file and the mutations) and the exit status is 1. Default: 100 mutants,
seed 0, one job per core.
"""
import argparse
import glob
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ["cpu", "cuda:sm_80", "cuda:sm_90a", "rocm:gfx942", "vulkan"]
TIMEOUT = 300
DEF = re.compile(r"(%[\w.$-]+)(?::\d+)?\s*=")
USE = re.compile(r"%[\w.$-]+")
os.environ.setdefault("MALLOC_PERTURB_", "165")


def generic(tool, path):
    r = subprocess.run([tool, "--mlir-print-op-generic", path],
                       capture_output=True, text=True, timeout=TIMEOUT)
    return r.stdout if r.returncode == 0 and "tile." in r.stdout else None


def op_ranges(lines):
    """(first, last) lines of each op of the bodies that may move."""
    out = []
    for i, line in enumerate(lines):
        s = line.strip()
        if (not s.startswith('"') or s.startswith(('"func.', '"builtin.')) or
                "yield" in s or "in_parallel" in s or "scf.condition" in s):
            continue
        depth = line.count("{") - line.count("}")
        if depth == 0:
            out.append((i, i))
        for j in range(i + 1, len(lines)) if depth > 0 else ():
            depth += lines[j].count("{") - lines[j].count("}")
            if depth == 0:
                out.append((i, j))
                break
    return out


def defined(lines, a, b):
    return {m.group(1) for m in (DEF.match(x.strip()) for x in lines[a:b + 1]) if m}


def used_after(lines, b, names):
    return names and any(u in names for x in lines[b + 1:] for u in USE.findall(x))


def wrap(kind, ind, body, n, rng, keep_meaning):
    c = lambda name, v, t: '%s%%%s%d = "arith.constant"() <{value = %s}> : () -> %s' % (
        ind, name, n, v, t)
    if kind == "forall":
        ub = rng.choice([1, 2, 4, 32, 128])
        return (['%s"scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, '
                 'staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, '
                 'staticUpperBound = array<i64: %d>}> ({' % (ind, ub),
                 "%s^bb0(%%mi%d: index):" % (ind, n)] + body +
                [ind + '  "scf.forall.in_parallel"() ({', ind + "  ^bb0:",
                 ind + "  }) : () -> ()", ind + "}) : () -> ()"])
    if kind == "if":
        v = "true" if keep_meaning else rng.choice(["true", "false"])
        return ([c("mc", v, "i1"), '%s"scf.if"(%%mc%d) ({' % (ind, n)] + body +
                [ind + '  "scf.yield"() : () -> ()', ind + "}, {", ind + "}) : (i1) -> ()"])
    if kind == "for":
        hi = rng.choice([1, 2, 3] if keep_meaning else [0, 1, 2, 3])
        return ([c("ml", "0 : index", "index"), c("mh", "%d : index" % hi, "index"),
                 c("ms", "1 : index", "index"),
                 '%s"scf.for"(%%ml%d, %%mh%d, %%ms%d) ({' % (ind, n, n, n),
                 "%s^bb0(%%mi%d: index):" % (ind, n)] + body +
                [ind + '  "scf.yield"() : () -> ()',
                 ind + "}) : (index, index, index) -> ()"])
    if kind == "while":
        return ([c("mz", "0 : index", "index"), c("mo", "1 : index", "index"),
                 '%s%%mw%d = "scf.while"(%%mz%d) ({' % (ind, n, n),
                 "%s^bb0(%%ma%d: index):" % (ind, n),
                 '%s  %%mb%d = "arith.cmpi"(%%ma%d, %%mo%d) <{predicate = 6 : i64}> '
                 ": (index, index) -> i1" % (ind, n, n, n),
                 '%s  "scf.condition"(%%mb%d, %%ma%d) : (i1, index) -> ()' % (ind, n, n),
                 ind + "}, {", "%s^bb0(%%md%d: index):" % (ind, n)] + body +
                ['%s  %%me%d = "arith.addi"(%%md%d, %%mo%d) <{overflowFlags = '
                 "#arith.overflow<none>}> : (index, index) -> index" % (ind, n, n, n),
                 '%s  "scf.yield"(%%me%d) : (index) -> ()' % (ind, n),
                 ind + "}) : (index) -> index"])
    if kind == "switch":
        return ([c("mq", "2 : index", "index"),
                 '%s"scf.index_switch"(%%mq%d) <{cases = array<i64: 1, 2>}> ({' % (ind, n),
                 ind + '  "scf.yield"() : () -> ()', ind + "}, {",
                 ind + '  "scf.yield"() : () -> ()', ind + "}, {"] + body +
                [ind + '  "scf.yield"() : () -> ()', ind + "}) : (index) -> ()"])
    if kind == "region":
        return ([ind + '"scf.execute_region"() ({'] + body +
                [ind + '  "scf.yield"() : () -> ()', ind + "}) : () -> ()"])
    return body + body if kind == "dup" else []


def mutate(text, rng, kinds, keep_meaning):
    lines = text.split("\n")
    ranges = op_ranges(lines)
    for _ in range(20 if ranges else 0):
        a, b = rng.choice(ranges)
        kind = rng.choice(kinds)
        names = defined(lines, a, b)
        ind = re.match(r"\s*", lines[a]).group(0)
        if kind == "swap":
            after = [r for r in ranges if r[0] == b + 1]
            if not after or names or defined(lines, *after[0]):
                continue
            c, d = after[0]
            return "\n".join(lines[:a] + lines[c:d + 1] + lines[a:b + 1] + lines[d + 1:]), kind
        if (kind == "dup" and names) or (kind != "dup" and used_after(lines, b, names)):
            continue
        new = wrap(kind, ind, lines[a:b + 1], rng.randrange(10**6), rng, keep_meaning)
        return "\n".join(lines[:a] + new + lines[b + 1:]), kind
    return None


def mutant(text, rng, kinds, keep_meaning):
    done = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        m = mutate(text, rng, kinds, keep_meaning)
        if m:
            text, kind = m
            done.append(kind)
    return text, done


def run_lines():
    """(file, entry/shape/arg flags) of the suite's tile-run invocations."""
    found = set()
    for test in sorted(glob.glob(ROOT + "/test/**/*.test", recursive=True) +
                       glob.glob(ROOT + "/test/**/*.mlir", recursive=True)):
        cur, lines = "", []
        for line in open(test, errors="replace"):
            m = re.match(r"\s*(?://|#)?\s*RUN:\s?(.*?)\s*$", line)
            if m:
                cur += m.group(1)
                if cur.endswith("\\"):
                    cur = cur[:-1] + " "
                else:
                    lines.append(cur)
                    cur = ""
        for line in lines:
            for part in line.split("|"):
                try:
                    words = shlex.split(part.strip())
                except ValueError:
                    continue
                if len(words) < 2 or words[0] != "tile-run" or "%t" in words[1]:
                    continue
                path = os.path.normpath(words[1].replace("%S", os.path.dirname(test))
                                        .replace("%examples", ROOT + "/examples"))
                flags = tuple(w for w in words[2:]
                              if w.startswith(("--entry=", "--shape=", "--arg=")))
                if (os.path.exists(path) and "faults" not in path and
                        any(f.startswith("--shape=") for f in flags) and
                        not any("%" in f for f in flags)):
                    found.add((path, flags))
    return sorted(found)


def located(stderr):
    return not re.search(r"^error:|<unknown>|loc\(unknown\)", stderr, re.M)


def compile_one(tool, path):
    problems = []
    for target in TARGETS:
        try:
            r = subprocess.run([tool, "--target=" + target, path, "-o", "/dev/null"],
                               capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            problems.append("%s: no result after %d s" % (target, TIMEOUT))
            continue
        if r.returncode not in (0, 1) or "Stack dump" in r.stderr:
            problems.append("%s: exit status %d: %s" % (target, r.returncode, r.stderr[-400:]))
        elif r.returncode == 1 and not located(r.stderr):
            problems.append("%s: an error without a location: %s" % (target, r.stderr[:400]))
    return problems, None


def element_types(text, entry):
    """Element types of the memref arguments of `entry` (None: the only public one)."""
    for m in re.finditer(r'"func\.func"\(\) <\{function_type = \(([^)]*)\) -> [^,]*, '
                         r'(?:sym_name|sym_visibility)', text):
        head = text[m.start():m.start() + 2000]
        name = re.search(r'sym_name = "([^"]+)"', head)
        if entry is None or (name and name.group(1) == entry):
            return [re.sub(r"^.*x|[>,].*$", "", t.split("memref<")[1]) if "memref<" in t else None
                    for t in re.split(r", (?![^<]*>)", m.group(1))]
    return []


def same(np, a, b, elem):
    if a.shape != b.shape or a.dtype != b.dtype:
        return "shapes %s and %s" % (a.shape, b.shape)
    if elem == "bf16":
        a, b = [(x.astype(np.uint32) << 16).view(np.float32) for x in (a, b)]
    if a.dtype.kind in "fc":
        x, y = a.astype(np.complex128), b.astype(np.complex128)
        # 16-bit sums (atomic adds, f16 and bf16 accumulators, run again by
        # a mutation's loop) round their partial sums, whose magnitude the
        # result does not show, in another order or at other steps on each
        # target: 1/4 + 10% covers them; races and missing barriers are
        # off by far more.
        atol, rtol = (0.25, 0.1) if elem in ("f16", "bf16") else (1e-3, 1e-3)
        with np.errstate(invalid="ignore"):
            bad = ~((abs(x - y) <= atol + rtol * abs(y)) | (np.isnan(x) & np.isnan(y)) | (x == y))
    else:
        bad = a != b
    if bad.any():
        at = tuple(np.argwhere(bad)[0])
        return "%d of %d elements differ, the first at %s: %s and %s" % (
            bad.sum(), a.size, list(at), a[at], b[at])
    return None


def run_one(runner, path, flags, text):
    import numpy as np  # Debian's python3-numpy; only --run needs it
    positions = sorted({int(i) for f in flags if f.startswith("--shape=")
                        for i in f.split("=")[1].split(",")})
    entry = next((f.split("=", 1)[1] for f in flags if f.startswith("--entry=")), None)
    types = element_types(text, entry)
    outs, codes = {}, {}
    for target in ("cpu", "vulkan"):
        d = path + "." + target.replace(":", "_")
        os.makedirs(d, exist_ok=True)
        cmd = [runner, path, "--target=" + target, "--no-cache"] + list(flags) + [
            "--output=%d=%s/%d.npy" % (i, d, i) for i in positions]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return ["%s: no result after %d s" % (target, TIMEOUT)], None
        if r.returncode not in (0, 1) or "Stack dump" in r.stderr:
            return ["%s: exit status %d: %s" % (target, r.returncode, r.stderr[-400:])], None
        codes[target], outs[target] = r.returncode, d
    if codes["cpu"] or codes["vulkan"]:
        note = None if codes["cpu"] == codes["vulkan"] else (
            "runs on %s only" % ("cpu" if codes["vulkan"] else "vulkan"))
        return [], note
    problems = []
    for i in positions:
        a, b = (np.load("%s/%d.npy" % (outs[t], i)) for t in ("vulkan", "cpu"))
        diff = same(np, a, b, types[i] if i < len(types) else None)
        if diff:
            problems.append("argument %d: vulkan and cpu differ: %s" % (i, diff))
    return problems, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--run", action="store_true",
                        help="run on cpu and vulkan and compare (needs lavapipe)")
    args = parser.parse_args()
    if args.run:
        try:
            import numpy  # noqa: F401
        except ImportError:
            sys.exit("mutate.py: --run compares outputs with numpy (python3-numpy)")
    tool = os.path.join(args.build, "bin", "tile-opt")
    runner = os.path.join(args.build, "bin", "tile-run")
    work = os.path.join(args.build, "mutate")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    rng = random.Random(args.seed)
    texts = {}

    def text_of(path):
        if path not in texts:
            texts[path] = generic(tool, path)
        return texts[path]

    jobs = []
    if args.run:
        sources = run_lines()
        kinds = ["if", "for", "while", "switch", "region", "dup"]
    else:
        sources = [(p, ()) for p in sorted(
            glob.glob(ROOT + "/examples/*.mlir") +
            glob.glob(ROOT + "/test/**/Inputs/*.mlir", recursive=True))]
        kinds = ["forall", "if", "for", "while", "switch", "region", "dup", "delete", "swap"]
    for k in range(args.count):
        path, flags = rng.choice(sources)
        if not text_of(path):
            continue
        text, done = mutant(texts[path], rng, kinds, args.run)
        out = os.path.join(work, "m%05d.mlir" % k)
        with open(out, "w") as f:
            f.write("// %s %s %s\n%s" % (os.path.relpath(path, ROOT), ",".join(done),
                                          " ".join(flags), text))
        jobs.append((out, flags, text))

    def check(job):
        out, flags, text = job
        return run_one(runner, out, flags, text) if args.run else compile_one(tool, out)

    failed = listed = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        for (out, _, _), (problems, note) in zip(jobs, pool.map(check, jobs)):
            head = open(out).readline().strip()
            for p in problems:
                print("%s (%s): %s" % (out, head[3:], p.replace("\n", " / ")))
            if note:
                listed += 1
                print("%s (%s): %s" % (out, head[3:], note))
            if problems:
                failed += 1
            elif not note:
                os.remove(out)
                for t in ("cpu", "vulkan"):
                    shutil.rmtree(out + "." + t, ignore_errors=True)
    print("mutate: %d mutants, %d failed, %d run on one target only" % (
        len(jobs), failed, listed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
