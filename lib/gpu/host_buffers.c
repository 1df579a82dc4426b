/* tile-gpu-host-buffers: on cuda and rocm a kernel dereferences the
 * pointers it is given on the GPU, so a buffer the host code of a function
 * makes and hands to a kernel must be memory the device reaches. A
 * memref.alloc was host memory from malloc: the kernel read it at a host
 * address (an illegal address on a GPU without heterogeneous memory
 * management), which nothing reported before the launch.
 *
 * A memref.alloc of host code that a kernel of the same function uses
 * (directly, through views, or as a gpu.launch_func operand) becomes a
 * gpu.alloc, and its memref.dealloc a gpu.dealloc: device memory when the
 * host code only takes views of it and passes it to kernels, managed memory
 * (gpu.alloc host_shared, one address for both sides) when host code also
 * reads or writes it or passes it to a call. A buffer the function
 * registers with the device (gpu.host_register of it or of a view) is left
 * as it is: that is how upstream's runner programs share host memory.
 *
 * Reported at the op, because no allocation can replace them: host stack
 * buffers (memref.alloca) and globals (memref.get_global) that a kernel
 * uses, a memref.alloc that a kernel uses and that leaves the function
 * (returned or yielded), whose owner would free device memory with free(),
 * and one of a layout with symbols, whose gpu.alloc MLIR does not lower.
 * A buffer that flows into a region of host control flow (an scf.for's
 * iteration argument, say) is not followed and stays as it is, and so are
 * buffers of a memory space (left to tile-check-memory-spaces). */
#include "gpu/fail.h"
#include "ir/accesses.h"
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/GPU.h"

enum { OptTarget };

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "gpu",
                   "the target named in messages (cuda, rocm)", NULL},
};

/* Views nest at most this deep; deeper chains are not followed. */
enum { MaxDepth = 32 };

/* What the uses of one host buffer and its views amount to. */
typedef struct {
  MlirOperation func;
  MlirOperation kernelUse; /* the first use in a kernel, or null */
  MlirOperation escape;    /* the first op the buffer leaves through */
  bool registered;         /* a gpu.host_register takes it */
  bool hostAccess;         /* host code reads, writes or calls with it */
  TileOpList deallocs;
} Uses;

/* Whether `op`, host code or not, runs on the GPU: it is nested in a
 * kernel loop or a gpu.launch of the function. */
static bool inKernel(MlirOperation op, MlirOperation func) {
  for (MlirOperation p = op;
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, func);
       p = mlirOperationGetParentOperation(p))
    if (tileIsKernelLoop(p) || tileOpIs(p, "gpu.launch"))
      return true;
  return false;
}

/* Ranked or unranked (gpu.host_register takes a memref<*xT>). */
static bool isBuffer(MlirValue v) {
  MlirType type = mlirValueGetType(v);
  return mlirTypeIsAMemRef(type) || mlirTypeIsAUnrankedMemRef(type);
}

static bool anyMemRef(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (isBuffer(mlirOperationGetResult(op, i)))
      return true;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock block =
             mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(block); ++i)
        if (isBuffer(mlirBlockGetArgument(block, i)))
          return true;
  return false;
}

/* Ops through which a buffer leaves what this pass follows: a return or
 * yield, or an op of regions that may pass it on (an scf.for taking it as
 * an iteration argument); a linalg op, whose region sees elements, only
 * touches it. */
static bool leaves(MlirOperation op) {
  return tileOpIs(op, "func.return") || tileOpIs(op, "scf.yield") ||
         tileOpIs(op, "scf.condition") ||
         (mlirOperationGetNumRegions(op) > 0 && anyMemRef(op));
}

static void classify(MlirValue value, Uses *uses, int depth) {
  for (MlirOpOperand use = mlirValueGetFirstUse(value);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (inKernel(user, uses->func) || tileOpIs(user, "gpu.launch_func")) {
      if (mlirOperationIsNull(uses->kernelUse))
        uses->kernelUse = user;
    } else if (tileOpIs(user, "gpu.host_register")) {
      uses->registered = true;
    } else if (tileOpIs(user, "memref.dealloc")) {
      tileOpListAppend(&uses->deallocs, user);
    } else if (tileTakesBufferOnly(user)) {
      /* Views alias the buffer; queries (memref.dim) read no element. */
      for (intptr_t i = 0; i < mlirOperationGetNumResults(user); ++i) {
        MlirValue result = mlirOperationGetResult(user, i);
        if (!isBuffer(result))
          continue;
        if (depth >= MaxDepth) {
          if (mlirOperationIsNull(uses->escape))
            uses->escape = user;
        } else {
          classify(result, uses, depth + 1);
        }
      }
    } else if (leaves(user)) {
      if (mlirOperationIsNull(uses->escape))
        uses->escape = user;
    } else {
      uses->hostAccess = true;
    }
  }
}

typedef struct {
  MlirOperation func;
  const char *target;
  unsigned errors;
  TileOpList buffers;
} Run;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Run *run = userData;
  if (tileIsKernelLoop(op) || tileOpIs(op, "gpu.launch"))
    return MlirWalkResultSkip;
  /* Buffers of a memory space (an integer one, which host code and kernels
   * read differently) are left to the checks of memory spaces. */
  if ((tileOpIs(op, "memref.alloc") || tileOpIs(op, "memref.alloca") ||
       tileOpIs(op, "memref.get_global")) &&
      mlirOperationGetNumResults(op) == 1 &&
      mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(
          mlirValueGetType(mlirOperationGetResult(op, 0)))))
    tileOpListAppend(&run->buffers, op);
  return MlirWalkResultAdvance;
}

/* memref.alloc -> gpu.alloc [host_shared] of the same dynamic sizes (it
 * has no symbol operands); its deallocations become gpu.dealloc. */
static void moveToDevice(MlirOperation alloc, const Uses *uses) {
  TileBuilder b = tbBefore(alloc);
  MlirValue result = mlirOperationGetResult(alloc, 0);
  MlirType type = mlirValueGetType(result);
  intptr_t n = mlirOperationGetNumOperands(alloc); /* its dynamic sizes */
  MlirValue operands[n > 0 ? n : 1];
  for (intptr_t i = 0; i < n; ++i)
    operands[i] = mlirOperationGetOperand(alloc, i);
  MlirNamedAttribute attrs[2];
  intptr_t numAttrs = 0;
  attrs[numAttrs++] = tbNamed(
      &b, "operandSegmentSizes",
      mlirDenseI32ArrayGet(b.ctx, 3, (const int32_t[]){0, (int32_t)n, 0}));
  if (uses->hostAccess)
    attrs[numAttrs++] = tbNamed(&b, "hostShared", mlirUnitAttrGet(b.ctx));
  MlirOperation gpuAlloc =
      tbCreate(&b, "gpu.alloc", n, operands, 1, &type, numAttrs, attrs);
  tbReplaceOp(alloc, tbResult(gpuAlloc));
  for (size_t i = 0; i < uses->deallocs.count; ++i) {
    MlirOperation dealloc = uses->deallocs.ops[i];
    TileBuilder d = tbBefore(dealloc);
    MlirValue buffer = mlirOperationGetOperand(dealloc, 0);
    tbCreate(&d, "gpu.dealloc", 1, &buffer, 0, NULL, 0, NULL);
    mlirOperationDestroy(dealloc);
  }
}

/* Whether memref.get_global `op` names a constant memref.global of the
 * module around `func` (read only: the pass runs on functions). */
static bool constantGlobal(MlirOperation func, MlirOperation op) {
  MlirAttribute name = tileOpGetAttr(op, "name");
  MlirOperation module = mlirOperationGetParentOperation(func);
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAFlatSymbolRef(name) ||
      mlirOperationIsNull(module) || mlirOperationGetNumRegions(module) != 1)
    return false;
  MlirStringRef wanted = mlirFlatSymbolRefAttrGetValue(name);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation g = mlirBlockIsNull(body)
                             ? (MlirOperation){NULL}
                             : mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(g); g = mlirOperationGetNextInBlock(g)) {
    MlirAttribute sym = tileOpGetAttr(g, "sym_name");
    if (tileOpIs(g, "memref.global") && !mlirAttributeIsNull(sym) &&
        mlirAttributeIsAString(sym) &&
        mlirStringRefEqual(mlirStringAttrGetValue(sym), wanted))
      return !mlirAttributeIsNull(tileOpGetAttr(g, "constant"));
  }
  return false;
}

/* Whether every use of `op`'s result, and of the views of it, lies in
 * op's block or in the regions of its ops, so that a copy freed before the
 * block's terminator outlives them. */
static bool usedInBlockOf(MlirValue value, MlirBlock block, int depth) {
  for (MlirOpOperand use = mlirValueGetFirstUse(value);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    MlirOperation p = user;
    while (!mlirOperationIsNull(p) &&
           !mlirBlockEqual(mlirOperationGetBlock(p), block))
      p = mlirOperationGetParentOperation(p);
    if (mlirOperationIsNull(p) || depth >= MaxDepth)
      return false;
    if (tileTakesBufferOnly(user))
      for (intptr_t i = 0; i < mlirOperationGetNumResults(user); ++i)
        if (!usedInBlockOf(mlirOperationGetResult(user, i), block, depth + 1))
          return false;
  }
  return true;
}

static bool usedInBlock(MlirOperation op) {
  return usedInBlockOf(mlirOperationGetResult(op, 0), mlirOperationGetBlock(op),
                       0);
}

/* A constant global's contents are copied into device memory (managed
 * where host code reads it too) after its memref.get_global, which the
 * copy replaces, and freed before the terminator of its block. */
static void copyToDevice(MlirOperation getGlobal, const Uses *uses) {
  TileBuilder b = tbAfter(getGlobal);
  MlirValue global = mlirOperationGetResult(getGlobal, 0);
  MlirType type = mlirValueGetType(global);
  MlirNamedAttribute attrs[2];
  intptr_t numAttrs = 0;
  attrs[numAttrs++] =
      tbNamed(&b, "operandSegmentSizes",
              mlirDenseI32ArrayGet(b.ctx, 3, (const int32_t[]){0, 0, 0}));
  if (uses->hostAccess)
    attrs[numAttrs++] = tbNamed(&b, "hostShared", mlirUnitAttrGet(b.ctx));
  MlirValue copy =
      tbResult(tbCreate(&b, "gpu.alloc", 0, NULL, 1, &type, numAttrs, attrs));
  mlirValueReplaceAllUsesOfWith(global, copy);
  MlirValue operands[2] = {copy, global};
  tbCreate(&b, "gpu.memcpy", 2, operands, 0, NULL, 0, NULL);
  MlirBlock block = mlirOperationGetBlock(getGlobal);
  TileBuilder end = tbAtTerminator(block, mlirOperationGetLocation(getGlobal));
  tbCreate(&end, "gpu.dealloc", 1, &copy, 0, NULL, 0, NULL);
}

/* The number of symbol operands of memref.alloc `op` (its layout's). */
static int32_t symbolOperands(MlirOperation op) {
  MlirAttribute segments = tileOpGetAttr(op, "operandSegmentSizes");
  return !mlirAttributeIsNull(segments) &&
                 mlirDenseArrayGetNumElements(segments) == 2
             ? mlirDenseI32ArrayGetElement(segments, 1)
             : 0;
}

static void check(Run *run, MlirOperation buffer) {
  Uses uses = {.func = run->func};
  classify(mlirOperationGetResult(buffer, 0), &uses, 0);
  if (mlirOperationIsNull(uses.kernelUse) || uses.registered) {
    tileOpListFree(&uses.deallocs);
    return;
  }
  TileStrBuf at = TILE_STRBUF_INIT, escape = TILE_STRBUF_INIT;
  tileOpAt(&at, uses.kernelUse);
  if (tileOpIs(buffer, "memref.alloca"))
    tileGpuFail(&run->errors, buffer,
                "is host stack memory, which the kernel's %s cannot reach "
                "on the %s target; allocate the buffer with memref.alloc "
                "(device memory there) or gpu.alloc",
                at.data, run->target);
  else if (tileOpIs(buffer, "memref.get_global") &&
           constantGlobal(run->func, buffer) &&
           mlirOperationIsNull(uses.escape) && usedInBlock(buffer))
    copyToDevice(buffer, &uses);
  else if (tileOpIs(buffer, "memref.get_global"))
    tileGpuFail(&run->errors, buffer,
                "is a host global that is not constant, which the kernel's "
                "%s cannot reach on the %s target; copy it into a buffer of "
                "memref.alloc (device memory there) or register it with "
                "gpu.host_register",
                at.data, run->target);
  else if (!mlirOperationIsNull(uses.escape))
    tileGpuFail(&run->errors, buffer,
                "is used by the kernel's %s and leaves the function through "
                "%s; on the %s target a kernel's buffer must be device "
                "memory, which host code would not free: allocate it with "
                "gpu.alloc host_shared and free it with gpu.dealloc",
                at.data, tileOpAt(&escape, uses.escape), run->target);
  else if (symbolOperands(buffer))
    tileGpuFail(&run->errors, buffer,
                "is used by the kernel's %s, and on the %s target a kernel's "
                "buffer must be device memory, which gpu.alloc makes of no "
                "layout with symbols (MLIR's lowering of it failed); "
                "allocate it with a strided layout",
                at.data, run->target);
  else
    moveToDevice(buffer, &uses);
  tileStrBufFree(&at);
  tileStrBufFree(&escape);
  tileOpListFree(&uses.deallocs);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  Run r = {.func = op, .target = options[OptTarget].s};
  mlirOperationWalk(op, collect, &r, MlirWalkPreOrder);
  for (size_t i = 0; i < r.buffers.count; ++i)
    check(&r, r.buffers.ops[i]);
  tileOpListFree(&r.buffers);
  if (r.errors)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependentDialects[] = {
    mlirGetDialectHandle__gpu__,
};

const TilePassDescriptor tileGpuHostBuffersPass = {
    .argument = "tile-gpu-host-buffers",
    .name = "TileGpuHostBuffers",
    .summary = "Place the host buffers that kernels use in device or managed "
               "memory (gpu.alloc); report host stack buffers and globals "
               "that kernels use",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependentDialects,
    .numDependentDialects = TILE_COUNT(dependentDialects),
    .run = run,
};
