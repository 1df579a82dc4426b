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
from .values import Value, as_value, int_attribute

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
    """The body runs when `cond` (an i1 value, e.g. a comparison) holds."""

    def __init__(self, cond):
        super().__init__()
        self.cond = as_value(cond, i1)

    def _enter(self):
        self.emitter.open("scf.if %s {" % self.cond.name, "T.If", self.loc)

    def _exit(self):
        self.emitter.close("}", self.loc)
