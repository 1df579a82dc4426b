"""The tile operations (docs/dialect.md) and scalar math, as the builder
writes them: generic-form tile ops on buffers, upstream ops for scalars."""

import builtins

from . import emitter
from .types import as_dtype, float_literal, i1, index, int_literal, is_int
from .values import (Buffer, Value, Window, _operands, as_value, atomic_element, binary,
                     common_type, int_attribute, integer, linear_form, load, reshaped,
                     use_buffer)


def _alloc(shape, dtype, scope):
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    for d in shape:
        if not is_int(d) or d < 0:
            raise emitter.BuildError("a %s tile has a static shape of non-negative ints, "
                                     "got %r" % (scope, shape))
    shape = tuple(int(d) for d in shape)  # NumPy's ints too
    dtype = as_dtype(dtype)
    e = emitter.current()
    buf = Buffer(e.fresh(scope[0] + "_"), shape, dtype, scope)
    e.emit('%s = "tile.alloc"() : () -> %s' % (buf.name, buf.type))
    return buf


def _scope(scope, names, what):
    """TileLang's scope= of an allocation: its own names only."""
    if scope is not None and scope not in names:
        raise emitter.BuildError("%s takes scope=%s, got %r (each scope has its T.alloc_*)"
                                 % (what, " or ".join(repr(n) for n in names), scope))


def alloc_shared(shape, dtype, scope=None):
    """A tile in shared memory: one per block."""
    _scope(scope, ("shared", "shared.dyn"), "alloc_shared")
    return _alloc(shape, dtype, "shared")


def alloc_fragment(shape, dtype, scope=None):
    """A tile distributed over the block's threads (e.g. an accumulator)."""
    _scope(scope, ("local.fragment",), "alloc_fragment")
    return _alloc(shape, dtype, "fragment")


def alloc_local(shape, dtype, scope=None):
    """A tile private to each thread."""
    _scope(scope, ("local",), "alloc_local")
    return _alloc(shape, dtype, "local")


def reshape(buffer, shape):
    """TileLang's T.reshape of a parameter: a view of its elements, in the
    same order, with another static shape (T.Tensor(shape, dtype, A.data))."""
    return reshaped(buffer, shape)


def annotate_layout(layouts):
    """TileLang's layout annotations ({tile: tile_mlir.layout.make_swizzled_layout(tile)},
    {fragment: T.Fragment(shape, forward_thread_fn=...)}): checked and kept
    out of the IR. A layout never changes what a kernel
    computes, and each backend lays its tiles out itself (cuda swizzles the
    shared tiles of its tensor-core paths, rocm pads or swizzles LDS rows;
    docs/cuda.md, docs/rocm.md)."""
    from ..layout import Layout
    if not isinstance(layouts, dict):
        raise emitter.BuildError("T.annotate_layout takes a dict {tile: layout}, got %r"
                                 % (layouts,))
    for buffer, layout in layouts.items():
        if not isinstance(buffer, Buffer) or buffer.scope == "global":
            raise emitter.BuildError("T.annotate_layout's keys are tiles (T.alloc_*), got %r"
                                     % (buffer,))
        use_buffer(buffer)
        if not isinstance(layout, Layout):
            raise emitter.BuildError("the layout of %s must be a T.Layout, a T.Fragment or "
                                     "tile_mlir.layout.make_swizzled_layout(%s), got %r"
                                     % (buffer.label, buffer.label, layout))
        if layout.buffer is not None and layout.buffer is not buffer:
            raise emitter.BuildError("the layout of %s was made for %s" % (
                buffer.label, layout.buffer.label))
        if layout.shape != buffer.shape_spec:
            raise emitter.BuildError("the layout of %s has shape %r, the tile %r" % (
                buffer.label, layout.shape, buffer.shape_spec))


def alloc_var(dtype, init=None):
    """TileLang's variable: a one-element tile private to each thread
    (v[0]), holding `init` when given."""
    var = _alloc((1,), dtype, "local")
    if init is not None:
        var[0] = init
    return var


def _side(x, what):
    """(buffer, offsets) of a copy operand: a buffer, or buffer[offsets]."""
    if isinstance(x, Window):
        for o in x.offsets:
            emitter.use(o)
        return use_buffer(x.buffer), list(x.offsets)
    if isinstance(x, Buffer):
        return use_buffer(x), []
    raise emitter.BuildError("%s must be a buffer or a window buffer[offsets...], got %r"
                             % (what, x))


def _check_slices(window, tile, what):
    """A window written with slices is as large as the tile: its sliced
    dimensions are the tile's, each slice as long as the tile's extent
    there (where both ends are known while building)."""
    if not isinstance(window, Window) or window.tile_extents is None:
        return
    if not isinstance(tile, Buffer) or tile.scope == "global":
        return
    extents = window.tile_extents
    if len(extents) != tile.rank:
        raise emitter.BuildError("%s slices %d %s of %s, but the %s tile has rank %d" % (
            what, len(extents), "dimension" if len(extents) == 1 else "dimensions",
            window.buffer.label, "x".join(map(str, tile.shape_spec)), tile.rank))
    for d, (extent, size) in enumerate(zip(extents, tile.shape_spec)):
        if extent is not None and extent != size:
            raise emitter.BuildError("%s: slice %d of %s has %d elements but the %s tile has "
                                     "%d there (a window is as large as its tile)" % (
                                         what, d, window.buffer.label, extent,
                                         "x".join(map(str, tile.shape_spec)), size))


_EVICTION_POLICIES = (None, "evict_normal", "evict_first", "evict_last")


def copy(src, dst, pad=None, coalesced_width=None, disable_tma=False, eviction_policy=None):
    """dst = src, through a window of the larger buffer: copy(A[m0, k0], A_s)
    reads the tile of A at (m0, k0), copy(acc, C[m0, n0]) writes one. Reads
    outside the source give `pad` (zero by default); writes outside the dest
    are dropped. TileLang's coalesced_width, disable_tma and eviction_policy
    are checked and taken as hints: each backend chooses how a copy moves its
    data (cuda uses TMA only for the operands of its wgmma paths)."""
    if coalesced_width is not None and (not is_int(coalesced_width) or coalesced_width < 1):
        raise emitter.BuildError("copy's coalesced_width is a positive int or None, got %r"
                                 % (coalesced_width,))
    if not isinstance(disable_tma, bool):
        raise emitter.BuildError("copy's disable_tma is a bool, got %r" % (disable_tma,))
    if eviction_policy not in _EVICTION_POLICIES:
        raise emitter.BuildError("copy's eviction_policy is one of %s, got %r" % (
            ", ".join(repr(p) for p in _EVICTION_POLICIES), eviction_policy))
    sbuf, soffs = _side(src, "the source of copy")
    dbuf, doffs = _side(dst, "the dest of copy")
    if not isinstance(src, Window) or not isinstance(dst, Window):  # else tile-verify's
        _check_slices(src, dbuf, "the source of copy")
        _check_slices(dst, sbuf, "the dest of copy")
    attrs = ["operandSegmentSizes = array<i32: 1, 1, %d, %d>" % (len(soffs), len(doffs))]
    if pad is not None:
        # The value a constant of the source's type would hold: 1.5 was cut
        # down to 1 for an integer source, 300 made text that did not parse.
        literal = (float_literal(pad, sbuf.dtype) if sbuf.dtype.is_float
                   else int_literal(integer(pad, sbuf.dtype), sbuf.dtype))
        attrs.append("pad = %s : %s" % (literal, sbuf.dtype.name))
    operands = [sbuf.name, dbuf.name] + [o.name for o in soffs + doffs]
    types = [sbuf.type, dbuf.type] + ["index"] * (len(soffs) + len(doffs))
    emitter.current().emit('"tile.copy"(%s) {%s} : (%s) -> ()' % (
        ", ".join(operands), ", ".join(attrs), ", ".join(types)))


class GemmWarpPolicy:
    """TileLang's names of the gemm policies: policy=T.GemmWarpPolicy.FullRow
    is policy="full_row"."""
    Square = "square"
    FullRow = "full_row"
    FullCol = "full_col"


def gemm(A, B, C, transpose_A=False, transpose_B=False, clear_accum=False, policy=None,
         k_pack=1, wg_wait=0):
    """C += op(A) op(B) on tiles; op transposes when asked. TileLang's k_pack
    and wg_wait are taken at their defaults only (1 and 0): each backend
    chooses its matrix instructions and waits itself."""
    for name, value, default in (("k_pack", k_pack, 1), ("wg_wait", wg_wait, 0)):
        if value != default or isinstance(value, bool):
            raise emitter.BuildError("gemm's %s=%r is not supported: the backend chooses its "
                                     "matrix instructions (leave it at %d)"
                                     % (name, value, default))
    for name, x in (("A", A), ("B", B), ("C", C)):
        if not isinstance(x, Buffer):
            raise emitter.BuildError("gemm's %s must be a tile buffer, got %r" % (name, x))
        use_buffer(x)
    attrs = []
    if transpose_A:
        attrs.append("transpose_a = true")
    if transpose_B:
        attrs.append("transpose_b = true")
    if clear_accum:
        attrs.append("clear_accum = true")
    if policy is not None:
        if policy not in ("square", "full_row", "full_col"):
            raise emitter.BuildError("gemm's policy is \"square\", \"full_row\" or "
                                     "\"full_col\", got %r" % (policy,))
        attrs.append('policy = "%s"' % policy)
    emitter.current().emit('"tile.gemm"(%s, %s, %s)%s : (%s, %s, %s) -> ()' % (
        A.name, B.name, C.name, " {%s}" % ", ".join(attrs) if attrs else "",
        A.type, B.type, C.type))


def fill(buffer, value):
    """Every element of `buffer` becomes `value`."""
    if not isinstance(buffer, Buffer):
        raise emitter.BuildError("fill takes a buffer, got %r" % (buffer,))
    use_buffer(buffer)
    v = as_value(value, buffer.dtype)
    emitter.current().emit('"tile.fill"(%s, %s) : (%s, %s) -> ()' % (
        buffer.name, v.name, buffer.type, buffer.dtype.name))


def clear(buffer):
    """fill(buffer, 0)."""
    fill(buffer, 0)


def reduce(src, dst, kind, dim, clear=True):
    """dst = reduction of src along `dim` ("sum", "max", "min", "absmax",
    "abssum");
    with clear=False the result is combined with what dst holds. A source of
    another float (or integer) type than dst's is reduced in dst's type, as
    TileLang reduces an f16 tile into f32: converted first (a T.copy into a
    tile of dst's type, in src's scope)."""
    for name, x in (("source", src), ("dest", dst)):
        if not isinstance(x, Buffer):
            raise emitter.BuildError("reduce's %s must be a tile buffer, got %r" % (name, x))
        use_buffer(x)
    if (src.dtype is not dst.dtype and src.dtype.is_float == dst.dtype.is_float
            and src.scope != "global"):
        converted = _alloc(src.shape_spec, dst.dtype, src.scope)
        copy(src, converted)
        src = converted
    # As in NumPy, a negative dim counts from the last.
    dim = int_attribute(dim, "reduce's dim")
    if -src.rank <= dim < 0:
        dim += src.rank
    attrs = 'kind = "%s", dim = %d : i64' % (kind, dim)
    if not clear:
        attrs += ", clear = false"
    emitter.current().emit('"tile.reduce"(%s, %s) {%s} : (%s, %s) -> ()' % (
        src.name, dst.name, attrs, src.type, dst.type))


def reduce_sum(src, dst, dim, clear=True):
    reduce(src, dst, "sum", dim, clear)


def reduce_max(src, dst, dim, clear=True):
    reduce(src, dst, "max", dim, clear)


def reduce_min(src, dst, dim, clear=True):
    reduce(src, dst, "min", dim, clear)


def reduce_absmax(src, dst, dim, clear=True):
    reduce(src, dst, "absmax", dim, clear)


def reduce_abssum(src, dst, dim, clear=True):
    reduce(src, dst, "abssum", dim, clear)


def cumsum(src, dst=None, dim=0, reverse=False):
    """dst = the running sums of src along `dim` (from the end with
    `reverse`), as TileLang's T.cumsum; dst is src when not given. The
    tiles are in shared memory: each line along `dim` is summed in order by
    one thread (a T.Parallel loop over the other dimensions)."""
    from .structure import Parallel, serial
    dst = src if dst is None else dst
    for name, x in (("source", src), ("dest", dst)):
        if not isinstance(x, Buffer):
            raise emitter.BuildError("cumsum's %s must be a tile buffer, got %r" % (name, x))
        if x.scope != "shared":
            raise emitter.BuildError("cumsum's %s is a %s buffer: it takes tiles in shared "
                                     "memory (copy a fragment there first)" % (name, x.scope))
        use_buffer(x)
    if src.shape_spec != dst.shape_spec or src.dtype is not dst.dtype:
        raise emitter.BuildError("cumsum's source and dest differ: %s and %s"
                                 % (src.type, dst.type))
    dim = int_attribute(dim, "cumsum's dim")
    if -src.rank <= dim < 0:
        dim += src.rank
    if not 0 <= dim < src.rank:
        raise emitter.BuildError("cumsum's dim %d is outside the %d dimensions of its source"
                                 % (dim, src.rank))
    n = src.shape_spec[dim]
    if n == 0:
        return
    others = [d for d in range(src.rank) if d != dim]
    with Parallel(*([src.shape_spec[d] for d in others] or [1])) as ivs:
        ivs = ivs if isinstance(ivs, tuple) else (ivs,)

        def at(j):
            where = dict(zip(others, ivs))
            where[dim] = j
            return tuple(where[d] for d in range(src.rank))
        first = n - 1 if reverse else 0
        dst[at(first)] = src[at(first)]
        for k in serial(1, n):
            j, previous = (n - 1 - k, n - k) if reverse else (k, k - 1)
            dst[at(j)] = dst[at(previous)] + src[at(j)]


def atomic_add(dst, src, return_prev=False):
    """dst[offsets + i] += src[i], atomically: atomic_add(C[m0, n0], partial)
    adds a tile (tile.atomic_add). With a value for `src`, atomic_add(C[i, j],
    v) adds it to one element (memref.atomic_rmw), as TileLang's; with
    return_prev=True it returns the element's value before."""
    if not isinstance(dst, Window):
        raise emitter.BuildError("atomic_add's dest is a window buffer[offsets...] "
                                 "(one offset per dimension), got %r" % (dst,))
    if not isinstance(src, Buffer):
        return atomic_element("add", dst, src, return_prev)
    if return_prev:
        raise emitter.BuildError("atomic_add of a tile returns nothing: return_prev is for "
                                 "one element's update")
    use_buffer(src)
    use_buffer(dst.buffer)
    _check_slices(dst, src, "the dest of atomic_add")
    offsets = [emitter.use(o).name for o in dst.offsets]
    emitter.current().emit('"tile.atomic_add"(%s) : (%s) -> ()' % (
        ", ".join([src.name, dst.buffer.name] + offsets),
        ", ".join([src.type, dst.buffer.type] + ["index"] * len(offsets))))


def atomic_max(dst, value, return_prev=False):
    """dst's element becomes max(element, value) atomically (floats:
    maximumf, NaN-propagating; ints signed)."""
    return _atomic("max", dst, value, return_prev)


def atomic_min(dst, value, return_prev=False):
    """dst's element becomes min(element, value) atomically."""
    return _atomic("min", dst, value, return_prev)


def _atomic(kind, dst, value, return_prev):
    if not isinstance(dst, Window):
        raise emitter.BuildError("atomic_%s's dest is an element buffer[indices...], got %r"
                                 % (kind, dst))
    if isinstance(value, Buffer):
        raise emitter.BuildError("atomic_%s takes a value for one element, got the buffer %s"
                                 % (kind, value.label))
    return atomic_element(kind, dst, value, return_prev)


# ---- scalar functions ----

def ceildiv(a, b):
    """ceil(a / b) on index (or integer) values; Python ints fold."""
    if is_int(a) and is_int(b):
        return -(-int(a) // int(b))
    return binary("ceildiv", a, b)


def floordiv(a, b):
    """TileLang's T.floordiv: a // b (rounds towards -inf)."""
    if is_int(a) and is_int(b):
        return int(a) // int(b)
    return binary("floordiv", a, b)


def floormod(a, b):
    """TileLang's T.floormod: a % b (the remainder has b's sign)."""
    if is_int(a) and is_int(b):
        return int(a) % int(b)
    return binary("mod", a, b)


def truncdiv(a, b):
    """TileLang's T.truncdiv: a / b rounded towards zero, as C divides
    integers (arith.divsi)."""
    if is_int(a) and is_int(b):
        q = builtins.abs(int(a)) // builtins.abs(int(b))
        return q if (a < 0) == (b < 0) else -q
    return binary("truncdiv", a, b)


def truncmod(a, b):
    """TileLang's T.truncmod: the remainder of truncdiv, whose sign is a's,
    as C's % (arith.remsi; arith.remf on floats)."""
    if is_int(a) and is_int(b):
        return int(a) - truncdiv(a, b) * int(b)
    return binary("truncmod", a, b)


def max_value(dtype):
    """The largest finite value of `dtype`, as a constant."""
    return _extreme(dtype, largest=True)


def min_value(dtype):
    """The smallest finite value of `dtype` (the most negative), as a
    constant."""
    return _extreme(dtype, largest=False)


_FLOAT_MAX = {"f16": 65504.0, "bf16": 3.3895313892515355e38, "f32": 3.4028234663852886e38,
              "f64": 1.7976931348623157e308}


def _extreme(dtype, largest):
    dtype = as_dtype(dtype)
    if dtype.is_float:
        top = _FLOAT_MAX[dtype.name]
        return as_value(top if largest else -top, dtype)
    if dtype.bits == 1:
        return as_value(int(largest), dtype)
    return as_value(2 ** (dtype.bits - 1) - 1 if largest else -2 ** (dtype.bits - 1), dtype)


def Select(cond, a, b):  # noqa: N802 - TVM's name
    """TVM's T.Select: T.if_then_else(cond, a, b)."""
    return if_then_else(cond, a, b)


def max(a, b):  # noqa: A001 - the kernel language's max
    return binary("max", a, b)


def min(a, b):  # noqa: A001 - the kernel language's min
    return binary("min", a, b)


def _unary_math(op, x, float_only=True):
    x = as_value(x)
    if float_only and not x.dtype.is_float:
        raise emitter.BuildError("math.%s takes a float, got %s" % (op, x.dtype))
    e = emitter.current()
    name = e.fresh()
    e.emit("%s = math.%s %s : %s" % (name, op, x.name, x.dtype.name))
    return Value(name, x.dtype)


def exp(x): return _unary_math("exp", x)
def exp2(x): return _unary_math("exp2", x)
def log(x): return _unary_math("log", x)
def log2(x): return _unary_math("log2", x)
def sqrt(x): return _unary_math("sqrt", x)
def rsqrt(x): return _unary_math("rsqrt", x)
def tanh(x): return _unary_math("tanh", x)
def sin(x): return _unary_math("sin", x)
def cos(x): return _unary_math("cos", x)
def tan(x): return _unary_math("tan", x)
def asin(x): return _unary_math("asin", x)
def acos(x): return _unary_math("acos", x)
def atan(x): return _unary_math("atan", x)
def sinh(x): return _unary_math("sinh", x)
def cosh(x): return _unary_math("cosh", x)
def erf(x): return _unary_math("erf", x)
def erfc(x): return _unary_math("erfc", x)
def cbrt(x): return _unary_math("cbrt", x)
def log10(x): return _unary_math("log10", x)
def log1p(x): return _unary_math("log1p", x)
def expm1(x): return _unary_math("expm1", x)
def floor(x): return _unary_math("floor", x)
def ceil(x): return _unary_math("ceil", x)
def trunc(x): return _unary_math("trunc", x)
def round(x):  # noqa: A001 - the kernel language's round (half away from 0)
    return _unary_math("round", x)


def _binary_math(op, a, b):
    a, b = _operands(a, b)
    if not a.dtype.is_float:
        raise emitter.BuildError("math.%s takes floats, got %s" % (op, a.dtype))
    e = emitter.current()
    name = e.fresh()
    e.emit("%s = math.%s %s, %s : %s" % (name, op, a.name, b.name, a.dtype.name))
    return Value(name, a.dtype)


def atan2(y, x): return _binary_math("atan2", y, x)
def pow(x, y):  # noqa: A001 - the kernel language's pow
    """x ** y: math.powf on floats, math.ipowi on integers (whose negative
    exponents give 0 for |x| > 1, as integer division would, not Python's
    float)."""
    a, b = _operands(x, y)
    if a.dtype.is_float:
        return _binary_math("powf", a, b)
    if a.dtype is index or a.dtype is i1:
        raise emitter.BuildError("'**' is not defined on %s values" % a.dtype)
    e = emitter.current()
    name = e.fresh()
    e.emit("%s = math.ipowi %s, %s : %s" % (name, a.name, b.name, a.dtype.name))
    return Value(name, a.dtype)


def _classify(op, x):
    x = as_value(x)
    if not x.dtype.is_float:
        raise emitter.BuildError("math.%s takes a float, got %s" % (op, x.dtype))
    e = emitter.current()
    name = e.fresh()
    e.emit("%s = math.%s %s : %s" % (name, op, x.name, x.dtype.name))
    return Value(name, i1)


def isnan(x): return _classify("isnan", x)
def isinf(x): return _classify("isinf", x)
def isfinite(x): return _classify("isfinite", x)


def abs(x):  # noqa: A001 - the kernel language's abs
    x = as_value(x)
    return _unary_math("absf" if x.dtype.is_float else "absi", x, float_only=False)


def if_then_else(cond, a, b):
    """cond ? a : b. As TileLang's, it reads only the one chosen: an element of
    a buffer in global memory not read before, T.if_then_else(i < N, A[i],
    0.0), is loaded inside an scf.if, so that the condition can keep the read
    inside the buffer (arith.select read both: past the end of A for the
    last block). Otherwise it is arith.select."""
    cond = as_value(cond)
    if cond.dtype.name != "i1":
        raise emitter.BuildError("if_then_else needs an i1 condition (a comparison), got %s"
                                 % cond.dtype)
    e = emitter.current()
    if not any(isinstance(x, Window) and x.unread() for x in (a, b)):
        a, b = _operands(a, b)
        name = e.fresh()
        e.emit("%s = arith.select %s, %s, %s : %s" % (name, cond.name, a.name, b.name,
                                                      a.dtype.name))
        return Value(name, a.dtype)
    typed = [x for x in (a, b) if isinstance(x, (Value, Window))]
    dtype = typed[0].dtype
    for x in typed[1:]:
        dtype = common_type(dtype, x.dtype)
    # What is not read in a branch is made before the scf.if.
    ready = [None if isinstance(x, Window) and x.unread() else
             cast(x, dtype) if isinstance(x, (Value, Window)) else as_value(x, dtype)
             for x in (a, b)]
    loc = emitter.caller_location()
    indent = "  " * e.depth
    name = e.fresh()
    e.body.append(indent + "%s = scf.if %s -> (%s) {" % (name, cond.name, dtype.name))
    for i, (x, value) in enumerate(zip((a, b), ready)):
        if i:
            e.body.append(indent + "} else {")
        e.depth += 1
        if value is None:
            value = cast(load(x.buffer, x.offsets), dtype)
        e.emit("scf.yield %s : %s" % (value.name, dtype.name), loc)
        e.depth -= 1
    e.body.append(indent + "} " + loc)
    return Value(name, dtype)


def clamp(x, lo, hi):
    """min(max(x, lo), hi)."""
    return min(max(x, lo), hi)


def infinity(dtype):
    """+inf as a constant of the float type `dtype` (-T.infinity(t) is -inf)."""
    dtype = as_dtype(dtype)
    if not dtype.is_float:
        raise emitter.BuildError("infinity is a float; %s has none" % dtype)
    return as_value(float("inf"), dtype)


def Cast(dtype, x):  # noqa: N802 - TileLang's (TVM's) spelling, dtype first
    """T.cast(x, dtype)."""
    return cast(x, dtype)


def cast(x, dtype):
    """`x` converted to `dtype` (floats round to nearest, ints sign-extend or
    truncate, float <-> int convert as signed). As in NumPy, a bool is 0 or
    1, and `x` becomes a bool as x != 0 (a NaN is true)."""
    dtype = as_dtype(dtype)
    x = as_value(x, dtype if not hasattr(x, "dtype") and not hasattr(x, "load") else None)
    src = x.dtype
    if src is dtype:
        return x
    e = emitter.current()
    if dtype is i1:
        zero = as_value(0, src)
        name = e.fresh()
        if src.is_float:
            e.emit("%s = arith.cmpf une, %s, %s : %s" % (name, x.name, zero.name, src.name))
        else:
            e.emit("%s = arith.cmpi ne, %s, %s : %s" % (name, x.name, zero.name, src.name))
        return Value(name, i1)
    if src is i1:
        name = e.fresh()
        op = ("arith.uitofp" if dtype.is_float else
              "arith.index_castui" if dtype is index else "arith.extui")
        e.emit("%s = %s %s : i1 to %s" % (name, op, x.name, dtype.name))
        return Value(name, dtype)
    if src.is_float and dtype.is_float:
        op = "arith.extf" if dtype.bits > src.bits else "arith.truncf"
        if dtype.bits == src.bits:  # f16 <-> bf16
            x = cast(x, "f32")
            return cast(x, dtype)
    elif src.is_float:
        if dtype is index:
            return cast(cast(x, "i64"), index)
        op = "arith.fptosi"
    elif dtype.is_float:
        if src is index:
            return cast(cast(x, "i64"), dtype)
        op = "arith.sitofp"
    elif src is index or dtype is index:
        op = "arith.index_cast"
    else:
        op = "arith.extsi" if dtype.bits > src.bits else "arith.trunci"
    name = e.fresh()
    e.emit("%s = %s %s : %s to %s" % (name, op, x.name, src.name, dtype.name))
    # A widening integer conversion keeps the value, and its linear form.
    widens = op in ("arith.extsi", "arith.index_cast") and (
        dtype is index or (src is not index and dtype.bits > src.bits))
    return Value(name, dtype, linear=linear_form(x) if widens else None)


