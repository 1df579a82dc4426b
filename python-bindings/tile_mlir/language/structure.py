"""Kernel structure as upstream scf ops with tile attributes:

    with T.Kernel(gx, gy, threads=128) as (bx, by):   scf.forall over blocks
    for k in T.Pipelined(n, num_stages=3):             scf.for {tile.num_stages}
    for k in T.serial(n):                              scf.for
    for i, j in T.Parallel(64, 64):                    thread-parallel scf.forall
    with T.If(cond):                                   scf.if

The body of a loop is traced once: it states what one iteration does.
"""


from . import emitter
from .types import i1, index, is_int
from .values import Value, as_value, constant, int_attribute

_BLOCK_DIMS = ("x", "y", "z")


def _extent(x):
    """An extent as forall writes it: a static int or an index value."""
    if is_int(x):  # NumPy's ints too
        if x < 0:
            raise emitter.BuildError("a loop extent cannot be negative, got %d" % x)
        return str(int(x))
    return as_value(x, index).name


class _Region:
    """Opens a region for the duration of a with block or a for loop."""

    def __init__(self):
        self.loc = emitter.caller_location()
        self.emitter = emitter.current()

    def _enter(self):
        raise NotImplementedError

    def _exit(self):
        raise NotImplementedError

    def __enter__(self):
        return self._enter()

    def __exit__(self, kind, value, tb):
        if kind is None:
            self._exit()
        return False

    def __iter__(self):
        ivs = self._enter()
        yield ivs
        self._exit()


class Kernel(_Region):
    """A grid of blocks of `threads` threads; `as` binds the block indices
    (one value for a 1-d grid, else a tuple). The last extent maps to the x
    block id, the one before to y, then z."""

    def __init__(self, *extents, threads=128):
        super().__init__()
        if not 1 <= len(extents) <= 3:
            raise emitter.BuildError("a kernel grid has 1 to 3 dimensions, got %d"
                                     % len(extents))
        self.extents = [_extent(x) for x in extents]
        self.threads = int_attribute(threads, "threads of T.Kernel")

    def _enter(self):
        e = self.emitter
        if e.kernel:
            raise emitter.BuildError("kernels cannot be nested")
        names = [e.fresh("b") for _ in self.extents]
        e.grid = {"header": len(e.body), "names": names, "extents": self.extents,
                  "swizzled": False}
        e.open("scf.forall (%s) in (%s) {" % (", ".join(names), ", ".join(self.extents)),
               "T.Kernel", self.loc)
        ivs = [Value(n, index) for n in names]
        e.kernel += 1
        return ivs[0] if len(ivs) == 1 else tuple(ivs)

    def _exit(self):
        e = self.emitter
        e.kernel -= 1
        n = len(self.extents)
        mapping = ", ".join("#gpu.block<%s>" % _BLOCK_DIMS[n - 1 - d] for d in range(n))
        e.close("} {mapping = [%s], tile.threads = %d : i64}" % (mapping, self.threads),
                self.loc)


def use_swizzle(panel_size, order="row", enable=True):
    """TileLang's block rasterization: the blocks of a 2-D grid (the last
    two dimensions of a 3-D one) are handed out in panels of `panel_size`
    rows (order="row": values of the first of the two block indices) or
    columns ("col"), so that blocks running at the same time share the rows
    and columns of the operands they read. The block indices the whole
    kernel sees are remapped (a bijection of the grid) at its top, wherever
    the call is written in the kernel block, as in TileLang; every target
    runs it."""
    e = emitter.current()
    if not e.in_kernel_block():
        raise emitter.BuildError("T.use_swizzle remaps a kernel's block indices: write it "
                                 "directly in a `with T.Kernel(...)` block")
    panel = int_attribute(panel_size, "panel_size of T.use_swizzle")
    if panel < 1:
        raise emitter.BuildError("panel_size of T.use_swizzle must be >= 1, got %d" % panel)
    if order not in ("row", "col"):
        raise emitter.BuildError("order of T.use_swizzle is \"row\" or \"col\", got %r"
                                 % (order,))
    if not isinstance(enable, bool):
        raise emitter.BuildError("enable of T.use_swizzle takes True or False, got %r"
                                 % (enable,))
    if not enable:
        return
    grid = e.grid
    if len(grid["names"]) < 2:
        raise emitter.BuildError("T.use_swizzle needs a grid of 2 or 3 dimensions, got 1")
    if grid["swizzled"]:
        raise emitter.BuildError("T.use_swizzle is written once per kernel")
    names = grid["names"][-2:]
    grid["swizzled"] = True
    raw = [e.fresh(n[1:] + "_launch") for n in names]
    header = grid["names"][:-2] + raw
    indent = e.body[grid["header"]][:len(e.body[grid["header"]]) -
                                    len(e.body[grid["header"]].lstrip())]
    e.body[grid["header"]] = indent + "scf.forall (%s) in (%s) {" % (
        ", ".join(header), ", ".join(grid["extents"]))
    extents = [constant(int(x), index) if x.isdigit() else Value(x, index, scope=())
               for x in grid["extents"][-2:]]
    # Panels of `panel` values of the grouped index (g), walked along the
    # other (w), in launch order (the last index fastest).
    g, w = (0, 1) if order == "row" else (1, 0)
    loc = emitter.caller_location()
    p = constant(panel, index)
    # The remapping goes first in the kernel body, where the indices it
    # defines (the names the kernel uses) dominate every use, even those
    # written before the call.
    lines = []

    def emit(text):
        lines.append("  " * e.depth + text + " " + loc)

    def op(text):
        name = e.fresh()
        emit("%s = %s : index" % (name, text))
        return name

    linear = op("arith.addi %s, %s" % (op("arith.muli %s, %s" % (raw[g], extents[w].name)),
                                       raw[w]))
    per = op("arith.muli %s, %s" % (p.name, extents[w].name))
    group = op("arith.divui %s, %s" % (linear, per))
    first = op("arith.muli %s, %s" % (group, p.name))
    size = op("arith.minui %s, %s" % (op("arith.subi %s, %s" % (extents[g].name, first)),
                                      p.name))
    within = op("arith.remui %s, %s" % (linear, per))
    emit("%s = arith.addi %s, %s : index" % (
        names[g], first, op("arith.remui %s, %s" % (within, size))))
    emit("%s = arith.divui %s, %s : index" % (names[w], within, size))
    e.body[grid["header"] + 1:grid["header"] + 1] = lines


class _For(_Region):
    def __init__(self, *bounds, step=1, attrs="", what="T.serial"):
        super().__init__()
        self.what = what
        if len(bounds) == 1:
            lower, upper = 0, bounds[0]
        elif len(bounds) == 2:
            lower, upper = bounds
        else:
            raise emitter.BuildError("a loop takes (extent) or (start, stop), got %d values"
                                     % len(bounds))
        self.bounds = [as_value(b, index) for b in (lower, upper, step)]
        self.attrs = attrs

    def _enter(self):
        e = self.emitter
        name = e.fresh("k")
        lower, upper, step = self.bounds
        e.open("scf.for %s = %s to %s step %s {" % (name, lower.name, upper.name, step.name),
               self.what, self.loc)
        return Value(name, index)

    def _exit(self):
        self.emitter.close("}" + (" {%s}" % self.attrs if self.attrs else ""), self.loc)


def serial(*bounds, step=1):
    """A sequential loop over [start, stop) (or [0, extent))."""
    return _For(*bounds, step=step)


def unroll(*bounds, step=1):
    """TileLang's unrolled loop: a sequential loop here (scf.for), which each
    backend's code generator unrolls as it sees fit."""
    return _For(*bounds, step=step, what="T.unroll")


def vectorized(*bounds, step=1):
    """TileLang's vectorized loop of one thread's elements: a sequential loop
    here (scf.for), which each backend's code generator vectorizes as it sees
    fit."""
    return _For(*bounds, step=step, what="T.vectorized")


Serial, Unroll, Vectorized = serial, unroll, vectorized


def Pipelined(*bounds, num_stages=0, order=None, stage=None, step=1):
    """A sequential loop whose copies the backend may overlap with the
    computation of earlier iterations, with up to `num_stages` in flight;
    `order` and `stage` (one entry per tile op of the body) refine it.
    As in TileLang, `num_stages=0` (the default) pipelines nothing: the loop
    is a plain scf.for."""
    num_stages = int_attribute(num_stages, "num_stages")
    if num_stages < 0:
        raise emitter.BuildError("num_stages must be >= 0, got %d" % num_stages)
    if num_stages == 0:
        if order is not None or stage is not None:
            raise emitter.BuildError("order and stage arrange the stages of a pipelined loop: "
                                     "they need num_stages >= 1")
        return _For(*bounds, step=step, what="T.Pipelined")
    attrs = ["tile.num_stages = %d : i64" % num_stages]
    if order is not None:
        attrs.append("tile.order = array<i64: %s>" % ", ".join(
            str(int_attribute(x, "an entry of order")) for x in order))
    if stage is not None:
        attrs.append("tile.stage = array<i64: %s>" % ", ".join(
            str(int_attribute(x, "an entry of stage")) for x in stage))
    return _For(*bounds, step=step, attrs=", ".join(attrs), what="T.Pipelined")


class Parallel(_Region):
    """A thread-parallel loop inside a kernel: its body runs once per
    element of the extents, spread over the block's threads. The body is
    elementwise scalar code; buffer[i, j] there loads the element."""

    def __init__(self, *extents):
        super().__init__()
        if not extents:
            raise emitter.BuildError("T.Parallel needs at least one extent")
        self.extents = [_extent(x) for x in extents]

    def _enter(self):
        e = self.emitter
        names = [e.fresh("i") for _ in self.extents]
        e.open("scf.forall (%s) in (%s) {" % (", ".join(names), ", ".join(self.extents)),
               "T.Parallel", self.loc)
        ivs = [Value(n, index) for n in names]
        e.parallel += 1
        return ivs[0] if len(ivs) == 1 else tuple(ivs)

    def _exit(self):
        self.emitter.parallel -= 1
        self.emitter.close("}", self.loc)


class If(_Region):
    """The body runs when `cond` (an i1 value, e.g. a comparison) holds. As
    in TVM's script, the body may be a `with T.Then():` block followed by a
    `with T.Else():` block (`with T.If(c), T.Then():` too)."""

    def __init__(self, cond):
        super().__init__()
        self.cond = as_value(cond, i1)
        self.parts = []  # "then", "else": the blocks written directly in it

    def _enter(self):
        self.emitter.open("scf.if %s {" % self.cond.name, "T.If", self.loc)
        self.region = self.emitter.regions[-1][0]
        self.emitter.ifs.append(self)
        return self

    def _exit(self):
        self.emitter.ifs.pop()
        self.emitter.close("}", self.loc)


def _enclosing_if(what):
    e = emitter.current()
    if not e.ifs or e.regions[-1][0] != e.ifs[-1].region:
        raise emitter.BuildError("%s is written directly in a `with T.If(...)` block" % what)
    return e.ifs[-1]


class Then(_Region):
    """TVM's `with T.Then():`, the block of a T.If that runs when its
    condition holds (the T.If's body itself)."""

    def _enter(self):
        block = _enclosing_if("T.Then()")
        if block.parts:
            raise emitter.BuildError("T.Then() comes first in its T.If, once")
        block.parts.append("then")

    def _exit(self):
        pass


class Else(_Region):
    """TVM's `with T.Else():` after the `with T.Then():` block of a T.If:
    the block that runs when the condition does not hold."""

    def _enter(self):
        block = _enclosing_if("T.Else()")
        if block.parts != ["then"]:
            raise emitter.BuildError("T.Else() follows the T.Then() block of its T.If")
        block.parts.append("else")
        self.emitter.turn("} else {", "the T.Else of a T.If", block.loc)
        block.region = self.emitter.regions[-1][0]

    def _exit(self):
        pass
