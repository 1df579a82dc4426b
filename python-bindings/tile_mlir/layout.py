"""TileLang's layouts, for T.annotate_layout.

    T.annotate_layout({A_shared: tile_mlir.layout.make_swizzled_layout(A_shared),
                       acc: T.Fragment(acc.shape, forward_thread_fn=lambda i, j: i)})

A layout says where a tile's elements are kept (in which bank of shared
memory, on which thread), never what the kernel computes; each backend lays
out its tiles itself (docs/cuda.md, docs/rocm.md), so an annotation is
checked and changes nothing.
"""


class Layout:
    """T.Layout(shape, forward_fn): the place of each element of a tile of
    `shape`."""

    def __init__(self, shape, forward_fn=None):
        self.shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
        self.forward_fn = forward_fn
        self.buffer = None  # the one tile it was made for, if any

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.shape)


class Fragment(Layout):
    """T.Fragment(shape, forward_thread_fn=..., replicate=1, forward_index_fn=...):
    the thread that holds each element of a fragment of `shape`."""

    def __init__(self, shape, forward_thread_fn=None, replicate=1, forward_index_fn=None,
                 forward_fn=None):
        super().__init__(shape, forward_fn)
        self.forward_thread_fn = forward_thread_fn
        self.replicate = replicate
        self.forward_index_fn = forward_index_fn


def make_swizzled_layout(buffer):
    """A swizzled layout of a shared tile of at least two dimensions, as the
    tensor-core paths read them."""
    from .language.emitter import BuildError
    from .language.values import Buffer
    if not isinstance(buffer, Buffer) or buffer.scope != "shared" or buffer.rank < 2:
        raise BuildError("make_swizzled_layout takes a shared tile of 2 or more dimensions, "
                         "got %r" % (buffer,))
    layout = Layout(buffer.shape_spec)
    layout.buffer = buffer
    return layout
