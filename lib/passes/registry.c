/* The tile passes, walked over the pass lists of the folders that own them,
 * and their creation as MLIR external passes. */
#include "passes/pass.h"
#include "tile/passes.h"

#include "support/alloc.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

intptr_t tileGetNumPasses(void) {
  intptr_t count = 0;
  for (unsigned l = 0; l < tileBuiltinPassListsCount; ++l)
    count += tileBuiltinPassLists[l]->numPasses;
  return count;
}

const TilePassDescriptor *tilePassDescriptorAt(intptr_t index) {
  for (unsigned l = 0; index >= 0 && l < tileBuiltinPassListsCount; ++l) {
    const TilePassList *list = tileBuiltinPassLists[l];
    if (index < (intptr_t)list->numPasses)
      return list->passes[index];
    index -= list->numPasses;
  }
  return NULL;
}

const TilePassDescriptor *tileFindPassDescriptor(MlirStringRef argument) {
  return tilePassDescriptorAt(tileFindPass(argument));
}

static MlirStringRef ref(const char *s) {
  return mlirStringRefCreateFromCString(s ? s : "");
}

MlirStringRef tilePassGetArgument(intptr_t index) {
  const TilePassDescriptor *desc = tilePassDescriptorAt(index);
  return ref(desc ? desc->argument : NULL);
}

MlirStringRef tilePassGetSummary(intptr_t index) {
  const TilePassDescriptor *desc = tilePassDescriptorAt(index);
  return ref(desc ? desc->summary : NULL);
}

MlirStringRef tilePassGetAnchor(intptr_t index) {
  const TilePassDescriptor *desc = tilePassDescriptorAt(index);
  return ref(desc ? desc->anchor : NULL);
}

void tilePassPrintOptions(intptr_t index, MlirStringCallback callback,
                          void *userData) {
  const TilePassDescriptor *desc = tilePassDescriptorAt(index);
  if (!desc)
    return;
  TileStrBuf buf = TILE_STRBUF_INIT;
  for (unsigned i = 0; i < desc->numOptions; ++i) {
    const TilePassOption *o = &desc->options[i];
    const char *type = o->kind == TileOptionBool  ? "bool"
                       : o->kind == TileOptionInt ? "int"
                       : o->choices               ? o->choices
                                                  : "string";
    tileStrBufPrintf(&buf, "%s=<%s%s> (default %s): %s\n", o->name,
                     o->kind == TileOptionList ? "list of " : "", type,
                     o->defaultValue, o->help);
  }
  callback(mlirStringRefCreate(tileStrBufGet(&buf), buf.size), userData);
  tileStrBufFree(&buf);
}

intptr_t tileFindPass(MlirStringRef argument) {
  intptr_t index = 0;
  for (unsigned l = 0; l < tileBuiltinPassListsCount; ++l) {
    const TilePassList *list = tileBuiltinPassLists[l];
    for (unsigned i = 0; i < list->numPasses; ++i, ++index)
      if (tileStrRefEquals(argument, list->passes[i]->argument))
        return index;
  }
  return -1;
}

/* One pass instance: the descriptor and the option values it owns. */
typedef struct {
  const TilePassDescriptor *desc;
  TileOptionValue *values;
} PassInstance;

static void construct(void *userData) { (void)userData; }

static void destruct(void *userData) {
  PassInstance *instance = userData;
  tileFreePassOptions(instance->desc, instance->values);
  free(instance);
}

static void *clone(void *userData) {
  const PassInstance *from = userData;
  PassInstance *to = tileMalloc(sizeof(PassInstance));
  unsigned n = from->desc->numOptions;
  to->desc = from->desc;
  to->values = tileCallocArray(n, sizeof(TileOptionValue));
  for (unsigned i = 0; i < n; ++i) {
    to->values[i] = from->values[i];
    if (from->values[i].s)
      to->values[i].s = tileStrDup(from->values[i].s);
  }
  return to;
}

static void run(MlirOperation op, MlirExternalPass pass, void *userData) {
  PassInstance *instance = userData;
  instance->desc->run(op, pass, instance->values);
}

MlirPass tileCreatePassFromDescriptor(const TilePassDescriptor *desc,
                                      TileOptionValue *values) {
  PassInstance *instance = tileMalloc(sizeof(PassInstance));
  instance->desc = desc;
  instance->values = values;
  MlirDialectHandle handles[8];
  unsigned numHandles = desc->numDependentDialects;
  if (numHandles > 8)
    numHandles = 8;
  for (unsigned i = 0; i < numHandles; ++i)
    handles[i] = desc->dependentDialects[i]();
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clone, run};
  /* The descriptor's address is unique per pass and suitably aligned, so it
   * serves as the pass TypeID. */
  return mlirCreateExternalPass(mlirTypeIDCreate(desc), ref(desc->name),
                                ref(desc->argument), ref(desc->summary),
                                ref(desc->anchor), numHandles, handles,
                                callbacks, instance);
}

MlirPass tileCreatePass(MlirStringRef argument, MlirStringRef options,
                        TileErrorSink errors) {
  const TilePassDescriptor *desc = tileFindPassDescriptor(argument);
  if (!desc) {
    tileReport(errors, "'%.*s' is not a tile pass", (int)argument.length,
               argument.data);
    return (MlirPass){NULL};
  }
  TileOptionValue *values = tileParsePassOptions(desc, options, errors);
  if (!values)
    return (MlirPass){NULL};
  return tileCreatePassFromDescriptor(desc, values);
}
