/* tile-gpu-layout: chooses each kernel's thread grid, the layout of every
 * fragment and the distribution of every thread-parallel loop (see
 * layout.h), and checks that every fragment access is made by a thread
 * that holds the element. */
#include "gpu/layout.h"

#include "gpu/fail.h"
#include "ir/accesses.h"
#include "ir/builder.h"
#include "ir/builder_gpu.h"
#include "ir/ir.h"
#include "ir/verify.h"
#include "passes/pass.h"
#include "tile/dialect.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirOperation alloc;
  MlirValue value;
  int rank;
  int64_t shape[2];
  int parent;                /* union-find over rank-1 fragments */
  TileGpuLayout want;        /* rows or cols, once something asked for it */
  MlirOperation asker;       /* the op that asked, for diagnostics */
  TileGpuLayout classLayout; /* on the root of a rank-1 class */
  TileGpuLayout layout;
} Fragment;

/* The working state of one kernel; it lives on the stack of the pass run
 * (MLIR lays out several functions at once). */
typedef struct {
  MlirOperation kernel;
  int64_t threads, tr, tc;
  TileOpList fragAllocs; /* fragment tile.allocs (of rank <= 2) */
  Fragment *frags;       /* one per entry of fragAllocs */
  unsigned numFrags;
  TileOpList loops;        /* thread-parallel loops */
  bool needRows, needCols; /* a fragment gemm operand wants whole rows/cols */
  int main;                /* the fragment the grid is shaped for, or -1 */
  int64_t subgroup;        /* tile.subgroup_size, or 0 */
  unsigned rowReduces;     /* row reductions of grid fragments */
  unsigned errors;
  /* While probing (tileGpuFragmentsToShare), nothing is reported: each
   * fragment a failure is about is marked to be kept in shared memory. */
  bool probing;
  bool *hold;
} Kernel;

/* Whether a fragment can live in shared memory instead: every use takes a
 * shared tile as it takes the fragment (tile ops, element loads and stores)
 * and none is a gemm accumulator, which shared memory cannot be. */
static bool sharable(MlirValue fragment) {
  for (MlirOpOperand use = mlirValueGetFirstUse(fragment);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (!tileGpuSharedTakesUse(use) ||
        (tileOpIs(mlirOpOperandGetOwner(use), "tile.gemm") &&
         mlirOpOperandGetOperandNumber(use) == 2))
      return false;
  return true;
}

/* While probing: marks fragment `frag` to be kept in shared memory, where a
 * shared tile can stand for it. */
static void hold(Kernel *k, int frag) {
  if (frag >= 0 && sharable(k->frags[frag].value))
    k->hold[frag] = true;
}

/* A failure of fragment `frag` (or of none: -1) at `op`: reported, or while
 * probing, the fragment is marked to be kept in shared memory where it can
 * be, and nothing is reported (the layout run after reports what is left). */
static void fail(Kernel *k, int frag, MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void fail(Kernel *k, int frag, MlirOperation op, const char *fmt, ...) {
  if (k->probing) {
    hold(k, frag);
    return;
  }
  va_list args;
  va_start(args, fmt);
  tileGpuFailV(&k->errors, op, fmt, args);
  va_end(args);
}

static bool isFragment(MlirValue v) {
  return tileMemRefTypeGetScope(mlirValueGetType(v)) == TileScopeFragment;
}

static int fragmentIndex(Kernel *k, MlirValue v) {
  for (unsigned i = 0; i < k->numFrags; ++i)
    if (mlirValueEqual(k->frags[i].value, v))
      return (int)i;
  return -1;
}

/*===--- collection -------------------------------------------------------===*/

/* The operand position of the memref of a memref.load/store, or -1. */
static int accessedMemRef(MlirOperation op) {
  if (tileOpIs(op, "memref.load"))
    return 0;
  if (tileOpIs(op, "memref.store"))
    return 1;
  return -1;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Kernel *k = userData;
  if (tileOpIs(op, "tile.alloc") && isFragment(mlirOperationGetResult(op, 0))) {
    tileOpListAppend(&k->fragAllocs, op);
  }
  if (tileGpuIsParallelLoop(op))
    tileOpListAppend(&k->loops, op);
  return MlirWalkResultAdvance;
}

/* A record for every collected fragment allocation. */
static void makeFragments(Kernel *k) {
  k->numFrags = (unsigned)k->fragAllocs.count;
  k->frags = tileCallocArray(k->numFrags, sizeof(Fragment));
  for (unsigned i = 0; i < k->numFrags; ++i) {
    Fragment *f = &k->frags[i];
    f->alloc = k->fragAllocs.ops[i];
    f->value = mlirOperationGetResult(f->alloc, 0);
    MlirType type = mlirValueGetType(f->value);
    f->rank = (int)tileRank(type);
    for (int d = 0; d < f->rank; ++d)
      f->shape[d] = tileDim(type, d);
    f->parent = (int)i;
    f->want = TileGpuNone;
  }
  if (k->probing)
    k->hold = tileCallocArray(k->numFrags ? k->numFrags : 1, sizeof(bool));
}

/* A thread-parallel loop directly or indirectly inside another one. */
static void checkNesting(Kernel *k) {
  for (size_t i = 0; i < k->loops.count; ++i)
    for (MlirOperation p = mlirOperationGetParentOperation(k->loops.ops[i]);
         !mlirOperationEqual(p, k->kernel);
         p = mlirOperationGetParentOperation(p))
      if (tileGpuIsParallelLoop(p)) {
        fail(k, -1, k->loops.ops[i],
             "is a thread-parallel loop nested in another one, which the GPU "
             "lowering does not distribute");
        break;
      }
}

/*===--- rows/cols classes of rank-1 fragments ----------------------------===*/

static int find(Kernel *k, int i) {
  while (k->frags[i].parent != i)
    i = k->frags[i].parent = k->frags[k->frags[i].parent].parent;
  return i;
}

static void unite(Kernel *k, int a, int b) {
  if (a >= 0 && b >= 0 && k->frags[a].rank == 1 && k->frags[b].rank == 1)
    k->frags[find(k, a)].parent = find(k, b);
}

static const char *byWhat(TileGpuLayout layout) {
  return layout == TileGpuRows ? "by rows" : "by columns";
}

static void conflict(Kernel *k, int frag, MlirOperation asker,
                     TileGpuLayout layout, MlirOperation other,
                     TileGpuLayout otherLayout) {
  fail(k, frag, asker,
       "needs a rank-1 fragment laid out %s, but another use needs it (or a "
       "fragment copied to or from it) laid out %s",
       byWhat(layout), byWhat(otherLayout));
  if (!k->probing)
    tileEmitOpError(other, "is the use that needs it laid out %s",
                    byWhat(otherLayout));
}

static void want(Kernel *k, int i, TileGpuLayout layout, MlirOperation asker) {
  if (i < 0 || k->frags[i].rank != 1)
    return;
  Fragment *f = &k->frags[i];
  if (f->want == TileGpuNone) {
    f->want = layout;
    f->asker = asker;
  } else if (f->want != layout) {
    conflict(k, i, asker, layout, f->asker, f->want);
  }
}

/* The innermost thread-parallel loop around `op` inside the kernel. */
static MlirOperation enclosingLoop(Kernel *k, MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, k->kernel);
       p = mlirOperationGetParentOperation(p))
    if (tileGpuIsParallelLoop(p))
      return p;
  return (MlirOperation){NULL};
}

/* Which induction variable of `loop` `index` is, or -1. */
static int ivPosition(MlirOperation loop, MlirValue index) {
  MlirBlock body = tileGpuLoopBody(loop);
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    if (mlirValueEqual(mlirBlockGetArgument(body, i), index))
      return (int)i;
  return -1;
}

/* Records what loops and tile ops ask of rank-1 fragments. */
static void gatherConstraints(Kernel *k) {
  for (unsigned i = 0; i < k->numFrags; ++i) {
    Fragment *f = &k->frags[i];
    for (MlirOpOperand use = mlirValueGetFirstUse(f->value);
         !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
      MlirOperation user = mlirOpOperandGetOwner(use);
      if (tileOpIs(user, "tile.reduce") &&
          mlirOpOperandGetOperandNumber(use) == 1) {
        int src = fragmentIndex(k, mlirOperationGetOperand(user, 0));
        MlirAttribute dim = tileOpGetAttr(user, "dim");
        if (src >= 0 && k->frags[src].rank == 2 && f->rank == 1)
          want(k, (int)i,
               mlirIntegerAttrGetValueInt(dim) == 1 ? TileGpuRows : TileGpuCols,
               user);
      }
      if (tileOpIs(user, "tile.copy")) {
        unite(k, fragmentIndex(k, mlirOperationGetOperand(user, 0)),
              fragmentIndex(k, mlirOperationGetOperand(user, 1)));
      }
      if (accessedMemRef(user) == (int)mlirOpOperandGetOperandNumber(use) &&
          f->rank == 1) {
        MlirOperation loop = enclosingLoop(k, user);
        if (mlirOperationIsNull(loop))
          continue;
        MlirValue index =
            mlirOperationGetOperand(user, accessedMemRef(user) + 1);
        int iv = ivPosition(loop, index);
        if (tileGpuLoopRank(loop) == 2 && iv >= 0)
          want(k, (int)i, iv == 0 ? TileGpuRows : TileGpuCols, user);
      }
    }
  }
  /* Rank-1 fragments accessed by the same 1-d loop share a layout. */
  for (size_t l = 0; l < k->loops.count; ++l) {
    if (tileGpuLoopRank(k->loops.ops[l]) != 1)
      continue;
    int first = -1;
    for (unsigned i = 0; i < k->numFrags; ++i)
      for (MlirOpOperand use = mlirValueGetFirstUse(k->frags[i].value);
           !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
        MlirOperation user = mlirOpOperandGetOwner(use);
        MlirOperation loop = enclosingLoop(k, user);
        if (mlirOperationIsNull(loop) ||
            !mlirOperationEqual(loop, k->loops.ops[l]) || k->frags[i].rank != 1)
          continue;
        if (first < 0)
          first = (int)i;
        unite(k, first, (int)i);
      }
  }
}

/* The layout of the class rooted at `root`: what its members asked for,
 * rows when nothing did. */
static TileGpuLayout classLayout(Kernel *k, int root) {
  TileGpuLayout chosen = TileGpuNone;
  MlirOperation asker = {NULL};
  for (unsigned j = 0; j < k->numFrags; ++j) {
    Fragment *g = &k->frags[j];
    if (g->rank != 1 || find(k, (int)j) != root || g->want == TileGpuNone)
      continue;
    if (chosen == TileGpuNone) {
      chosen = g->want;
      asker = g->asker;
    } else if (chosen != g->want) {
      conflict(k, (int)j, g->asker, g->want, asker, chosen);
    }
  }
  return chosen == TileGpuNone ? TileGpuRows : chosen;
}

static void resolveClasses(Kernel *k) {
  for (unsigned i = 0; i < k->numFrags; ++i)
    if (k->frags[i].rank == 1 && find(k, (int)i) == (int)i)
      k->frags[i].classLayout = classLayout(k, (int)i);
  for (unsigned i = 0; i < k->numFrags; ++i) {
    Fragment *f = &k->frags[i];
    f->layout = f->rank == 0   ? TileGpuScalar
                : f->rank == 2 ? TileGpuGrid
                               : k->frags[find(k, (int)i)].classLayout;
  }
}

/*===--- the thread grid --------------------------------------------------===*/

static bool getBool(MlirOperation op, const char *name) {
  bool ok;
  return tileGetBoolAttr(op, name, false, &ok);
}

/* Fragment gemm operands need whole rows of A (tc == 1) or whole columns of
 * B (tr == 1) on every thread; other cases are staged through shared
 * memory by the lowering. */
static MlirWalkResult gemmNeeds(MlirOperation op, void *userData) {
  Kernel *k = userData;
  if (!tileOpIs(op, "tile.gemm"))
    return MlirWalkResultAdvance;
  int a = fragmentIndex(k, mlirOperationGetOperand(op, 0));
  int b = fragmentIndex(k, mlirOperationGetOperand(op, 1));
  int c = fragmentIndex(k, mlirOperationGetOperand(op, 2));
  if (c < 0)
    return MlirWalkResultAdvance;
  if (k->main < 0)
    k->main = c;
  k->needRows |= a >= 0 && !getBool(op, "transpose_a");
  k->needCols |= b >= 0 && !getBool(op, "transpose_b");
  return MlirWalkResultAdvance;
}

/* Row reductions of grid fragments: with a stated subgroup size, a row
 * whose threads (tc) fit in one subgroup combines by shuffles alone. */
static MlirWalkResult countRowReduces(MlirOperation op, void *userData) {
  Kernel *k = userData;
  if (!tileOpIs(op, "tile.reduce"))
    return MlirWalkResultAdvance;
  int src = fragmentIndex(k, mlirOperationGetOperand(op, 0));
  MlirAttribute dim = tileOpGetAttr(op, "dim");
  if (src >= 0 && k->frags[src].rank == 2 && mlirAttributeIsAInteger(dim) &&
      mlirIntegerAttrGetValueInt(dim) == 1)
    ++k->rowReduces;
  return MlirWalkResultAdvance;
}

/* Cost of grid (tr, tc) for an M x N fragment: idle slots first, then how
 * far per-thread tiles are from square, and (with a stated subgroup size)
 * row reductions whose threads span several subgroups, which then combine
 * through shared memory and a barrier; wider tc wins ties (neighbouring
 * threads then touch neighbouring columns). */
static double gridCost(const Kernel *k, int64_t m, int64_t n, int64_t tr,
                       int64_t tc) {
  int64_t em = tileCeilDiv(m, tr), en = tileCeilDiv(n, tc);
  double idle = (double)(em * tr * en * tc - m * n) / (double)(m * n);
  double skew = fabs(log2((double)em) - log2((double)en));
  double shared = k->subgroup && tc > k->subgroup ? k->rowReduces : 0;
  return idle * 1000.0 + skew * 10.0 + shared * 25.0 -
         (double)tc / (double)(tr * tc + 1);
}

static int largestGridFragment(const Kernel *k) {
  int best = -1;
  for (unsigned i = 0; i < k->numFrags; ++i) {
    const Fragment *f = &k->frags[i];
    if (f->rank == 2 &&
        (best < 0 || f->shape[0] * f->shape[1] >
                         k->frags[best].shape[0] * k->frags[best].shape[1]))
      best = (int)i;
  }
  return best;
}

static void chooseGrid(Kernel *k) {
  int64_t t = k->threads;
  k->tr = t;
  k->tc = 1;
  if (k->needRows)
    return;
  if (k->needCols) {
    k->tr = 1;
    k->tc = t;
    return;
  }
  if (k->main < 0)
    k->main = largestGridFragment(k);
  if (k->main < 0)
    return;
  int64_t m = k->frags[k->main].shape[0], n = k->frags[k->main].shape[1];
  if (m <= 0 || n <= 0)
    return;
  double best = INFINITY;
  for (int64_t tc = 1; tc <= t; ++tc) {
    if (t % tc)
      continue;
    double cost = gridCost(k, m, n, t / tc, tc);
    if (cost < best) {
      best = cost;
      k->tr = t / tc;
      k->tc = tc;
    }
  }
}

/*===--- loops ------------------------------------------------------------===*/

static const char *layoutWord(TileGpuLayout layout) {
  return layout == TileGpuRows   ? "by rows"
         : layout == TileGpuCols ? "by columns"
         : layout == TileGpuGrid ? "over the thread grid"
                                 : "on every thread";
}

/* Checks one fragment access inside `loop` and returns the distribution it
 * asks of the loop (TileGpuNone when it asks nothing). */
static TileGpuLayout checkAccess(Kernel *k, MlirOperation loop,
                                 MlirOperation access, int frag) {
  const Fragment *f = &k->frags[frag];
  unsigned rank = tileGpuLoopRank(loop);
  int first = accessedMemRef(access) + 1;
  if (f->layout == TileGpuScalar) {
    if (tileOpIs(access, "memref.store"))
      fail(k, -1, access,
           "stores into a rank-0 fragment inside a thread-parallel loop, "
           "whose iterations run on different threads");
    return TileGpuNone;
  }
  int iv[2] = {-1, -1};
  for (int d = 0; d < f->rank; ++d)
    iv[d] = ivPosition(loop, mlirOperationGetOperand(access, first + d));
  bool ok;
  TileGpuLayout asks = f->layout;
  if (rank == 2)
    ok = (f->layout == TileGpuGrid && iv[0] == 0 && iv[1] == 1) ||
         (f->layout == TileGpuRows && iv[0] == 0) ||
         (f->layout == TileGpuCols && iv[0] == 1);
  else
    ok = rank == 1 && f->rank == 1 && iv[0] == 0;
  if (rank == 2)
    asks = TileGpuGrid;
  if (!ok)
    fail(k, frag, access,
         "accesses a fragment laid out %s at indices that the enclosing "
         "thread-parallel loop does not distribute that way (index the "
         "fragment with the loop's induction variables, in order)",
         layoutWord(f->layout));
  return ok ? asks : TileGpuNone;
}

/* While probing: marks every fragment accessed in `loop` to be kept in
 * shared memory (where it can be), so that the loop is distributed over
 * the threads whatever its bounds. */
static void holdAccessedIn(Kernel *k, MlirOperation loop) {
  for (unsigned i = 0; i < k->numFrags; ++i)
    for (MlirOpOperand use = mlirValueGetFirstUse(k->frags[i].value);
         !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
      MlirOperation l = enclosingLoop(k, mlirOpOperandGetOwner(use));
      if (!mlirOperationIsNull(l) && mlirOperationEqual(l, loop)) {
        hold(k, (int)i);
        break;
      }
    }
}

static void decideLoop(Kernel *k, MlirOperation loop) {
  TileGpuLayout dist = TileGpuNone;
  for (unsigned i = 0; i < k->numFrags; ++i)
    for (MlirOpOperand use = mlirValueGetFirstUse(k->frags[i].value);
         !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
      MlirOperation user = mlirOpOperandGetOwner(use);
      MlirOperation l = enclosingLoop(k, user);
      if (mlirOperationIsNull(l) || !mlirOperationEqual(l, loop))
        continue;
      TileGpuLayout asks = checkAccess(k, loop, user, (int)i);
      if (asks == TileGpuNone)
        continue;
      if (dist != TileGpuNone && dist != asks) {
        fail(k, (int)i, user,
             "accesses a fragment laid out %s in a loop that other accesses "
             "distribute %s",
             layoutWord(asks), layoutWord(dist));
        continue;
      }
      dist = asks;
    }
  /* A loop writing a thread's own buffer runs whole on every thread
   * (tile-verify, run on the kernel first, refuses one that accesses
   * fragments too). */
  if (dist == TileGpuNone)
    dist = mlirOperationIsNull(tileFirstPrivateWrite(loop)) ? TileGpuThreads
                                                            : TileGpuReplicated;
  unsigned rank = tileGpuLoopRank(loop);
  if (dist != TileGpuThreads && dist != TileGpuReplicated)
    for (unsigned d = 0; d < rank; ++d)
      if (!tileGpuLoopIsDense(loop, d)) {
        if (k->probing)
          holdAccessedIn(k, loop);
        fail(k, -1, loop,
             "accesses fragments, so its dimension %u must start at 0 with "
             "step 1",
             d);
        break;
      }
  if (tileOpIs(loop, "scf.parallel") && mlirOperationGetNumResults(loop) != 0)
    fail(k, -1, loop,
         "has reductions, which the GPU lowering does not support");
  if (k->probing)
    return;
  TileBuilder b = tbBefore(loop);
  mlirOperationSetDiscardableAttributeByName(
      loop, tileRef(TILE_GPU_DISTRIBUTE_ATTR),
      tbStrAttr(&b, tileGpuLayoutName(dist)));
}

/* Every use of a fragment is a tile op, an access inside a thread-parallel
 * loop, or an access of a rank-0 fragment. */
static void checkUses(Kernel *k, int frag) {
  const Fragment *f = &k->frags[frag];
  for (MlirOpOperand use = mlirValueGetFirstUse(f->value);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (tileOpIsTile(user))
      continue;
    bool access =
        accessedMemRef(user) == (int)mlirOpOperandGetOperandNumber(use);
    if (access && (f->layout == TileGpuScalar ||
                   !mlirOperationIsNull(enclosingLoop(k, user))))
      continue;
    if (access)
      fail(k, frag, user,
           "accesses an element of a fragment outside a thread-parallel "
           "loop; only the threads holding it can (use a thread-parallel "
           "loop, or a shared buffer)");
    else
      fail(k, frag, user,
           "uses a fragment in a way the GPU lowering does not support "
           "(fragments are used by tile ops and by memref.load/store in "
           "thread-parallel loops)");
  }
}

/*===--- the pass ---------------------------------------------------------===*/

static void annotate(Kernel *k) {
  TileBuilder b = tbBefore(k->kernel);
  mlirOperationSetDiscardableAttributeByName(
      k->kernel, tileRef(TILE_GPU_GRID_ATTR),
      mlirDenseI64ArrayGet(b.ctx, 2, (const int64_t[]){k->tr, k->tc}));
  for (unsigned i = 0; i < k->numFrags; ++i)
    mlirOperationSetDiscardableAttributeByName(
        k->frags[i].alloc, tileRef(TILE_GPU_LAYOUT_ATTR),
        tbStrAttr(&b, tileGpuLayoutName(k->frags[i].layout)));
}

/* Calls `fn` on every op in the kernel's body (not the kernel itself). */
static void walkBody(Kernel *k, MlirOperationWalkCallback fn) {
  MlirRegion body = mlirOperationGetRegion(k->kernel, 0);
  for (MlirOperation op =
           mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(body));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    mlirOperationWalk(op, fn, k, MlirWalkPreOrder);
}

static void layOut(Kernel *k) {
  walkBody(k, collect);
  makeFragments(k);
  checkNesting(k);
  gatherConstraints(k);
  resolveClasses(k);
  walkBody(k, gemmNeeds);
  if (k->subgroup)
    walkBody(k, countRowReduces);
  chooseGrid(k);
  for (unsigned i = 0; i < k->numFrags; ++i)
    checkUses(k, (int)i);
  for (size_t i = 0; i < k->loops.count; ++i)
    decideLoop(k, k->loops.ops[i]);
  if (!k->probing)
    annotate(k);
}

static void freeKernel(Kernel *k) {
  tileOpListFree(&k->fragAllocs);
  tileOpListFree(&k->loops);
  free(k->frags);
  free(k->hold);
}

void tileGpuFragmentsToShare(MlirOperation kernel, TileOpList *allocs) {
  Kernel k = {.kernel = kernel, .main = -1, .probing = true};
  k.threads = tileKernelThreads(kernel);
  layOut(&k);
  for (unsigned i = 0; i < k.numFrags; ++i)
    if (k.hold[i])
      tileOpListAppend(allocs, k.frags[i].alloc);
  freeKernel(&k);
}

static unsigned layoutKernel(MlirOperation kernel, void *userData) {
  (void)userData;
  /* The layout and the lowering index by what the tile rules guarantee
   * (static tiles, agreeing shapes): input that breaks them is reported
   * here rather than lowered into a wrong kernel. */
  unsigned violations =
      tileVerify(kernel, &(TileVerifyOptions){.kernelRequired = true,
                                              .loweringAttributes = true});
  if (violations)
    return violations;
  /* tile-gpu-shared-fragments has run in the pipelines; the layout run
   * alone does what it does. */
  violations = tileGpuKeepFragmentsInShared(kernel, true);
  if (violations)
    return violations;
  Kernel k = {.kernel = kernel, .main = -1};
  k.threads = tileKernelThreads(kernel);
  MlirAttribute subgroup = tileOpGetAttr(kernel, TILE_GPU_SUBGROUP_ATTR);
  if (!mlirAttributeIsNull(subgroup) && mlirAttributeIsAInteger(subgroup))
    k.subgroup = mlirIntegerAttrGetValueInt(subgroup);
  layOut(&k);
  freeKernel(&k);
  return k.errors;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  if (tileForEachKernel(op, layoutKernel, NULL))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileGpuLayoutPass = {
    .argument = "tile-gpu-layout",
    .name = "TileGpuLayout",
    .summary = "Choose the thread grid of every kernel, the layout of every "
               "fragment and the distribution of every thread-parallel loop",
    .anchor = "func.func",
    .run = run,
};
