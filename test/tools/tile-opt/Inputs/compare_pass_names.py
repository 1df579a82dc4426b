"""Compares the upstream pass names tile-opt suggests from
(lib/passes/upstream_pass_names.c) with the passes and pass pipelines that
`mlir-opt --help` lists, less upstream's test passes (every name with
"test" in it: Debian's mlir-opt is built with them, tile-opt is not).
Prints "same", or the names each side lacks."""
import re
import subprocess
import sys


def mlir_opt_names(mlir_opt):
    text = subprocess.run([mlir_opt, "--help"], capture_output=True, text=True,
                          check=True).stdout
    passes = text[text.index("    Passes:"):]
    names = set(re.findall(r"^      --([a-z0-9._-]+)", passes, re.M))
    return {n for n in names if "test" not in n}


def tile_names(source):
    text = open(source).read()
    body = text[text.index("names[] = {"):]
    return set(re.findall(r'^    "([^"]+)",$', body, re.M))


def main():
    want, have = mlir_opt_names(sys.argv[1]), tile_names(sys.argv[2])
    if want == have:
        print("same")
    else:
        print("tile lacks %s, has extra %s" % (sorted(want - have),
                                               sorted(have - want)))


main()
