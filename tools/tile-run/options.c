/* tile-run's command line: flags, per-argument options and their checks. */
#include "options.h"

#include "support/count.h"

#include "common/flags.h"
#include "support/alloc.h"
#include "support/output_file.h"
#include "tile/tile.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AT(field) offsetof(Options, field)
#define BOOL(name, field, help)                                                \
  TILE_FLAG(name, TileFlagBool, AT(field), NULL, help)
#define TEXT(name, field, meta, help)                                          \
  TILE_FLAG(name, TileFlagText, AT(field), meta, help)
#define REAL(name, field, meta, help)                                          \
  TILE_FLAG(name, TileFlagReal, AT(field), meta, help)
#define TAKE(name, field, handle, meta, help)                                  \
  TILE_FLAG_HANDLER(name, TileFlagText, AT(field), handle, meta, help)

int runError(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  tileToolVError("tile-run", fmt, args);
  va_end(args);
  return 1;
}

static void addArgOption(ArgOptionList *list, unsigned index, const char *value,
                         const char *flag) {
  list->items =
      tileReallocArray(list->items, list->count + 1, sizeof(ArgOption));
  list->items[list->count++] = (ArgOption){index, value, flag};
}

/* Reads "I[,I...]=VALUE" (or "I[,I...]" when the option takes no value)
 * into one option per position. */
static int parseArgOption(const char *name, const char *raw, const char *text,
                          ArgOptionList *list, bool takesValue) {
  const char *eq = takesValue ? strchr(text, '=') : text + strlen(text);
  if (!eq)
    return runError("'%s' needs an argument position: e.g. --%s=0=...", raw,
                    name);
  for (const char *p = text; p < eq || p == text;) {
    char *end;
    errno = 0;
    long index = strtol(p, &end, 10);
    if (end == p || errno || index < 0 || index >= TILE_MAX_KERNEL_ARGS ||
        (end != eq && *end != ','))
      return runError("'%s': '%.*s' is not an argument position (0 to %d)", raw,
                      (int)(eq - text), text, TILE_MAX_KERNEL_ARGS - 1);
    if (optionsFind(list, (unsigned)index))
      return runError("'%s': argument %ld is given twice", raw, index);
    addArgOption(list, (unsigned)index, takesValue ? eq + 1 : "", raw);
    p = *end == ',' ? end + 1 : end;
  }
  return -1;
}

const ArgOption *optionsFind(const ArgOptionList *list, unsigned index) {
  for (unsigned i = 0; i < list->count; ++i)
    if (list->items[i].index == index)
      return &list->items[i];
  return NULL;
}

/* --shape, --arg, --input, --output: "I[,I...]=VALUE". */
static int takeArgValues(const TileFlagParser *parser, const TileFlagSpec *spec,
                         const char *value, const char *raw, void *options) {
  (void)parser;
  ArgOptionList *list = (ArgOptionList *)((char *)options + spec->offset);
  return parseArgOption(spec->name, raw, value ? value : "", list, true);
}

/* --print: "I[,I...]". */
static int takeArgPositions(const TileFlagParser *parser,
                            const TileFlagSpec *spec, const char *value,
                            const char *raw, void *options) {
  (void)parser;
  ArgOptionList *list = (ArgOptionList *)((char *)options + spec->offset);
  return parseArgOption(spec->name, raw, value ? value : "", list, false);
}

static bool parseU64(const char *text, uint64_t *out) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(text, &end, 10);
  if (!*text || *end || errno || text[0] == '-')
    return false;
  *out = v;
  return true;
}

static int takeSeed(const TileFlagParser *parser, const TileFlagSpec *spec,
                    const char *value, const char *raw, void *options) {
  (void)parser, (void)spec;
  if (!value || !parseU64(value, &((Options *)options)->seed))
    return runError("'%s': the seed must be a non-negative integer", raw);
  return -1;
}

static int takeRepeat(const TileFlagParser *parser, const TileFlagSpec *spec,
                      const char *value, const char *raw, void *options) {
  (void)parser, (void)spec;
  uint64_t count;
  if (!value || !parseU64(value, &count) || count < 1 || count > 1000000)
    return runError("'%s': the repeat count must be in [1, 1000000]", raw);
  ((Options *)options)->repeat = (long)count;
  return -1;
}

/* --help and --version print at once, as the command line is read. */
static int printHelp(const TileFlagParser *parser, const TileFlagSpec *spec,
                     const char *value, const char *raw, void *options) {
  int code = tileFlagStore(parser, spec, value, raw, options);
  if (code >= 0 || !((Options *)options)->help)
    return code;
  tileFlagPrintHelp(parser, stdout);
  return 0;
}

static int printVersion(const TileFlagParser *parser, const TileFlagSpec *spec,
                        const char *value, const char *raw, void *options) {
  int code = tileFlagStore(parser, spec, value, raw, options);
  if (code >= 0 || !((Options *)options)->version)
    return code;
  printf("tile-run (tile-mlir) %s\n", tileGetVersion());
  return 0;
}

static const TileFlagSpec flags[] = {
    TEXT("target", target, "<target>",
         "cpu[:<cpu>], cuda[:sm_XX], rocm[:gfxNNN],\n"
         "vulkan[:vX.Y], auto (default: auto)"),
    TEXT("target-host", targetHost, "<target>",
         "Host target (default: this machine)"),
    TEXT("exec", exec, "<name>",
         "Execution backend: jit (the default: runs here)\n"
         "or aot (the default with --emit-*)"),
    TEXT("entry", entry, "<name>",
         "Function to run (default: the only public one);\n"
         "only it and what it calls are compiled"),
    TAKE("shape", shapes, takeArgValues, "<i>=<AxBx..>",
         "Sizes of memref argument i (needed for dynamic\n"
         "sizes unless --input gives them)"),
    TAKE("arg", scalars, takeArgValues, "<i>=<value>",
         "Value of scalar argument i"),
    TAKE("input", inputs, takeArgValues, "<i>=<file.npy>",
         "Read memref argument i from a .npy file"),
    TAKE("output", outputs, takeArgValues, "<i>=<file.npy>",
         "Write memref argument i after the run"),
    TAKE("print", prints, takeArgPositions, "<i>",
         "Print memref argument i after the run\n"
         "(<i> may be a list: --shape=0,1,2=1000)"),
    TAKE("seed", seed, takeSeed, "<n>",
         "Seed of the random inputs (default 0): floats\n"
         "uniform in [-1, 1), integers in [-8, 8]"),
    TEXT("check", check, "<func>",
         "Compare every memref argument with reference\n"
         "function <func> of FILE run on the cpu target;\n"
         "--check=gemm compares C with a built-in C = A*B\n"
         "on the first three memref arguments (A: MxK,\n"
         "B: KxN, C: MxN)"),
    BOOL("transpose-a", transposeA, "A is KxM for --check=gemm"),
    BOOL("transpose-b", transposeB, "B is NxK for --check=gemm"),
    REAL("atol", atol, "<x>",
         "Tolerances: |got - expected| <= atol + rtol*|expected|\n"
         "(default 1e-4/1e-3 for f32 and f64, 1e-2/1e-2 for\n"
         "f16 and bf16, exact for integers)"),
    REAL("rtol", rtol, "<x>", "See --atol"),
    TAKE("repeat", repeat, takeRepeat, "<n>",
         "Run n more times after the checked run; print the\n"
         "median time (and GFLOP/s when the work is known)"),
    REAL("flops", flops, "<n>", "Floating-point operations of one run"),
    TEXT("emit-object", emitObject, "<file>",
         "Write the host object file (aot)"),
    TEXT("emit-header", emitHeader, "<file>",
         "Write a C header declaring the entries (aot)"),
    TEXT("cache", cache, "<dir>",
         "Kernel cache directory (default: $TILE_CACHE_DIR,\n"
         "$XDG_CACHE_HOME/tile-mlir or ~/.cache/tile-mlir)"),
    BOOL("no-cache", noCache,
         "Compile without the kernel cache (also TILE_CACHE=off)"),
    BOOL("cache-info", cacheInfo,
         "Print whether each compilation was a cache hit"),
    TILE_FLAG_HANDLER("version", TileFlagBool, AT(version), printVersion, NULL,
                      "Print the version"),
    TILE_FLAG_HANDLER("help", TileFlagBool, AT(help), printHelp, NULL,
                      "Print this help (also -h)"),
    TILE_FLAG_HANDLER("h", TileFlagBool, AT(help), printHelp, NULL, NULL),
};

static const TileFlagParser parser = {
    .tool = "tile-run",
    .overview =
        "OVERVIEW: run a tile-mlir kernel\n"
        "\n"
        "USAGE: tile-run FILE.mlir --target=T [options]\n"
        "\n"
        "Compiles FILE for the target, gives every memref argument of the "
        "entry\n"
        "a buffer (random or read from .npy), runs it and optionally checks "
        "it\n"
        "against a reference, times it and writes buffers to .npy files.\n"
        "\n"
        "OPTIONS:\n",
    .specs = flags,
    .numSpecs = TILE_COUNT(flags),
    .helpWidth = 25,
    .inputOffset = AT(input),
};

/* Checks that combine options. */
static int checkCombinations(Options *o) {
  if (o->cache && o->noCache)
    return runError("--cache=%s and --no-cache contradict each other",
                    o->cache);
  if (!o->input)
    return runError("no input file (usage: tile-run FILE.mlir --target=T "
                    "[options])");
  bool emits = o->emitObject || o->emitHeader;
  /* Running needs an execution backend that runs code in this process. */
  if (!o->exec)
    o->exec = emits ? "aot" : "jit";
  if (o->exec && !strcmp(o->exec, "aot") && !emits)
    return runError("--exec=aot runs nothing here: give --emit-object=FILE "
                    "and/or --emit-header=FILE");
  if (emits && strcmp(o->exec, "aot") != 0)
    return runError("--emit-object and --emit-header write aot output; they "
                    "cannot be combined with --exec=%s",
                    o->exec);
  if (o->emitObject && o->emitHeader &&
      tileSamePath(o->emitObject, o->emitHeader))
    return runError("--emit-object and --emit-header name the same file "
                    "'%s'",
                    o->emitHeader);
  if (emits && (o->check || o->repeat || o->outputs.count || o->prints.count))
    return runError("--emit-object and --emit-header only compile; --check, "
                    "--repeat, --output and --print need a run");
  /* Each output replaces its file: two into one would leave the last.
   * Standard output and devices (/dev/null) are written in place. */
  for (unsigned i = 0; i < o->outputs.count; ++i) {
    const ArgOption *b = &o->outputs.items[i];
    if (!tileOutputFileReplaces(b->value))
      continue;
    for (unsigned j = 0; j < i; ++j) {
      const ArgOption *a = &o->outputs.items[j];
      if (!strcmp(a->value, b->value) || tileSamePath(a->value, b->value))
        return runError("'%s' and '%s' write arguments %u and %u to the "
                        "same file '%s'",
                        a->flag, b->flag, a->index, b->index, b->value);
    }
  }
  if ((o->transposeA || o->transposeB) &&
      (!o->check || strcmp(o->check, "gemm") != 0))
    return runError("--transpose-a and --transpose-b go with --check=gemm");
  return -1;
}

int optionsParse(int argc, char **argv, Options *o) {
  /* Negative: not given (the values must not be negative). */
  o->atol = o->rtol = o->flops = -1;
  int code = tileFlagParseArgs(&parser, argc, argv, o);
  return code >= 0 ? code : checkCombinations(o);
}

void optionsFree(Options *o) {
  free(o->shapes.items);
  free(o->scalars.items);
  free(o->inputs.items);
  free(o->outputs.items);
  free(o->prints.items);
}
