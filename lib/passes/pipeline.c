/* Reads textual pass pipelines and adds tile and upstream passes to them. */
#include "tile/pipeline.h"

#include "passes/pass.h"
#include "tile/passes.h"

#include "support/alloc.h"
#include "support/edit_distance.h"
#include "support/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* One element of a pipeline: a pass `name{options}` or a nest `name(...)`. */
typedef struct Element {
  MlirStringRef name;
  MlirStringRef options; /* between the braces; empty without braces */
  MlirStringRef source;  /* the whole element as written */
  struct Element *children;
  unsigned numChildren;
  bool isNest;
  bool containsTilePass;
} Element;

typedef struct {
  const char *begin, *p, *end;
  TileErrorSink errors;
  bool failed;
  int depth;          /* of the nest being parsed; 0 at the top */
  int emptyNestDepth; /* the least depth at which a nest may not be empty */
} Parser;

static void parseError(Parser *parser, const char *message) {
  if (parser->failed)
    return;
  parser->failed = true;
  tileReport(parser->errors, "invalid pass pipeline '%.*s': %s at column %d",
             (int)(parser->end - parser->begin), parser->begin, message,
             (int)(parser->p - parser->begin) + 1);
}

static void skipSpace(Parser *parser) {
  while (parser->p < parser->end && isspace((unsigned char)*parser->p))
    ++parser->p;
}

static bool isNameChar(char c) {
  return isalnum((unsigned char)c) || c == '-' || c == '_' || c == '.' ||
         c == '$';
}

static void freeElements(Element *elements, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    freeElements(elements[i].children, elements[i].numChildren);
  free(elements);
}

/* Skips a braced option list, honouring quotes and nested braces. */
static bool skipBraces(Parser *parser) {
  int depth = 0;
  for (; parser->p < parser->end; ++parser->p) {
    char c = *parser->p;
    if (c == '"' || c == '\'') {
      const char *close =
          memchr(parser->p + 1, c, (size_t)(parser->end - parser->p - 1));
      if (!close)
        break;
      parser->p = close;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      ++parser->p;
      return true;
    }
  }
  parseError(parser, "unbalanced '{' in pass options");
  return false;
}

static bool parseList(Parser *parser, Element **out, unsigned *count,
                      bool nested);

static bool parseElement(Parser *parser, Element *e) {
  memset(e, 0, sizeof(*e));
  skipSpace(parser);
  const char *start = parser->p;
  while (parser->p < parser->end && isNameChar(*parser->p))
    ++parser->p;
  if (parser->p == start) {
    parseError(parser, "expected a pass or operation name");
    return false;
  }
  e->name = mlirStringRefCreate(start, (size_t)(parser->p - start));
  skipSpace(parser);
  if (parser->p < parser->end && *parser->p == '{') {
    const char *open = parser->p;
    if (!skipBraces(parser))
      return false;
    e->options = mlirStringRefCreate(open + 1, (size_t)(parser->p - open - 2));
    skipSpace(parser);
  }
  if (parser->p < parser->end && *parser->p == '(') {
    if (e->options.data) {
      parseError(parser, "an element has either options or a nested pipeline");
      return false;
    }
    ++parser->p;
    e->isNest = true;
    ++parser->depth;
    bool listed = parseList(parser, &e->children, &e->numChildren, true);
    --parser->depth;
    if (!listed)
      return false;
    if (parser->p == parser->end || *parser->p != ')') {
      parseError(parser, "expected ')' to close the nested pipeline");
      return false;
    }
    /* As MLIR's parser: the anchor's own list may be empty, a nested one
     * not. */
    if (e->numChildren == 0 && parser->depth + 1 >= parser->emptyNestDepth) {
      parseError(parser, "empty nested pipeline");
      return false;
    }
    ++parser->p;
  }
  e->source = mlirStringRefCreate(start, (size_t)(parser->p - start));
  if (e->isNest) {
    for (unsigned i = 0; i < e->numChildren; ++i)
      e->containsTilePass |= e->children[i].containsTilePass;
  } else {
    e->containsTilePass = tileFindPass(e->name) >= 0;
  }
  return true;
}

static bool parseList(Parser *parser, Element **out, unsigned *count,
                      bool nested) {
  Element *elements = NULL;
  unsigned n = 0;
  skipSpace(parser);
  bool empty = parser->p == parser->end || (nested && *parser->p == ')');
  while (!empty) {
    elements = tileReallocArray(elements, n + 1, sizeof(Element));
    if (!parseElement(parser, &elements[n])) {
      freeElements(elements, n + 1);
      return false;
    }
    ++n;
    skipSpace(parser);
    if (parser->p < parser->end && *parser->p == ',') {
      ++parser->p;
      continue;
    }
    if (parser->p == parser->end && !nested)
      break;
    if (parser->p < parser->end && *parser->p == ')' && nested)
      break;
    parseError(parser, parser->p == parser->end
                           ? "missing ')' to close a nested pipeline"
                       : parser->p < parser->end && *parser->p == ')'
                           ? "unbalanced ')'"
                           : "expected ',' between pipeline elements");
    freeElements(elements, n);
    return false;
  }
  *out = elements;
  *count = n;
  return true;
}

/* Collects the chunks MLIR reports an error in. */
static void collect(MlirStringRef chunk, void *userData) {
  tileStrBufAppendRef((TileStrBuf *)userData, chunk);
}

/* MLIR's pipeline parser reports "MLIR Textual PassPipeline Parser:1:1:
 * error: <message>" followed by the pipeline and a caret; keep the message. */
static void stripParserFrame(TileStrBuf *message) {
  const char *text = tileStrBufGet(message);
  if (strncmp(text, "MLIR Textual PassPipeline Parser", 32) != 0)
    return;
  const char *start = strstr(text, "error: ");
  if (!start)
    return;
  start += 7;
  const char *end = strchr(start, '\n');
  TileStrBuf kept = TILE_STRBUF_INIT;
  tileStrBufAppend(&kept, start, end ? (size_t)(end - start) : strlen(start));
  tileStrBufFree(message);
  *message = kept;
}

/* Appends "; did you mean 'x'?" to `message` when `name` is a near miss of
 * a pass: the nearest tile or upstream pass at most 2 edits away, or one
 * that differs by whole words at either end (`naive-convert-vector-to-llvm`
 * or `vector-to-llvm` for `convert-vector-to-llvm`); tile passes first among
 * equals. */
typedef struct {
  MlirStringRef name;
  const char *best; /* NULL until a candidate is near enough */
  size_t distance;  /* the best's */
} Nearest;

/* Whether `part` (`partLength` characters, at least 8) is a run of whole
 * dash-separated words of `whole` that starts or ends it. */
static bool isWordRunAtEnd(const char *whole, size_t wholeLength,
                           const char *part, size_t partLength) {
  if (partLength < 8 || partLength >= wholeLength)
    return false;
  if (memcmp(whole, part, partLength) == 0 && whole[partLength] == '-')
    return true;
  size_t start = wholeLength - partLength;
  return memcmp(whole + start, part, partLength) == 0 &&
         whole[start - 1] == '-';
}

static void consider(Nearest *n, const char *candidate) {
  size_t length = strlen(candidate);
  size_t d = tileEditDistance(n->name.data, n->name.length, candidate);
  bool near = d <= 2 ||
              isWordRunAtEnd(n->name.data, n->name.length, candidate, length) ||
              isWordRunAtEnd(candidate, length, n->name.data, n->name.length);
  if (near && (!n->best || d < n->distance)) {
    n->best = candidate;
    n->distance = d;
  }
}

static void suggestPass(MlirStringRef name, TileStrBuf *message) {
  Nearest n = {name, NULL, 0};
  for (intptr_t i = 0; i < tileGetNumPasses(); ++i)
    consider(&n, tilePassDescriptorAt(i)->argument);
  const char *upstream;
  for (size_t i = 0; (upstream = tileUpstreamPassName(i)); ++i)
    consider(&n, upstream);
  if (n.best)
    tileStrBufPrintf(message, "; did you mean '%s'?", n.best);
}

/* Appends "; did you mean 'x'?" when MLIR rejected a name that is a near
 * miss of a pass. */
static void appendSuggestion(TileStrBuf *message) {
  stripParserFrame(message);
  /* MLIR ends its messages with a newline; reports do not. The blank line
   * between an option's refusal and "failed to add" stays, as mlir-opt
   * prints it. */
  while (message->size && (message->data[message->size - 1] == '\n' ||
                           message->data[message->size - 1] == ' '))
    message->data[--message->size] = '\0';
  const char *text = tileStrBufGet(message);
  const char *open = strchr(text, '\'');
  const char *close = open ? strchr(open + 1, '\'') : NULL;
  if (close && strstr(text, "does not refer to a registered pass"))
    suggestPass(mlirStringRefCreate(open + 1, (size_t)(close - open - 1)),
                message);
}

/* Adds upstream pipeline text to `opm`, forwarding MLIR's error message with
 * a hint when the name resembles a pass. */
static bool addUpstream(MlirOpPassManager opm, const char *text,
                        TileErrorSink errors, TileStrBuf *error) {
  tileStrBufClear(error);
  MlirLogicalResult result = mlirOpPassManagerAddPipeline(
      opm, mlirStringRefCreateFromCString(text), collect, error);
  if (mlirLogicalResultIsSuccess(result))
    return true;
  appendSuggestion(error);
  tileReport(errors, "%s", tileStrBufGet(error));
  return false;
}

/* The anchor of `opm`, from its printed pipeline: the C API has no other
 * way to ask. Printing a pipeline prints the options of each of its passes,
 * and MLIR 22 reads past the pass object for one upstream pass
 * (llvm-use-default-visibility), which can crash: only the public functions,
 * which are given no anchor, do this, once per call. */
static MlirStringRef anchorOf(MlirOpPassManager opm, TileStrBuf *storage) {
  tileStrBufClear(storage);
  mlirPrintPassPipeline(opm, tileStrBufCallback, storage);
  const char *text = tileStrBufGet(storage);
  const char *paren = strchr(text, '(');
  return mlirStringRefCreate(text,
                             paren ? (size_t)(paren - text) : strlen(text));
}

static bool anchorsCompatible(const char *passAnchor, MlirStringRef pmAnchor) {
  return !passAnchor[0] || tileStrRefEquals(pmAnchor, "any") ||
         tileStrRefEquals(pmAnchor, passAnchor);
}

static bool addTilePass(MlirOpPassManager opm, MlirStringRef pmAnchor,
                        const Element *e, bool implicitNesting,
                        TileErrorSink errors) {
  const TilePassDescriptor *desc = tileFindPassDescriptor(e->name);
  bool compatible = anchorsCompatible(desc->anchor, pmAnchor);
  if (!compatible && !implicitNesting) {
    tileReport(errors,
               "pass '%s' runs on '%s' operations but is placed in a '%.*s' "
               "pipeline; nest it: %.*s(%s(%s))",
               desc->argument, desc->anchor, (int)pmAnchor.length,
               pmAnchor.data, (int)pmAnchor.length, pmAnchor.data, desc->anchor,
               desc->argument);
    return false;
  }
  MlirPass pass = tileCreatePass(e->name, e->options, errors);
  if (!pass.ptr)
    return false;
  /* MLIR aborts when a pass lands in a pass manager of another anchor, so
   * implicit nesting is done here; the explicit case was refused above. */
  if (!compatible)
    opm = mlirOpPassManagerGetNestedUnder(
        opm, mlirStringRefCreateFromCString(desc->anchor));
  mlirOpPassManagerAddOwnedPass(opm, pass);
  return true;
}

static bool flush(MlirOpPassManager opm, TileStrBuf *pending,
                  TileErrorSink errors) {
  if (pending->size == 0)
    return true;
  TileStrBuf error = TILE_STRBUF_INIT;
  bool ok = addUpstream(opm, pending->data, errors, &error);
  tileStrBufFree(&error);
  tileStrBufClear(pending);
  return ok;
}

/* Adds `elements` to `opm`: maximal runs of upstream elements as text, tile
 * passes as owned passes, nests holding one recursively. */
static bool addElements(MlirOpPassManager opm, MlirStringRef anchor,
                        const Element *elements, unsigned n,
                        TileErrorSink errors) {
  TileStrBuf pending = TILE_STRBUF_INIT;
  bool ok = true;
  for (unsigned i = 0; ok && i < n; ++i) {
    const Element *e = &elements[i];
    if (!e->containsTilePass) {
      if (pending.size)
        tileStrBufAppendStr(&pending, ",");
      tileStrBufAppendRef(&pending, e->source);
      continue;
    }
    ok = flush(opm, &pending, errors);
    if (!ok)
      break;
    if (e->isNest) {
      MlirOpPassManager nested = mlirOpPassManagerGetNestedUnder(opm, e->name);
      ok = addElements(nested, e->name, e->children, e->numChildren, errors);
    } else {
      ok = addTilePass(opm, anchor, e, /*implicitNesting=*/false, errors);
    }
  }
  if (ok)
    ok = flush(opm, &pending, errors);
  tileStrBufFree(&pending);
  return ok;
}

/* What to add to a pass manager: parsed elements, or one pass by name. */
typedef struct {
  const Element *elements;
  unsigned numElements;
  MlirStringRef argument, options; /* set for a single implicitly nested pass */
} Addition;

static bool addPassImplicitly(MlirOpPassManager opm, MlirStringRef anchor,
                              MlirStringRef argument, MlirStringRef options,
                              TileErrorSink errors);

/* Adds `addition` to `opm` (anchored on `anchor`). */
static bool apply(MlirOpPassManager opm, MlirStringRef anchor,
                  const Addition *addition, TileErrorSink errors) {
  if (addition->argument.data)
    return addPassImplicitly(opm, anchor, addition->argument, addition->options,
                             errors);
  return addElements(opm, anchor, addition->elements, addition->numElements,
                     errors);
}

/* A pass manager to try passes on, in `scratch`, anchored on `anchor`
 * ("any" for an op-agnostic one). */
static MlirPassManager scratchPassManager(MlirContext scratch,
                                          MlirStringRef anchor) {
  return tileStrRefEquals(anchor, "any")
             ? mlirPassManagerCreate(scratch)
             : mlirPassManagerCreateOnOperation(scratch, anchor);
}

/* Adds to `opm` only if the whole addition succeeds: it is first built on a
 * scratch pass manager of the same anchor, because neither MLIR nor the C
 * API can take passes out of a pass manager again. */
static bool addAtomically(MlirOpPassManager opm, MlirStringRef anchor,
                          const Addition *addition, TileErrorSink errors) {
  MlirContext scratch = mlirContextCreateWithThreading(false);
  MlirPassManager pm = scratchPassManager(scratch, anchor);
  bool ok =
      apply(mlirPassManagerGetAsOpPassManager(pm), anchor, addition, errors);
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(scratch);
  return ok && apply(opm, anchor, addition, errors);
}

/* Whether MLIR's parser's refusal of a pipeline text is about its syntax.
 * MLIR resolves pass names while it parses some structures, and does not
 * know tile passes: a refusal of a pass name is not, unless the "name" is
 * empty or not one (two names without a comma between, a comma too
 * many). */
static bool isSyntaxMessage(const char *said) {
  if (strstr(said, "expected pass pipeline to be wrapped with the anchor"))
    return true;
  if (!strstr(said, "Textual PassPipeline Parser"))
    return false;
  const char *unknown = strstr(said, "' does not refer to a registered pass");
  if (!unknown)
    return true;
  const char *name = unknown;
  while (name > said && name[-1] != '\'')
    --name;
  if (name == unknown)
    return true;
  for (const char *c = name; c < unknown; ++c)
    if (!isNameChar(*c))
      return true;
  return false;
}

/* MLIR's own message for a pipeline text with a syntax error, through its
 * textual parser on a scratch pass manager (`anchored`: the text names its
 * anchor, as --pass-pipeline does); empty when MLIR's parser finds no
 * syntax error of its own. */
static void mlirSyntaxError(MlirStringRef text, bool anchored,
                            TileStrBuf *message) {
  MlirContext scratch = mlirContextCreateWithThreading(false);
  MlirPassManager pm = mlirPassManagerCreate(scratch);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  if (anchored)
    mlirParsePassPipeline(opm, text, collect, message);
  else
    mlirOpPassManagerAddPipeline(opm, text, collect, message);
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(scratch);
  if (!isSyntaxMessage(tileStrBufGet(message)))
    tileStrBufClear(message);
  while (message->size && message->data[message->size - 1] == '\n')
    message->data[--message->size] = '\0';
}

/* Parses `text`; a syntax error is reported in MLIR's words where its
 * parser finds one too (tools and tests match them), else in ours. */
static bool parse(MlirStringRef text, bool anchored, TileErrorSink errors,
                  Element **elements, unsigned *n) {
  TileStrBuf ours = TILE_STRBUF_INIT;
  Parser parser = {text.data,
                   text.data,
                   text.data + text.length,
                   (TileErrorSink){tileStrBufCallback, &ours},
                   false,
                   0,
                   anchored ? 2 : 1};
  bool ok = parseList(&parser, elements, n, /*nested=*/false);
  if (!ok) {
    TileStrBuf theirs = TILE_STRBUF_INIT;
    mlirSyntaxError(text, anchored, &theirs);
    tileReport(errors, "%s", tileStrBufGet(theirs.size ? &theirs : &ours));
    tileStrBufFree(&theirs);
  }
  tileStrBufFree(&ours);
  return ok;
}

MlirLogicalResult tileOpPassManagerAddPipeline(MlirOpPassManager passManager,
                                               MlirStringRef pipelineElements,
                                               TileErrorSink errors) {
  Element *elements = NULL;
  unsigned n = 0;
  if (!parse(pipelineElements, /*anchored=*/false, errors, &elements, &n))
    return mlirLogicalResultFailure();
  Addition addition = {elements, n, {NULL, 0}, {NULL, 0}};
  TileStrBuf anchor = TILE_STRBUF_INIT;
  bool ok = addAtomically(passManager, anchorOf(passManager, &anchor),
                          &addition, errors);
  tileStrBufFree(&anchor);
  freeElements(elements, n);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

MlirLogicalResult tileOpPassManagerParsePipeline(MlirOpPassManager passManager,
                                                 MlirStringRef pipeline,
                                                 TileErrorSink errors) {
  TileStrBuf anchor = TILE_STRBUF_INIT;
  MlirLogicalResult result = tileOpPassManagerParsePipelineAnchored(
      passManager, anchorOf(passManager, &anchor), pipeline, errors);
  tileStrBufFree(&anchor);
  return result;
}

/* Whether MLIR's pass registry knows `name` (a pass or a pass pipeline). */
static bool isRegisteredUpstream(MlirStringRef name) {
  MlirContext scratch = mlirContextCreateWithThreading(false);
  MlirPassManager pm = mlirPassManagerCreate(scratch);
  TileStrBuf error = TILE_STRBUF_INIT;
  mlirOpPassManagerAddPipeline(mlirPassManagerGetAsOpPassManager(pm), name,
                               collect, &error);
  bool known =
      !strstr(tileStrBufGet(&error), "does not refer to a registered pass");
  tileStrBufFree(&error);
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(scratch);
  return known;
}

/* The first element under `elements` that names neither a tile pass nor a
 * registered one, in the order written; NULL when there is none. */
static const Element *firstUnknownPass(const Element *elements, unsigned n) {
  for (unsigned i = 0; i < n; ++i) {
    const Element *e = &elements[i];
    const Element *found =
        e->isNest ? firstUnknownPass(e->children, e->numChildren)
        : tileFindPass(e->name) < 0 && !isRegisteredUpstream(e->name) ? e
                                                                      : NULL;
    if (found)
      return found;
  }
  return NULL;
}

/* Reports a pass of the anchored pipeline `anchor` (the one element of a
 * --pass-pipeline text) that no registry knows, in the words and layout of
 * MLIR's pipeline parser, which sees the text inside the anchor's
 * parentheses: its position, the text and a caret. */
static bool reportUnknownPass(const Element *anchor, TileErrorSink errors) {
  const Element *unknown =
      firstUnknownPass(anchor->children, anchor->numChildren);
  if (!unknown)
    return false;
  const char *open = memchr(anchor->source.data, '(', anchor->source.length);
  const char *inner = open ? open + 1 : anchor->source.data;
  const char *end = anchor->source.data + anchor->source.length;
  if (end > inner && end[-1] == ')')
    --end;
  int column = (int)(unknown->name.data - inner) + 1;
  bool oneLine = !memchr(inner, '\n', (size_t)(end - inner)) && column >= 1;
  TileStrBuf message = TILE_STRBUF_INIT;
  if (oneLine)
    tileStrBufPrintf(&message,
                     "MLIR Textual PassPipeline Parser:1:%d: error: ", column);
  tileStrBufPrintf(&message,
                   "'%.*s' does not refer to a registered pass or pass "
                   "pipeline",
                   (int)unknown->name.length, unknown->name.data);
  suggestPass(unknown->name, &message);
  if (oneLine)
    tileStrBufPrintf(&message, "\n%.*s\n%*s^\n", (int)(end - inner), inner,
                     column - 1, "");
  tileReport(errors, "%s", tileStrBufGet(&message));
  tileStrBufFree(&message);
  return true;
}

/* A sink that passes messages on to `errors`, but puts MLIR's parser's
 * report of a pass that no registry knows in place of a refusal that says
 * so: the search for that pass runs only once a pipeline has failed. */
typedef struct {
  const Element *anchor;
  TileErrorSink errors;
} UnknownPassSink;

static void reportRefusal(MlirStringRef message, void *userData) {
  const UnknownPassSink *sink = userData;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileStrBufAppendRef(&text, message);
  if (!strstr(tileStrBufGet(&text), "does not refer to a registered pass") ||
      !reportUnknownPass(sink->anchor, sink->errors))
    tileReport(sink->errors, "%s", tileStrBufGet(&text));
  tileStrBufFree(&text);
}

MlirLogicalResult tileOpPassManagerParsePipelineAnchored(
    MlirOpPassManager passManager, MlirStringRef pmAnchor,
    MlirStringRef pipeline, TileErrorSink errors) {
  Element *elements = NULL;
  unsigned n = 0;
  if (!parse(pipeline, /*anchored=*/true, errors, &elements, &n))
    return mlirLogicalResultFailure();
  bool ok = false;
  if (n != 1 || !elements[0].isNest) {
    TileStrBuf theirs = TILE_STRBUF_INIT;
    mlirSyntaxError(pipeline, /*anchored=*/true, &theirs);
    if (theirs.size)
      tileReport(errors, "%s", tileStrBufGet(&theirs));
    else
      tileReport(errors,
                 "invalid pass pipeline '%.*s': expected one anchor operation "
                 "around the passes, e.g. %.*s(...)",
                 (int)pipeline.length, pipeline.data, (int)pmAnchor.length,
                 pmAnchor.data);
    tileStrBufFree(&theirs);
  } else if (!mlirStringRefEqual(elements[0].name, pmAnchor)) {
    tileReport(errors, "pass pipeline is anchored on '%.*s' but runs on '%.*s'",
               (int)elements[0].name.length, elements[0].name.data,
               (int)pmAnchor.length, pmAnchor.data);
  } else {
    Addition addition = {
        elements[0].children, elements[0].numChildren, {NULL, 0}, {NULL, 0}};
    UnknownPassSink sink = {&elements[0], errors};
    ok = addAtomically(passManager, pmAnchor, &addition,
                       (TileErrorSink){reportRefusal, &sink});
  }
  freeElements(elements, n);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* Returns the operation name in MLIR's "restricted to 'OP'" message. */
static bool restrictedAnchor(const char *message, TileStrBuf *anchor) {
  const char *key = "restricted to '";
  const char *start = strstr(message, key);
  if (!start)
    return false;
  start += strlen(key);
  const char *end = strchr(start, '\'');
  if (!end)
    return false;
  tileStrBufClear(anchor);
  tileStrBufAppend(anchor, start, (size_t)(end - start));
  return true;
}

static bool addPassImplicitly(MlirOpPassManager opm, MlirStringRef anchor,
                              MlirStringRef argument, MlirStringRef options,
                              TileErrorSink errors) {
  if (tileFindPass(argument) >= 0) {
    Element e = {.name = argument, .options = options};
    return addTilePass(opm, anchor, &e, /*implicitNesting=*/true, errors);
  }
  TileStrBuf text = TILE_STRBUF_INIT, error = TILE_STRBUF_INIT,
             passAnchor = TILE_STRBUF_INIT;
  /* Where the pass goes is found with its name alone, on a pass manager
   * thrown away: LLVM's option parser prints some refusals of options
   * itself, which a second try would print again. A refusal that asks for
   * nesting names the op the pass runs on. */
  tileStrBufAppendRef(&text, argument);
  MlirContext scratch = mlirContextCreateWithThreading(false);
  MlirPassManager probe = scratchPassManager(scratch, anchor);
  TileErrorSink silent = {NULL, NULL};
  bool nest = !addUpstream(mlirPassManagerGetAsOpPassManager(probe), text.data,
                           silent, &error) &&
              restrictedAnchor(tileStrBufGet(&error), &passAnchor);
  mlirPassManagerDestroy(probe);
  mlirContextDestroy(scratch);
  if (options.length)
    tileStrBufPrintf(&text, "{%.*s}", (int)options.length, options.data);
  if (nest)
    opm = mlirOpPassManagerGetNestedUnder(
        opm, mlirStringRefCreate(passAnchor.data, passAnchor.size));
  bool ok = addUpstream(opm, text.data, errors, &error);
  tileStrBufFree(&text);
  tileStrBufFree(&error);
  tileStrBufFree(&passAnchor);
  return ok;
}

MlirLogicalResult tileOpPassManagerAddPass(MlirOpPassManager passManager,
                                           MlirStringRef argument,
                                           MlirStringRef options,
                                           TileErrorSink errors) {
  TileStrBuf anchor = TILE_STRBUF_INIT;
  MlirLogicalResult result = tileOpPassManagerAddPassAnchored(
      passManager, anchorOf(passManager, &anchor), argument, options, errors);
  tileStrBufFree(&anchor);
  return result;
}

MlirLogicalResult
tileOpPassManagerAddPassAnchored(MlirOpPassManager passManager,
                                 MlirStringRef anchor, MlirStringRef argument,
                                 MlirStringRef options, TileErrorSink errors) {
  Addition addition = {NULL, 0, argument, options};
  return addAtomically(passManager, anchor, &addition, errors)
             ? mlirLogicalResultSuccess()
             : mlirLogicalResultFailure();
}

static void visitTilePasses(const Element *elements, unsigned n,
                            void (*visit)(MlirStringRef, MlirStringRef, void *),
                            void *userData) {
  for (unsigned i = 0; i < n; ++i) {
    const Element *e = &elements[i];
    if (e->isNest)
      visitTilePasses(e->children, e->numChildren, visit, userData);
    else if (e->containsTilePass)
      visit(e->name, e->options, userData);
  }
}

void tileForEachTilePass(MlirStringRef pipeline,
                         void (*visit)(MlirStringRef argument,
                                       MlirStringRef options, void *userData),
                         void *userData) {
  Element *elements = NULL;
  unsigned n = 0;
  TileStrBuf ignored = TILE_STRBUF_INIT;
  Parser parser = {pipeline.data,
                   pipeline.data,
                   pipeline.data + pipeline.length,
                   (TileErrorSink){tileStrBufCallback, &ignored},
                   false,
                   0,
                   /*emptyNestDepth: any nest may be empty here*/ 1 << 20};
  if (parseList(&parser, &elements, &n, /*nested=*/false))
    visitTilePasses(elements, n, visit, userData);
  freeElements(elements, n);
  tileStrBufFree(&ignored);
}
