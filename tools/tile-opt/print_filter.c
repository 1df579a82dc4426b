/* --mlir-print-ir-before=<passes> and --mlir-print-ir-after=<passes>.
 *
 * MLIR 22's C API can print the IR around every pass of a pass manager,
 * not around chosen ones. So each pass that is printed around goes into
 * the pipeline inside a wrapper pass, at its own place: when the wrapper
 * runs on an operation, it runs the pass on that operation in a pass
 * manager of its own, with MLIR's IR printing on. The dumps are MLIR's own
 * (their headers name the pass as mlir-opt does), in the order the passes
 * run, and the passes that are not chosen run as they would without the
 * flags. */
#include "print_filter.h"

#include "ir/ir.h"
#include "support/alloc.h"
#include "support/strbuf.h"
#include "tile/pipeline.h"

#include "mlir-c/Pass.h"

#include <stdlib.h>
#include <string.h>

/* Adds the comma-separated pass arguments of `values` to `names`. */
static void splitNames(const TileFlagValues *values, char ***names,
                       unsigned *count) {
  for (unsigned v = 0; v < values->count; ++v) {
    const char *p = values->items[v];
    for (;;) {
      const char *comma = strchr(p, ',');
      size_t length = comma ? (size_t)(comma - p) : strlen(p);
      *names = tileReallocArray(*names, *count + 1, sizeof(char *));
      (*names)[(*count)++] = tileStrNDup(p, length);
      if (!comma)
        break;
      p = comma + 1;
    }
  }
}

/* Whether `name` is a pass (tile or upstream): it can be added to a
 * pass manager on a module, nested as it needs. */
static bool isPass(const char *name) {
  MlirContext scratch = mlirContextCreateWithThreading(false);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      scratch, mlirStringRefCreateFromCString("builtin.module"));
  bool ok =
      name[0] && mlirLogicalResultIsSuccess(tileOpPassManagerAddPass(
                     mlirPassManagerGetAsOpPassManager(pm),
                     mlirStringRefCreateFromCString(name),
                     mlirStringRefCreate("", 0), (TileErrorSink){NULL, NULL}));
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(scratch);
  return ok;
}

static bool checkNames(char **names, unsigned count, const char *flag) {
  for (unsigned i = 0; i < count; ++i)
    if (!isPass(names[i])) {
      /* mlir-opt's words. */
      fail("for the --%s option: Cannot find option named '%s'!", flag,
           names[i]);
      return false;
    }
  return true;
}

bool printFilterInit(PrintFilter *filter, const Options *o,
                     MlirOpPrintingFlags flags) {
  memset(filter, 0, sizeof(*filter));
  filter->options = o;
  filter->flags = flags;
  splitNames(&o->printBeforePasses, &filter->before, &filter->numBefore);
  splitNames(&o->printAfterPasses, &filter->after, &filter->numAfter);
  return checkNames(filter->before, filter->numBefore,
                    "mlir-print-ir-before") &&
         checkNames(filter->after, filter->numAfter, "mlir-print-ir-after");
}

void printFilterFree(PrintFilter *filter) {
  for (unsigned i = 0; i < filter->numBefore; ++i)
    free(filter->before[i]);
  for (unsigned i = 0; i < filter->numAfter; ++i)
    free(filter->after[i]);
  free(filter->before);
  free(filter->after);
}

bool printFilterActive(const PrintFilter *filter) {
  return printsAroundChosenPasses(filter->options);
}

static bool listed(char **names, unsigned count, MlirStringRef argument) {
  for (unsigned i = 0; i < count; ++i)
    if (tileStrRefEquals(argument, names[i]))
      return true;
  return false;
}

/* Whether the IR is printed before and after the pass `argument`. */
static bool printsBefore(const PrintFilter *f, MlirStringRef argument) {
  return f->options->printBefore || listed(f->before, f->numBefore, argument);
}

static bool printsAfter(const PrintFilter *f, MlirStringRef argument) {
  return f->options->printAfter || f->options->printAfterFailure ||
         listed(f->after, f->numAfter, argument);
}

static bool selects(MlirStringRef argument, void *userData) {
  const PrintFilter *f = userData;
  return printsBefore(f, argument) || printsAfter(f, argument);
}

/* One wrapper: the pass it runs and how to print around it. */
typedef struct {
  const PrintFilter *filter;
  char *argument, *options;
} Printed;

static void construct(void *userData) { (void)userData; }

static void destruct(void *userData) {
  Printed *p = userData;
  free(p->argument);
  free(p->options);
  free(p);
}

static void *clone(void *userData) {
  const Printed *from = userData;
  Printed *to = tileMalloc(sizeof(Printed));
  *to = (Printed){from->filter, tileStrDup(from->argument),
                  tileStrDup(from->options)};
  return to;
}

static void reportAt(MlirStringRef message, void *userData) {
  MlirOperation op = *(const MlirOperation *)userData;
  tileEmitErrorAt(mlirOperationGetLocation(op), "%.*s", (int)message.length,
                  message.data);
}

static void run(MlirOperation op, MlirExternalPass pass, void *userData) {
  const Printed *p = userData;
  const Options *o = p->filter->options;
  MlirStringRef argument = mlirStringRefCreateFromCString(p->argument);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      mlirOperationGetContext(op), mlirIdentifierStr(mlirOperationGetName(op)));
  mlirPassManagerEnableVerifier(pm, o->verifyEach);
  mlirPassManagerEnableIRPrinting(
      pm, printsBefore(p->filter, argument), printsAfter(p->filter, argument),
      o->printModuleScope, o->printAfterChange, o->printAfterFailure,
      p->filter->flags, mlirStringRefCreate("", 0));
  bool ok = mlirLogicalResultIsSuccess(tileOpPassManagerAddPass(
                mlirPassManagerGetAsOpPassManager(pm), argument,
                mlirStringRefCreateFromCString(p->options),
                (TileErrorSink){reportAt, &op})) &&
            mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
  mlirPassManagerDestroy(pm);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

/* The address is the wrappers' TypeID (aligned as MLIR requires). */
static _Alignas(8) const char wrapperTypeID = 0;

static MlirPass create(MlirStringRef argument, MlirStringRef options,
                       void *userData) {
  Printed *p = tileMalloc(sizeof(Printed));
  /* A pass given without options has none (a null reference). */
  *p = (Printed){userData, tileStrNDup(argument.data, argument.length),
                 tileStrNDup(options.data ? options.data : "", options.length)};
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clone, run};
  /* Named after the pass it runs, e.g. in --mlir-timing. */
  return mlirCreateExternalPass(
      mlirTypeIDCreate(&wrapperTypeID), argument, argument,
      mlirStringRefCreateFromCString("runs a pass with IR printing around it"),
      mlirStringRefCreate("", 0), 0, NULL, callbacks, p);
}

TilePassWrap printFilterWrap(PrintFilter *filter) {
  return (TilePassWrap){selects, create, filter};
}
