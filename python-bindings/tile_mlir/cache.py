"""The kernel cache (include/tile/cache.h), shared with tile-run and C
callers: compiled artifacts on disk under $TILE_CACHE_DIR, else
$XDG_CACHE_HOME/tile-mlir, else ~/.cache/tile-mlir; TILE_CACHE=off turns
the default cache off, and so does disable() (TileLang's
tilelang.disable_cache()) for the rest of the process. compile(...,
cache=...) takes None (the default cache), False (none) or a directory."""

import os
import threading

from . import _capi

_lock = threading.Lock()
_open = {}  # directory (None: the default) -> Cache, opened once per process
_default_off = False


def disable():
    """Turns the default cache off in this process (compile(cache=None)
    compiles every time); a cache given by its directory still works."""
    global _default_off
    _default_off = True


def enable():
    """Turns the default cache back on (unless TILE_CACHE=off says no)."""
    global _default_off
    _default_off = False


class Cache:
    """An open cache directory."""

    def __init__(self, handle):
        self.handle = handle
        self.directory = _capi.lib().tileCacheGetDirectory(handle).decode()

    def __repr__(self):
        return "Cache(%r)" % self.directory


def get(cache):
    """The Cache that compile's `cache` argument means, or None."""
    if cache is False:
        return None
    if cache is True:
        cache = None
    directory = os.fspath(cache) if cache is not None else None
    if directory is None and _default_off:
        return None
    with _lock:
        if directory in _open:
            return _open[directory]
        errors = _capi.ErrorSink()
        handle = _capi.lib().tileCacheOpen(directory.encode() if directory else None,
                                           errors.sink)
        if not handle and directory is not None:
            raise OSError(errors.text())
        # The default cache quietly stays off where it cannot be made (no
        # home directory, a read-only one) or TILE_CACHE=off says so.
        _open[directory] = Cache(handle) if handle else None
        return _open[directory]


def default_directory():
    """The directory of the default cache, or None when it is off."""
    c = get(None)
    return c.directory if c else None
