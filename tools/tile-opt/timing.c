/* --mlir-timing reports in mlir-opt's layouts (timing.h). */
#include "timing.h"

#include "support/alloc.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void tileTimingDestroyPassManager(MlirPassManager pm, TileChunkTiming *timing) {
  fflush(stderr);
  FILE *capture = tmpfile();
  int saved = capture ? dup(STDERR_FILENO) : -1;
  if (saved < 0 || dup2(fileno(capture), STDERR_FILENO) < 0) {
    /* Nowhere to keep the report: MLIR prints it as it is. */
    if (saved >= 0)
      close(saved);
    if (capture)
      fclose(capture);
    mlirPassManagerDestroy(pm);
    return;
  }
  mlirPassManagerDestroy(pm);
  fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);
  rewind(capture);
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, capture)) > 0)
    tileStrBufAppend(&timing->passes, chunk, n);
  fclose(capture);
}

void tileChunkTimingFree(TileChunkTiming *timing) {
  tileStrBufFree(&timing->passes);
}

/* One timer: a row of the report; the share of the report's total as
 * printed, in percent. */
typedef struct {
  const char *name;
  size_t length;
  int depth;
  double user, wall;
  double userShare, wallShare;
} Row;

typedef struct {
  Row *rows;
  size_t count, capacity;
  bool hasUser; /* the report has a user-time column */
} Rows;

static void addRow(Rows *rows, const char *name, size_t length, int depth,
                   double user, double wall) {
  if (rows->count == rows->capacity) {
    rows->capacity = rows->capacity ? 2 * rows->capacity : 16;
    rows->rows = tileReallocArray(rows->rows, rows->capacity, sizeof(Row));
  }
  rows->rows[rows->count++] = (Row){name, length, depth, user, wall, 0, 0};
}

/* Reads one "  0.0011 ( 31.5%)" column at `*p`. */
static bool readColumn(const char **p, double *seconds, double *share) {
  char *end;
  double value = strtod(*p, &end);
  if (end == *p || strncmp(end, " (", 2) != 0)
    return false;
  const char *q = end + 2;
  *share = strtod(q, &end);
  if (end == q || strncmp(end, "%)", 2) != 0)
    return false;
  *seconds = value;
  *p = end + 2;
  return true;
}

/* Reads a row of MLIR's tree report: its columns, then two blanks and two
 * more for each level of nesting, then the name. */
static bool readRow(const char *line, const char *lineEnd, bool hasUser,
                    Rows *rows) {
  const char *p = line;
  double columns[2], shares[2];
  int wanted = hasUser ? 2 : 1;
  for (int i = 0; i < wanted; ++i)
    if (!readColumn(&p, &columns[i], &shares[i]))
      return false;
  const char *name = p;
  while (name < lineEnd && *name == ' ')
    ++name;
  int blanks = (int)(name - p);
  if (name == lineEnd || blanks < 2)
    return false;
  addRow(rows, name, (size_t)(lineEnd - name), (blanks - 2) / 2, columns[0],
         columns[wanted - 1]);
  rows->rows[rows->count - 1].userShare = shares[0];
  rows->rows[rows->count - 1].wallShare = shares[wanted - 1];
  return true;
}

/* Times are printed to 0.1 ms and shares to 0.1 %: below a total of 0.1 s,
 * a share of the total says more about a short timer than its time. */
static void refineTimes(Rows *rows, double totalUser, double totalWall) {
  for (size_t i = 0; i < rows->count; ++i) {
    Row *r = &rows->rows[i];
    if (totalWall < 0.1)
      r->wall = r->wallShare / 100 * totalWall;
    if (totalUser < 0.1)
      r->user = rows->hasUser ? r->userShare / 100 * totalUser : r->wall;
  }
}

static bool isName(const Row *row, const char *name) {
  return row->length == strlen(name) && !memcmp(row->name, name, row->length);
}

/* The timers of the pass manager's report in `text` (without its Rest and
 * Total rows), and where the report starts and ends in it; false when
 * `text` holds none. */
static bool readReport(const char *text, Rows *rows, const char **start,
                       const char **end) {
  const char *header = strstr(text, "----Name----");
  const char *title = strstr(text, "... Execution time report ...");
  if (!header || !title || title > header)
    return false;
  /* The report starts at the rule above its title. */
  const char *s = title;
  for (int rules = 0; s > text && rules < 2; --s)
    if (s[-1] == '\n')
      ++rules;
  *start = s == text ? s : s + 1;
  const char *headerLine = header;
  while (headerLine > text && headerLine[-1] != '\n')
    --headerLine;
  rows->hasUser = strstr(headerLine, "User Time") &&
                  strstr(headerLine, "User Time") < header;
  const char *line = strchr(header, '\n');
  line = line ? line + 1 : header + strlen(header);
  while (*line) {
    const char *lineEnd = strchr(line, '\n');
    if (!lineEnd)
      lineEnd = line + strlen(line);
    if (!readRow(line, lineEnd, rows->hasUser, rows))
      break;
    line = *lineEnd ? lineEnd + 1 : lineEnd;
    const Row *last = &rows->rows[rows->count - 1];
    if (last->depth == 0 && isName(last, "Total"))
      break;
  }
  *end = line;
  if (rows->count && isName(&rows->rows[rows->count - 1], "Total"))
    refineTimes(rows, rows->rows[rows->count - 1].user,
                rows->rows[rows->count - 1].wall);
  /* Rest and Total are computed again with tile-opt's own rows. */
  while (rows->count && rows->rows[rows->count - 1].depth == 0 &&
         (isName(&rows->rows[rows->count - 1], "Total") ||
          isName(&rows->rows[rows->count - 1], "Rest")))
    --rows->count;
  return true;
}

typedef struct {
  FILE *out;
  bool hasUser, json;
  double totalUser, totalWall;
} Printer;

static double percent(double part, double total) {
  return total > 0 ? 100.0 * part / total : 0.0;
}

static void printName(const Printer *p, const char *name, size_t length) {
  if (!p->json) {
    fprintf(p->out, "%.*s", (int)length, name);
    return;
  }
  for (size_t i = 0; i < length; ++i) {
    if (name[i] == '"' || name[i] == '\\')
      fputc('\\', p->out);
    fputc(name[i], p->out);
  }
}

/* A row's columns and name, without the line's end ("passes" and the
 * closing brace are the caller's in JSON). */
static void printRow(const Printer *p, int depth, const char *name,
                     size_t length, double user, double wall) {
  if (p->json) {
    fprintf(p->out, "%*s{", 2 * depth, "");
    if (p->hasUser)
      fprintf(p->out,
              "\"user\": {\"duration\": %8.4f, \"percentage\": %5.1f}, ", user,
              percent(user, p->totalUser));
    fprintf(p->out,
            "\"wall\": {\"duration\": %8.4f, \"percentage\": %5.1f}, "
            "\"name\": \"",
            wall, percent(wall, p->totalWall));
    printName(p, name, length);
    fputc('"', p->out);
    return;
  }
  if (p->hasUser)
    fprintf(p->out, "  %8.4f (%5.1f%%)", user, percent(user, p->totalUser));
  fprintf(p->out, "  %8.4f (%5.1f%%)  %*s", wall, percent(wall, p->totalWall),
          2 * depth, "");
  printName(p, name, length);
}

static void printHeader(const Printer *p) {
  if (p->json) {
    fputs("[\n", p->out);
    return;
  }
  fprintf(p->out,
          "===-------------------------------------------------------------"
          "------------===\n"
          "                         ... Execution time report ...\n"
          "===-------------------------------------------------------------"
          "------------===\n"
          "  Total Execution Time: %.4f seconds\n\n",
          p->totalWall);
  fputs(p->hasUser ? "  ----User Time----  ----Wall Time----  ----Name----\n"
                   : "  ----Wall Time----  ----Name----\n",
        p->out);
}

/* Rest and Total, and the end of the report. */
static void printFooter(const Printer *p, double restUser, double restWall) {
  printRow(p, 0, "Rest", 4, restUser, restWall);
  fputs(p->json ? "},\n" : "\n", p->out);
  printRow(p, 0, "Total", 5, p->totalUser, p->totalWall);
  fputs(p->json ? "}\n]\n" : "\n", p->out);
}

/* The tree: each row, and in JSON its "passes" (children), closed after
 * them. */
static void printTree(const Printer *p, const Rows *rows) {
  for (size_t i = 0; i < rows->count; ++i) {
    const Row *r = &rows->rows[i];
    printRow(p, r->depth, r->name, r->length, r->user, r->wall);
    if (!p->json) {
      fputc('\n', p->out);
      continue;
    }
    fputs(", \"passes\": [\n", p->out);
    int next = i + 1 < rows->count ? rows->rows[i + 1].depth : 0;
    for (int d = r->depth; d >= next; --d)
      fprintf(p->out, "%*s{}]},\n", 2 * d, "");
  }
}

/* The list: one row per name, its times summed over the tree, the
 * longest first, after a root row with the whole time. */
static int byTime(const void *a, const void *b) {
  const Row *x = a, *y = b;
  double dx = x->user + x->wall, dy = y->user + y->wall;
  if (dx != dy)
    return dx < dy ? 1 : -1;
  return x->depth - y->depth; /* first seen first */
}

static void printList(const Printer *p, const Rows *rows) {
  Rows list = {NULL, 0, 0, rows->hasUser};
  for (size_t i = 0; i < rows->count; ++i) {
    const Row *r = &rows->rows[i];
    size_t j = 0;
    while (j < list.count && !(list.rows[j].length == r->length &&
                               !memcmp(list.rows[j].name, r->name, r->length)))
      ++j;
    if (j == list.count)
      addRow(&list, r->name, r->length, (int)j, 0, 0);
    list.rows[j].user += r->user;
    list.rows[j].wall += r->wall;
  }
  if (list.count)
    qsort(list.rows, list.count, sizeof(Row), byTime);
  printRow(p, 0, "root", 4, p->totalUser, p->totalWall);
  fputs(p->json ? "},\n" : "\n", p->out);
  for (size_t i = 0; i < list.count; ++i) {
    printRow(p, 0, list.rows[i].name, list.rows[i].length, list.rows[i].user,
             list.rows[i].wall);
    fputs(p->json ? "},\n" : "\n", p->out);
  }
  free(list.rows);
}

void tileTimingPrint(const TileChunkTiming *timing, bool list, bool json,
                     FILE *out) {
  double end = tileMonotonicSeconds();
  const char *text = tileStrBufGet(&timing->passes);
  Rows passes = {NULL, 0, 0, false};
  const char *start = text, *stop = text;
  if (!readReport(text, &passes, &start, &stop))
    start = stop = text + strlen(text);
  fwrite(text, 1, (size_t)(start - text), out);

  /* The pass manager's rows between tile-opt's own. */
  Rows rows = {NULL, 0, 0, passes.hasUser};
  if (timing->parser >= 0)
    addRow(&rows, "Parser", 6, 0, timing->parser, timing->parser);
  for (size_t i = 0; i < passes.count; ++i)
    addRow(&rows, passes.rows[i].name, passes.rows[i].length,
           passes.rows[i].depth, passes.rows[i].user, passes.rows[i].wall);
  if (timing->output >= 0)
    addRow(&rows, "Output", 6, 0, timing->output, timing->output);

  double totalWall = end - timing->start, topWall = 0, topUser = 0;
  for (size_t i = 0; i < rows.count; ++i)
    if (rows.rows[i].depth == 0) {
      topWall += rows.rows[i].wall;
      topUser += rows.rows[i].user;
    }
  if (totalWall < topWall)
    totalWall = topWall;
  /* Passes on several threads add user time beyond the wall time. */
  double totalUser = totalWall + (topUser - topWall);
  Printer p = {out, rows.hasUser, json, totalUser, totalWall};
  printHeader(&p);
  if (list)
    printList(&p, &rows);
  else
    printTree(&p, &rows);
  printFooter(&p, totalUser - topUser, totalWall - topWall);
  fputs(stop, out);
  free(rows.rows);
  free(passes.rows);
}
