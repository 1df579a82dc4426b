/* The descriptor every tile pass is defined by, and its option values. */
#ifndef TILE_PASSES_PASS_H
#define TILE_PASSES_PASS_H

#include "support/count.h"
#include "support/strbuf.h"
#include "tile/diagnostics.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stdint.h>

/* TileOptionList: a string of comma-separated items, each one of the
 * option's choices (an empty list too). */
typedef enum {
  TileOptionBool,
  TileOptionInt,
  TileOptionString,
  TileOptionList
} TileOptionKind;

typedef struct {
  const char *name;
  TileOptionKind kind;
  const char *defaultValue;
  const char *help;
  const char *choices; /* "a|b|c" for a string option with fixed values,
                        * and the items a list may hold */
  /* For a string option whose values are not a fixed list (a chip, target
   * features): whether `value` is one, with what is wrong in *why when not.
   * Runs on the values a pipeline gives, not on the default. */
  bool (*check)(const char *value, TileStrBuf *why);
} TilePassOption;

/* A parsed option value; the slot matching the option's kind is set. */
typedef struct {
  bool b;
  int64_t i;
  char *s;
} TileOptionValue;

typedef MlirDialectHandle (*TileDialectHandleGetter)(void);

typedef struct {
  const char *argument; /* e.g. "tile-verify" */
  const char *name;     /* e.g. "TileVerify", shown in IR dumps and timing */
  const char *summary;
  const char *anchor; /* operation name, or "" for any operation */
  const TilePassOption *options;
  unsigned numOptions;
  /* Dialects whose ops the pass creates; loaded before it runs. */
  const TileDialectHandleGetter *dependentDialects;
  unsigned numDependentDialects;
  /* Runs the pass on `op`; signals failure through `pass`. */
  void (*run)(MlirOperation op, MlirExternalPass pass,
              const TileOptionValue *options);
} TilePassDescriptor;

/* The run of a checking pass: calls `visit` on every op under `op`, in
 * pre-order, with a pointer to an unsigned count that it increments for each
 * error it reports; signals failure through `pass` when it reported any. */
void tilePassRunCheck(MlirOperation op, MlirExternalPass pass,
                      MlirWalkResult (*visit)(MlirOperation op, void *errors));

/* The name of the `index`th pass or pass pipeline of MLIR 22 that tile-opt
 * registers, or NULL past the last (upstream_pass_names.c). */
const char *tileUpstreamPassName(size_t index);

/* The passes one folder of lib/ owns, listed in its passes.c in the order
 * its pipelines run them. */
typedef struct {
  const TilePassDescriptor *const *passes;
  unsigned numPasses;
} TilePassList;

/* The pass list of every folder that has one, in the order lib/CMakeLists.txt
 * adds the folders: the order --list-passes shows. Generated into libtile
 * from the PASSES of each folder's tile_add_library (lib/builtins.c.in), so
 * that no central list names the passes of a backend. */
extern const TilePassList *const tileBuiltinPassLists[];
extern const unsigned tileBuiltinPassListsCount;

/* The pass at `index` (counted over all lists in order), or NULL when
 * `index` is out of range. */
const TilePassDescriptor *tilePassDescriptorAt(intptr_t index);
/* The pass named `argument`, or NULL. */
const TilePassDescriptor *tileFindPassDescriptor(MlirStringRef argument);

/* Parses "key=value key2=value2" for `desc` into a freshly allocated array of
 * desc->numOptions values (defaults filled in). On error, returns NULL and
 * reports through `errors`. */
TileOptionValue *tileParsePassOptions(const TilePassDescriptor *desc,
                                      MlirStringRef text, TileErrorSink errors);
void tileFreePassOptions(const TilePassDescriptor *desc,
                         TileOptionValue *values);

/* Creates an external pass that owns `values`. */
MlirPass tileCreatePassFromDescriptor(const TilePassDescriptor *desc,
                                      TileOptionValue *values);

/* Calls `visit` with the argument and options text of each tile pass of
 * the pipeline text (pipeline elements, or a whole anchored pipeline), in
 * the order they run; nothing for text that does not parse. */
void tileForEachTilePass(MlirStringRef pipeline,
                         void (*visit)(MlirStringRef argument,
                                       MlirStringRef options, void *userData),
                         void *userData);

/* The options of the tile pass `argument` given as `options` (text), all of
 * them with their values in MLIR's layout for printed pipelines
 * ("{ a=1 b=false}", by name), into `out`; nothing for a pass without
 * options or options that do not parse. */
void tilePrintPassOptions(MlirStringRef argument, MlirStringRef options,
                          TileStrBuf *out);

/* tileOpPassManagerParsePipeline and tileOpPassManagerAddPass
 * (tile/pipeline.h) on a pass manager whose anchor the caller knows ("any"
 * for every operation). The public functions learn the anchor by printing the
 * pass manager's pipeline, which prints its passes' options: these do not. */
MlirLogicalResult tileOpPassManagerParsePipelineAnchored(
    MlirOpPassManager passManager, MlirStringRef anchor, MlirStringRef pipeline,
    TileErrorSink errors);
MlirLogicalResult
tileOpPassManagerAddPassAnchored(MlirOpPassManager passManager,
                                 MlirStringRef anchor, MlirStringRef argument,
                                 MlirStringRef options, TileErrorSink errors);

#endif
