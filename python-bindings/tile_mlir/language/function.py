"""@T.prim_func: a Python function traced once into a func.func of tile IR.

Parameters are annotated with T.Tensor(shape, dtype) for buffers (sizes are
ints, or None or a name for a dynamic size) or with an element type for
scalars. The function body runs at decoration time with symbolic values and
records the ops it calls.
"""

import inspect
import os
import re

from . import emitter
from .types import DType, as_dtype, is_int, memref_type
from .rewrite import rewritten
from .values import Buffer, Size, Value, reshaped


class Tensor:
    """The type of a buffer parameter: T.Tensor((None, 64), T.f32). A size
    given as a string names a dynamic size; parameters that name the same
    size must agree when the kernel is called.

    In a kernel, T.Tensor(shape, dtype, A.data) is TileLang's view of a
    parameter's elements with another shape (see values.reshaped)."""

    def __new__(cls, shape, dtype, data=None):
        if data is not None:
            return reshaped(data, shape, dtype)
        return super().__new__(cls)

    def __init__(self, shape, dtype, data=None):
        shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
        shape = tuple(d.name if isinstance(d, Size) else d for d in shape)
        for d in shape:
            if not (d is None or isinstance(d, str) or (is_int(d) and d >= 0)):
                raise TypeError("T.Tensor sizes are non-negative ints, names (str) or None, "
                                "got %r in %r" % (d, shape))
        self.sizes = tuple(None if isinstance(d, str) or d is None else int(d) for d in shape)
        self.size_names = tuple(d if isinstance(d, str) else None for d in shape)
        self.dtype = as_dtype(dtype)

    @property
    def type(self):
        return memref_type(self.sizes, self.dtype)

    def __repr__(self):
        return "T.Tensor(%r, %r)" % (tuple(n or s for n, s in zip(self.size_names, self.sizes)),
                                     self.dtype)


Buffer_ = Tensor  # TileLang spells it T.Buffer too


class _TileAnnotation:
    """T.SharedBuffer(shape, dtype), T.FragmentBuffer, T.LocalBuffer: how
    TileLang annotates the tile parameters of a T.macro. A macro is called
    while its kernel is built, so these say what it expects and are not
    checked; a @T.prim_func takes none (its tiles are T.alloc_*)."""

    scope = None

    def __init__(self, shape, dtype):
        self.shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
        self.dtype = as_dtype(dtype)

    def __repr__(self):
        return "T.%s(%r, %r)" % (type(self).__name__, self.shape, self.dtype)


class SharedBuffer(_TileAnnotation):
    scope = "shared"


class FragmentBuffer(_TileAnnotation):
    scope = "fragment"


class LocalBuffer(_TileAnnotation):
    scope = "local"


def symbolic(name, dtype=None):
    """A dynamic size named `name` (TileLang's T.symbolic; `dtype` is
    accepted and sizes are index values)."""
    return Size(name)


dynamic = symbolic


def macro(fn):
    """TileLang's T.macro: a function called while a kernel is built, so its
    ops are written into the caller's kernel where it is called. Any Python
    function does that here; the decorator is kept for TileLang's spelling,
    and lets the function test kernel values with Python's `if`, `and`, `or`
    and `not` (see rewrite.py), as a @T.prim_func does."""
    return rewritten(fn)


class Param:
    """A parameter of a built kernel: its name and annotation."""

    def __init__(self, name, annotation):
        self.name = name
        self.annotation = annotation

    @property
    def is_buffer(self):
        return isinstance(self.annotation, Tensor)


class PrimFunc:
    """A kernel built from Python: its tile IR (`to_mlir()`), its name and
    parameters. Compile it with tile_mlir.compile(kernel, target=...)."""

    def __init__(self, name, params, text, source_name):
        self.name = name
        self.params = params
        self.text = text
        self.source_name = source_name

    def to_mlir(self):
        return self.text

    def arg_names(self):
        return {self.name: [p.name for p in self.params]}

    def size_names(self):
        """{entry: [(param position, dim, size name), ...]} for named sizes."""
        found = []
        for i, p in enumerate(self.params):
            if p.is_buffer:
                found += [(i, d, n) for d, n in enumerate(p.annotation.size_names) if n]
        return {self.name: found}

    def compile(self, target="auto", **options):
        from ..compiler import compile as compile_
        return compile_(self, target, **options)

    def __str__(self):
        """The IR without the Python locations (to_mlir() has them)."""
        return re.sub(r' loc\((?:"(?:[^"\\]|\\.)*"(?::\d+)*|unknown)\)', "", self.text)

    def __repr__(self):
        return "PrimFunc(%s)" % self.name


def _params(fn):
    params = []
    for p in inspect.signature(fn).parameters.values():
        ann = p.annotation
        if isinstance(ann, str):
            raise emitter.BuildError(
                "parameter %r of %s has a string annotation (from __future__ import "
                "annotations?); kernel parameters need T.Tensor(...) or an element type"
                % (p.name, fn.__name__))
        if isinstance(ann, _TileAnnotation):
            raise emitter.BuildError(
                "parameter %r of %s is a %r: a kernel's tiles are made in it with "
                "T.alloc_*, its parameters are T.Tensor(...) or element types"
                % (p.name, fn.__name__, ann))
        if not isinstance(ann, (Tensor, DType)):
            raise emitter.BuildError("parameter %r of %s needs an annotation: "
                                     "T.Tensor(shape, dtype) or an element type such as T.f32"
                                     % (p.name, fn.__name__))
        params.append(Param(p.name, ann))
    return params


def _location(fn):
    code = fn.__code__
    filename = code.co_filename.replace("\\", "\\\\").replace('"', '\\"')
    return 'loc("%s":%d:1)' % (filename, code.co_firstlineno)


def prim_func(fn):
    """Builds `fn` into a PrimFunc (at decoration time)."""
    fn = rewritten(fn)
    params = _params(fn)
    e = emitter.Emitter(fn.__name__)
    args, signature = [], []
    loc = _location(fn)
    for p in params:
        name = e.claim(emitter.ssa_name(p.name))
        if p.is_buffer:
            t = p.annotation
            args.append(Buffer(name, t.sizes, t.dtype, "global", label=p.name))
            for d, size in enumerate(t.size_names):
                if size is not None:
                    e.sizes.setdefault(size, (args[-1], d))
            signature.append("%s: %s %s" % (name, t.type, loc))
        else:
            args.append(Value(name, p.annotation))
            signature.append("%s: %s %s" % (name, p.annotation.name, loc))
    emitter.begin(e)
    try:
        fn(*args)
    finally:
        emitter.end()
    text = e.text(", ".join(signature), loc)
    # Every op carries its Python location; the name of the text itself only
    # shows in an error of the text (a fault of the builder), which must
    # not point at a line of the Python file.
    source_name = "<tile IR of %s built from %s>" % (
        fn.__name__, os.path.basename(fn.__code__.co_filename))
    return PrimFunc(fn.__name__, params, text, source_name)
