"""Where an installed copy keeps libtile (filled in by `cmake --install`)."""

INSTALLED_LIBDIR = None
