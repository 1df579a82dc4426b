/* tile-run: the mlir-runner of tile-mlir (compile, run, check, time). */
#include "arguments.h"
#include "check.h"
#include "common/signals.h"
#include "compile.h"
#include "fault_guard.h"
#include "options.h"
#include "support/alloc.h"

#include "support/output_file.h"
#include "support/strbuf.h"

#include "llvm-c/ErrorHandling.h"
#include "llvm-c/Support.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The reference function --check names in the input, or NULL. */
static const char *referenceName(const Options *o) {
  return o->check && strcmp(o->check, "gemm") != 0 ? o->check : NULL;
}

static void listEntries(const TileEntryTable *t, const char *skip,
                        TileStrBuf *out) {
  for (intptr_t i = 0; i < tileEntryTableGetNumEntries(t); ++i) {
    const char *name = tileEntryTableGetEntry(t, i)->name;
    if (!skip || strcmp(name, skip) != 0)
      tileStrBufPrintf(out, "%s%s", out->size ? ", " : "", name);
  }
}

/* The entry to run: --entry, else the only public function that is not
 * the reference. */
static const TileEntrySignature *chooseEntry(const Options *o,
                                             const TileEntryTable *t) {
  const char *skip = referenceName(o);
  TileStrBuf names = TILE_STRBUF_INIT;
  listEntries(t, skip, &names);
  const TileEntrySignature *e = NULL;
  if (o->entry && !(e = tileEntryTableFind(t, o->entry)))
    runError("'%s' has no public function '%s' (it has: %s)", o->input,
             o->entry, names.size ? tileStrBufGet(&names) : "none");
  else if (!o->entry && !names.size && skip && tileEntryTableFind(t, skip))
    runError("--check=%s names the only public function of '%s'; the "
             "reference must be another function",
             skip, o->input);
  else if (!o->entry && !names.size)
    runError("'%s' has no public function to run", o->input);
  else if (!o->entry && strchr(tileStrBufGet(&names), ','))
    runError("'%s' has several public functions (%s): choose one with "
             "--entry=NAME",
             o->input, tileStrBufGet(&names));
  else if (!o->entry)
    e = tileEntryTableFind(t, tileStrBufGet(&names));
  tileStrBufFree(&names);
  if (e && skip && strcmp(e->name, skip) == 0) {
    runError("--check=%s names the function being run; the reference must "
             "be another function",
             skip);
    e = NULL;
  }
  return e;
}

/* Opens `path` for writing, reporting failure as a tile-run error. */
static TileOutputFile *openOutput(const char *path) {
  TileStrBuf error = TILE_STRBUF_INIT;
  TileOutputFile *f = tileOutputFileOpen(path, &error);
  if (!f)
    runError("%s", tileStrBufGet(&error));
  tileStrBufFree(&error);
  return f;
}

/* Writes both files or neither: each goes to a temporary file first, and
 * both are put in place only once both were written. */
static bool writeOutputs(const char *paths[2], const MlirStringRef data[2]) {
  TileOutputFile *files[2] = {NULL, NULL};
  bool ok = true;
  for (int i = 0; i < 2 && ok; ++i) {
    if (!paths[i])
      continue;
    ok = (files[i] = openOutput(paths[i])) != NULL;
    FILE *stream = ok ? tileOutputFileStream(files[i]) : NULL;
    if (ok && data[i].length &&
        fwrite(data[i].data, 1, data[i].length, stream) != data[i].length)
      ok = runError("cannot write '%s': %s", paths[i], strerror(errno)) == 0;
  }
  TileStrBuf error = TILE_STRBUF_INIT;
  for (int i = 0; i < 2; ++i) {
    if (!files[i])
      continue;
    if (!ok)
      tileOutputFileDiscard(files[i]);
    else if (!tileOutputFileCommit(files[i], &error))
      ok = runError("%s", tileStrBufGet(&error)) == 0;
  }
  tileStrBufFree(&error);
  return ok;
}

/* "dir/vector_add.h" -> "VECTOR_ADD_H"; a name that does not start with a
 * letter gets "TILE_" in front ("9.h" -> "TILE_9_H": an identifier; "_H"
 * -> "TILE__H": not one reserved to the implementation). */
static void headerGuard(const char *path, TileStrBuf *guard) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  if (!*base)
    tileStrBufAppendStr(guard, "TILE_KERNELS_H");
  else if (!isalpha((unsigned char)*base))
    tileStrBufAppendStr(guard, "TILE_");
  for (const char *p = base; *p; ++p)
    tileStrBufPrintf(guard, "%c",
                     isalnum((unsigned char)*p) ? toupper((unsigned char)*p)
                                                : '_');
}

/* --emit-object / --emit-header: compile for aot and write the files. */
static int emitAot(const Options *o, Session *s, MlirOperation module,
                   const TileEntryTable *entries) {
  Compiled c;
  bool ok = compileModule(s, module, o->target, o->targetHost, o->exec,
                          o->emitObject ? "obj" : NULL, &c);
  MlirStringRef obj = {NULL, 0};
  if (ok && o->emitObject) {
    obj = tileArtifactGetPart(c.artifact, "obj");
    if (!obj.data)
      ok = runError("the target produced no host object") == 0;
  }
  TileStrBuf text = TILE_STRBUF_INIT, guard = TILE_STRBUF_INIT;
  if (ok && o->emitHeader) {
    headerGuard(o->emitHeader, &guard);
    ok = mlirLogicalResultIsSuccess(
        tileArtifactPrintCHeader(c.artifact, entries, tileStrBufGet(&guard),
                                 tileStrBufCallback, &text, runErrorSink()));
  }
  if (ok)
    ok = writeOutputs(
        (const char *[2]){o->emitObject, o->emitHeader},
        (const MlirStringRef[2]){
            obj, mlirStringRefCreate(text.data ? text.data : "", text.size)});
  tileStrBufFree(&text);
  tileStrBufFree(&guard);
  compiledDestroy(&c);
  return ok ? 0 : 1;
}

/* Compiles `module` and calls `entry` once with `args`. */
static bool compileAndRun(Session *s, MlirOperation module, const char *target,
                          const char *targetHost, const char *exec,
                          const TileEntrySignature *entry, ArgumentSet *args,
                          TileExecutable **keep) {
  Compiled c;
  bool ok = compileModule(s, module, target, targetHost, exec, NULL, &c);
  TileExecutable *exe =
      ok ? tileExecutableCreate(c.backend, c.artifact, runErrorSink()) : NULL;
  compiledDestroy(&c);
  if (exe)
    faultGuardArm(s->fileName, entry->name);
  ok = exe && mlirLogicalResultIsSuccess(tileExecutableInvoke(
                  exe, entry, args->values, runErrorSink()));
  if (exe && !faultGuardDisarm())
    ok = false;
  if (ok && keep)
    *keep = exe;
  else
    tileExecutableDestroy(exe);
  return ok;
}

/* Runs the reference of --check on `expected` (copies of the inputs). */
static bool runReference(const Options *o, Session *s,
                         const TileEntryTable *entries,
                         const TileEntrySignature *entry,
                         ArgumentSet *expected) {
  GemmProblem gemm;
  if (!referenceName(o)) {
    return checkGemmProblem(o, expected, &gemm) &&
           checkGemmReference(o, &gemm, expected);
  }
  const TileEntrySignature *ref = tileEntryTableFind(entries, o->check);
  if (!ref) {
    runError("--check=%s: '%s' has no public function '%s'", o->check, o->input,
             o->check);
    return false;
  }
  if (!argumentsMatch(entry, ref, "the reference function"))
    return false;
  MlirOperation module = sessionParse(s);
  if (mlirOperationIsNull(module))
    return false;
  moduleEraseFunctions(module, ref->name, true);
  ArgumentSet refArgs = *expected;
  refArgs.entry = ref;
  bool ok = compileAndRun(s, module, "cpu", NULL, "jit", ref, &refArgs, NULL);
  mlirOperationDestroy(module);
  return ok;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* --repeat: times `repeat` calls on copies of the arguments and prints the
 * median (and the throughput when the work is known). */
static bool timeRuns(const Options *o, TileExecutable *exe,
                     const ArgumentSet *args, double flops) {
  ArgumentSet copy;
  if (!argumentsClone(args, &copy))
    return false;
  double *times = tileCallocArray((size_t)o->repeat, sizeof(double));
  faultGuardArm(o->input, args->entry->name);
  bool ok = mlirLogicalResultIsSuccess(
      tileExecutableTime(exe, args->entry, copy.values, (unsigned)o->repeat,
                         times, runErrorSink()));
  ok = faultGuardDisarm() && ok;
  if (ok) {
    qsort(times, (size_t)o->repeat, sizeof(double), compareDoubles);
    long mid = o->repeat / 2;
    double median =
        o->repeat % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
    printf("median time: %.4f ms (%ld runs)\n", median * 1e3, o->repeat);
    if (flops > 0)
      printf("throughput: %.2f GFLOP/s\n", flops / median * 1e-9);
  }
  free(times);
  argumentsDestroy(&copy);
  return ok;
}

/* The work of one run: --flops, else 2*M*N*K for --check=gemm. */
static double knownFlops(const Options *o, const ArgumentSet *args) {
  GemmProblem gemm;
  if (o->flops >= 0)
    return o->flops;
  if (o->check && !referenceName(o) && checkGemmProblem(o, args, &gemm))
    return 2.0 * (double)gemm.m * (double)gemm.n * (double)gemm.k;
  return 0;
}

/* The run proper: arguments, the checked call, reference, timing, check,
 * outputs. */
static int runEntry(const Options *o, Session *s, MlirOperation module,
                    const TileEntryTable *entries,
                    const TileEntrySignature *entry) {
  ArgumentSet args, expected;
  GemmProblem gemm = {0, 0, 0, 0, 0, 0};
  if (!argumentsCreate(o, entry, &args))
    return 1;
  bool ok = !o->check || referenceName(o) || checkGemmProblem(o, &args, &gemm);
  bool haveExpected = ok && o->check && argumentsClone(&args, &expected);
  ok = ok && (!o->check || haveExpected);
  /* Only the entry and what it calls are compiled: the other public
   * functions of the file (the reference among them) cost compile time and
   * cannot be reached. */
  moduleEraseFunctions(module, entry->name, true);
  TileExecutable *exe = NULL;
  bool ran = ok && compileAndRun(s, module, o->target, o->targetHost, o->exec,
                                 entry, &args, &exe);
  ok = ran && (!o->check || runReference(o, s, entries, entry, &expected));
  ok = ok && (!o->repeat || timeRuns(o, exe, &args, knownFlops(o, &args)));
  ok = ok && (!o->check || checkCompare(o, &args, &expected,
                                        referenceName(o) ? -1 : (int)gemm.c));
  /* What the kernel wrote is worth seeing even when its check failed. */
  if (ran) {
    ok = argumentsWriteOutputs(o, &args) && ok;
    argumentsPrint(o, &args);
  }
  tileExecutableDestroy(exe);
  if (haveExpected)
    argumentsDestroy(&expected);
  argumentsDestroy(&args);
  return ok ? 0 : 1;
}

static int run(const Options *o, Session *s) {
  MlirOperation module = sessionParse(s);
  if (mlirOperationIsNull(module))
    return 1;
  TileEntryTable *entries = tileEntryTableCreate(module);
  int code;
  if (o->emitObject || o->emitHeader) {
    code = emitAot(o, s, module, entries);
  } else {
    const TileEntrySignature *entry = chooseEntry(o, entries);
    code = entry ? runEntry(o, s, module, entries, entry) : 1;
  }
  tileEntryTableDestroy(entries);
  mlirOperationDestroy(module);
  return code;
}

int main(int argc, char **argv) {
  Options o;
  memset(&o, 0, sizeof(o));
  int code = optionsParse(argc, argv, &o);
  if (code >= 0) {
    optionsFree(&o);
    return code;
  }
  /* A crash while compiling prints what mlir-opt's does (a fault of the
   * called code is reported by the fault guard instead). */
  tileSignalsInstallCrashReport(argc, argv, NULL);
  /* LLVM's option parser names the program in what it prints itself (a
   * pass option it cannot read, say). */
  LLVMParseCommandLineOptions(1, (const char *const *)argv, "");
  tileRegisterUpstreamPasses();
  tileRegisterBuiltinBackends();
  Session s;
  code = sessionCreate(&s, o.input) &&
                 sessionOpenCache(&s, o.cache, o.noCache, o.cacheInfo)
             ? run(&o, &s)
             : 1;
  if (s.printer.numErrors)
    code = 1;
  sessionDestroy(&s);
  optionsFree(&o);
  return code;
}
