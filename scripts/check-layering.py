#!/usr/bin/env python3
"""Fails on an include that the build's library declarations do not allow.

Usage: scripts/check-layering.py [ROOT]   (default: the repository)

Each folder of ROOT/lib is one library of libtile, declared in the folder's
CMakeLists.txt by tile_add_library or tile_add_backend
(cmake/TileLibrary.cmake):

  tile_add_library(NAME gpu DEPENDS passes PUBLIC_HEADERS ... SOURCES ...)

A file may include the headers of its own folder and those of the libraries
its folder depends on, directly or through them (DEPENDS names folders and
must be written out, not taken from a variable). A public header
(tile/<name>.h) belongs to the library that lists it under PUBLIC_HEADERS;
tile/tile.h and any other unlisted one belong to libtile itself. The files
directly in lib/ (version.c) are libtile and may include every library;
tools/ sits on top and includes anything. An include with a folder
("ir/ir.h", "tile/backend.h") is checked; one without ("shim.h") is a
sibling in the same folder. A folder of lib/ that declares no library, a
dependency on an undeclared library and a dependency cycle are errors too.
Prints one `file:line: message` per problem and exits 1 when there is any.
The build runs this before linking libtile (lib/CMakeLists.txt), so a
violation fails the build; test/tools/layering.test runs it as well.
"""
import os
import re
import sys

CALL = re.compile(r"\btile_add_(?:library|backend)\s*\(([^)]*)\)", re.S)
KEYWORDS = {"NAME", "MODULE", "AUTO_ORDER", "PASSES", "DEPENDS",
            "PUBLIC_HEADERS", "SOURCES"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"/]+)/([^"]+)"')


class Library:
    def __init__(self, folder, path, line):
        self.folder = folder
        self.path = path  # its CMakeLists.txt
        self.line = line
        self.depends = []
        self.public = []


def declaration(root, folder):
    """The library lib/<folder>/CMakeLists.txt declares, or None."""
    path = os.path.join(root, "lib", folder, "CMakeLists.txt")
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"#[^\n]*", "", f.read())
    match = CALL.search(text)
    if not match:
        return None
    library = Library(folder, path, text.count("\n", 0, match.start()) + 1)
    args = {}
    keyword = None
    for word in match.group(1).split():
        if word in KEYWORDS:
            keyword = word
            args.setdefault(keyword, [])
        elif keyword:
            args[keyword].append(word)
    library.name = (args.get("NAME") or [None])[0]
    library.depends = args.get("DEPENDS", [])
    library.public = [h[len("tile/"):] if h.startswith("tile/") else h
                      for h in args.get("PUBLIC_HEADERS", [])]
    return library


def read_libraries(root, problems):
    """Every library of ROOT/lib by folder; problems with the declarations."""
    libraries = {}
    lib = os.path.join(root, "lib")
    for folder in sorted(os.listdir(lib)):
        if not os.path.isdir(os.path.join(lib, folder)):
            continue
        library = declaration(root, folder)
        if library is None:
            continue  # reported at each of its files (check_file)
        if library.name != folder:
            problems.append("%s:%d: the library of lib/%s must be named "
                            "'%s', not '%s'" % (library.path, library.line,
                                                folder, folder, library.name))
        libraries[folder] = library
    for library in libraries.values():
        for dep in library.depends:
            if dep not in libraries:
                problems.append("%s:%d: '%s' depends on '%s', which no "
                                "folder of lib/ declares"
                                % (library.path, library.line,
                                   library.folder, dep))
    return libraries


def closures(libraries, problems):
    """For each folder, every folder it may include (itself included)."""
    reach = {}

    def visit(folder, path):
        if folder in reach:
            return reach[folder]
        if folder in path:
            cycle = path[path.index(folder):] + [folder]
            library = libraries[folder]
            problems.append("%s:%d: dependency cycle: %s"
                            % (library.path, library.line, " -> ".join(cycle)))
            return {folder}
        allowed = {folder}
        for dep in libraries[folder].depends:
            if dep in libraries:
                allowed |= visit(dep, path + [folder])
        reach[folder] = allowed
        return allowed

    for folder in sorted(libraries):
        visit(folder, [])
    return reach


def owner(root, path):
    """The folder a file counts for: lib/<folder>, libtile or tools."""
    rel = os.path.relpath(path, root).split(os.sep)
    if rel[0] == "tools":
        return "tools"
    return rel[1] if len(rel) > 2 else "libtile"


def check_file(root, path, libraries, reach, public, out):
    source = owner(root, path)
    if source in ("tools", "libtile"):
        return  # the top includes anything
    if source not in libraries:
        out.append("%s:1: folder '%s' declares no library (tile_add_library "
                   "in lib/%s/CMakeLists.txt)" % (path, source, source))
        return
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            folder, header = match.groups()
            if folder == "tile":
                target = public.get(header, "libtile")
            elif folder in libraries:
                target = folder
            else:
                continue  # not ours (mlir-c/..., llvm-c/...)
            if target in reach[source]:
                continue
            via = "" if folder == target else " (%s)" % target
            out.append("%s:%d: '%s' includes '%s/%s'%s but does not depend "
                       "on '%s' (%s)"
                       % (path, number, source, folder, header, via, target,
                          os.path.relpath(libraries[source].path, root)))


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
    libraries = read_libraries(root, problems)
    reach = closures(libraries, problems)
    public = {h: lib.folder for lib in libraries.values() for h in lib.public}
    for path in sorted(sources(root)):
        check_file(root, path, libraries, reach, public, problems)
    for problem in problems:
        print(problem)
    if problems:
        print("check-layering: %d problem(s)" % len(problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
