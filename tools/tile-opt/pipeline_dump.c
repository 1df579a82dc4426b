/* --dump-pass-pipeline: the pipeline laid out as mlir-opt prints it. */
#include "pipeline_dump.h"

#include "tile/tile.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

typedef struct {
  FILE *out;
  unsigned indent;
  bool lineStart;
} Layout;

/* Blanks are written lazily so that empty lines stay empty. */
static void put(Layout *l, char c) {
  if (c == '\n') {
    l->lineStart = true;
  } else if (l->lineStart) {
    for (unsigned i = 0; i < l->indent; ++i)
      fputs("  ", l->out);
    l->lineStart = false;
  }
  fputc(c, l->out);
}

void tilePrintPipelinePretty(const char *text, FILE *out) {
  Layout l = {out, 0, false};
  unsigned braces = 0;
  bool quoted = false;
  for (const char *p = text; *p; ++p) {
    /* Inside a pass's options everything, nested pipelines included, stays
     * as it is. */
    if (braces) {
      if (*p == '"' && p[-1] != '\\')
        quoted = !quoted;
      else if (!quoted)
        braces += (*p == '{') - (*p == '}');
      put(&l, *p);
      continue;
    }
    switch (*p) {
    case '{':
      ++braces;
      put(&l, '{');
      break;
    case '(':
      put(&l, '(');
      put(&l, '\n');
      ++l.indent;
      break;
    case ',':
      put(&l, ',');
      put(&l, '\n');
      break;
    case ')':
      put(&l, '\n');
      if (l.indent)
        --l.indent;
      put(&l, ')');
      break;
    default:
      put(&l, *p);
    }
  }
}

/* The passes directly under the top-level anchor. */
static unsigned countPasses(const char *text) {
  const char *p = strchr(text, '(');
  unsigned passes = 0, depth = 0;
  for (; p && *p; ++p) {
    depth += *p == '(' || *p == '{';
    depth -= *p == ')' || *p == '}';
    if (depth == 1 && p[0] != '(' && p[0] != ',' &&
        (p[-1] == '(' || p[-1] == ','))
      ++passes;
  }
  return passes;
}

static bool isNameChar(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$' ||
         c == '-';
}

/* `text` with the options of the tile passes after their arguments: the
 * n-th pass that MLIR printed bare (no '{' or '(' after its name) and that
 * is a tile pass gets the n-th options. */
static void addTileOptions(const char *text, const TileStrBuf *options,
                           unsigned numOptions, TileStrBuf *out) {
  unsigned next = 0, braces = 0;
  bool quoted = false, atElement = true;
  for (const char *p = text; *p;) {
    if (braces || quoted || !atElement || !isNameChar(*p)) {
      if (*p == '"')
        quoted = !quoted;
      else if (!quoted && *p == '{')
        ++braces;
      else if (!quoted && *p == '}' && braces)
        --braces;
      if (!braces && !quoted)
        atElement = *p == '(' || *p == ',' || (atElement && *p == ' ');
      tileStrBufAppend(out, p++, 1);
      continue;
    }
    const char *start = p;
    while (isNameChar(*p))
      ++p;
    tileStrBufAppend(out, start, (size_t)(p - start));
    MlirStringRef name = mlirStringRefCreate(start, (size_t)(p - start));
    if (*p != '{' && *p != '(' && next < numOptions &&
        tileFindPass(name) >= 0) {
      tileStrBufAppend(out, options[next].data, options[next].size);
      ++next;
    }
    atElement = false;
  }
}

void tilePipelineText(MlirOpPassManager pm, const TileStrBuf *tileOptions,
                      unsigned numTileOptions, TileStrBuf *out) {
  TileStrBuf text = TILE_STRBUF_INIT;
  mlirPrintPassPipeline(pm, tileStrBufCallback, &text);
  addTileOptions(tileStrBufGet(&text), tileOptions, numTileOptions, out);
  tileStrBufFree(&text);
}

void tileDumpPassPipeline(MlirOpPassManager pm, const TileStrBuf *tileOptions,
                          unsigned numTileOptions, FILE *out) {
  TileStrBuf full = TILE_STRBUF_INIT;
  tilePipelineText(pm, tileOptions, numTileOptions, &full);
  fprintf(out, "Pass Manager with %u passes:\n",
          countPasses(tileStrBufGet(&full)));
  tilePrintPipelinePretty(tileStrBufGet(&full), out);
  fputs("\n\n", out);
  tileStrBufFree(&full);
}
