#!/usr/bin/env python3
"""Fails on an include that goes up (or sideways) through the layers.

Usage: scripts/check-layering.py [ROOT]   (default: the repository)

The layers, lowest first (a folder may include its own headers and those of
lower layers; folders of one layer never include each other):

  support                          strings, files, diagnostics printing
  ir                               dialect loading, builders, verification
  passes                           pass registry, pipeline driver, tile passes
  gpu, backend                     shared SIMT lowering; the compile driver
  cpu, cuda, rocm, vulkan, runtime target backends; execution backends
  libtile                          lib/*.c: what tile/tile.h itself declares
  tools                            tile-opt, tile-run, tile-fuzz

Public headers belong to the layer that implements them (tile/dialect.h to
ir, tile/backend.h to backend, ...); tile/tile.h includes all of them and
belongs to libtile. Every C file and header under ROOT/lib and ROOT/tools is
read; an include with a folder ("ir/ir.h", "tile/backend.h") is checked, one
without ("shim.h") is a sibling in the same folder. A folder of lib/ that is
in no layer is an error too, so that a new folder gets a place. Prints one
`file:line: message` per problem and exits 1 when there is any.
"""
import os
import re
import sys

LAYERS = [
    ["support"],
    ["ir"],
    ["passes"],
    ["gpu", "backend"],
    ["cpu", "cuda", "rocm", "vulkan", "runtime"],
    ["libtile"],
    ["tools"],
]
RANK = {folder: rank for rank, layer in enumerate(LAYERS) for folder in layer}

# The layer each public header belongs to: the one that implements it.
PUBLIC = {
    "diagnostics.h": "support",
    "dialect.h": "ir",
    "passes.h": "passes",
    "pipeline.h": "passes",
    "artifact.h": "backend",
    "backend.h": "backend",
    "cache.h": "backend",
    "target.h": "backend",
    "runtime.h": "runtime",
    "tile.h": "libtile",
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"/]+)/([^"]+)"')


def owner(root, path):
    """The layer folder of a file: lib/<folder>/..., tools/..., or None."""
    rel = os.path.relpath(path, root).split(os.sep)
    if rel[0] == "tools":
        return "tools"
    if rel[0] == "lib":
        # Files directly in lib/ (version.c) implement tile/tile.h.
        return rel[1] if len(rel) > 2 else "libtile"
    return None


def target_folder(folder, header):
    """The layer folder an include names, or None when it is not ours."""
    if folder == "tile":
        return PUBLIC.get(header, "libtile")
    return folder if folder in RANK else None


def check_file(root, path, out):
    source = owner(root, path)
    if source not in RANK:
        out.append("%s:1: folder '%s' is in no layer (add it to "
                   "scripts/check-layering.py)" % (path, source))
        return
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            folder, header = match.groups()
            target = target_folder(folder, header)
            if target is None or target == source:
                continue
            if RANK[target] >= RANK[source]:
                what = "up to" if RANK[target] > RANK[source] else "across to"
                out.append("%s:%d: '%s' (%s) includes %s '%s/%s' (%s)"
                           % (path, number, source, "layer %d" % RANK[source],
                              what, folder, header, target))


def sources(root):
    for top in ("lib", "tools"):
        for directory, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if name.endswith((".c", ".h")):
                    yield os.path.join(directory, name)


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    problems = []
    for path in sorted(sources(root)):
        check_file(root, path, problems)
    for problem in problems:
        print(problem)
    if problems:
        print("check-layering: %d problem(s)" % len(problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
