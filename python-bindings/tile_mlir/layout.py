"""TileLang's layout helpers, for T.annotate_layout.

    T.annotate_layout({A_shared: tile_mlir.layout.make_swizzled_layout(A_shared)})

A layout says how a tile's elements are placed in memory, never what the
kernel computes; each backend lays out its tiles itself (docs/cuda.md,
docs/rocm.md), so an annotation is checked and changes nothing.
"""


class Layout:
    """A layout made for one tile."""

    def __init__(self, buffer, kind):
        self.buffer = buffer
        self.kind = kind

    def __repr__(self):
        return "Layout(%s of %s)" % (self.kind, self.buffer.label)


def make_swizzled_layout(buffer):
    """A swizzled layout of a shared tile of at least two dimensions, as the
    tensor-core paths read them."""
    from .language.emitter import BuildError
    from .language.values import Buffer
    if not isinstance(buffer, Buffer) or buffer.scope != "shared" or buffer.rank < 2:
        raise BuildError("make_swizzled_layout takes a shared tile of 2 or more dimensions, "
                         "got %r" % (buffer,))
    return Layout(buffer, "swizzled")
