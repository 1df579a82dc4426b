/* tile-cpu-split-guards: a loop whose body asks whether an index that
 * moves with the loop lies inside a buffer (`arith.cmpi ult, %iv + %c, %n`,
 * or slt: the guards of thread-parallel loops that the Python builder and
 * hand-written kernels make, now loops over the tile) runs as three loops:
 * before, where and after every such guard holds. In the middle one, the
 * whole loop for a block inside the data, the guards are true constants
 * and canonicalize folds their branches away, so LLVM vectorises plain
 * loads and stores there (masked ones ran four times slower); the other two
 * keep the body as it was. The interval is [max(lb, -c), min(ub, n - c))
 * for ult (0 <= iv + c < n) and [lb, min(ub, n - c)) for slt, intersected
 * over the guards and clamped into [lb, ub]; %c and %n are defined outside
 * the loop. Loops of step 1 without results only; a body of more than
 * `max-ops` ops is left alone (it is copied three times). */
#include "cpu/lowering.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/SCF.h"

/* arith.cmpi predicates (arith::CmpIPredicate). */
enum { PredSlt = 2, PredUlt = 6 };

/* A loop and the guards found in it: for guard i, its position in a
 * pre-order walk of the loop (a clone walks alike), c (null for the iv
 * itself), n, and whether it is ult. */
typedef struct {
  MlirOperation loop;
  MlirBlock body;
  size_t position, ops; /* of the walk */
  size_t count;
  size_t positions[64];
  MlirValue offsets[64], bounds[64];
  bool unsignedGuard[64];
} Loop;

/* iv, iv + c or c + iv with c defined outside the loop: *offset is c, or
 * null for iv itself. */
static bool movesWithLoop(MlirValue x, const Loop *l, MlirValue *offset) {
  MlirValue iv = mlirBlockGetArgument(l->body, 0);
  *offset = (MlirValue){NULL};
  if (mlirValueEqual(x, iv))
    return true;
  if (!mlirValueIsAOpResult(x) ||
      !tileOpIs(mlirOpResultGetOwner(x), "arith.addi"))
    return false;
  MlirOperation add = mlirOpResultGetOwner(x);
  for (int side = 0; side < 2; ++side) {
    MlirValue a = mlirOperationGetOperand(add, side);
    MlirValue c = mlirOperationGetOperand(add, 1 - side);
    if (mlirValueEqual(a, iv) && !tileValueIsInside(c, l->loop)) {
      *offset = c;
      return true;
    }
  }
  return false;
}

static MlirWalkResult findGuards(MlirOperation op, void *userData) {
  Loop *l = userData;
  size_t position = l->position++;
  ++l->ops;
  if (!tileOpIs(op, "arith.cmpi") || l->count == TILE_COUNT(l->positions))
    return MlirWalkResultAdvance;
  MlirAttribute pred = tileOpGetAttr(op, "predicate");
  if (mlirAttributeIsNull(pred) || !mlirAttributeIsAInteger(pred))
    return MlirWalkResultAdvance;
  int64_t p = mlirIntegerAttrGetValueInt(pred);
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirValue n = mlirOperationGetOperand(op, 1);
  MlirValue offset;
  if ((p != PredUlt && p != PredSlt) ||
      !mlirTypeIsAIndex(mlirValueGetType(x)) || tileValueIsInside(n, l->loop) ||
      !movesWithLoop(x, l, &offset))
    return MlirWalkResultAdvance;
  l->positions[l->count] = position;
  l->offsets[l->count] = offset;
  l->bounds[l->count] = n;
  l->unsignedGuard[l->count] = p == PredUlt;
  ++l->count;
  return MlirWalkResultAdvance;
}

/* The ops of `root` at the walk positions of `l` (a clone of the loop
 * walks as the loop did). */
typedef struct {
  const Loop *l;
  size_t position, next;
  MlirOperation *found;
} Finder;

static MlirWalkResult findAgain(MlirOperation op, void *userData) {
  Finder *f = userData;
  if (f->next < f->l->count && f->position == f->l->positions[f->next])
    f->found[f->next++] = op;
  ++f->position;
  return MlirWalkResultAdvance;
}

static bool splittable(MlirOperation loop) {
  if (mlirOperationGetNumResults(loop) != 0 ||
      mlirOperationGetNumOperands(loop) != 3 ||
      !mlirTypeIsAIndex(mlirValueGetType(mlirOperationGetOperand(loop, 0))))
    return false;
  int64_t step;
  return tileConstantInt(mlirOperationGetOperand(loop, 2), &step) && step == 1;
}

static void split(MlirOperation loop, int64_t maxOps) {
  if (!splittable(loop))
    return;
  Loop l = {.loop = loop,
            .body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0))};
  mlirOperationWalk(loop, findGuards, &l, MlirWalkPreOrder);
  if (l.count == 0 || (int64_t)l.ops > maxOps)
    return;
  TileBuilder b = tbBefore(loop);
  MlirValue lb = mlirOperationGetOperand(loop, 0);
  MlirValue ub = mlirOperationGetOperand(loop, 1);
  MlirValue lo = lb, hi = ub;
  for (size_t i = 0; i < l.count; ++i) {
    MlirValue c = l.offsets[i];
    MlirValue end =
        mlirValueIsNull(c) ? l.bounds[i] : tbSub(&b, l.bounds[i], c);
    hi = tbBinary(&b, "arith.minsi", hi, end);
    if (l.unsignedGuard[i]) {
      MlirValue start = mlirValueIsNull(c) ? tbConstIndex(&b, 0)
                                           : tbSub(&b, tbConstIndex(&b, 0), c);
      lo = tbBinary(&b, "arith.maxsi", lo, start);
    }
  }
  lo = tbBinary(&b, "arith.minsi", lo, ub);
  hi = tbBinary(&b, "arith.maxsi", hi, lo);
  /* [lb, lo) and [hi, ub) keep the guards; [lo, hi) holds them true. */
  MlirOperation middle = mlirOperationClone(loop);
  MlirOperation after = mlirOperationClone(loop);
  MlirBlock block = mlirOperationGetBlock(loop);
  mlirBlockInsertOwnedOperationAfter(block, loop, middle);
  mlirBlockInsertOwnedOperationAfter(block, middle, after);
  mlirOperationSetOperand(loop, 1, lo);
  mlirOperationSetOperand(middle, 0, lo);
  mlirOperationSetOperand(middle, 1, hi);
  mlirOperationSetOperand(after, 0, hi);
  MlirOperation guards[TILE_COUNT(l.positions)];
  Finder f = {&l, 0, 0, guards};
  mlirOperationWalk(middle, findAgain, &f, MlirWalkPreOrder);
  for (size_t i = 0; i < f.next; ++i) {
    TileBuilder at = tbBefore(guards[i]);
    MlirValue yes = tbConstInt(&at, mlirIntegerTypeGet(at.ctx, 1), 1);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(guards[i], 0), yes);
  }
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (tileOpIs(op, "scf.for"))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  TileOpList loops = {0};
  /* Post-order: an inner loop is split before the loop around it, which
   * then copies the three. */
  mlirOperationWalk(op, collect, &loops, MlirWalkPostOrder);
  for (size_t i = 0; i < loops.count; ++i)
    split(loops.ops[i], options[0].i);
  tileOpListFree(&loops);
}

static const TilePassOption options[] = {
    {"max-ops", TileOptionInt, "600",
     "the largest loop (ops, nested ones included) that is split", NULL, NULL},
};

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__scf__};

const TilePassDescriptor tileCpuSplitGuardsPass = {
    .argument = "tile-cpu-split-guards",
    .name = "TileCpuSplitGuards",
    .summary = "Split a loop where the bounds guards of an index that moves "
               "with it all hold, so that the middle loop has none (cpu)",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
