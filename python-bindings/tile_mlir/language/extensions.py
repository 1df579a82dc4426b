"""The backends' extensions of the tile dialect, under each backend's name.

    T.cuda.path("wgmma_ws")        T.rocm.matrix_shape(16, 16, 16)
    T.cuda.mma_shape(64, 256, 16)  T.rocm.lds_layout(pad=8), T.rocm.waves_per_eu(2)
    T.cuda.swizzle(128, 128)       T.cpu.micro_kernel(4, 3, 2)
    T.cuda.warp_specialize(40, 232) T.cpu.packing(a=False, b=True)
    T.cuda.rasterize(8)            T.cpu.prefetch(16)
    T.vulkan.subgroup(32)          T.vulkan.cooperative_matrix(16, 16, 16)

Each call writes the op of dialects/tile_<backend>.irdl.mlir that states
one choice for the kernel it is written in, directly in a `with T.Kernel()`
block (docs/dialect.md has each op's rules). Compiled for its backend, the
kernel obeys the choice or the compilation fails with the reason at the
Python line; compiled for another target, the op is an error that names
the target it needs.
"""

from . import emitter

# backend -> op -> its attributes, in call order, with their kinds
_OPS = {
    "cuda": {
        "path": (("path", str),),
        "mma_shape": (("m", int), ("n", int), ("k", int)),
        "swizzle": (("a", int), ("b", int)),
        "warp_specialize": (("producer_registers", int), ("consumer_registers", int)),
        "rasterize": (("group_rows", int),),
    },
    "rocm": {
        "matrix_shape": (("m", int), ("n", int), ("k", int)),
        "lds_layout": (("pad", int),),
        "direct_loads": (),
        "waves_per_eu": (("waves", int),),
    },
    "vulkan": {
        "subgroup": (("size", int),),
        "cooperative_matrix": (("m", int), ("n", int), ("k", int)),
    },
    "cpu": {
        "micro_kernel": (("rows", int), ("vectors", int), ("unroll", int)),
        "packing": (("a", bool), ("b", bool)),
        "prefetch": (("distance", int),),
    },
}


def _attribute(op, name, kind, value):
    if kind is bool:
        if not isinstance(value, bool):
            raise emitter.BuildError("%s: '%s' takes True or False, got %r" % (op, name, value))
        return "true" if value else "false"
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise emitter.BuildError("%s: '%s' takes a Python int, got %r" % (op, name, value))
        return "%d : i64" % value
    if not isinstance(value, str) or '"' in value or "\\" in value:
        raise emitter.BuildError("%s: '%s' takes a name, got %r" % (op, name, value))
    return '"%s"' % value


def _make(backend, op, attributes):
    full = "tile_%s.%s" % (backend, op)

    def state(*args, **kwargs):
        names = [a for a, _ in attributes]
        if len(args) > len(names):
            raise emitter.BuildError("%s takes %d arguments (%s), got %d"
                                     % (full, len(names), ", ".join(names), len(args)))
        values = dict(zip(names, args))
        for key, value in kwargs.items():
            if key not in names or key in values:
                raise emitter.BuildError("%s: unexpected or repeated argument '%s' (it takes %s)"
                                         % (full, key, ", ".join(names)))
            values[key] = value
        missing = [a for a in names if a not in values]
        if missing:
            raise emitter.BuildError("%s: missing %s" % (full, ", ".join(missing)))
        e = emitter.current()
        if not e.in_kernel_block():
            raise emitter.BuildError("%s states a choice for a kernel: write it directly in a "
                                     "`with T.Kernel(...)` block" % full)
        text = ", ".join("%s = %s" % (a, _attribute(full, a, kind, values[a]))
                         for a, kind in attributes)
        e.emit('"%s"() {%s} : () -> ()' % (full, text))

    state.__name__ = op
    state.__doc__ = "Writes %s (dialects/tile_%s.irdl.mlir) in the enclosing kernel." % (
        full, backend)
    return state


class _Backend:
    def __init__(self, backend):
        self._backend = backend
        for op, attributes in _OPS[backend].items():
            setattr(self, op, _make(backend, op, attributes))

    def __repr__(self):
        return "<tile_%s extension: %s>" % (self._backend, ", ".join(_OPS[self._backend]))


cuda = _Backend("cuda")
rocm = _Backend("rocm")
cpu = _Backend("cpu")
vulkan = _Backend("vulkan")
