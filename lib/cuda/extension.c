/* The tile_cuda dialect's ops: their target-neutral rules and the choices
 * they state for a kernel. The rules that depend on the chip and the kernel
 * (which path takes it, what that path can do) are tile-cuda-path's. */
#include "cuda/extension.h"

#include "ir/choices.h"
#include "ir/ir.h"
#include "support/count.h"

#include <string.h>

static const char *const pathNames[] = {
    [TileCudaPathNone] = "",       [TileCudaPathWgmmaWs] = "wgmma_ws",
    [TileCudaPathWgmma] = "wgmma", [TileCudaPathMma] = "mma",
    [TileCudaPathSimt] = "simt",
};

const char *tileCudaPathName(TileCudaPath path) { return pathNames[path]; }

static TileCudaPath pathNamed(MlirStringRef s) {
  for (unsigned i = TileCudaPathWgmmaWs; i < TILE_COUNT(pathNames); ++i)
    if (strlen(pathNames[i]) == s.length &&
        strncmp(pathNames[i], s.data, s.length) == 0)
      return (TileCudaPath)i;
  return TileCudaPathNone;
}

bool tileCudaIsExtensionOp(MlirOperation op) {
  return tileOpHasPrefix(op, "tile_cuda.");
}

static void readOp(MlirOperation op, TileCudaChoices *c) {
  if (tileOpIs(op, "tile_cuda.path")) {
    c->path = op;
    c->pathValue = pathNamed(mlirStringAttrGetValue(tileOpGetAttr(op, "path")));
  } else if (tileOpIs(op, "tile_cuda.mma_shape")) {
    c->mmaShape = op;
    c->m = tileChoiceI64(op, "m");
    c->n = tileChoiceI64(op, "n");
    c->k = tileChoiceI64(op, "k");
  } else if (tileOpIs(op, "tile_cuda.swizzle")) {
    c->swizzle = op;
    c->swizzleA = tileChoiceI64(op, "a");
    c->swizzleB = tileChoiceI64(op, "b");
  } else if (tileOpIs(op, "tile_cuda.warp_specialize")) {
    c->warpSpecialize = op;
    c->producerRegisters = tileChoiceI64(op, "producer_registers");
    c->consumerRegisters = tileChoiceI64(op, "consumer_registers");
  } else if (tileOpIs(op, "tile_cuda.rasterize")) {
    c->rasterize = op;
    c->groupRows = tileChoiceI64(op, "group_rows");
  }
}

bool tileCudaReadChoices(MlirOperation kernel, TileCudaChoices *c) {
  memset(c, 0, sizeof(*c));
  bool any = false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (tileCudaIsExtensionOp(op)) {
      readOp(op, c);
      any = true;
    }
  return any;
}

void tileCudaEraseChoices(TileCudaChoices *c) {
  MlirOperation *ops[] = {&c->path, &c->mmaShape, &c->swizzle,
                          &c->warpSpecialize, &c->rasterize};
  for (unsigned i = 0; i < TILE_COUNT(ops); ++i) {
    if (!mlirOperationIsNull(*ops[i]))
      mlirOperationDestroy(*ops[i]);
    *ops[i] = (MlirOperation){NULL};
  }
}

/* A swizzle span the TMA unit and wgmma know: 128, 64 or 32 bytes, or 0. */
static bool checkSwizzle(MlirOperation op, const char *name) {
  int64_t v;
  if (!tileCheckChoiceI64(op, name, &v))
    return false;
  if (v != 0 && v != 32 && v != 64 && v != 128) {
    tileEmitOpError(op,
                    "expects '%s' to be a swizzle of 128, 64 or 32 bytes, or "
                    "0 for none, got %lld",
                    name, (long long)v);
    return false;
  }
  return true;
}

/* A register count setmaxnreg takes: a multiple of 8 in [24, 256]. */
static bool checkRegisters(MlirOperation op, const char *name) {
  int64_t v;
  if (!tileCheckChoiceI64(op, name, &v))
    return false;
  if (v < TileCudaMinRegisters || v > TileCudaMaxRegisters || v % 8) {
    tileEmitOpError(op,
                    "expects '%s' to be a register count setmaxnreg takes (a "
                    "multiple of 8 from 24 to 256), got %lld",
                    name, (long long)v);
    return false;
  }
  return true;
}

static bool checkPath(MlirOperation op) {
  MlirStringRef s = mlirStringAttrGetValue(tileOpGetAttr(op, "path"));
  if (pathNamed(s) != TileCudaPathNone)
    return true;
  tileEmitOpError(op,
                  "expects 'path' to be \"wgmma_ws\", \"wgmma\", \"mma\" or "
                  "\"simt\", got \"%.*s\"",
                  (int)s.length, s.data);
  return false;
}

/* Each attribute is checked, so that every bad one is reported. */
static bool checkOp(MlirOperation op) {
  if (!tileCheckChoicePlacement(op))
    return false;
  if (tileOpIs(op, "tile_cuda.path"))
    return checkPath(op);
  if (tileOpIs(op, "tile_cuda.mma_shape")) {
    bool m = tileCheckChoiceInt(op, "m", 1), n = tileCheckChoiceInt(op, "n", 1);
    bool k = tileCheckChoiceInt(op, "k", 1);
    return m && n && k;
  }
  if (tileOpIs(op, "tile_cuda.swizzle")) {
    bool a = checkSwizzle(op, "a");
    bool b = checkSwizzle(op, "b");
    return a && b;
  }
  if (tileOpIs(op, "tile_cuda.rasterize"))
    return tileCheckChoiceInt(op, "group_rows", 1);
  bool producer = checkRegisters(op, "producer_registers");
  bool consumer = checkRegisters(op, "consumer_registers");
  return producer && consumer;
}

unsigned tileCudaVerifyExtensionOps(MlirOperation root) {
  return tileCheckChoiceOps(root, "tile_cuda.", checkOp);
}
