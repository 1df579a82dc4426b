"""SSA values of a kernel being built, and the scalar arithmetic on them.

Python operators on values emit arith ops of the value's type (index and
integer ops on integers, float ops on floats); Python numbers mixed in
become constants of the other operand's type. Buffers are memref values;
indexing one gives a Window: the origin of a tile for copy and atomic_add,
or an element (a memref.load, placed where the subscript is written and made
once the value is used; inside T.Parallel at once).
"""

import math
import numbers

from . import emitter
from .types import (SCOPE_SPACES, DType, as_dtype, f32, float_literal, i1, i64, index,
                    int_literal, is_int, memref_type)

# op mnemonic by (python operator, kind of type). Index division is
# unsigned, as sizes and offsets are never negative; index comparisons, max
# and min are signed, as an index expression may be on its way through a
# negative value: `i - 1 >= 0` is false at i = 0, `T.max(i - 1, 0)` is 0.
_BINARY = {
    "add": {"float": "arith.addf", "int": "arith.addi", "index": "arith.addi"},
    "sub": {"float": "arith.subf", "int": "arith.subi", "index": "arith.subi"},
    "mul": {"float": "arith.mulf", "int": "arith.muli", "index": "arith.muli"},
    "truediv": {"float": "arith.divf"},
    "floordiv": {"int": "arith.floordivsi", "index": "arith.floordivsi"},
    "mod": {"float": "arith.remf", "int": "arith.remsi", "index": "arith.remsi"},
    "max": {"float": "arith.maximumf", "int": "arith.maxsi", "index": "arith.maxsi"},
    "min": {"float": "arith.minimumf", "int": "arith.minsi", "index": "arith.minsi"},
    "and": {"int": "arith.andi", "index": "arith.andi"},
    "or": {"int": "arith.ori", "index": "arith.ori"},
    "xor": {"int": "arith.xori", "index": "arith.xori"},
    "ceildiv": {"index": "arith.ceildivsi", "int": "arith.ceildivsi"},
    "truncdiv": {"index": "arith.divsi", "int": "arith.divsi"},
    "truncmod": {"float": "arith.remf", "index": "arith.remsi", "int": "arith.remsi"},
}
_COMPARE = {
    "lt": ("olt", "slt"), "le": ("ole", "sle"), "gt": ("ogt", "sgt"), "ge": ("oge", "sge"),
    "eq": ("oeq", "eq"), "ne": ("une", "ne"),
}


class Value:
    """A scalar SSA value of an element type (or index)."""

    def __init__(self, name, dtype, scope=None, literal=None, linear=None):
        self.name = name
        self.dtype = dtype
        self.scope = emitter.current_scope() if scope is None else scope
        # The Python integer of an integer or index constant, else None.
        self.literal = literal
        # An integer value as sum(coefficient * atom) + constant: a dict of
        # atom names (the values nothing is known of) to coefficients, with
        # the constant under None. Sums, differences and multiples by
        # constants keep it, so that a slice `i * 64:(i + 1) * 64` is known
        # to be 64 long.
        self.linear = linear

    def __repr__(self):
        return "Value(%s : %s)" % (self.name, self.dtype)

    __hash__ = object.__hash__

    def __bool__(self):
        raise emitter.BuildError(
            "a kernel value has no Python truth value while the kernel is built: Python's "
            "if, and, or, not and `a if c else b` test kernel values in the code of a "
            "@T.prim_func or @T.macro function (decorate a helper that does with "
            "@T.macro; an if or while holding break, continue or return cannot), or use "
            "T.If(...) or T.if_then_else(...)")

    def __index__(self):
        raise emitter.BuildError(
            "a kernel value is not a Python int while the kernel is built; loop over it "
            "with T.serial(...), T.Pipelined(...) or T.Parallel(...)")

    def astype(self, dtype):
        """TileLang's x.astype(dtype): T.cast(x, dtype)."""
        from .ops import cast
        return cast(self, dtype)

    # arithmetic
    def __add__(self, o): return binary("add", self, o)
    def __radd__(self, o): return binary("add", o, self)
    def __sub__(self, o): return binary("sub", self, o)
    def __rsub__(self, o): return binary("sub", o, self)
    def __mul__(self, o): return binary("mul", self, o)
    def __rmul__(self, o): return binary("mul", o, self)
    def __truediv__(self, o): return binary("truediv", self, o)
    def __rtruediv__(self, o): return binary("truediv", o, self)
    def __floordiv__(self, o): return binary("floordiv", self, o)
    def __rfloordiv__(self, o): return binary("floordiv", o, self)
    def __mod__(self, o): return binary("mod", self, o)
    def __rmod__(self, o): return binary("mod", o, self)
    def __and__(self, o): return binary("and", self, o)
    def __rand__(self, o): return binary("and", o, self)
    def __or__(self, o): return binary("or", self, o)
    def __ror__(self, o): return binary("or", o, self)
    def __xor__(self, o): return binary("xor", self, o)
    def __rxor__(self, o): return binary("xor", o, self)
    def __lshift__(self, o): return shift("<<", self, o)
    def __rlshift__(self, o): return shift("<<", o, self)
    def __rshift__(self, o): return shift(">>", self, o)
    def __rrshift__(self, o): return shift(">>", o, self)
    def __neg__(self): return negate(self)
    def __invert__(self): return invert(self)

    def __abs__(self):  # Python's abs(x) is T.abs(x), x ** y T.pow(x, y)
        from .ops import abs as absolute
        return absolute(self)

    def __pow__(self, o):
        from .ops import pow as power
        return power(self, o)

    def __rpow__(self, o):
        from .ops import pow as power
        return power(o, self)

    # comparisons give i1 values
    def __lt__(self, o): return compare("lt", self, o)
    def __le__(self, o): return compare("le", self, o)
    def __gt__(self, o): return compare("gt", self, o)
    def __ge__(self, o): return compare("ge", self, o)
    def __eq__(self, o): return compare("eq", self, o)
    def __ne__(self, o): return compare("ne", self, o)


class Buffer:
    """A memref: a kernel argument (global scope) or a T.alloc_* tile."""

    def __init__(self, name, shape, dtype, scope, label=None):
        self.name = name
        self.scope_regions = emitter.current_scope()
        self.shape_spec = tuple(shape)
        self.dtype = dtype
        self.scope = scope
        self.label = label or name[1:]
        self.type = memref_type(self.shape_spec, dtype, scope)

    def __repr__(self):
        return "Buffer(%s : %s)" % (self.name, self.type)

    @property
    def rank(self):
        return len(self.shape_spec)

    @property
    def shape(self):
        """Static sizes as ints, dynamic ones as index values (memref.dim)."""
        return tuple(self.dim(d) for d in range(self.rank))

    def dim(self, d):
        size = self.shape_spec[d]
        if size is not None:
            return size
        e = emitter.current()
        key = (self.name, d)
        if key not in e.dims:
            name = e.claim("%" + self.label + "_dim" + str(d))
            e.dims[key] = name
            e.prologue.append("  %s = memref.dim %s, %s : %s %s" % (
                name, self.name, constant(d, index).name, self.type,
                emitter.caller_location()))
        return Value(e.dims[key], index, scope=())

    @property
    def data(self):
        """TileLang's `A.data`, for a view of the buffer's elements with
        another shape: T.Tensor(shape, dtype, A.data)."""
        return BufferData(self)

    def __getitem__(self, indices):
        if not isinstance(indices, tuple):
            indices = (indices,)
        if any(isinstance(i, slice) for i in indices):
            return _sliced(self, indices)
        window = Window(self, tuple(subscript(i) for i in indices))
        # Inside T.Parallel a tile's element is loaded at once; an element of
        # a buffer in global memory stays a window (loaded at the same place
        # when used) so that T.if_then_else can read it only when chosen.
        if emitter.current().parallel and self.scope != "global":
            return window.load()
        return window

    def __setitem__(self, indices, value):
        if not isinstance(indices, tuple):
            indices = (indices,)
        if any(isinstance(i, slice) for i in indices):
            raise emitter.BuildError("a slice of %s is a tile's window, for T.copy and "
                                     "T.atomic_add; assign elements in T.Parallel"
                                     % self.label)
        store(self, tuple(subscript(i) for i in indices), value)


class BufferData:
    """The elements of a buffer, as TileLang's `A.data` names them."""

    def __init__(self, buffer):
        self.buffer = buffer

    def __repr__(self):
        return "%s.data" % self.buffer.label


def reshaped(buffer, shape, dtype=None):
    """A view of a parameter's elements, in the same row-major order, with
    another static shape (memref.reinterpret_cast, made once at the top of
    the function): T.Tensor(shape, dtype, A.data) and T.reshape(A, shape)."""
    if isinstance(buffer, BufferData):
        buffer = buffer.buffer
    if not isinstance(buffer, Buffer):
        raise emitter.BuildError("a view takes a parameter (or its .data), got %r" % (buffer,))
    use_buffer(buffer)
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    dtype = buffer.dtype if dtype is None else as_dtype(dtype)
    what = "a view of %s's elements as %r" % (buffer.label, shape)
    if buffer.scope != "global":
        raise emitter.BuildError("%s: views with another shape are made of parameters only, "
                                 "%s is a %s tile" % (what, buffer.label, buffer.scope))
    if dtype is not buffer.dtype:
        raise emitter.BuildError("%s: the view's element type %s is not the buffer's %s "
                                 "(views do not reinterpret elements)"
                                 % (what, dtype, buffer.dtype))
    if buffer.type != memref_type(buffer.shape_spec, dtype):
        raise emitter.BuildError("%s: %s is itself a strided view (%s); take the view of "
                                 "the parameter" % (what, buffer.label, buffer.type))
    if not all(is_int(d) and d >= 0 for d in shape):
        raise emitter.BuildError("%s: a view's sizes are non-negative Python ints" % what)
    if not all(is_int(d) for d in buffer.shape_spec):
        raise emitter.BuildError("%s: %s has dynamic sizes (%s); views are of static shapes "
                                 "only" % (what, buffer.label, buffer.type))
    shape = tuple(int(d) for d in shape)
    count, have = math.prod(shape), math.prod(buffer.shape_spec)
    if count != have:
        raise emitter.BuildError("%s: the view has %d elements and %s %d" % (
            what, count, buffer.label, have))
    e = emitter.current()
    key = (buffer.name, "reshape", shape)
    if key in e.views:
        return e.views[key]
    view = Buffer(e.fresh(buffer.label + "_v"), shape, dtype, "global", label=buffer.label)
    view.scope_regions = ()
    e.prologue.append(
        "  %s = memref.reinterpret_cast %s to offset: [0], sizes: [%s], strides: [%s] : "
        "%s to %s %s" % (view.name, buffer.name, ", ".join(str(d) for d in shape),
                         ", ".join(str(d) for d in _strides(shape)), buffer.type, view.type,
                         emitter.caller_location()))
    e.views[key] = view
    return view


def subscript(i):
    """An index of a subscript: an index value, or an int value converted
    (signed, as NumPy's integer indices are), or a Python int."""
    if isinstance(i, (Window, Size)):
        i = as_value(i)
    if isinstance(i, Value) and i.dtype.kind == "int" and i.dtype.bits > 1:
        from .ops import cast
        return cast(i, index)
    return as_value(i, index)


def _strides(shape):
    """The strides of a row-major buffer of `shape`, None where dynamic."""
    strides, stride = [], 1
    for size in reversed(shape):
        strides.insert(0, stride)
        stride = None if stride is None or size is None else stride * size
    return strides


def _permuted(buffer, perm):
    """A view of `buffer` (memref.transpose) whose dimension d is the
    buffer's perm[d]. A parameter's view is made once, at the top of the
    function (host code); a tile's where it is used."""
    e = emitter.current()
    key = (buffer.name, tuple(perm))
    if buffer.scope == "global" and key in e.views:
        return e.views[key]
    strides = _strides(buffer.shape_spec)
    space = SCOPE_SPACES[buffer.scope]
    view = Buffer(e.fresh(buffer.name[1:] + "_t"), [buffer.shape_spec[p] for p in perm],
                  buffer.dtype, buffer.scope, label=buffer.label)
    view.type = "memref<%s%s, strided<[%s]>%s>" % (
        "".join(("?" if d is None else str(d)) + "x" for d in view.shape_spec),
        buffer.dtype.name, ", ".join("?" if strides[p] is None else str(strides[p])
                                     for p in perm), ", " + space if space else "")
    dims = ", ".join("d%d" % d for d in range(buffer.rank))
    text = "%s = memref.transpose %s (%s) -> (%s) : %s to %s" % (
        view.name, buffer.name, dims, ", ".join("d%d" % p for p in perm), buffer.type,
        view.type)
    if buffer.scope == "global":
        view.scope_regions = ()
        e.prologue.append("  %s %s" % (text, emitter.caller_location()))
        e.views[key] = view
    else:
        e.emit(text)
    return view


def _sliced(buffer, indices):
    """buffer[a:b, i, :]: the window of a tile whose dimensions are the
    sliced ones, as TileLang writes copies (the tile must be as large as each
    slice). An index fixes its dimension; a slice's start is the window's
    origin there (0 for `:`). The dimensions of the tile must come last, after
    the fixed ones: where a fixed one follows a sliced one, the window is
    taken of a permuted view of the buffer (memref.transpose), so that every
    index and start is still bounds-checked by the copy."""
    use_buffer(buffer)
    if len(indices) != buffer.rank:
        raise emitter.BuildError("%s has rank %d but is sliced with %d %s" % (
            buffer.label, buffer.rank, len(indices),
            "index" if len(indices) == 1 else "indices"))
    offsets, kept, extents = [], [], []
    for d, i in enumerate(indices):
        if not isinstance(i, slice):
            offsets.append(subscript(i))
            continue
        if i.step is not None and not (is_int(i.step) and i.step == 1):
            raise emitter.BuildError("a slice of %s (dimension %d) has step %r: tile windows "
                                     "are contiguous ranges" % (buffer.label, d, i.step))
        start = 0 if i.start is None else i.start
        offsets.append(subscript(start))
        kept.append(d)
        stop = buffer.shape_spec[d] if i.stop is None else i.stop
        begin = offsets[-1].literal
        end = stop if is_int(stop) else getattr(stop, "literal", None)
        if begin is not None and end is not None:
            extents.append(end - begin)
            continue
        # Known where the ends differ by a constant (`k * 64:(k + 1) * 64`).
        end = subscript(stop) if stop is not None else None
        length = None if end is None else _combined("sub", end, offsets[-1])
        extents.append(length.get(None, 0) if length is not None and set(length) <= {None}
                       else None)
    fixed = [d for d in range(buffer.rank) if d not in kept]
    if fixed and kept and max(fixed) > min(kept):
        perm = fixed + kept
        buffer = _permuted(buffer, perm)
        offsets = [offsets[p] for p in perm]
    return Window(buffer, tuple(offsets), tile_extents=tuple(extents))


class Window:
    """buffer[offsets]: the origin of a tile, or one element of the buffer.

    As an element, its value is the one the buffer holds where the subscript
    is written, as in Python (`w = A[0]; A[0] = 5.0; B[0] = w` stores the old
    value): the load is made at that place, once the value is used (a
    window used only as a tile's origin loads nothing)."""

    def __init__(self, buffer, offsets, tile_extents=None):
        self.buffer = buffer
        self.offsets = offsets
        # For a window written with slices: the tile's extent along each
        # sliced dimension (None where it is not known while building).
        self.tile_extents = tile_extents
        self._loaded = None
        self._slot = emitter.current().reserve()
        self._loc = emitter.caller_location()

    @property
    def dtype(self):
        return self.buffer.dtype

    def __repr__(self):
        return "%s[%s]" % (self.buffer.label, ", ".join(o.name for o in self.offsets))

    def load(self):
        if self.tile_extents is not None:
            raise emitter.BuildError("a slice of %s is a tile's window, not an element: use it "
                                     "in T.copy or T.atomic_add" % self.buffer.label)
        if self._loaded is None:
            self._loaded = load(self.buffer, self.offsets, self._slot, self._loc)
        return self._loaded

    def unread(self):
        """Whether this is an element of a buffer in global memory whose value
        has not been loaded yet (T.if_then_else may then read it only where
        chosen)."""
        return self._loaded is None and self.buffer.scope == "global"

    __hash__ = object.__hash__


_OPERATORS = ("add", "radd", "sub", "rsub", "mul", "rmul", "truediv", "rtruediv", "floordiv",
              "rfloordiv", "mod", "rmod", "pow", "rpow", "and", "rand", "or", "ror", "xor",
              "rxor", "lshift", "rlshift", "rshift", "rrshift", "neg", "invert", "abs", "lt",
              "le", "gt", "ge", "eq", "ne", "bool", "index")


def _forward_operators(cls, resolve):
    """Gives `cls` every operator of a value, applied to resolve(self)."""
    for name in _OPERATORS:
        dunder = "__%s__" % name

        def operator(self, *args, _dunder=dunder):
            return getattr(resolve(self), _dunder)(*args)
        operator.__name__ = dunder
        setattr(cls, dunder, operator)
    cls.astype = lambda self, dtype: resolve(self).astype(dtype)


# Every operator of a value works on an element, which it loads first. One
# missing here was Python's own: `A[0] == 1.0` outside T.Parallel compared
# the objects, and the kernel got the constant false.
_forward_operators(Window, Window.load)


class Size:
    """T.symbolic("M") (TileLang's spelling, T.dynamic too): a dynamic size
    named M. In a T.Tensor shape it is that size, as the string "M" is; in
    the kernel it is the size itself, an index value (memref.dim of the first
    parameter that has it)."""

    def __init__(self, name):
        if not isinstance(name, str) or not name:
            raise TypeError("a symbolic size has a name (a non-empty str), got %r" % (name,))
        self.name = name

    dtype = index

    def __repr__(self):
        return "T.symbolic(%r)" % self.name

    __hash__ = object.__hash__

    def value(self):
        e = emitter.current()
        if self.name not in e.sizes:
            raise emitter.BuildError("the size %r is not a size of any parameter of %s: name it "
                                     "in a T.Tensor shape" % (self.name, e.name))
        buffer, d = e.sizes[self.name]
        return buffer.dim(d)


_forward_operators(Size, Size.value)


def int_attribute(x, what):
    """`x` as the integer attribute `what`: an int (a float or a bool was
    cut down to one by "%d")."""
    if not is_int(x):
        raise emitter.BuildError("%s must be an int, got %r (%s)"
                                 % (what, x, type(x).__name__))
    return int(x)


def integer(value, dtype):
    """The Python number `value` as an int of the integer type `dtype`."""
    if isinstance(value, float) and not value.is_integer():
        raise emitter.BuildError("%r is not an integer, but %s needs one" % (value, dtype))
    if dtype.bits > 1 and not -(2 ** (dtype.bits - 1)) <= int(value) < 2 ** (dtype.bits - 1):
        raise emitter.BuildError("%d does not fit in %s" % (int(value), dtype))
    return int(value)


def constant(value, dtype):
    e = emitter.current()
    if dtype.is_float:
        literal = float_literal(value, dtype)
        hint = "cst"
    else:
        integer(value, dtype)
        literal = int_literal(value, dtype)
        hint = ("c%s" % literal if dtype is index else "c%s_%s" % (literal, dtype.name)
                ).replace("-", "m")
        return Value(e.constant(literal, dtype.name, hint), dtype, scope=(),
                     literal=int(value))
    return Value(e.constant(literal, dtype.name, hint), dtype, scope=())


def as_value(x, dtype=None):
    """A Value for `x`: values as they are, windows loaded, Python numbers as
    constants of `dtype`."""
    if isinstance(x, Window):
        x = x.load()
    elif isinstance(x, Size):
        x = x.value()
    if isinstance(x, Value):
        emitter.use(x)
        if dtype is not None and x.dtype is not dtype:
            raise emitter.BuildError("expected a %s value, got %s (convert with T.cast)"
                                     % (dtype, x.dtype))
        return x
    if isinstance(x, (bool, numbers.Number)):
        if dtype is None:
            raise emitter.BuildError("cannot tell the type of the Python number %r here" % (x,))
        return constant(x, dtype)
    if isinstance(x, Choice):
        if dtype is None:
            raise emitter.BuildError("cannot tell the type of %r (two Python numbers) here; "
                                     "convert one with T.cast" % (x,))
        return x.value(dtype)
    if isinstance(x, Buffer):
        raise emitter.BuildError("a buffer (%s) is used where a scalar is needed; index it"
                                 % x.type)
    raise emitter.BuildError("cannot use %r (%s) in a kernel" % (x, type(x).__name__))


class Choice:
    """`a if cond else b` of two Python numbers on a kernel condition: an
    arith.select made once the type is known, where the value is used (a
    store into an i32 buffer: of i32 constants), as Python numbers are."""

    def __init__(self, cond, a, b):
        self.cond, self.a, self.b = cond, a, b

    def __repr__(self):
        return "(%r if %s else %r)" % (self.a, self.cond.name, self.b)

    def __bool__(self):
        raise emitter.BuildError(
            "%r is chosen when the kernel runs and has no Python truth value while it is "
            "built" % (self,))

    def value(self, dtype):
        from .ops import if_then_else
        return if_then_else(self.cond, constant(self.a, dtype), constant(self.b, dtype))


def _operands(a, b):
    """Both operands as values of one type, the type taken from whichever
    is not a Python number."""
    a, b = (x.load() if isinstance(x, Window) else x.value() if isinstance(x, Size) else x
            for x in (a, b))
    if not isinstance(a, Value) and not isinstance(b, Value):
        raise emitter.BuildError("cannot tell the type of %r and %r (no kernel value among "
                                 "them); compute it in Python or convert one with T.cast"
                                 % (a, b))
    dtype = (common_type(a.dtype, b.dtype) if isinstance(a, Value) and isinstance(b, Value)
             else a.dtype if isinstance(a, Value) else b.dtype)
    from .ops import cast
    return tuple(cast(x, dtype) if isinstance(x, Value) else as_value(x, dtype)
                 for x in (a, b))


def common_type(a, b):
    """The type two operands of types `a` and `b` meet in, as TVM's (so
    TileLang's) arithmetic has them: an integer (or a bool) with a float
    becomes the float, the narrower of two floats the wider (f16 with bf16:
    f32), the narrower of two integers the wider (index is the widest)."""
    if a is b:
        return a
    if a.is_float != b.is_float:
        return a if a.is_float else b
    if a.is_float:
        if a.bits == b.bits:  # f16 and bf16
            return f32
        return a if a.bits > b.bits else b
    if index in (a, b):
        return index
    return a if a.bits > b.bits else b


def _floor_mod(a, b, rem):
    """Python's a % b, whose sign is b's (rem, arith.remsi or arith.remf,
    gives a's, as C's % and fmod do): the remainder, plus b where it is not
    zero and its sign differs from b's. It agrees with // (arith.floordivsi):
    a == (a // b) * b + a % b."""
    e = emitter.current()
    t = a.dtype.name
    zero = constant(0, a.dtype)
    if a.dtype.is_float:
        compare, ne, lt, add = "arith.cmpf", "one", "olt", "arith.addf"
    else:
        compare, ne, lt, add = "arith.cmpi", "ne", "slt", "arith.addi"
    r, nonzero, r_neg, b_neg, differ, fix, adjusted, name = (e.fresh() for _ in range(8))
    e.emit("%s = %s %s, %s : %s" % (r, rem, a.name, b.name, t))
    e.emit("%s = %s %s, %s, %s : %s" % (nonzero, compare, ne, r, zero.name, t))
    e.emit("%s = %s %s, %s, %s : %s" % (r_neg, compare, lt, r, zero.name, t))
    e.emit("%s = %s %s, %s, %s : %s" % (b_neg, compare, lt, b.name, zero.name, t))
    e.emit("%s = arith.xori %s, %s : i1" % (differ, r_neg, b_neg))
    e.emit("%s = arith.andi %s, %s : i1" % (fix, nonzero, differ))
    e.emit("%s = %s %s, %s : %s" % (adjusted, add, r, b.name, t))
    e.emit("%s = arith.select %s, %s, %s : %s" % (name, fix, adjusted, r, t))
    return Value(name, a.dtype)


def linear_form(v):
    """The linear form of an integer or index value (see Value.linear)."""
    if v.linear is not None:
        return v.linear
    if v.literal is not None:
        return {None: v.literal}
    return {v.name: 1}


def _combined(op, a, b):
    """The linear form of `a op b` for add, sub and mul by a constant, or
    None."""
    if a.dtype.is_float or op not in ("add", "sub", "mul"):
        return None
    fa, fb = linear_form(a), linear_form(b)
    if op == "mul":
        if set(fb) <= {None}:
            fa, fb = fb, fa
        if not set(fa) <= {None}:
            return None  # a product of two unknowns
        k = fa.get(None, 0)
        return {n: k * c for n, c in fb.items() if k * c}
    sign = 1 if op == "add" else -1
    form = dict(fa)
    for n, c in fb.items():
        form[n] = form.get(n, 0) + sign * c
    return {n: c for n, c in form.items() if c}


def binary(op, a, b):
    a, b = _operands(a, b)
    mnemonic = _BINARY[op].get(a.dtype.kind)
    if mnemonic is None:
        raise emitter.BuildError("'%s' is not defined on %s values" % (op, a.dtype))
    if op in ("floordiv", "mod", "ceildiv", "truncdiv", "truncmod") and b.literal == 0:
        raise emitter.BuildError("integer division by zero: %s of %s values by the constant 0"
                                 % (op, a.dtype))
    if op == "mod":
        return _floor_mod(a, b, mnemonic)
    e = emitter.current()
    name = e.fresh()
    e.emit("%s = %s %s, %s : %s" % (name, mnemonic, a.name, b.name, a.dtype.name))
    return Value(name, a.dtype, linear=_combined(op, a, b))


def negate(a):
    a = as_value(a)
    if a.dtype.is_float:
        e = emitter.current()
        name = e.fresh()
        e.emit("%s = arith.negf %s : %s" % (name, a.name, a.dtype.name))
        return Value(name, a.dtype)
    return binary("sub", 0, a)


def shift(op, a, b):
    """a << b and a >> b (arithmetic, as Python's and NumPy's on signed
    ints) of int or index values. A count outside 0 to the width - 1, which
    arith's shifts make poison, gives what NumPy gives: 0, or for >> the
    sign (0 or -1). Index values shift as 64-bit ints whatever the target's
    index width (32 bits in vulkan kernels): a count of 32 or more was
    poison there; a constant count below 32 shifts the index itself."""
    a, b = _operands(a, b)
    if a.dtype.kind == "float" or a.dtype.bits == 1:
        raise emitter.BuildError("'%s' is not defined on %s values (shift ints; convert with "
                                 "T.cast)" % (op, a.dtype))
    mnemonic = "arith.shli" if op == "<<" else "arith.shrsi"
    e = emitter.current()
    if b.literal is not None and 0 <= b.literal < (32 if a.dtype is index else a.dtype.bits):
        name = e.fresh()
        e.emit("%s = %s %s, %s : %s" % (name, mnemonic, a.name, b.name, a.dtype.name))
        return Value(name, a.dtype)
    if a.dtype is index:
        wide = [Value(e.fresh(), i64) for _ in range(2)]
        for v, w in zip((a, b), wide):
            e.emit("%s = arith.index_cast %s : index to i64" % (w.name, v.name))
        result = Value(e.fresh(), index)
        e.emit("%s = arith.index_cast %s : i64 to index"
               % (result.name, shift(op, wide[0], wide[1]).name))
        return result
    t = a.dtype.name
    shifted, fits, name = e.fresh(), e.fresh(), e.fresh()
    e.emit("%s = %s %s, %s : %s" % (shifted, mnemonic, a.name, b.name, t))
    if op == "<<":
        beyond = constant(0, a.dtype)
    else:
        beyond = Value(e.fresh(), a.dtype)
        e.emit("%s = arith.shrsi %s, %s : %s" % (beyond.name, a.name,
                                                 constant(a.dtype.bits - 1, a.dtype).name, t))
    # unsigned: a negative count is beyond the width too
    e.emit("%s = arith.cmpi ult, %s, %s : %s" % (fits, b.name,
                                                  constant(a.dtype.bits, a.dtype).name, t))
    e.emit("%s = arith.select %s, %s, %s : %s" % (name, fits, shifted, beyond.name, t))
    return Value(name, a.dtype)


def invert(a):
    """~a: the bits of an int or index value flipped (-a - 1), or a bool
    negated (NumPy's ~ on bools)."""
    a = as_value(a)
    if a.dtype.kind == "float":
        raise emitter.BuildError("'~' is not defined on %s values" % a.dtype)
    return binary("xor", a, constant(1 if a.dtype.bits == 1 else -1, a.dtype))


def compare(op, a, b):
    a, b = _operands(a, b)
    float_pred, int_pred = _COMPARE[op]
    e = emitter.current()
    name = e.fresh()
    if a.dtype.is_float:
        e.emit("%s = arith.cmpf %s, %s, %s : %s" % (name, float_pred, a.name, b.name,
                                                    a.dtype.name))
    else:
        e.emit("%s = arith.cmpi %s, %s, %s : %s" % (name, int_pred, a.name, b.name,
                                                    a.dtype.name))
    return Value(name, i1)


def check_element(buffer, offsets):
    """An element access names one index per dimension, and a constant index
    lies inside the buffer: a negative one does not count from the end as in
    Python, it reads or writes before the buffer."""
    if len(offsets) != buffer.rank:
        raise emitter.BuildError("%s has rank %d but is indexed with %d %s" % (
            buffer.label, buffer.rank, len(offsets),
            "index" if len(offsets) == 1 else "indices"))
    for d, o in enumerate(offsets):
        if o.literal is None:
            continue
        if o.literal < 0:
            raise emitter.BuildError(
                "index %d of %s (dimension %d) is negative: kernel indices do not count "
                "from the end as Python's do (write %s.shape[%d] - %d)"
                % (o.literal, buffer.label, d, buffer.label, d, -o.literal))
        size = buffer.shape_spec[d]
        if isinstance(size, int) and o.literal >= size:
            raise emitter.BuildError("index %d of %s (dimension %d) is out of bounds for "
                                     "its size %d" % (o.literal, buffer.label, d, size))


def _inside(buffer, offsets, loc):
    """The ops (text lines, each with `loc`) and the i1 value that tell
    whether `offsets` lie inside `buffer`, or ([], None) where every one is a
    constant the builder checked against a static size. One unsigned
    compare per dimension: a negative index is outside too."""
    e = emitter.current()
    lines, conds = [], []
    for d, o in enumerate(offsets):
        size = buffer.shape_spec[d]
        if o.literal is not None and size is not None:
            continue  # check_element refused it if it were outside
        size = constant(size, index) if size is not None else buffer.dim(d)
        name = e.fresh()
        lines.append("%s = arith.cmpi ult, %s, %s : index %s" % (name, o.name, size.name, loc))
        conds.append(name)
    while len(conds) > 1:
        name = e.fresh()
        lines.append("%s = arith.andi %s, %s : i1 %s" % (name, conds[-2], conds[-1], loc))
        conds[-2:] = [name]
    return lines, conds[0] if conds else None


def _guarded(buffer):
    """Whether an access of `buffer` here is kept inside it: an element of a
    buffer in global memory in a T.Parallel loop, as TileLang's (its
    LegalizeSafeMemoryAccess): a read outside gives 0, a write outside is
    dropped, so that a kernel whose blocks run past the end of the data is
    right on every shape."""
    return buffer.scope == "global" and emitter.current().parallel > 0


def _kept_inside(buffer, offsets, loc, op, result=None, dtype=None):
    """The text of `op` (a function of the name its result gets, or of None
    when its result is not used), made to run only where `offsets` lie
    inside `buffer` when the access is guarded (_guarded): in an scf.if
    whose `result` is the op's result there and 0 outside, given `dtype`."""
    checks, inside = _inside(buffer, offsets, loc) if _guarded(buffer) else ([], None)
    if inside is None:
        return op(result)
    e = emitter.current()
    if dtype is None:
        return "\n".join(checks + ["scf.if %s {" % inside, "  %s %s" % (op(None), loc), "}"])
    inner, t = e.fresh(), dtype.name
    return "\n".join(checks + [
        "%s = scf.if %s -> (%s) {" % (result, inside, t),
        "  %s %s" % (op(inner), loc),
        "  scf.yield %s : %s %s" % (inner, t, loc),
        "} else {",
        "  scf.yield %s : %s %s" % (constant(0, dtype).name, t, loc),
        "}"])


def _element(buffer, offsets):
    """Checks an element access and its operands; the subscript text."""
    use_buffer(buffer)
    check_element(buffer, offsets)
    for o in offsets:
        emitter.use(o)
    return "%s[%s]" % (buffer.name, ", ".join(o.name for o in offsets))


def load(buffer, offsets, slot=None, loc=None):
    """buffer[offsets] as a value, loaded here or in `slot` (a place kept
    earlier, where the subscript was written)."""
    element = _element(buffer, offsets)
    e = emitter.current()
    name = e.fresh()
    text = _kept_inside(buffer, offsets, loc or emitter.caller_location(),
                        lambda r: "%s = memref.load %s : %s" % (r, element, buffer.type),
                        name, buffer.dtype)
    if slot is None:
        e.emit(text)
        return Value(name, buffer.dtype)
    slot.fill(text, loc)
    return Value(name, buffer.dtype, scope=slot.scope)


def store(buffer, offsets, value):
    """buffer[offsets] = value, converted to the buffer's element type as
    an assignment converts in TileLang (and NumPy)."""
    element = _element(buffer, offsets)
    if isinstance(value, (Value, Window, Size)):
        from .ops import cast
        value = cast(value, buffer.dtype)
    else:
        value = as_value(value, buffer.dtype)
    loc = emitter.caller_location()
    emitter.current().emit(_kept_inside(
        buffer, offsets, loc,
        lambda _: "memref.store %s, %s : %s" % (value.name, element, buffer.type)), loc)


# memref.atomic_rmw kinds of an atomic update of one element: float, int.
_ATOMIC = {"add": ("addf", "addi"), "max": ("maximumf", "maxs"), "min": ("minimumf", "mins")}


def atomic_element(kind, window, value, return_prev):
    """window's element becomes (element kind value), atomically
    (memref.atomic_rmw). In T.Parallel an element of a parameter outside it
    is left alone, as a store there is. Returns the element's value before
    when `return_prev` (0 where it was left alone), else None."""
    what = "T.atomic_" + kind
    buffer, offsets = window.buffer, window.offsets
    if window.tile_extents is not None:
        raise emitter.BuildError("%s of a slice of %s: a tile's window takes a tile source "
                                 "(T.atomic_add(C[...], tile))" % (what, buffer.label))
    if buffer.scope not in ("global", "shared"):
        raise emitter.BuildError("%s updates an element of a buffer in global or shared "
                                 "memory, not of a %s tile" % (what, buffer.scope))
    if buffer.dtype.kind == "index" or buffer.dtype.bits == 1:
        raise emitter.BuildError("%s is not defined on %s elements" % (what, buffer.dtype))
    element = _element(buffer, offsets)
    value = as_value(value, buffer.dtype)
    e = emitter.current()
    t = buffer.dtype.name
    op = _ATOMIC[kind][0 if buffer.dtype.is_float else 1]
    rmw = "memref.atomic_rmw %s %s, %s : (%s, %s) -> %s" % (op, value.name, element, t,
                                                         buffer.type, t)
    # Without return_prev the old value is unused, the only way vulkan adds
    # floats atomically.
    name = e.fresh()
    loc = emitter.caller_location()
    e.emit(_kept_inside(buffer, offsets, loc, lambda r: "%s = %s" % (r or e.fresh(), rmw),
                        name, buffer.dtype if return_prev else None), loc)
    return Value(name, buffer.dtype) if return_prev else None


def use_buffer(buffer):
    """Checks that a buffer is in scope where it is used; returns it."""
    emitter.current().check_visible(buffer.name, buffer.scope_regions)
    return buffer


def check_dtype(x, what):
    if not isinstance(x, DType):
        raise TypeError("%s must be an element type such as T.f32, got %r" % (what, x))
    return x
