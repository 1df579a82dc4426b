/* --mlir-print-ir-before=<passes> and --mlir-print-ir-after=<passes>. */
#ifndef TILE_OPT_PRINT_FILTER_H
#define TILE_OPT_PRINT_FILTER_H

#include "options.h"

#include "passes/pass.h"

#include "mlir-c/IR.h"

/* The passes printed around; lives as long as the run. */
typedef struct {
  const Options *options;
  MlirOpPrintingFlags flags;
  /* The pass arguments of the two flags, split at commas. */
  char **before, **after;
  unsigned numBefore, numAfter;
} PrintFilter;

/* Reads the two flags into `filter`; false (after reporting) when one names
 * no pass. */
bool printFilterInit(PrintFilter *filter, const Options *o,
                     MlirOpPrintingFlags flags);
void printFilterFree(PrintFilter *filter);

#endif
