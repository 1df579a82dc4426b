# A backend folder as test/tools/backend-folders.test adds it: ordered
# between cuda (10) and rocm (20).
tile_add_backend(NAME zeta MODULE tileZetaBackend AUTO_ORDER 15
  PASSES tileZetaPasses
  DEPENDS backend
  SOURCES backend.c)
