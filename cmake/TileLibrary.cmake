# The libraries libtile is made of: one OBJECT library per folder of lib/,
# declared in that folder's CMakeLists.txt.
#
#   tile_add_library(NAME <folder> [DEPENDS <folder>...]
#                    [PUBLIC_HEADERS tile/<header>...] [PASSES <symbol>]
#                    SOURCES <file>...)
#   tile_add_backend(NAME <folder> MODULE <symbol> AUTO_ORDER <number>
#                    <tile_add_library args>)
#
# DEPENDS names the folders whose headers this one includes (what they depend
# on comes with them); PUBLIC_HEADERS the headers of include/tile that this
# folder implements. scripts/check-layering.py reads these two from the
# CMakeLists.txt files themselves, so they are written out, never taken from
# a variable, and the build fails on an include they do not allow.
# PASSES names the folder's TilePassList (lib/passes/pass.h); MODULE a target
# backend's TileBackendModule, and AUTO_ORDER its place in the order `auto`
# asks the backends whether this machine can run them (lowest first; ties go
# by folder name). lib/CMakeLists.txt finds the backend folders itself and
# generates libtile's lists of both (lib/builtins.c.in): the infrastructure's
# pass lists in the order their folders were added, then the backends' pass
# lists and modules in AUTO_ORDER.

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
  cmake_parse_arguments(ARG "" "MODULE;AUTO_ORDER;PASSES" "" ${ARGN})
  get_filename_component(folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  if(NOT ARG_MODULE)
    message(FATAL_ERROR "lib/${folder}: tile_add_backend needs "
                        "MODULE <symbol>")
  endif()
  if(NOT ARG_AUTO_ORDER MATCHES "^[0-9][0-9]?[0-9]?$")
    message(FATAL_ERROR "lib/${folder}: tile_add_backend needs "
                        "AUTO_ORDER <0-999> (its place in `auto`'s order)")
  endif()
  tile_add_library(${ARG_UNPARSED_ARGUMENTS})
  # Sorted by lib/CMakeLists.txt: a zero-padded order, then the folder.
  string(LENGTH "${ARG_AUTO_ORDER}" digits)
  set(key "${ARG_AUTO_ORDER}")
  while(digits LESS 3)
    string(PREPEND key "0")
    math(EXPR digits "${digits} + 1")
  endwhile()
  set_property(GLOBAL APPEND PROPERTY TILE_BACKEND_MODULES
               "${key}:${folder}:${ARG_MODULE}")
  if(ARG_PASSES)
    set_property(GLOBAL APPEND PROPERTY TILE_BACKEND_PASS_LISTS
                 "${key}:${folder}:${ARG_PASSES}")
  endif()
endfunction()
