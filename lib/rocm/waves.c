/* tile-rocm-waves: tile_rocm.waves_per_eu {waves} becomes the kernel's
 * rocdl.waves_per_eu, which LLVM's AMDGPU back end takes as the least
 * number of waves per SIMD to allocate registers for (amdgpu-waves-per-eu).
 * The op applies to any kernel, on the matrix path or not, so it stays in
 * the kernel body through the lowering and outlining (which keeps the
 * body, not attributes of the launch) and is read here, in the outlined
 * gpu.func, where the attribute belongs. */
#include "ir/builder.h"
#include "ir/choices.h"
#include "passes/pass.h"
#include "rocm/rocm.h"
#include "support/count.h"

enum { OptChip };

static const TilePassOption options[] = {
    [OptChip] = {"chip", TileOptionString, "gfx942", "the AMDGPU chip", NULL,
                 tileRocmCheckChip},
};

/* Moves the op of kernel `func` onto it; 1 when it is refused. */
static unsigned honour(MlirOperation func, const TileRocmChip *chip) {
  MlirOperation choice = tileFirstOp(func, "tile_rocm.waves_per_eu");
  if (mlirOperationIsNull(choice))
    return 0;
  int64_t waves;
  if (!tileCheckChoiceI64(choice, "waves", &waves) ||
      !tileCheckChoiceInt(choice, "waves", 1))
    return 1;
  if (waves > chip->maxWavesPerEU)
    return tileRefuseChoice(choice, "a SIMD of %s holds at most %lld waves",
                            chip->name, (long long)chip->maxWavesPerEU);
  TileBuilder b = tbBefore(choice);
  mlirOperationSetAttributeByName(
      func, tileRef("rocdl.waves_per_eu"),
      mlirIntegerAttrGet(tbI32(&b), (int32_t)waves));
  mlirOperationDestroy(choice);
  return 0;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  const TileRocmChip *chip = tileRocmFindChip(values[OptChip].s);
  if (!chip) {
    tileEmitOpError(op, "tile-rocm-waves: unknown rocm chip '%s'",
                    values[OptChip].s);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  TileOpList funcs = {0};
  tileCollectOps(op, "gpu.func", &funcs);
  unsigned errors = 0;
  for (size_t i = 0; i < funcs.count; ++i)
    errors += honour(funcs.ops[i], chip);
  tileOpListFree(&funcs);
  if (errors)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileRocmWavesPass = {
    .argument = "tile-rocm-waves",
    .name = "TileRocmWaves",
    .summary = "Make tile_rocm.waves_per_eu the kernel's rocdl.waves_per_eu "
               "(a register budget for that many waves per SIMD), or refuse "
               "more waves than the chip's SIMD holds",
    .anchor = "gpu.module",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
