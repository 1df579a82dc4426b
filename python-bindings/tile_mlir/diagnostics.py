"""CompileError and the source lines shown under located diagnostics."""

import linecache
import re

_LOCATED = re.compile(r"^(?P<file>[^\n:]+\.py):(?P<line>\d+):(?P<col>\d+): "
                      r"(?:error|warning|note|remark): ")


class CompileError(Exception):
    """Compilation failed; `diagnostics` holds the compiler's messages as
    tile-opt prints them (file:line:col: error: message)."""

    def __init__(self, message, diagnostics=""):
        super().__init__(message)
        self.diagnostics = diagnostics or message


def with_source_lines(text):
    """Adds the Python line and a caret under diagnostics that point into a
    .py file (a kernel built with tile_mlir.builder), as the compiler does
    for the .mlir files it reads."""
    out = []
    for line in text.splitlines():
        out.append(line)
        m = _LOCATED.match(line)
        if not m:
            continue
        source = linecache.getline(m.group("file"), int(m.group("line"))).rstrip("\n")
        if source:
            out.append(source)
            out.append(" " * max(int(m.group("col")) - 1, 0) + "^")
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")
