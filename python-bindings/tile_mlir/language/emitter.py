"""The function being built: SSA names, the text of its ops in program
order, and the Python line each op comes from.

Ops are written as MLIR text, each followed by loc("file.py":line:col) of
the Python code that made it, so that every diagnostic about a built kernel
points at a Python line. The state is per thread: kernels can be built in
several threads at once.
"""

import os
import re
import sys
import threading

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_state = threading.local()


class BuildError(Exception):
    """A kernel was built wrongly (raised while the Python function runs)."""


def caller_location():
    """loc("file.py":line:col) of the innermost frame outside tile_mlir."""
    frame = sys._getframe(1)
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(
            _PACKAGE_DIR + os.sep):
        frame = frame.f_back
    if frame is None:
        return 'loc(unknown)'
    line, column = frame.f_lineno, 1
    positions = getattr(frame.f_code, "co_positions", None)
    if positions is not None and frame.f_lasti >= 0:
        for i, pos in enumerate(positions()):
            if i == frame.f_lasti // 2:
                if pos[0] is not None:
                    line = pos[0]
                if pos[2] is not None:
                    column = pos[2] + 1
                break
    filename = frame.f_code.co_filename.replace("\\", "\\\\").replace('"', '\\"')
    return 'loc("%s":%d:%d)' % (filename, line, column)


class Slot:
    """A place in the body kept for an op that is written there later, or
    never: the load of a subscript, made where the subscript is but only
    once its value is used."""

    def __init__(self, depth, scope):
        self.depth = depth
        self.scope = scope  # the regions enclosing the place
        self.text = ""

    def fill(self, text, loc):
        indent = "  " * self.depth
        self.text = indent + text.replace("\n", "\n" + indent) + " " + loc


class Emitter:
    """Collects the text of one func.func."""

    def __init__(self, name):
        self.name = name
        self.prologue = []   # constants and sizes, at the top of the function
        self.body = []       # everything else, in program order
        self.depth = 1       # the indentation of the next op
        self.counter = 0
        self.constants = {}  # (literal, type) -> name
        self.dims = {}       # (buffer name, dim) -> name
        self.views = {}      # (buffer name, permutation) -> Buffer of a parameter's view
        self.sizes = {}      # T.symbolic name -> (parameter Buffer, dim)
        self.parallel = 0    # how many thread-parallel loops enclose the next op
        self.kernel = 0      # how many kernel grids enclose the next op
        self.grid = None     # the last kernel grid's header place, names and extents
        self.names = set()
        self.regions = []    # (id, what, loc) of the regions enclosing the next op
        self.ifs = []        # the T.If blocks enclosing the next op, innermost last
        self.region_ids = 0

    def fresh(self, hint=""):
        while True:
            name = "%" + (hint if hint else "") + str(self.counter)
            self.counter += 1
            if name not in self.names:
                self.names.add(name)
                return name

    def claim(self, name):
        if name in self.names:
            return self.fresh(name[1:] + "_")
        self.names.add(name)
        return name

    def emit(self, text, loc=None):
        """Appends one op (`text` may span lines) at the current depth."""
        loc = loc or caller_location()
        indent = "  " * self.depth
        self.body.append(indent + text.replace("\n", "\n" + indent) + " " + loc)

    def reserve(self):
        """A Slot at the current place of the body."""
        slot = Slot(self.depth, self.scope())
        self.body.append(slot)
        return slot

    def open(self, header, what, loc):
        """Starts a region (`what` names it in messages): `header` ends with
        "{"."""
        self.body.append("  " * self.depth + header)
        self.depth += 1
        self.region_ids += 1
        self.regions.append((self.region_ids, what, loc))

    def close(self, trailer, loc):
        """Ends a region: `trailer` starts with "}"."""
        self.depth -= 1
        self.regions.pop()
        self.body.append("  " * self.depth + trailer + " " + loc)

    def turn(self, middle, what, loc):
        """Ends a region and starts the op's next one: `middle` is
        "} else {"."""
        self.regions.pop()
        self.body.append("  " * (self.depth - 1) + middle)
        self.region_ids += 1
        self.regions.append((self.region_ids, what, loc))

    def in_kernel_block(self):
        """Whether the next op goes directly in a `with T.Kernel(...)` block
        (not in a loop or branch inside it)."""
        return bool(self.kernel and self.regions and self.regions[-1][1] == "T.Kernel")

    def scope(self):
        """What a value made now can be used in: the enclosing regions."""
        return tuple(self.regions)

    def check_visible(self, name, scope):
        """Refuses a value (SSA `name`, made in `scope`) used where it is out
        of scope: outside the region that made it."""
        if scope and scope != tuple(self.regions[:len(scope)]):
            _id, what, loc = scope[-1]
            raise BuildError("%s was made inside %s at %s and is used outside it; "
                             "store it into a buffer to pass it on"
                             % (name, what, loc[4:-1].replace('"', "")))

    def constant(self, literal, type_name, hint):
        key = (literal, type_name)
        if key not in self.constants:
            name = self.claim("%" + hint)
            self.constants[key] = name
            self.prologue.append("  %s = arith.constant %s : %s" % (name, literal, type_name))
        return self.constants[key]

    def text(self, signature, loc):
        lines = ["func.func @%s(%s) {" % (symbol_name(self.name), signature)]
        lines += self.prologue + [line if isinstance(line, str) else line.text
                                  for line in self.body
                                  if isinstance(line, str) or line.text]
        lines.append("  return " + loc)
        lines.append("} " + loc)
        return "\n".join(lines) + "\n"


_BARE_SYMBOL = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*\Z")
_SSA_SUFFIX = re.compile(r"[A-Za-z0-9_$.-]+\Z")


def symbol_name(name):
    """`name` as MLIR spells a symbol: bare, or quoted where Python allows
    more than MLIR's bare names do (non-ASCII letters)."""
    if _BARE_SYMBOL.match(name):
        return name
    return '"%s"' % name.replace("\\", "\\\\").replace('"', '\\"')


def ssa_name(name):
    """%name where MLIR takes `name` as an SSA name (ASCII), else %arg."""
    return "%" + (name if _SSA_SUFFIX.match(name) else "arg")


def current():
    emitter = getattr(_state, "emitter", None)
    if emitter is None:
        raise BuildError("tile operations are used inside a function decorated with "
                         "@T.prim_func, while it is being built")
    return emitter


def current_scope():
    emitter = getattr(_state, "emitter", None)
    return emitter.scope() if emitter is not None else ()


def use(x):
    """Checks that a Value or Buffer is in scope where it is used; returns it."""
    current().check_visible(x.name, x.scope)
    return x


def begin(emitter):
    if getattr(_state, "emitter", None) is not None:
        raise BuildError("@T.prim_func functions cannot be built inside one another")
    _state.emitter = emitter


def end():
    _state.emitter = None
