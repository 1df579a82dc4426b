/* tile-rocm-private-allocas: a thread's own array lives in the private
 * address space (5) on AMDGPU, as the data layout's A5 says. MLIR's
 * lowering of memref.alloca makes an llvm.alloca in the generic address
 * space (0): LLVM's AMDGPU instruction selection ended the process on the
 * frame index of any such array that SROA had not broken into registers
 * ("Cannot select: FrameIndex", for an array indexed by a loop variable or
 * written by a masked store). Each generic alloca becomes an alloca in
 * address space 5 and an llvm.addrspacecast back to a generic pointer, as
 * clang writes them; LLVM's address space inference then gives its loads
 * and stores private (scratch) instructions. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"
#include "support/count.h"

#include "mlir-c/Dialect/LLVM.h"

#include <stdlib.h>

enum { kPrivateAddressSpace = 5 };

static bool isGenericPointer(MlirType type) {
  return mlirTypeIsALLVMPointerType(type) &&
         mlirLLVMPointerTypeGetAddressSpace(type) == 0;
}

static void moveToPrivate(MlirOperation alloca) {
  TileBuilder b = tbBefore(alloca);
  intptr_t numOperands = mlirOperationGetNumOperands(alloca);
  MlirValue *operands =
      tileCallocArray((size_t)numOperands + 1, sizeof(MlirValue));
  for (intptr_t i = 0; i < numOperands; ++i)
    operands[i] = mlirOperationGetOperand(alloca, i);
  MlirType privatePtr = mlirLLVMPointerTypeGet(b.ctx, kPrivateAddressSpace);
  MlirValue slot =
      tbResult(tbCreateLike(&b, alloca, numOperands, operands, 1, &privatePtr));
  MlirType generic = mlirValueGetType(mlirOperationGetResult(alloca, 0));
  MlirValue cast = tbResult(
      tbCreate(&b, "llvm.addrspacecast", 1, &slot, 1, &generic, 0, NULL));
  tbReplaceOp(alloca, cast);
  free(operands);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList allocas = {0};
  tileCollectOps(op, "llvm.alloca", &allocas);
  for (size_t i = 0; i < allocas.count; ++i)
    if (isGenericPointer(
            mlirValueGetType(mlirOperationGetResult(allocas.ops[i], 0))))
      moveToPrivate(allocas.ops[i]);
  tileOpListFree(&allocas);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__llvm__,
};

const TilePassDescriptor tileRocmPrivateAllocasPass = {
    .argument = "tile-rocm-private-allocas",
    .name = "TileRocmPrivateAllocas",
    .summary = "Put the llvm.alloca arrays of device code in the private "
               "address space (5), behind a cast to a generic pointer",
    .anchor = "gpu.module",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
