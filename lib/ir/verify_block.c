/* The rule that what a kernel's block runs together is reached by every
 * thread of the block, with the same operands.
 *
 * Tile ops on shared, fragment or global memory, and thread-parallel loops
 * that spread their iterations over the threads, are statements of the
 * whole block: each thread does its share, and the lowering places
 * barriers between them. Under an scf.if on the thread id, only some
 * threads would do their share (a fill by thread 0 fills one element in
 * 128) and a barrier inside would wait for threads that never come; with a
 * window offset that differs between threads, each thread would copy part
 * of a different window. Both compiled without a word before.
 *
 * A value differs between threads when it comes from a thread's position
 * (gpu.thread_id, lane_id, subgroup_id, global_id, the NVVM and ROCDL
 * special registers), a shuffle, the old value an atomic update returns,
 * or a thread's own memory written with such values or under control flow
 * that decides on them; and so does everything computed from it. This
 * leans the other way from tile-gpu-barriers' uniformity, which counts
 * every load as varying so as to place barriers safely: here a value
 * varies only when it provably comes from one of these, so that no kernel
 * that may be right is refused. */
#include "ir/verify.h"

#include "ir/accesses.h"
#include "ir/ir.h"
#include "support/alloc.h"
#include "support/count.h"
#include "support/strbuf.h"
#include "tile/dialect.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*===--- the varying values -----------------------------------------------===*/

/* The values known to vary, each with the op it comes from (a hash set of
 * value pointers, open addressing). */
typedef struct {
  const void *key;
  MlirOperation source;
} Entry;

typedef struct {
  Entry *slots;
  size_t capacity, count;
  bool changed;
} Varying;

static size_t slotOf(const Varying *s, const void *key) {
  uintptr_t h = (uintptr_t)key;
  h ^= h >> 17;
  h *= (uintptr_t)0x9E3779B97F4A7C15ull;
  size_t i = (size_t)(h ^ (h >> 29)) & (s->capacity - 1);
  while (s->slots[i].key && s->slots[i].key != key)
    i = (i + 1) & (s->capacity - 1);
  return i;
}

static MlirOperation sourceOf(const Varying *s, MlirValue v) {
  if (!s->count)
    return (MlirOperation){NULL};
  return s->slots[slotOf(s, v.ptr)].source;
}

static void grow(Varying *s) {
  size_t capacity = s->capacity ? s->capacity * 2 : 256;
  Varying bigger = {tileCallocArray(capacity, sizeof(Entry)), capacity, 0,
                    false};
  for (size_t i = 0; i < s->capacity; ++i)
    if (s->slots[i].key) {
      bigger.slots[slotOf(&bigger, s->slots[i].key)] = s->slots[i];
      ++bigger.count;
    }
  free(s->slots);
  s->slots = bigger.slots;
  s->capacity = capacity;
}

static void mark(Varying *s, MlirValue v, MlirOperation source) {
  if (mlirOperationIsNull(source) || !mlirOperationIsNull(sourceOf(s, v)))
    return;
  if (2 * (s->count + 1) > s->capacity)
    grow(s);
  Entry *e = &s->slots[slotOf(s, v.ptr)];
  e->key = v.ptr;
  e->source = source;
  ++s->count;
  s->changed = true;
}

/* The source of the first varying operand of `count` from `first` of
 * `op` (which may be null: a block without a terminator), or a null op. */
static MlirOperation varyingOperand(const Varying *s, MlirOperation op,
                                    intptr_t first, intptr_t count) {
  if (mlirOperationIsNull(op))
    return op;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = first; i < first + count && i < n; ++i) {
    MlirOperation source = sourceOf(s, mlirOperationGetOperand(op, i));
    if (!mlirOperationIsNull(source))
      return source;
  }
  return (MlirOperation){NULL};
}

static MlirOperation anyVaryingOperand(const Varying *s, MlirOperation op) {
  return varyingOperand(s, op, 0, mlirOperationGetNumOperands(op));
}

static const char *const positions[] = {
    "gpu.thread_id",     "gpu.lane_id",
    "gpu.subgroup_id",   "gpu.global_id",
    "gpu.shuffle",       "gpu.rotate",
    "memref.atomic_rmw", "memref.generic_atomic_rmw"};

static const char *const positionPrefixes[] = {
    "nvvm.read.ptx.sreg.tid.",   "nvvm.read.ptx.sreg.laneid",
    "nvvm.read.ptx.sreg.warpid", "nvvm.shfl.",
    "rocdl.workitem.id.",        "rocdl.mbcnt.",
    "rocdl.ds_swizzle",          "rocdl.ds_bpermute"};

/* Whether the results of `op` differ between threads whatever its
 * operands. */
static bool isSource(MlirOperation op) {
  if (tileOpIsAny(op, positions, TILE_COUNT(positions)))
    return true;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  for (size_t i = 0; i < TILE_COUNT(positionPrefixes); ++i) {
    size_t n = strlen(positionPrefixes[i]);
    if (name.length >= n && memcmp(name.data, positionPrefixes[i], n) == 0)
      return true;
  }
  return false;
}

/*===--- what the block runs together -------------------------------------===*/

static TileScope scopeOf(MlirOperation op, intptr_t i) {
  return tileMemRefTypeGetScope(
      mlirValueGetType(mlirOperationGetOperand(op, i)));
}

/* Whether the lowering spreads tile op `op` over the block's threads (as
 * lib/gpu does: fragments live in every thread's registers, shared and
 * global tiles are moved cooperatively), rather than running all of it on
 * every thread (local tiles, and copies between a local tile and shared
 * or global memory). */
static bool runsOnWholeBlock(MlirOperation op) {
  if (tileOpIs(op, "tile.alloc") || mlirOperationGetNumOperands(op) < 1)
    return false;
  TileScope first = scopeOf(op, 0);
  if (tileOpIs(op, "tile.fill"))
    return first != TileScopeLocal;
  if (tileOpIs(op, "tile.atomic_add"))
    return first != TileScopeLocal;
  if (mlirOperationGetNumOperands(op) < 2)
    return true;
  TileScope second = scopeOf(op, 1);
  if (tileOpIs(op, "tile.copy"))
    return first == TileScopeFragment || second == TileScopeFragment ||
           (first != TileScopeLocal && second != TileScopeLocal);
  if (tileOpIs(op, "tile.reduce"))
    return first == TileScopeFragment || second != TileScopeLocal;
  if (tileOpIs(op, "tile.gemm") && mlirOperationGetNumOperands(op) >= 3)
    return first == TileScopeFragment || second == TileScopeFragment ||
           scopeOf(op, 2) == TileScopeFragment;
  return true;
}

/* The operand a tile op writes (its destination), or -1. */
static intptr_t destinationOf(MlirOperation op) {
  if (tileOpIs(op, "tile.fill"))
    return 0;
  if (tileOpIs(op, "tile.gemm"))
    return 2;
  if (tileOpIs(op, "tile.copy") || tileOpIs(op, "tile.reduce") ||
      tileOpIs(op, "tile.atomic_add"))
    return 1;
  return -1;
}

/*===--- the walk ---------------------------------------------------------===*/

/* The functions that calls in the kernel reach, each with the source of
 * a value it returns that differs between threads when every thread
 * passes it the same arguments (or a null op), shared by the analyses of
 * the kernel and of those functions. */
typedef struct {
  TileOpList funcs, returned;
} Callees;

typedef struct {
  Varying varying;
  bool report;
  unsigned errors;
  TileStrBuf at0, at1, at2;
  Callees *callees;
  int depth;          /* calls between the kernel and the function analysed */
  MlirOperation root; /* what the pass runs on: only functions inside it are
                         looked into */
} Analysis;

/* Where control flow stands: `decider` is the innermost op whose regions
 * some threads may run and others not, `source` what its choice comes
 * from; both null where every thread runs alike. */
typedef struct {
  MlirOperation decider, source;
  MlirOperation loop; /* the thread-parallel loop whose body holds it */
} Control;

static void visitOp(Analysis *a, MlirOperation op, Control control);

static void visitRegion(Analysis *a, MlirRegion region, Control control) {
  for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b))
    for (MlirOperation op = mlirBlockGetFirstOperation(b);
         !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
      visitOp(a, op, control);
}

/* The source of a branch in a region of several blocks that decides on a
 * varying value (cf.cond_br, cf.switch), or a null op. */
static MlirOperation varyingBranch(const Varying *s, MlirRegion region) {
  MlirBlock first = mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(first) ||
      mlirBlockIsNull(mlirBlockGetNextInRegion(first)))
    return (MlirOperation){NULL};
  for (MlirBlock b = first; !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b)) {
    MlirOperation t = mlirBlockGetTerminator(b);
    if (!mlirOperationIsNull(t) && mlirOperationGetNumSuccessors(t) > 1) {
      MlirOperation source = anyVaryingOperand(s, t);
      if (!mlirOperationIsNull(source))
        return source;
    }
  }
  return (MlirOperation){NULL};
}

/* The results of region op `op` vary: all of them when `decided` (the
 * source of a choice that differs between threads) is not null, and each
 * one that a terminator without successors gives a varying value (result
 * `i` is operand `i` of a yield, `i + 1` of an scf.condition). */
static void markResults(Analysis *a, MlirOperation op, MlirOperation decided) {
  intptr_t results = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < results; ++i)
    mark(&a->varying, mlirOperationGetResult(op, i), decided);
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
      MlirOperation t = mlirBlockGetTerminator(b);
      if (mlirOperationIsNull(t) || mlirOperationGetNumSuccessors(t) ||
          (tileOpIs(op, "scf.while") && r == 1))
        continue;
      intptr_t shift = tileOpIs(t, "scf.condition") ? 1 : 0;
      for (intptr_t i = 0; i < results; ++i)
        mark(&a->varying, mlirOperationGetResult(op, i),
             varyingOperand(&a->varying, t, i + shift, 1));
    }
}

/* Loop-carried values: argument `first + i` of `block` varies with operand
 * `init + i` of `op` and operand `from + i` of `yield`. */
static void markCarried(Analysis *a, MlirOperation op, MlirBlock block,
                        intptr_t first, intptr_t init, MlirOperation yield,
                        intptr_t from) {
  intptr_t n = mlirBlockGetNumArguments(block) - first;
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue arg = mlirBlockGetArgument(block, first + i);
    mark(&a->varying, arg, varyingOperand(&a->varying, op, init + i, 1));
    if (!mlirOperationIsNull(yield))
      mark(&a->varying, arg, varyingOperand(&a->varying, yield, from + i, 1));
  }
}

static MlirOperation terminatorOf(MlirOperation op, intptr_t region) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
  return mlirBlockIsNull(b) ? (MlirOperation){NULL} : mlirBlockGetTerminator(b);
}

static MlirBlock bodyOf(MlirOperation op, intptr_t region) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
}

/* The region ops: which of their operands decide how their regions run,
 * and how values flow into their blocks and out as their results. */
static void visitRegions(Analysis *a, MlirOperation op, Control control) {
  Varying *s = &a->varying;
  if (tileIsThreadLoop(op)) {
    /* One logical iteration per element, however the threads share
     * them: its induction variables are the same on every thread that
     * runs an iteration. */
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
      visitRegion(a, mlirOperationGetRegion(op, r), control);
    return;
  }
  bool forLoop = tileOpIs(op, "scf.for"),
       affineFor = tileOpIs(op, "affine.for");
  bool whileLoop = tileOpIs(op, "scf.while");
  intptr_t operands = mlirOperationGetNumOperands(op);
  intptr_t carried = mlirOperationGetNumResults(op);
  MlirOperation decided;
  if (forLoop)
    decided = varyingOperand(s, op, 0, 3);
  else if (affineFor)
    decided = varyingOperand(s, op, 0, operands - carried);
  else if (whileLoop)
    decided = varyingOperand(s, terminatorOf(op, 0), 0, 1);
  else
    decided = anyVaryingOperand(s, op);
  for (intptr_t r = 0;
       mlirOperationIsNull(decided) && r < mlirOperationGetNumRegions(op); ++r)
    decided = varyingBranch(s, mlirOperationGetRegion(op, r));

  if (forLoop || affineFor) {
    MlirBlock body = bodyOf(op, 0);
    if (!mlirBlockIsNull(body) && mlirBlockGetNumArguments(body) > 0) {
      mark(s, mlirBlockGetArgument(body, 0), decided);
      markCarried(a, op, body, 1, forLoop ? 3 : operands - carried,
                  mlirBlockGetTerminator(body), 0);
    }
  } else if (whileLoop) {
    MlirBlock before = bodyOf(op, 0), after = bodyOf(op, 1);
    if (!mlirBlockIsNull(before))
      markCarried(a, op, before, 0, 0,
                  mlirBlockIsNull(after) ? (MlirOperation){NULL}
                                         : mlirBlockGetTerminator(after),
                  0);
    if (!mlirBlockIsNull(after) && !mlirBlockIsNull(before))
      markCarried(a, mlirBlockGetTerminator(before), after, 0, 1,
                  (MlirOperation){NULL}, 0);
  }
  if (!mlirOperationIsNull(decided))
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
      for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
           !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
        for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i)
          mark(s, mlirBlockGetArgument(b, i), decided);

  Control inner = control;
  if (!mlirOperationIsNull(decided))
    inner = (Control){op, decided, control.loop};
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    visitRegion(a, mlirOperationGetRegion(op, r), inner);
  markResults(a, op, decided);
}

static bool hasRoot(MlirValue buffer, const void *data) {
  return mlirValueEqual(tileViewRoot(buffer), *(const MlirValue *)data);
}

/* A write into a thread's own memory (a local tile, a memref.alloca)
 * with varying values, or under control flow that decides on them, makes
 * what that memory holds vary. */
static void markPrivateWrites(Analysis *a, MlirOperation op, Control control) {
  MlirOperation source = control.source;
  if (mlirOperationIsNull(source))
    source = anyVaryingOperand(&a->varying, op);
  if (mlirOperationIsNull(source))
    return;
  intptr_t only = tileOpIsTile(op) ? destinationOf(op) : -1;
  if (tileOpIsTile(op) && only < 0)
    return;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue buffer = mlirOperationGetOperand(op, i);
    if ((only >= 0 && i != only) ||
        !mlirTypeIsAMemRef(mlirValueGetType(buffer)))
      continue;
    MlirValue root = tileViewRoot(buffer);
    if (!tileIsThreadPrivate(root))
      continue;
    if (only >= 0 || tileOpMayWrite(op, hasRoot, &root))
      mark(&a->varying, root, source);
  }
}

/* The source of the operands that the results of `op`, an op without
 * regions, are computed from; a query of a buffer's sizes or address
 * (memref.dim, ...) does not depend on what the buffer holds. */
static MlirOperation computedFrom(const Varying *s, MlirOperation op) {
  bool query =
      tileTakesBufferOnly(op) &&
      (mlirOperationGetNumResults(op) == 0 ||
       !mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetResult(op, 0))));
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (query && mlirTypeIsAMemRef(mlirValueGetType(v)))
      continue;
    MlirOperation source = sourceOf(s, v);
    if (!mlirOperationIsNull(source))
      return source;
  }
  return (MlirOperation){NULL};
}

static const char *const wholeBlockOp =
    "a tile op on shared, fragment or global memory runs on the whole "
    "block together";
static const char *const wholeBlockLoop =
    "a thread-parallel loop shares its iterations among all of the "
    "block's threads";

/* Reports that `op` is reached by only some of the block's threads, where
 * `control` decides on the thread; `why` says what that breaks. */
static void failUnderChoice(Analysis *a, MlirOperation op, Control control,
                            const char *why) {
  tileEmitOpError(op,
                  "is reached by only some of the block's threads: the "
                  "choice of the %s depends on the thread (it comes from "
                  "the %s); %s",
                  tileOpAt(&a->at0, control.decider),
                  tileOpAt(&a->at1, control.source), why);
  ++a->errors;
}

static void check(Analysis *a, MlirOperation op, Control control) {
  bool tile = tileOpIsTile(op);
  if (tile ? !runsOnWholeBlock(op)
           : !tileIsThreadLoop(op) ||
                 !mlirOperationIsNull(tileFirstPrivateWrite(op)))
    return;
  const char *what = tile ? wholeBlockOp : wholeBlockLoop;
  if (!mlirOperationIsNull(control.decider)) {
    tileStrBufClear(&a->at2);
    tileStrBufPrintf(&a->at2, "%s (%s)", what,
                     tile ? "decide inside a thread-parallel loop, or work "
                            "on a local tile"
                          : "decide inside the loop");
    failUnderChoice(a, op, control, a->at2.data);
    return;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirOperation source =
        sourceOf(&a->varying, mlirOperationGetOperand(op, i));
    if (mlirOperationIsNull(source))
      continue;
    tileEmitOpError(op,
                    "operand #%d differs between the block's threads (it "
                    "comes from the %s): %s, with the same operands on "
                    "every thread",
                    (int)i, tileOpAt(&a->at0, source), what);
    ++a->errors;
    return;
  }
}

static bool isBarrier(MlirOperation op) { return tileOpIs(op, "gpu.barrier"); }

/* A thread-parallel loop outside kernels (a function that holds a kernel
 * is reported where the kernel is launched). */
static bool isParallelLoop(MlirOperation op) {
  return tileIsThreadLoop(op) && mlirOperationIsNull(tileEnclosingKernel(op));
}

/* A call of a function value that no func.constant gives: what it
 * reaches is not known. */
static bool isUnknownCall(MlirOperation op) {
  return tileOpIs(op, "func.call_indirect") &&
         mlirAttributeIsNull(tileCalleeSymbol(op));
}

enum { MaxCallDepth = 16 };

/* What a call reaches, in the function it calls or in one that calls (at
 * most MaxCallDepth calls deeper): the first barrier, thread-parallel
 * loop and call of an unknown function value, in the order a walk of the
 * functions meets them (null ops where there is none). */
typedef struct {
  MlirOperation barrier, loop, unknown;
} Reached;

/* A walk of one function: what it records into, the functions already
 * looked into, what the pass runs on, and how many calls deeper it may
 * go. */
typedef struct {
  Reached *found;
  TileOpList *seen;
  MlirOperation root;
  int depth;
} CalleeSearch;

static void searchCallee(MlirOperation call, CalleeSearch search);

static bool foundAll(const Reached *r) {
  return !mlirOperationIsNull(r->barrier) && !mlirOperationIsNull(r->loop) &&
         !mlirOperationIsNull(r->unknown);
}

static void keepFirst(MlirOperation *slot, MlirOperation op) {
  if (mlirOperationIsNull(*slot))
    *slot = op;
}

static MlirWalkResult findReached(MlirOperation op, void *userData) {
  CalleeSearch *search = userData;
  Reached *r = search->found;
  if (isBarrier(op))
    keepFirst(&r->barrier, op);
  else if (isParallelLoop(op))
    keepFirst(&r->loop, op);
  else if (isUnknownCall(op))
    keepFirst(&r->unknown, op);
  else if (tileOpIsCall(op) && search->depth > 0) {
    CalleeSearch deeper = *search;
    --deeper.depth;
    searchCallee(op, deeper);
  }
  return foundAll(r) ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

/* Functions outside `root` are not looked into: a pass on one function
 * may not read others, which other threads may be changing. */
static void searchCallee(MlirOperation call, CalleeSearch search) {
  MlirOperation func = tileCalleeOf(call);
  if (mlirOperationIsNull(func) || !tileOpIsInside(func, search.root) ||
      tileOpListContains(search.seen, func))
    return;
  tileOpListAppend(search.seen, func);
  mlirOperationWalk(func, findReached, &search, MlirWalkPreOrder);
}

static Reached reachedBy(const Analysis *a, MlirOperation call) {
  Reached r = {{NULL}, {NULL}, {NULL}};
  TileOpList seen = {0};
  searchCallee(call, (CalleeSearch){&r, &seen, a->root, MaxCallDepth});
  tileOpListFree(&seen);
  return r;
}

/* A barrier waits for every thread of the block: one that only some
 * reach, or that a thread-parallel loop's threads reach as many times as
 * they have iterations (which differs when the threads do not divide the
 * iterations), waits for ever; so does a call of a function that reaches
 * one (`barrier`: the barrier `op` is, or the one the call `op` reaches). A
 * loop that writes a thread's own buffer runs every iteration on every
 * thread, so a barrier in it is reached alike. */
static void checkBarrier(Analysis *a, MlirOperation op, MlirOperation barrier,
                         Control control) {
  bool loop = !mlirOperationIsNull(control.loop) &&
              mlirOperationIsNull(tileFirstPrivateWrite(control.loop));
  if (mlirOperationIsNull(barrier) ||
      (!loop && mlirOperationIsNull(control.decider)))
    return;
  /* What waits: the barrier itself, or the function called. */
  tileStrBufClear(&a->at2);
  if (mlirOperationEqual(barrier, op))
    tileStrBufPrintf(&a->at2, "a barrier");
  else
    tileStrBufPrintf(&a->at2, "the %s, which the call reaches,",
                     tileOpAt(&a->at0, barrier));
  tileStrBufPrintf(&a->at2, " waits for every thread of the block");
  if (!loop) {
    failUnderChoice(a, op, control, a->at2.data);
    return;
  }
  tileEmitOpError(op,
                  "is inside the thread-parallel loop %s, which shares its "
                  "iterations among the block's threads, and %s: a thread "
                  "would wait once per iteration it runs (place the barrier "
                  "before or after the loop)",
                  tileOpAt(&a->at1, control.loop), a->at2.data);
  ++a->errors;
}

/* A thread-parallel loop shares its iterations among the threads of the
 * kernel that holds it; in a function a kernel calls (`loop`, which the
 * call reaches), the targets gave it different meanings (cuda ran it whole
 * on every thread that called it, the cpu once per block, vulkan did not
 * lower it). */
static void checkCalledLoop(Analysis *a, MlirOperation call,
                            MlirOperation loop) {
  if (mlirOperationIsNull(loop))
    return;
  tileEmitOpError(call,
                  "reaches the %s, a parallel loop in a function the kernel "
                  "calls: a thread-parallel loop belongs in the kernel, "
                  "whose threads share its iterations (write it there, or "
                  "make it an scf.for, which each calling thread runs "
                  "whole)",
                  tileOpAt(&a->at0, loop));
  ++a->errors;
}

/* A call in a kernel, or in a function a kernel calls (`unknown`, which
 * the call reaches), of a function value that no func.constant gives:
 * what it reaches (barriers, thread-parallel loops, atomic updates,
 * values that differ between threads) cannot be checked, nor inlined
 * where a target inlines what kernels call. */
static void checkUnknownCall(Analysis *a, MlirOperation call,
                             MlirOperation unknown) {
  static const char *const fix =
      "kernels call functions by name (func.call) or through the "
      "func.constant that names them, so that what they reach is known";
  if (isUnknownCall(call))
    tileEmitOpError(
        call, "calls a function value that no func.constant gives: %s", fix);
  else if (!mlirOperationIsNull(unknown))
    tileEmitOpError(call,
                    "reaches the %s, which calls a function value that no "
                    "func.constant gives: %s",
                    tileOpAt(&a->at0, unknown), fix);
  else
    return;
  ++a->errors;
}

static MlirOperation varyingReturn(Analysis *a, MlirOperation call);

static void visitOp(Analysis *a, MlirOperation op, Control control) {
  Varying *s = &a->varying;
  intptr_t results = mlirOperationGetNumResults(op);
  /* A reduction over the whole block gives every thread the same value,
   * whatever each thread put in. */
  if (tileOpIs(op, "gpu.all_reduce"))
    return;
  if (isSource(op)) {
    for (intptr_t i = 0; i < results; ++i)
      mark(s, mlirOperationGetResult(op, i), op);
  } else if (!mlirOperationGetNumRegions(op)) {
    MlirOperation source = computedFrom(s, op);
    if (mlirOperationIsNull(source) && results > 0 && tileOpIsCall(op))
      source = varyingReturn(a, op);
    for (intptr_t i = 0; i < results; ++i)
      mark(s, mlirOperationGetResult(op, i), source);
  }
  markPrivateWrites(a, op, control);
  if (a->report && tileOpIsCall(op)) {
    Reached reached = reachedBy(a, op);
    checkUnknownCall(a, op, reached.unknown);
    checkCalledLoop(a, op, reached.loop);
    checkBarrier(a, op, reached.barrier, control);
  } else if (a->report && tileOpIs(op, "gpu.barrier")) {
    checkBarrier(a, op, op, control);
  } else if (a->report && mlirOperationIsNull(control.loop))
    check(a, op, control);
  if (!mlirOperationGetNumRegions(op))
    return;
  if (tileIsThreadLoop(op) && mlirOperationIsNull(control.loop))
    control.loop = op;
  visitRegions(a, op, control);
}

/* Whether the kernel holds what the rule needs to look at: values that
 * vary, barriers, or calls (of functions that may reach one). */
static MlirWalkResult findSource(MlirOperation op, void *userData) {
  if (!isSource(op) && !tileOpIs(op, "gpu.barrier") && !tileOpIsCall(op))
    return MlirWalkResultAdvance;
  *(bool *)userData = true;
  return MlirWalkResultInterrupt;
}

/* Enough rounds for values carried around nested loops; more would only
 * come from pathological chains, which then go unreported. */
enum { MaxRounds = 64 };

/* Visits `body` until what varies no longer changes. */
static void settle(Analysis *a, MlirRegion body) {
  int rounds = 0;
  do {
    a->varying.changed = false;
    visitRegion(a, body, (Control){{NULL}, {NULL}, {NULL}});
  } while (a->varying.changed && ++rounds < MaxRounds);
}

static void freeAnalysis(Analysis *a) {
  free(a->varying.slots);
  tileStrBufFree(&a->at0);
  tileStrBufFree(&a->at1);
  tileStrBufFree(&a->at2);
}

/* The source of a value that the function `call` calls returns and that
 * differs between threads although every thread passes the same
 * arguments (a call with varying arguments is varying already), or a
 * null op: its body analysed as a kernel's, once per function; a function
 * that reaches itself, or is more than MaxCallDepth calls deep, counts as
 * returning the same value on every thread. */
static MlirOperation varyingReturn(Analysis *a, MlirOperation call) {
  MlirOperation func = tileCalleeOf(call);
  if (mlirOperationIsNull(func) || !tileOpHasBody(func) ||
      !tileOpIsInside(func, a->root) || a->depth >= MaxCallDepth)
    return (MlirOperation){NULL};
  Callees *callees = a->callees;
  for (size_t i = 0; i < callees->funcs.count; ++i)
    if (mlirOperationEqual(callees->funcs.ops[i], func))
      return callees->returned.ops[i];
  size_t at = callees->funcs.count;
  tileOpListAppend(&callees->funcs, func);
  tileOpListAppend(&callees->returned, (MlirOperation){NULL});

  Analysis sub;
  memset(&sub, 0, sizeof(sub));
  sub.callees = callees;
  sub.depth = a->depth + 1;
  sub.root = a->root;
  MlirRegion body = mlirOperationGetRegion(func, 0);
  settle(&sub, body);
  /* Threads that branch apart on a varying value may return different
   * values, whatever each returns. */
  MlirOperation source = varyingBranch(&sub.varying, body);
  for (MlirBlock b = mlirRegionGetFirstBlock(body);
       mlirOperationIsNull(source) && !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b)) {
    MlirOperation ret = mlirBlockGetTerminator(b);
    if (!mlirOperationIsNull(ret) && tileOpIs(ret, "func.return"))
      source = anyVaryingOperand(&sub.varying, ret);
  }
  freeAnalysis(&sub);
  callees->returned.ops[at] = source;
  return source;
}

unsigned tileVerifyWholeBlock(MlirOperation kernel, MlirOperation root) {
  bool any = false;
  mlirOperationWalk(kernel, findSource, &any, MlirWalkPreOrder);
  if (!any)
    return 0;
  Callees callees = {{0}, {0}};
  Analysis a;
  memset(&a, 0, sizeof(a));
  a.callees = &callees;
  a.root = root;
  MlirRegion body = mlirOperationGetRegion(kernel, 0);
  settle(&a, body);
  a.report = true;
  visitRegion(&a, body, (Control){{NULL}, {NULL}, {NULL}});
  unsigned errors = a.errors;
  freeAnalysis(&a);
  tileOpListFree(&callees.funcs);
  tileOpListFree(&callees.returned);
  return errors;
}
