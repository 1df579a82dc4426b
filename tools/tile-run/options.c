/* tile-run's command line: flags, per-argument options and their checks. */
#include "options.h"
#include "support/alloc.h"

#include "tile/tile.h"

#include "support/alloc.h"
#include "support/count.h"
#include "support/output_file.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage =
    "OVERVIEW: run a tile-mlir kernel\n"
    "\n"
    "USAGE: tile-run FILE.mlir --target=T [options]\n"
    "\n"
    "Compiles FILE for the target, gives every memref argument of the entry\n"
    "a buffer (random or read from .npy), runs it and optionally checks it\n"
    "against a reference, times it and writes buffers to .npy files.\n"
    "\n"
    "OPTIONS:\n"
    "  --target=<target>         cpu[:<cpu>], cuda[:sm_XX], rocm[:gfxNNN],\n"
    "                            vulkan[:vX.Y], auto (default: auto)\n"
    "  --target-host=<target>    Host target (default: this machine)\n"
    "  --exec=<name>             Execution backend: jit (the default: runs "
    "here)\n"
    "                            or aot (the default with --emit-*)\n"
    "  --entry=<name>            Function to run (default: the only public "
    "one)\n"
    "  --shape=<i>=<AxBx..>      Sizes of memref argument i (needed for "
    "dynamic\n"
    "                            sizes unless --input gives them)\n"
    "  --arg=<i>=<value>         Value of scalar argument i\n"
    "  --input=<i>=<file.npy>    Read memref argument i from a .npy file\n"
    "  --output=<i>=<file.npy>   Write memref argument i after the run\n"
    "  --print=<i>               Print memref argument i after the run\n"
    "                            (<i> may be a list: --shape=0,1,2=1000)\n"
    "  --seed=<n>                Seed of the random inputs (default 0): "
    "floats\n"
    "                            uniform in [-1, 1), integers in [-8, 8]\n"
    "  --check=<func>            Compare every memref argument with "
    "reference\n"
    "                            function <func> of FILE run on the cpu "
    "target\n"
    "  --check=gemm              Compare C with a built-in C = A*B on "
    "the first\n"
    "                            three memref arguments (A: MxK, B: KxN, "
    "C: MxN)\n"
    "  --transpose-a, --transpose-b  A is KxM / B is NxK for --check=gemm\n"
    "  --atol=<x>, --rtol=<x>    Tolerances: |got - expected| <= atol + "
    "rtol*|expected|\n"
    "                            (default 1e-4/1e-3 for f32 and f64, "
    "1e-2/1e-2 for\n"
    "                            f16 and bf16, exact for integers)\n"
    "  --repeat=<n>              Run n more times after the checked run; "
    "print the\n"
    "                            median time (and GFLOP/s when the work is "
    "known)\n"
    "  --flops=<n>               Floating-point operations of one run\n"
    "  --emit-object=<file>      Write the host object file (aot)\n"
    "  --emit-header=<file>      Write a C header declaring the entries "
    "(aot)\n"
    "  --cache=<dir>             Kernel cache directory (default: "
    "$TILE_CACHE_DIR,\n"
    "                            $XDG_CACHE_HOME/tile-mlir or "
    "~/.cache/tile-mlir)\n"
    "  --no-cache                Compile without the kernel cache (also "
    "TILE_CACHE=off)\n"
    "  --cache-info              Print whether each compilation was a cache "
    "hit\n"
    "  --version                 Print the version\n"
    "  -h, --help                Print this help\n";

int runError(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fputs("tile-run: error: ", stderr);
  vfprintf(stderr, fmt, args);
  fputc('\n', stderr);
  va_end(args);
  return 1;
}

/* The value of "--name=value" (or of "--name value"), or NULL when `arg` is
 * another option. */
static const char *valueOf(const char *arg, const char *name) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) != 0 || arg[n] != '=')
    return NULL;
  return arg + n + 1;
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

static bool parseDouble(const char *text, double *out) {
  char *end;
  errno = 0;
  double v = strtod(text, &end);
  if (!*text || *end || errno || !isfinite(v))
    return false;
  *out = v;
  return true;
}

static void addArgOption(ArgOptionList *list, unsigned index, const char *value,
                         const char *flag) {
  list->items =
      tileReallocArray(list->items, list->count + 1, sizeof(ArgOption));
  list->items[list->count++] = (ArgOption){index, value, flag};
}

/* Reads "I[,I...]=VALUE" (or "I[,I...]" when the option takes no value)
 * into one option per position. */
static int parseArgOption(const char *raw, const char *text,
                          ArgOptionList *list, bool takesValue) {
  const char *eq = takesValue ? strchr(text, '=') : text + strlen(text);
  if (!eq)
    return runError("'%s' needs an argument position: e.g. %.*s=0=...", raw,
                    (int)(text - raw - 1), raw);
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

/* --seed, --repeat, --atol, --rtol and --flops (`name`) with `value`. */
static int parseNumber(const char *raw, const char *name, const char *value,
                       Options *o) {
  uint64_t count;
  if (!strcmp(name, "--seed")) {
    if (!parseU64(value, &o->seed))
      return runError("'%s': the seed must be a non-negative integer", raw);
    return -1;
  }
  if (!strcmp(name, "--repeat")) {
    if (!parseU64(value, &count) || count < 1 || count > 1000000)
      return runError("'%s': the repeat count must be in [1, 1000000]", raw);
    o->repeat = (long)count;
    return -1;
  }
  double number;
  if (!parseDouble(value, &number) || number < 0)
    return runError("'%s' needs a non-negative number", raw);
  if (!strcmp(name, "--atol")) {
    o->atol = number;
    o->hasAtol = true;
  } else if (!strcmp(name, "--rtol")) {
    o->rtol = number;
    o->hasRtol = true;
  } else {
    o->flops = number;
    o->hasFlops = true;
  }
  return -1;
}

/* One "--name=value" option; returns -1 when handled, 0 when unknown,
 * else an exit code. */
static int parseValueOption(const char *raw, Options *o) {
  static const struct {
    const char *name;
    size_t offset;
  } strings[] = {
      {"--target", offsetof(Options, target)},
      {"--target-host", offsetof(Options, targetHost)},
      {"--exec", offsetof(Options, exec)},
      {"--entry", offsetof(Options, entry)},
      {"--check", offsetof(Options, check)},
      {"--emit-object", offsetof(Options, emitObject)},
      {"--emit-header", offsetof(Options, emitHeader)},
      {"--cache", offsetof(Options, cache)},
  };
  const char *value;
  for (size_t k = 0; k < TILE_COUNT(strings); ++k) {
    if (!(value = valueOf(raw, strings[k].name)))
      continue;
    if (!*value)
      return runError("'%s' needs a value", raw);
    *(const char **)((char *)o + strings[k].offset) = value;
    return -1;
  }
  static const struct {
    const char *name;
    size_t offset;
  } lists[] = {
      {"--shape", offsetof(Options, shapes)},
      {"--arg", offsetof(Options, scalars)},
      {"--input", offsetof(Options, inputs)},
      {"--output", offsetof(Options, outputs)},
      {"--print", offsetof(Options, prints)},
  };
  for (size_t k = 0; k < TILE_COUNT(lists); ++k)
    if ((value = valueOf(raw, lists[k].name)))
      return parseArgOption(raw, value,
                            (ArgOptionList *)((char *)o + lists[k].offset),
                            strcmp(lists[k].name, "--print") != 0);
  static const char *const numbers[] = {"--seed", "--repeat", "--atol",
                                        "--rtol", "--flops"};
  for (size_t k = 0; k < TILE_COUNT(numbers); ++k)
    if ((value = valueOf(raw, numbers[k])))
      return parseNumber(raw, numbers[k], value, o);
  return 0;
}

static int parseOne(const char *raw, Options *o) {
  if (!strcmp(raw, "-h") || !strcmp(raw, "--help")) {
    fputs(usage, stdout);
    return 0;
  }
  if (!strcmp(raw, "--version")) {
    printf("tile-run (tile-mlir) %s\n", tileGetVersion());
    return 0;
  }
  if (!strcmp(raw, "--no-cache")) {
    o->noCache = true;
    return -1;
  }
  if (!strcmp(raw, "--cache-info")) {
    o->cacheInfo = true;
    return -1;
  }
  if (!strcmp(raw, "--transpose-a") || !strcmp(raw, "--transpose-b")) {
    *(raw[12] == 'a' ? &o->transposeA : &o->transposeB) = true;
    return -1;
  }
  if (raw[0] != '-' || !raw[1]) {
    if (o->input)
      return runError("more than one input file given ('%s')", raw);
    o->input = raw;
    return -1;
  }
  int code = parseValueOption(raw, o);
  if (code == 0)
    return runError("unknown option '%s' (see tile-run --help)", raw);
  return code;
}

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
  if ((o->transposeA || o->transposeB) &&
      (!o->check || strcmp(o->check, "gemm") != 0))
    return runError("--transpose-a and --transpose-b go with --check=gemm");
  return -1;
}

int optionsParse(int argc, char **argv, Options *o) {
  for (int i = 1; i < argc; ++i) {
    int code = parseOne(argv[i], o);
    if (code >= 0)
      return code;
  }
  return checkCombinations(o);
}

void optionsFree(Options *o) {
  free(o->shapes.items);
  free(o->scalars.items);
  free(o->inputs.items);
  free(o->outputs.items);
  free(o->prints.items);
}
