# cmake --install: libtile, the runtime libraries, the headers, the tools,
# the pipelines and dialect files, the LICENSE, the Python package, a CMake
# package (find_package(TileMLIR) -> TileMLIR::tile) and a pkg-config file
# (tile-mlir.pc). The installed copy is relocatable: the tools, the CMake
# package, the .pc file and the Python package find libtile relative to
# where they are; LLVM/MLIR stay where the build found them.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TILE_PYTHON_INSTALL_DIR "${CMAKE_INSTALL_LIBDIR}/python3/dist-packages"
    CACHE STRING "Where cmake --install puts the tile_mlir package (relative to the prefix)")

set(tile_llvm_lib_dir "${LLVM_LIBRARY_DIR}")
set_target_properties(tile PROPERTIES INSTALL_RPATH "${tile_llvm_lib_dir}")
foreach(tool tile-opt tile-run tile-hip-devices)
  set_target_properties(${tool} PROPERTIES
    INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR};${tile_llvm_lib_dir}")
endforeach()

set(tile_libraries tile tile_rt_cuda tile_rt_hip)
if(TARGET tile_rt_vulkan)
  list(APPEND tile_libraries tile_rt_vulkan)
endif()
install(TARGETS ${tile_libraries} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS tile-opt tile-run tile-vulkan-devices tile-hip-devices RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/tile
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${CMAKE_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/dialects/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/tile-mlir/dialects
        FILES_MATCHING PATTERN "*.irdl.mlir")
install(DIRECTORY ${CMAKE_SOURCE_DIR}/pipelines/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/tile-mlir/pipelines
        FILES_MATCHING PATTERN "*.pipeline")

# The Python package, with _install.py pointing at the installed libtile.
file(RELATIVE_PATH tile_python_to_lib
     "/prefix/${TILE_PYTHON_INSTALL_DIR}/tile_mlir" "/prefix/${CMAKE_INSTALL_LIBDIR}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/tile_mlir_install.py.in
               ${CMAKE_BINARY_DIR}/python/tile_mlir/_install.py @ONLY)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/python-bindings/tile_mlir
        DESTINATION ${TILE_PYTHON_INSTALL_DIR}
        PATTERN "__pycache__" EXCLUDE
        PATTERN "*.pyc" EXCLUDE
        PATTERN "_install.py" EXCLUDE)
install(FILES ${CMAKE_BINARY_DIR}/python/tile_mlir/_install.py
        DESTINATION ${TILE_PYTHON_INSTALL_DIR}/tile_mlir)

# find_package(TileMLIR): an imported target for the installed libtile.
set(TILE_LLVM_INCLUDE_DIR "${LLVM_INCLUDE_DIRS}")
configure_package_config_file(
  ${CMAKE_SOURCE_DIR}/cmake/TileMLIRConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/TileMLIRConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/TileMLIR
  PATH_VARS CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/cmake/TileMLIRConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/TileMLIRConfig.cmake
              ${CMAKE_BINARY_DIR}/cmake/TileMLIRConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/TileMLIR)

# pkg-config: paths relative to the .pc file (pkg-config's ${pcfiledir}).
file(RELATIVE_PATH tile_pc_to_prefix
     "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
configure_file(${CMAKE_SOURCE_DIR}/cmake/tile-mlir.pc.in
               ${CMAKE_BINARY_DIR}/pkgconfig/tile-mlir.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/pkgconfig/tile-mlir.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
