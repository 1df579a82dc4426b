/* tile-expand-copies: memref.copy becomes a loop nest of loads and stores.
 * Its LLVM lowering calls memrefCopy, the copy of strided memrefs in MLIR's
 * host runtime library, unless both sides are contiguous (then
 * llvm.memcpy): device code has no such function (ptxas and ld.lld left it
 * unresolved), the cpu jit did not find it ("cannot resolve symbol
 * 'memrefCopy'") and an aot object needed MLIR's runtime library. MLIR's
 * SPIR-V conversion has no pattern for memref.copy at all. With
 * `strided-only`, copies whose memrefs both have the identity layout stay
 * (the host's llvm.memcpy). */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/BuiltinTypes.h"

enum { OptStridedOnly };

static const TilePassOption options[] = {
    [OptStridedOnly] = {"strided-only", TileOptionBool, "false",
                        "expand only copies with a memref of another layout "
                        "than the identity (those that called memrefCopy)",
                        NULL, NULL},
};

static void expand(MlirOperation copy) {
  MlirValue source = mlirOperationGetOperand(copy, 0);
  MlirValue target = mlirOperationGetOperand(copy, 1);
  MlirType type = mlirValueGetType(source);
  intptr_t rank = tileRank(type);
  TileBuilder b = tbBefore(copy);
  MlirValue zero = tbConstIndex(&b, 0), one = tbConstIndex(&b, 1);
  MlirValue indices[TILE_MAX_RANK];
  TileBuilder in = b;
  for (intptr_t d = 0; d < rank; ++d) {
    MlirValue extent = tileIsDynamicDim(type, d)
                           ? tbDim(&in, source, d)
                           : tbConstIndex(&in, tileDim(type, d));
    TileLoop loop = tbFor(&in, zero, extent, one);
    indices[d] = loop.iv;
    in = tbAtTerminator(loop.body, in.loc);
  }
  tbStore(&in, tbLoad(&in, source, rank, indices), target, rank, indices);
  mlirOperationDestroy(copy);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)pass;
  TileOpList copies = {0};
  tileCollectOps(op, "memref.copy", &copies);
  for (size_t i = 0; i < copies.count; ++i) {
    MlirType from = mlirValueGetType(mlirOperationGetOperand(copies.ops[i], 0));
    MlirType to = mlirValueGetType(mlirOperationGetOperand(copies.ops[i], 1));
    if (!mlirTypeIsAMemRef(from) || !mlirTypeIsAMemRef(to) ||
        tileRank(from) > TILE_MAX_RANK)
      continue;
    if (values[OptStridedOnly].b && tileHasIdentityLayout(from) &&
        tileHasIdentityLayout(to))
      continue;
    expand(copies.ops[i]);
  }
  tileOpListFree(&copies);
}

const TilePassDescriptor tileExpandCopiesPass = {
    .argument = "tile-expand-copies",
    .name = "TileExpandCopies",
    .summary = "Expand memref.copy into loops of loads and stores (its "
               "lowering calls the host runtime's memrefCopy, or has none)",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
