/* --dump-pass-pipeline: the pipeline laid out as mlir-opt prints it. */
#include "pipeline_dump.h"

#include "support/strbuf.h"

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

void tileDumpPassPipeline(MlirOpPassManager pm, FILE *out) {
  TileStrBuf text = TILE_STRBUF_INIT;
  mlirPrintPassPipeline(pm, tileStrBufCallback, &text);
  fprintf(out, "Pass Manager with %u passes:\n",
          countPasses(tileStrBufGet(&text)));
  tilePrintPipelinePretty(tileStrBufGet(&text), out);
  fputs("\n\n", out);
  tileStrBufFree(&text);
}
