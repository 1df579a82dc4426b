/* tile-cpu-gemm: tile.gemm becomes a register-blocked vector micro-kernel
 * over packed panels of A and B. A tile buffer that only copies fill and
 * GEMMs read is replaced by its panels, so the copies that fill it pack
 * (and convert) directly; other operands are packed before the GEMM. A
 * kernel's tile_cpu ops (cpu/extension.h) fix the register block, which
 * operands are packed and how far packing prefetches: obeyed and erased,
 * or refused at the op with the reason (gemm_choices.c). */
#include "cpu/gemm.h"

#include "cpu/extension.h"
#include "cpu/gemm_choices.h"
#include "ir/choices.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdlib.h>

/* Operand buffers already replaced by panels. */
typedef struct {
  MlirValue tile;
  TilePacked packed;
} PackedTile;

typedef struct {
  PackedTile *tiles;
  size_t count, capacity;
  int vectorBits;
  int64_t rows, vectors, unroll; /* options; 0: chosen for the target */
  TileCpuChoices choices;        /* of the kernel of the GEMM being lowered */
  TileOpList prefetching;        /* kernels whose packing prefetches */
} GemmPlan;

static const char *roleName(TileGemmRole role) {
  return role == TileGemmA ? "A" : "B";
}

/* 16-bit floats accumulate in f32 (rounded once, when C is stored), which
 * no chip without AVX512-FP16 computes in anyway. */
MlirType tileCpuGemmAccumulatorType(MlirType c) {
  if (mlirTypeIsAF16(c) || mlirTypeIsABF16(c))
    return mlirF32TypeGet(mlirTypeGetContext(c));
  return c;
}

/* The block a kernel's tile_cpu.micro_kernel states, else the pass
 * options', else the target's. */
static TileMicroKernel microKernelFor(const GemmPlan *plan,
                                      const TileCpuChoices *choices,
                                      MlirType acc) {
  TileMicroKernel mk;
  mk.lanes = tileCpuLanes(plan->vectorBits, acc);
  if (!mlirOperationIsNull(choices->microKernel)) {
    mk.rows = choices->rows;
    mk.vectors = choices->vectors;
    mk.unroll = choices->unroll;
    return mk;
  }
  /* 32 vector registers: 8 x 2 accumulators leave room for the B vectors
   * and broadcasts; 16 registers: 6 x 2 (the classic AVX2 block). */
  bool wide = tileCpuVectorRegisters(plan->vectorBits) >= 32;
  mk.rows = plan->rows ? plan->rows : wide ? 8 : 6;
  mk.vectors = plan->vectors ? plan->vectors : 2;
  mk.unroll = plan->unroll ? plan->unroll : 4;
  return mk;
}

/* Whether `choices` leave operand `role` packed (the default). */
static bool packs(const TileCpuChoices *choices, TileGemmRole role) {
  return role == TileGemmA ? choices->packA : choices->packB;
}

static TilePacked packedShape(MlirOperation gemm, TileGemmRole role,
                              const TileMicroKernel *mk) {
  MlirValue x = mlirOperationGetOperand(gemm, role == TileGemmA ? 0 : 1);
  MlirType type = mlirValueGetType(x);
  bool ok;
  TilePacked p;
  p.role = role;
  p.transposed = tileGetBoolAttr(
      gemm, role == TileGemmA ? "transpose_a" : "transpose_b", false, &ok);
  /* A is M x K (K x M transposed); B is K x N (N x K transposed). */
  bool lFirst = tilePackedIsLMajor(&p);
  p.length = tileDim(type, lFirst ? 0 : 1);
  p.depth = tileDim(type, lFirst ? 1 : 0);
  p.panel = role == TileGemmA ? mk->rows : mk->vectors * mk->lanes;
  p.kInner = role == TileGemmA && lFirst;
  p.numPanels = (p.length + p.panel - 1) / p.panel;
  p.elem = tileCpuGemmAccumulatorType(
      tileElementType(mlirValueGetType(mlirOperationGetOperand(gemm, 2))));
  p.buffer = (MlirValue){NULL};
  p.direct = false;
  return p;
}

static bool samePacking(const TilePacked *x, const TilePacked *y) {
  return x->role == y->role && x->transposed == y->transposed &&
         x->kInner == y->kInner && x->length == y->length &&
         x->depth == y->depth && x->panel == y->panel &&
         mlirTypeEqual(x->elem, y->elem);
}

static MlirValue allocPanels(TileBuilder *b, const TilePacked *p) {
  int64_t shape[] = {p->numPanels, p->kInner ? p->panel : p->depth,
                     p->kInner ? p->depth : p->panel};
  return tbAlloca(b, tbMemRefType(p->elem, 3, shape), 64);
}

/* Whether every use of `tile` is a copy filling all of it or a GEMM reading
 * it the way `want` packs it, so that panels can replace it. */
static bool canReplaceByPanels(MlirValue tile, const TilePacked *want,
                               const GemmPlan *plan) {
  if (!mlirValueIsAOpResult(tile) ||
      !tileOpIs(mlirOpResultGetOwner(tile), "memref.alloca"))
    return false;
  for (MlirOpOperand use = mlirValueGetFirstUse(tile);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    unsigned index = mlirOpOperandGetOperandNumber(use);
    intptr_t first;
    if (tileOpIs(user, "tile.copy") && index == 1 &&
        tileOperandGroup(user, 3, &first) == 0 &&
        !mlirValueEqual(mlirOperationGetOperand(user, 0), tile))
      continue;
    if (tileOpIs(user, "tile.gemm") &&
        index == (want->role == TileGemmA ? 0u : 1u)) {
      /* A GEMM of another kernel has that kernel's choices. */
      TileCpuChoices choices;
      tileCpuReadChoices(tileEnclosingKernel(user), &choices);
      MlirType acc = tileCpuGemmAccumulatorType(
          tileElementType(mlirValueGetType(mlirOperationGetOperand(user, 2))));
      TileMicroKernel mk = microKernelFor(plan, &choices, acc);
      TilePacked other = packedShape(user, want->role, &mk);
      if (packs(&choices, want->role) && samePacking(&other, want))
        continue;
    }
    return false;
  }
  return true;
}

/* Packs what the copy `copy` writes into `tile` into the panels `p`. */
static void packCopy(MlirOperation copy, const TilePacked *p, GemmPlan *plan) {
  TileBuilder b = tbBefore(copy);
  MlirValue tile = mlirOperationGetOperand(copy, 1);
  MlirType tileType = mlirValueGetType(tile);
  TilePackSource s;
  s.source = mlirOperationGetOperand(copy, 0);
  intptr_t first;
  intptr_t numOffsets = tileOperandGroup(copy, 2, &first);
  s.window = tileCpuWindow(&b, copy, s.source, first, numOffsets, 2);
  s.windowed = numOffsets > 0;
  MlirType srcElem = tileElementType(mlirValueGetType(s.source));
  s.pad = tileCpuPadValue(&b, copy, srcElem);
  s.through = tileElementType(tileType);
  s.shape[0] = tileDim(tileType, 0);
  s.shape[1] = tileDim(tileType, 1);
  s.prefetch = mlirOperationIsNull(plan->choices.prefetch)
                   ? TileCpuPrefetchRows
                   : plan->choices.distance;
  MlirOperation kernel = tileEnclosingKernel(copy);
  if (tileCpuEmitPack(&b, p, &s, tileCpuLanes(plan->vectorBits, p->elem)) &&
      !mlirOperationIsNull(kernel))
    tileOpListAppend(&plan->prefetching, kernel);
  mlirOperationDestroy(copy);
}

static bool checkCopySource(MlirOperation copy) {
  if (!tileCpuCheckOp(copy))
    return false;
  MlirType type = mlirValueGetType(mlirOperationGetOperand(copy, 0));
  return tileCpuCheckElement(copy, tileElementType(type), "source");
}

/* Replaces `tile` by panels: every copy into it packs. */
static bool replaceByPanels(MlirValue tile, TilePacked *p, GemmPlan *plan) {
  TileOpList copies = {0};
  bool ok = true;
  for (MlirOpOperand use = mlirValueGetFirstUse(tile);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (tileOpIs(mlirOpOperandGetOwner(use), "tile.copy"))
      tileOpListAppend(&copies, mlirOpOperandGetOwner(use));
  for (size_t i = 0; i < copies.count; ++i)
    ok &= checkCopySource(copies.ops[i]);
  if (ok) {
    TileBuilder b = tbAfter(mlirOpResultGetOwner(tile));
    p->buffer = allocPanels(&b, p);
    for (size_t i = 0; i < copies.count; ++i)
      packCopy(copies.ops[i], p, plan);
  }
  tileOpListFree(&copies);
  if (!ok)
    return false;
  if (plan->count == plan->capacity) {
    size_t capacity = plan->capacity ? 2 * plan->capacity : 8;
    plan->tiles = tileReallocArray(plan->tiles, capacity, sizeof(PackedTile));
    plan->capacity = capacity;
  }
  plan->tiles[plan->count++] = (PackedTile){tile, *p};
  return true;
}

/* Packs the whole tile `tile` into new panels right before `gemm`. */
static void packBefore(MlirOperation gemm, MlirValue tile, TilePacked *p,
                       const GemmPlan *plan) {
  TileBuilder start = tileCpuScopeStart(gemm);
  p->buffer = allocPanels(&start, p);
  TileBuilder b = tbBefore(gemm);
  MlirType tileType = mlirValueGetType(tile);
  TilePackSource s;
  s.source = tile;
  s.window = tileCpuWindow(&b, gemm, tile, 0, 0, 2);
  s.windowed = false;
  s.pad = tileCpuConstant(&b, tileElementType(tileType), 0);
  s.through = tileElementType(tileType);
  s.shape[0] = tileDim(tileType, 0);
  s.shape[1] = tileDim(tileType, 1);
  s.prefetch = 0; /* a whole tile of the block: nothing far apart */
  tileCpuEmitPack(&b, p, &s, tileCpuLanes(plan->vectorBits, p->elem));
}

/* The panels GEMM `gemm` reads operand `role` from. */
static bool operandPanels(MlirOperation gemm, TileGemmRole role,
                          const TileMicroKernel *mk, GemmPlan *plan,
                          TilePacked *out) {
  MlirValue tile = mlirOperationGetOperand(gemm, role == TileGemmA ? 0 : 1);
  MlirType type = mlirValueGetType(tile);
  char what[4] = {roleName(role)[0], 0};
  if (!tileCpuCheckElement(gemm, tileElementType(type), what))
    return false;
  *out = packedShape(gemm, role, mk);
  if (!packs(&plan->choices, role)) {
    /* Read in place: tile_cpu.packing checked the element type, the layout
     * and that rows are contiguous (gemm_choices.c). */
    out->buffer = tile;
    out->direct = true;
    return true;
  }
  for (size_t i = 0; i < plan->count; ++i)
    if (mlirValueEqual(plan->tiles[i].tile, tile)) {
      *out = plan->tiles[i].packed;
      return true;
    }
  if (canReplaceByPanels(tile, out, plan))
    return replaceByPanels(tile, out, plan);
  packBefore(gemm, tile, out, plan);
  return true;
}

static bool lowerGemm(MlirOperation gemm, GemmPlan *plan) {
  MlirValue c = mlirOperationGetOperand(gemm, 2);
  MlirType cType = mlirValueGetType(c);
  MlirType acc = tileElementType(cType);
  if (!tileCpuCheckElement(gemm, acc, "C"))
    return false;
  if (!tileCpuUnitInnerStride(cType)) {
    tileEmitOpError(gemm, "C is not a contiguous tile, which the cpu target "
                          "does not support");
    return false;
  }
  tileCpuReadChoices(tileEnclosingKernel(gemm), &plan->choices);
  TileMicroKernel mk =
      microKernelFor(plan, &plan->choices, tileCpuGemmAccumulatorType(acc));
  /* Each factor first: their product overflows for huge options. */
  if (mk.rows > 64 || mk.vectors > 64 || mk.rows * mk.vectors > 64) {
    tileEmitOpError(gemm,
                    "needs rows=%lld x vectors=%lld accumulators; the cpu "
                    "micro-kernel holds at most 64",
                    (long long)mk.rows, (long long)mk.vectors);
    return false;
  }
  TilePacked a, b;
  if (!operandPanels(gemm, TileGemmA, &mk, plan, &a) ||
      !operandPanels(gemm, TileGemmB, &mk, plan, &b))
    return false;
  bool ok;
  bool clear = tileGetBoolAttr(gemm, "clear_accum", false, &ok);
  TileBuilder at = tbBefore(gemm);
  tileCpuEmitGemm(&at, &mk, &a, &b, c, clear);
  mlirOperationDestroy(gemm);
  return true;
}

typedef struct {
  GemmPlan *plan;
  TileCpuGemmTarget target;
} Run;

/* A kernel's tile_cpu ops against its GEMMs, before any is lowered; first
 * their own rules, which tile-cpu-verify checks in the pipeline but a pass
 * run alone does not (rows = 0 divided by zero). */
static unsigned checkKernelChoices(MlirOperation kernel, void *userData) {
  const Run *r = userData;
  unsigned broken = tileCpuVerifyExtensionOps(kernel);
  if (broken)
    return broken;
  TileCpuChoices choices;
  tileCpuReadChoices(kernel, &choices);
  if (!tileCpuHasChoices(&choices))
    return 0;
  TileOpList gemms = {0};
  tileCollectOps(kernel, "tile.gemm", &gemms);
  unsigned errors = tileCpuCheckGemmChoices(&choices, &gemms, &r->target);
  tileOpListFree(&gemms);
  return errors;
}

/* Once the kernel's GEMMs are lowered: a prefetch distance needs a packing
 * copy that prefetches; the honoured ops are erased. */
static unsigned finishKernelChoices(MlirOperation kernel, void *userData) {
  const Run *r = userData;
  TileCpuChoices choices;
  tileCpuReadChoices(kernel, &choices);
  if (!mlirOperationIsNull(choices.prefetch) && choices.distance > 0 &&
      !tileOpListContains(&r->plan->prefetching, kernel)) {
    tileRefuseChoice(choices.prefetch,
                     "no packing copy of the kernel reads vectors from "
                     "rows of a window of a larger buffer, the reads it "
                     "prefetches ahead of (an operand read in place, "
                     "packed from a tile of the block or element by "
                     "element has none)");
    return 1;
  }
  tileCpuEraseChoices(&choices);
  return 0;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  GemmPlan plan = {0};
  plan.vectorBits = tileCpuOptionsVectorBits(options);
  plan.rows = options[2].i;
  plan.vectors = options[3].i;
  plan.unroll = options[4].i;
  if (plan.rows < 0 || plan.vectors < 0 || plan.unroll < 0) {
    tileEmitOpError(op, "tile-cpu-gemm options rows, vectors and unroll "
                        "must not be negative");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  Run r = {&plan, {plan.vectorBits, options[0].s, options[1].s}};
  TileOpList gemms = {0};
  tileCollectOps(op, "tile.gemm", &gemms);
  /* Planning one GEMM looks at the others that share its operands. */
  bool ok = true;
  for (size_t i = 0; i < gemms.count; ++i)
    ok &= tileCpuCheckOp(gemms.ops[i]);
  ok = ok && tileForEachKernel(op, checkKernelChoices, &r) == 0;
  for (size_t i = 0; ok && i < gemms.count; ++i)
    ok &= lowerGemm(gemms.ops[i], &plan);
  tileOpListFree(&gemms);
  ok = ok && tileForEachKernel(op, finishKernelChoices, &r) == 0;
  /* The tiles replaced by panels have no uses left. */
  for (size_t i = 0; i < plan.count; ++i)
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(plan.tiles[i].tile)))
      mlirOperationDestroy(mlirOpResultGetOwner(plan.tiles[i].tile));
  free(plan.tiles);
  tileOpListFree(&plan.prefetching);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const TilePassOption options[] = {
    TILE_CPU_TARGET_OPTIONS,
    {"rows", TileOptionInt, "0",
     "Rows of C per micro-kernel block (0: chosen for the target)", NULL, NULL},
    {"vectors", TileOptionInt, "0",
     "Vectors of C per row of a micro-kernel block (0: chosen for the "
     "target)",
     NULL, NULL},
    {"unroll", TileOptionInt, "0",
     "Steps of K per micro-kernel loop iteration (0: chosen for the target)",
     NULL, NULL},
};

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__memref__,
    mlirGetDialectHandle__scf__, mlirGetDialectHandle__vector__};

const TilePassDescriptor tileCpuGemmPass = {
    .argument = "tile-cpu-gemm",
    .name = "TileCpuGemm",
    .summary = "Lower tile.gemm to a register-blocked vector micro-kernel over "
               "packed panels; copies that fill GEMM operands pack (cpu)",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
