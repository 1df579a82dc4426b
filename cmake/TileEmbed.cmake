# Embeds data files (IRDL dialects, pipelines) into C sources at build time.
#
# tile_embed(<out.c> <symbol> <file>...) writes a C file that defines
#   const TileEmbeddedFile <symbol>[]; const unsigned <symbol>Count;
# with one entry per input file: its base name and its NUL-terminated bytes.
set(TILE_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/TileEmbedScript.cmake)

function(tile_embed out symbol)
  set(files ${ARGN})
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DSYMBOL=${symbol}
            "-DFILES=${files}" -P ${TILE_EMBED_SCRIPT}
    DEPENDS ${files} ${TILE_EMBED_SCRIPT}
    COMMENT "Embedding ${symbol}"
    VERBATIM)
endfunction()
