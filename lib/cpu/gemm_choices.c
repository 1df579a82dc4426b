/* tile-cpu-gemm's rules for a kernel's tile_cpu ops: a register block must
 * fit the chip's vector registers and the kernel's C tiles, and an operand
 * is read in place only where the micro-kernel can read it so (its element
 * type is the accumulators', and B is stored K x N). The prefetch distance
 * is checked once the kernel is lowered (gemm.c): whether a packing copy
 * reads a window is known then. */
#include "cpu/gemm_choices.h"
#include "ir/choices.h"

#include "cpu/gemm.h"
#include "support/count.h"

static bool transposed(MlirOperation gemm, const char *name) {
  bool ok;
  return tileGetBoolAttr(gemm, name, false, &ok);
}

static MlirType accumulatorOf(MlirOperation gemm) {
  MlirType c = mlirValueGetType(mlirOperationGetOperand(gemm, 2));
  return tileCpuGemmAccumulatorType(tileElementType(c));
}

/* The register block against the registers of the target. */
static bool blockFitsRegisters(const TileCpuChoices *c,
                               const TileCpuGemmTarget *t, TileStrBuf *why) {
  int registers = tileCpuVectorRegisters(t->vectorBits);
  if (c->rows > registers || c->vectors > registers) {
    /* Each factor first: their product overflows for huge values. */
    tileStrBufPrintf(why,
                     "a block of %lld rows x %lld vectors takes more vector "
                     "registers than the target (cpu '%s'%s%s) has: %d of "
                     "%d bits",
                     (long long)c->rows, (long long)c->vectors, t->chip,
                     *t->features ? ", features " : "", t->features, registers,
                     t->vectorBits);
    return false;
  }
  /* The accumulators, the vectors of B of a step, one broadcast of A;
   * more and LLVM spills accumulators to the stack in the K loop. */
  int64_t need = c->rows * c->vectors + c->vectors + 1;
  if (need <= registers)
    return true;
  tileStrBufPrintf(why,
                   "a block of %lld rows x %lld vectors takes %lld vector "
                   "registers (%lld accumulators, %lld vectors of B and a "
                   "broadcast of A); the target (cpu '%s'%s%s) has %d of "
                   "%d bits",
                   (long long)c->rows, (long long)c->vectors, (long long)need,
                   (long long)(c->rows * c->vectors), (long long)c->vectors,
                   t->chip, *t->features ? ", features " : "", t->features,
                   registers, t->vectorBits);
  return false;
}

/* The register block against the C tile and K of `gemm`: a block larger
 * than the tile would never run whole. */
static bool blockFitsGemm(const TileCpuChoices *c, MlirOperation gemm,
                          const TileCpuGemmTarget *t, TileStrBuf *why) {
  MlirType cType = mlirValueGetType(mlirOperationGetOperand(gemm, 2));
  MlirType aType = mlirValueGetType(mlirOperationGetOperand(gemm, 0));
  int64_t m = tileDim(cType, 0), n = tileDim(cType, 1);
  int64_t k = tileDim(aType, transposed(gemm, "transpose_a") ? 0 : 1);
  int64_t lanes = tileCpuLanes(t->vectorBits, accumulatorOf(gemm));
  if (c->rows > m) {
    tileStrBufPrintf(why,
                     "a block of %lld rows is taller than the gemm's %lldx%lld "
                     "C tile",
                     (long long)c->rows, (long long)m, (long long)n);
    return false;
  }
  if (c->vectors > (n + lanes - 1) / lanes) {
    tileStrBufPrintf(why,
                     "a block of %lld vectors of %lld lanes is wider than the "
                     "gemm's %lldx%lld C tile",
                     (long long)c->vectors, (long long)lanes, (long long)m,
                     (long long)n);
    return false;
  }
  if (c->unroll > k) {
    tileStrBufPrintf(why,
                     "%lld steps of K per iteration are more than the gemm's "
                     "K of %lld",
                     (long long)c->unroll, (long long)k);
    return false;
  }
  return true;
}

/* Whether the micro-kernel can read operand `what` (0: A, 1: B) of `gemm`
 * from its tile as stored. */
static bool readsInPlace(MlirOperation gemm, int what, TileStrBuf *why) {
  const char *name = what == 0 ? "A" : "B";
  MlirType type = mlirValueGetType(mlirOperationGetOperand(gemm, what));
  MlirType elem = tileElementType(type);
  MlirType acc = accumulatorOf(gemm);
  if (!tileCpuUnitInnerStride(type)) {
    tileStrBufPrintf(why,
                     "the rows of %s are strided and the micro-kernel "
                     "loads them as vectors: only packing reads strided "
                     "rows",
                     name);
    return false;
  }
  if (!mlirTypeEqual(elem, acc)) {
    tileStrBufPrintf(why, "%s holds ", name);
    tileAppendType(why, elem);
    tileStrBufPrintf(why, " and the micro-kernel multiplies in ");
    tileAppendType(why, acc);
    tileStrBufPrintf(why, ": only packing converts %s", name);
    return false;
  }
  if (what == 1 && transposed(gemm, "transpose_b")) {
    tileStrBufPrintf(why, "B is stored N x K (transpose_b) and the "
                          "micro-kernel loads vectors of B along N: only "
                          "packing transposes B");
    return false;
  }
  return true;
}

static bool packingFits(const TileCpuChoices *c, MlirOperation gemm,
                        TileStrBuf *why) {
  return (c->packA || readsInPlace(gemm, 0, why)) &&
         (c->packB || readsInPlace(gemm, 1, why));
}

/* Reports at `op` (when present and not yet refused) what `why` says. */
static unsigned refuse(MlirOperation op, bool *refused, TileStrBuf *why) {
  if (mlirOperationIsNull(op) || *refused)
    return 0;
  tileRefuseChoice(op, "%s", tileStrBufGet(why));
  *refused = true;
  return 1;
}

/* A kernel without GEMMs has nothing for its ops to apply to. */
static unsigned refuseAll(const TileCpuChoices *c) {
  MlirOperation ops[] = {c->microKernel, c->packing, c->prefetch};
  unsigned errors = 0;
  for (size_t i = 0; i < TILE_COUNT(ops); ++i)
    if (!mlirOperationIsNull(ops[i])) {
      tileRefuseChoice(ops[i], "the kernel holds no tile.gemm");
      ++errors;
    }
  return errors;
}

unsigned tileCpuCheckGemmChoices(const TileCpuChoices *c,
                                 const TileOpList *gemms,
                                 const TileCpuGemmTarget *t) {
  if (gemms->count == 0)
    return refuseAll(c);
  bool mkRefused = false, packRefused = false;
  unsigned errors = 0;
  TileStrBuf why = TILE_STRBUF_INIT;
  if (!mlirOperationIsNull(c->microKernel) && !blockFitsRegisters(c, t, &why))
    errors += refuse(c->microKernel, &mkRefused, &why);
  for (size_t i = 0; i < gemms->count; ++i) {
    MlirOperation gemm = gemms->ops[i];
    tileStrBufClear(&why);
    if (!mlirOperationIsNull(c->microKernel) && !mkRefused &&
        !blockFitsGemm(c, gemm, t, &why))
      errors += refuse(c->microKernel, &mkRefused, &why);
    tileStrBufClear(&why);
    if (!mlirOperationIsNull(c->packing) && !packRefused &&
        !packingFits(c, gemm, &why))
      errors += refuse(c->packing, &packRefused, &why);
  }
  tileStrBufFree(&why);
  return errors;
}
