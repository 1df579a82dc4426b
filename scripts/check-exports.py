#!/usr/bin/env python3
"""Lists the exported functions of the public headers that are not documented.

Usage: scripts/check-exports.py [HEADER_DIR]   (default: include/tile)

An export is a declaration that starts with MLIR_CAPI_EXPORTED. It counts as
documented when a `///` comment sits directly above it. A function that
returns a pointer, a string reference or an operation must also say who owns
what it returns (its comment names one of: own, free, destroy, valid, static,
copy). A header that exports anything must state, in its opening comment,
which of its functions may run concurrently (a paragraph starting with
"Thread safety:"). Prints one `file:line: message` per problem and exits 1
when there is any, so that the test suite fails on it.
"""
import os
import re
import sys

EXPORT = "MLIR_CAPI_EXPORTED"
# Return types whose lifetime a caller must be told about.
BORROWED = re.compile(r"\*|\bMlirStringRef\b|\bMlirOperation\b")
OWNERSHIP = re.compile(r"own|free|destroy|valid|static|cop(y|ied)", re.I)
NAME = re.compile(r"(\w+)\s*\(")


def declarations(lines):
    """Yields (line index, declaration text) of each export."""
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith(EXPORT):
            start, text = i, lines[i]
            while "(" not in text and i + 1 < len(lines):
                i += 1
                text += " " + lines[i].strip()
            yield start, text
        i += 1


def doc_above(lines, index):
    """The `///` block directly above line `index`, as one string."""
    doc = []
    j = index - 1
    while j >= 0 and lines[j].lstrip().startswith("///"):
        doc.append(lines[j].strip()[3:])
        j -= 1
    return " ".join(reversed(doc))


def check_header(path, out):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    exports = list(declarations(lines))
    head = "\n".join(lines[:40])
    if exports and "Thread safety:" not in head:
        out.append("%s:1: the opening comment does not say which functions "
                   "are thread-safe (a 'Thread safety:' paragraph)" % path)
    for index, text in exports:
        match = NAME.search(text)
        name = match.group(1) if match else "?"
        doc = doc_above(lines, index)
        where = "%s:%d" % (path, index + 1)
        if not doc:
            out.append("%s: %s is exported without a /// comment" % (where, name))
            continue
        returns = text[len(EXPORT):text.find(name)]
        if BORROWED.search(returns) and not OWNERSHIP.search(doc):
            out.append("%s: the comment of %s does not say who owns what it "
                       "returns" % (where, name))


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    directory = argv[1] if len(argv) > 1 else os.path.join(root, "include", "tile")
    headers = sorted(os.path.join(directory, n) for n in os.listdir(directory)
                     if n.endswith(".h"))
    problems = []
    for header in headers:
        check_header(header, problems)
    for problem in problems:
        print(problem)
    if problems:
        print("check-exports: %d problem(s) in %s" % (len(problems), directory))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
