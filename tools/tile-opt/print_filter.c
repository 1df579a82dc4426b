/* --mlir-print-ir-before=<passes> and --mlir-print-ir-after=<passes>: the
 * pass arguments they name, checked. MLIR's IR printing prints around those
 * passes (tileOptPassManagerEnableIRPrinting, capi_gaps.cpp). */
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
