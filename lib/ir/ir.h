/* Small queries on MLIR IR that tile code asks over and over. */
#ifndef TILE_IR_IR_H
#define TILE_IR_IR_H

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include "support/alloc.h"
#include "support/strbuf.h"

#include <stdbool.h>
#include <stdint.h>

#define TILE_MAX_RANK 8

static inline MlirStringRef tileRef(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/* Parses `source` (named `sourceName` in locations) into a builtin.module,
 * wrapping a single top-level op that is not one, as mlir-opt does. Returns a
 * null op after reporting errors. */
/* The deepest nesting of brackets ({, (, [, <, all kinds together) that
 * tile-mlir parses. MLIR's parser, verifier and walks recurse once per
 * level; at a few thousand levels they overflow an 8 MiB stack (mlir-opt
 * crashes there too). */
#define TILE_MAX_NESTING 1000

/* Reports (at the position, as an error diagnostic) source text that MLIR
 * 22's parser would crash on rather than reject: brackets nested deeper than
 * TILE_MAX_NESTING, and dense arrays of `index` (`array<index: 1>`); returns
 * false then. Strings and comments are skipped (lib/ir/source_check.c). */
bool tileCheckSource(MlirContext ctx, MlirStringRef source,
                     MlirStringRef sourceName);

/* Whether an error diagnostic was reported on a context between Begin and
 * End (the diagnostics still reach the other handlers). */
typedef struct {
  MlirContext ctx;
  MlirDiagnosticHandlerID id;
  bool sawError;
} TileErrorWatch;
void tileErrorWatchBegin(TileErrorWatch *watch, MlirContext ctx);
bool tileErrorWatchEnd(TileErrorWatch *watch);

/* For a parse of `source` that failed without an error: MLIR 22's parser
 * gives none for an op of a dialect defined in IRDL written in a custom
 * form. Reports that at the first op of a tile dialect written so, or, when
 * there is none, at the start of the source (lib/ir/source_check.c). */
void tileReportSilentParseFailure(MlirContext ctx, MlirStringRef source,
                                  MlirStringRef sourceName);

/* Whether `source` is MLIR bytecode (starts with "ML\xEFR"). */
bool tileIsBytecode(MlirStringRef source);
/* Reports (as an error at the file) bytecode that MLIR 22's reader would
 * crash on rather than reject: a section whose leading count is larger
 * than it can hold and than 2^20 (the reader reserves that much first),
 * attribute/type offset groups beyond the count they declare (the reader
 * writes past its vector), a top-level block with arguments; returns
 * false then. tileCheckSource runs it on bytecode
 * (lib/ir/bytecode_check.c). */
bool tileCheckBytecode(MlirContext ctx, MlirStringRef source,
                       MlirStringRef sourceName);
/* The largest alignment the sections of bytecode `source` ask for (1 for
 * text or bytecode that does not read): MLIR's reader refuses a buffer
 * that is not aligned to it. The parse functions below copy the input to
 * such an address, up to TILE_MAX_BYTECODE_ALIGNMENT. */
size_t tileBytecodeAlignment(MlirStringRef source);
#define TILE_MAX_BYTECODE_ALIGNMENT ((size_t)1 << 16)

/* Reports what parses but must not reach passes (a negative constant
 * memref.dim or tensor.dim index, on which upstream folds crash; an
 * llvm.mlir.global whose address space the parser dropped) or, on IR not
 * verified yet, MLIR 22's verifier (amdgpu.dpp on a source that is no
 * integer or float); returns `op`, or a null op (after destroying it) when
 * something was reported. */
MlirOperation tileCheckParsedInput(MlirOperation op);
/* The same checks for compiling, on IR made any way (MLIR's own parser, a
 * builder), where a constant dim index past the rank is an error too:
 * whether nothing was reported. The compile driver runs them. */
bool tileCheckInputOps(MlirOperation op);

MlirOperation tileParseModule(MlirContext ctx, MlirStringRef source,
                              MlirStringRef sourceName);
/* tileParseModule for the tools, whose diagnostic printers show `sourceName`
 * for the file "-" (tileDiagnosticFileName): a source that does not start
 * with a module (top-level functions) is read once, by the module parser,
 * whose diagnostics name the file "-", instead of a first parse that fails
 * on several top-level ops and a second one (twice the time, and resource
 * keys renamed by the second: blob1 became blob1_1). */
MlirOperation tileParseInput(MlirContext ctx, MlirStringRef source,
                             MlirStringRef sourceName);
/* MLIR's operation parser (no implicit module) with the same checks. */
MlirOperation tileParseOperation(MlirContext ctx, MlirStringRef source,
                                 MlirStringRef sourceName);

/* Whether `op` is named `name` (e.g. "tile.copy"). */
/* Registers every upstream dialect with `ctx`, each loaded when first used
 * (tileContextLoadDialects also loads the tile dialects). */
void tileContextRegisterUpstreamDialects(MlirContext ctx);

bool tileOpIs(MlirOperation op, const char *name);
/* Whether `op` is one of the `n` ops named in `names`. */
bool tileOpIsAny(MlirOperation op, const char *const *names, size_t n);
/* Whether `op` belongs to the tile dialect. */
bool tileOpIsTile(MlirOperation op);
/* Whether `op` belongs to the dialect `dialect` (e.g. "llvm"). */
bool tileOpInDialect(MlirOperation op, const char *dialect);
MlirAttribute tileOpGetAttr(MlirOperation op, const char *name);

/* Emits "'op.name' op <message>" at the location of `op`; where that is
 * unknown (a constant the folder moved), at its first user's. */
void tileEmitOpError(MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void tileEmitErrorAt(MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Where the sink of tileOpErrorSink reports: every message becomes an error
 * at the location of `op`, after "<prefix>: " when `prefix` is not NULL. */
typedef struct {
  MlirOperation op;
  const char *prefix;
} TileOpErrorSite;

/* An error sink for functions that report through one (toolchain steps,
 * pipeline text) whose errors belong to an op; `site` must outlive the
 * sink's uses. */
TileErrorSink tileOpErrorSink(const TileOpErrorSite *site);

/* Appends the printed form of a type or attribute. */
void tileAppendType(TileStrBuf *buf, MlirType type);
void tileAppendAttr(TileStrBuf *buf, MlirAttribute attr);
/* Prints `type` into `buf` (cleared first) and returns the text. */
const char *tileTypeStr(TileStrBuf *buf, MlirType type);
/* Prints "'memref.store' at line 12, column 7" into `buf` (cleared first;
 * without the position when op's location has none) and returns it. */
const char *tileOpAt(TileStrBuf *buf, MlirOperation op);

/* Shape helpers for ranked memrefs. */
int64_t tileRank(MlirType shaped);
int64_t tileDim(MlirType shaped, int64_t i);
bool tileIsDynamicDim(MlirType shaped, int64_t i);
MlirType tileElementType(MlirType shaped);
/* Whether the memref type `memref` has the identity layout (none written,
 * or an identity map). */
bool tileHasIdentityLayout(MlirType memref);
/* The element type (of a shaped type; the type itself otherwise) of the
 * first result, then operand, of `op` for which `matches` holds, or a null
 * type; `what` (`size` bytes) then names the value: "result #i" or
 * "operand #i". */
MlirType tileFindElementType(MlirOperation op, bool (*matches)(MlirType),
                             char *what, size_t size);
/* The type of the first operand, then result, of `op` for which `matches`
 * holds, or a null type. */
MlirType tileFindValueType(MlirOperation op, bool (*matches)(MlirType));

/* The operands of variadic group `group` of an op with operandSegmentSizes:
 * sets *first and returns the count. */
intptr_t tileOperandGroup(MlirOperation op, int group, intptr_t *first);

/* Whether the index or integer `v` is a multiple of `m` by the way it is
 * computed (constants, products, sums, differences and scf.for induction
 * variables); false when that is not known. */
bool tileIsKnownMultiple(MlirValue v, int64_t m);

/* Whether `op` (a function, a global) has a body: a block in its first
 * region. */
bool tileOpHasBody(MlirOperation op);

/* The types of function `func`'s signature, declarations included (their
 * entry block's arguments where there is one): inputs, then results.
 * tileSignatureSize counts them (0 without a function type);
 * tileSignatureType returns the one at `index` and names it in `what`
 * ("argument #N" or "result #N"). */
intptr_t tileSignatureSize(MlirOperation func);
MlirType tileSignatureType(MlirOperation func, intptr_t index, char *what,
                           size_t size);

/* Whether `op` is an scf.forall mapped to #gpu.block ids (a kernel grid). */
bool tileIsKernelLoop(MlirOperation op);
/* The enclosing kernel loop of `op`, or a null operation. */
MlirOperation tileEnclosingKernel(MlirOperation op);
/* Whether `op` is a thread-parallel loop: an scf.forall that is not a
 * kernel, or an scf.parallel. */
bool tileIsThreadLoop(MlirOperation op);
/* The innermost thread-parallel loop between `op` and its kernel (or the
 * top when it has none), or a null operation. */
MlirOperation tileEnclosingThreadLoop(MlirOperation op);
/* The func.func that is `op` or holds it, or a null operation. */
MlirOperation tileEnclosingFunc(MlirOperation op);
/* Whether `op` calls a function: a func.call, or a func.call_indirect
 * (of a function value). */
bool tileOpIsCall(MlirOperation op);
/* The index of the first argument among the operands of call `call` (a
 * func.call_indirect's first operand is the function it calls). */
intptr_t tileCallFirstArg(MlirOperation call);
/* The symbol of the function `call` calls: a func.call's callee, or the
 * one named by the func.constant that gives a func.call_indirect its
 * function value; a null attribute when the value comes from anything
 * else (an argument, a choice between functions). */
MlirAttribute tileCalleeSymbol(MlirOperation call);
/* The function that call `call` calls (see tileCalleeSymbol), looked up
 * in the nearest builtin.module or gpu.module around it; a null operation
 * when the callee is not known or no symbol defined there. */
MlirOperation tileCalleeOf(MlirOperation call);
/* A copy of function `callee`, which `call` calls, to be inlined there:
 * the arguments of its entry block replaced by the call's (and erased),
 * every location as called from the call's. The caller moves its body
 * and destroys it. */
MlirOperation tileCloneCalleeFor(MlirOperation call, MlirOperation callee);
/* Whether `op` is `ancestor` or nested in it. */
bool tileOpIsInside(MlirOperation op, MlirOperation ancestor);
/* Whether `v` is defined in `ancestor`: by an op nested in it, or as an
 * argument of one of its blocks or of a block nested in it. */
bool tileValueIsInside(MlirValue v, MlirOperation ancestor);

/* Whether symbol op `op` is public: no sym_visibility, or "public" written
 * out (`func.func public @f`). */
bool tileIsPublicSymbol(MlirOperation op);
/* The op directly in the body of symbol table `table` (a module, a
 * gpu.module) whose sym_name is `name`, or null. */
MlirOperation tileSymbolNamed(MlirOperation table, MlirStringRef name);

/* Whether tile ops take elements of `type` (f16, bf16, f32, f64 and signless
 * i8, i16, i32, i64: what the runtimes and tile-run carry). */
bool tileIsSupportedElement(MlirType type);
/* Reports at `op` that its `what` ("source", "A", ...) has elements of an
 * unsupported `type` on `target` ("cpu", "cuda", ...); returns whether the
 * type is supported. */
bool tileCheckElement(MlirOperation op, MlirType type, const char *what,
                      const char *target);

/* A growable list of operations. */
typedef struct {
  MlirOperation *ops;
  size_t count, capacity;
} TileOpList;

/* Appends `op` (aborts when out of memory, see support/alloc.h). */
void tileOpListAppend(TileOpList *list, MlirOperation op);
/* Whether `list` holds `op`. */
bool tileOpListContains(const TileOpList *list, MlirOperation op);
/* Appends every op named `name` under `root`, in pre-order. */
void tileCollectOps(MlirOperation root, const char *name, TileOpList *list);
/* Appends every op named one of the `count` `names` under `root`, in
 * pre-order. */
void tileCollectOpsOf(MlirOperation root, const char *const *names,
                      size_t count, TileOpList *list);
/* The first op under `root` (itself included), in pre-order, named `name`,
 * or one of the `count` `names`; a null operation when there is none. */
MlirOperation tileFirstOp(MlirOperation root, const char *name);
MlirOperation tileFirstOpOf(MlirOperation root, const char *const *names,
                            size_t count);
void tileOpListFree(TileOpList *list);

/* Moves the body of the single-block loop `loop` (minus its terminator)
 * before `dest`, with the block arguments (induction variables) replaced by
 * `ivs`. */
void tileInlineLoopBody(MlirOperation loop, MlirOperation dest,
                        const MlirValue *ivs);

/* Whether the scf.forall or scf.parallel `loop` has at most `most`
 * induction variables (the lowerings hold them in arrays of TILE_MAX_RANK);
 * otherwise reports it at the loop, for passes run without tile-verify. */
bool tileLoopRankFits(MlirOperation loop, intptr_t most);
/* The number of induction variables of an scf.forall or scf.parallel. */
intptr_t tileLoopRank(MlirOperation loop);

/* The threads per block that `kernel` states: its tile.threads when that is
 * an integer of at least 1, otherwise 0. */
int64_t tileKernelThreads(MlirOperation kernel);

/* What is wrong with `kernel`'s thread count, in tile-verify's words (the
 * rule is [1, 1024]; `most` is the bound this caller enforces), or NULL. */
const char *tileKernelThreadsProblem(MlirOperation kernel, int64_t most);

/* Calls `fn` on every kernel loop under `root` (kernels do not nest),
 * collected first so that `fn` may rewrite them; returns the sum of what
 * `fn` returned (error counts, by convention). A kernel that states no
 * thread count (tileKernelThreads is 0) is reported at the loop in
 * tile-verify's words and counted as one error instead: every pass that
 * walks kernels may run without tile-verify before it. */
unsigned tileForEachKernel(MlirOperation root,
                           unsigned (*fn)(MlirOperation kernel, void *userData),
                           void *userData);

/* Reads a bool attribute (absent: `fallback`); false if it is not a bool. */
bool tileGetBoolAttr(MlirOperation op, const char *name, bool fallback,
                     bool *ok);

/* Whether `v` is an arith.constant of an integer or index type; its value
 * in *value. */
bool tileConstantInt(MlirValue v, int64_t *value);

/* A vector.transfer_read (memref, indices, padding, [mask]) or
 * transfer_write (value, memref, indices, [mask]) of a memref. */
typedef struct {
  bool read;
  intptr_t memrefAt; /* the memref's operand; its indices follow it */
  MlirValue memref;
  intptr_t rank;     /* the memref's */
  MlirValue padding; /* transfer_read */
  MlirValue value;   /* transfer_write: the vector written */
  MlirValue mask;    /* null when none */
  MlirType vector;
} TileTransfer;

/* Fills `t` for a transfer of a memref whose operands fit that layout;
 * false for any other op. */
bool tileTransferOf(MlirOperation op, TileTransfer *t);
/* Whether op's in_bounds is true on every dimension (false without one). */
bool tileTransferInBounds(MlirOperation op);

/* The value of integer attribute `name` of `op` (enums such as arith's
 * roundingmode), or `fallback` when it is absent or no integer. */
int64_t tileGetIntAttr(MlirOperation op, const char *name, int64_t fallback);

/* The name of the kind of a memref.atomic_rmw ("addf", "muli", ...: its
 * arith::AtomicRMWKind), or NULL for any other op. */
const char *tileAtomicKindName(MlirOperation op);

/* Whether `op` computes with the values it takes or makes: an arith, math
 * or complex op other than a move, a constant or a bitcast, or a vector op
 * that computes (contract, fma, reductions, outer products, scans). */
bool tileOpComputes(MlirOperation op);

#endif
