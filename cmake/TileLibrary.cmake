# The libraries libtile is made of: one OBJECT library per folder of lib/,
# declared in that folder's CMakeLists.txt.
#
#   tile_add_library(NAME <folder> [DEPENDS <folder>...]
#                    [PUBLIC_HEADERS tile/<header>...] [PASSES <symbol>]
#                    SOURCES <file>...)
#   tile_add_backend(NAME <folder> MODULE <symbol> <tile_add_library args>)
#
# DEPENDS names the folders whose headers this one includes (what they depend
# on comes with them); PUBLIC_HEADERS the headers of include/tile that this
# folder implements. scripts/check-layering.py reads these two from the
# CMakeLists.txt files themselves, so they are written out, never taken from
# a variable, and the build fails on an include they do not allow.
# PASSES names the folder's TilePassList (lib/passes/pass.h); MODULE a target
# backend's TileBackendModule. lib/CMakeLists.txt generates libtile's lists of
# both (lib/builtins.c.in) in the order the folders were added.

function(tile_add_library)
  cmake_parse_arguments(ARG "" "NAME;PASSES" "DEPENDS;PUBLIC_HEADERS;SOURCES"
                        ${ARGN})
  get_filename_component(folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  if(NOT ARG_NAME STREQUAL folder)
    message(FATAL_ERROR "lib/${folder}: tile_add_library(NAME ${ARG_NAME}): "
                        "a library is named after its folder")
  endif()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "lib/${folder}: unknown arguments "
                        "${ARG_UNPARSED_ARGUMENTS}")
  endif()
  set(target tile_${ARG_NAME})
  add_library(${target} OBJECT ${ARG_SOURCES})
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  foreach(dep IN LISTS ARG_DEPENDS)
    target_link_libraries(${target} PUBLIC tile_${dep})
  endforeach()
  set_property(GLOBAL APPEND PROPERTY TILE_LIBRARIES ${target})
  if(ARG_PASSES)
    set_property(GLOBAL APPEND PROPERTY TILE_PASS_LISTS ${ARG_PASSES})
  endif()
endfunction()

function(tile_add_backend)
  cmake_parse_arguments(ARG "" "MODULE" "" ${ARGN})
  if(NOT ARG_MODULE)
    message(FATAL_ERROR "tile_add_backend needs MODULE <symbol>")
  endif()
  tile_add_library(${ARG_UNPARSED_ARGUMENTS})
  set_property(GLOBAL APPEND PROPERTY TILE_BACKEND_MODULES ${ARG_MODULE})
endfunction()
