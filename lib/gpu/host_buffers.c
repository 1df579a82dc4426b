/* tile-gpu-host-buffers: on cuda and rocm a kernel dereferences the
 * pointers it is given on the GPU, so a buffer the host code of a function
 * makes and hands to a kernel must be memory the device reaches. A
 * memref.alloc was host memory from malloc: the kernel read it at a host
 * address (an illegal address on a GPU without heterogeneous memory
 * management), which nothing reported before the launch.
 *
 * A memref.alloc of host code that a kernel of the same function uses
 * (directly, through views, or as a gpu.launch_func operand), or that it
 * passes to a function that launches kernels (directly or through calls;
 * hence a pass on the module), becomes a gpu.alloc, and its memref.dealloc a
 * gpu.dealloc: device memory when the host code only takes views of it and
 * passes it to kernels, managed memory (gpu.alloc host_shared, one address for
 * both sides) when host code also reads or writes it or passes it to a call. A
 * buffer the function registers with the device (gpu.host_register of it or of
 * a view) is left as it is: that is how upstream's runner programs share host
 * memory.
 *
 * A constant global (memref.get_global) that a kernel uses is copied into
 * device memory after the get_global and freed at the end of its block,
 * or before each return when it is in the entry block.
 *
 * Reported at the op, because no allocation can replace them: host stack
 * buffers (memref.alloca) and globals that are not constant that a kernel
 * uses, a memref.alloc that a kernel uses and that leaves the function
 * (returned or yielded), whose owner would free device memory with free(),
 * and one of a layout with symbols, whose gpu.alloc MLIR does not lower.
 *
 * A choice between buffers (arith.select) is followed like a view. A
 * buffer that host control flow passes on (an scf.if result, an scf.for
 * iteration argument) is not followed forward and stays where it was
 * made; the buffers each kernel takes, and those passed to functions that
 * launch kernels, are followed back through views, choices, such control
 * flow and the buffers calls return, and host memory found there is
 * reported at the op that made it. Buffers of a memory space are left to
 * tile-check-memory-spaces.
 *
 * The arguments of a public function that launches kernels or uses other
 * GPU ops are device memory (tile-run, the Python package and ahead-of-time
 * callers pass device buffers), and so is a gpu.alloc without host_shared:
 * host code that reads or writes one is reported at the op (it faulted in
 * the host process), or at the call that passes it to a function whose
 * host code does. */
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
                   "the target named in messages (cuda, rocm)", NULL, NULL},
};

/* Views nest at most this deep; deeper chains are not followed. Of the
 * calls a buffer is passed to, the first MaxCalls are followed, through at
 * most MaxCallDepth calls and MaxVisits (function, argument) pairs. */
enum { MaxDepth = 32, MaxCalls = 8, MaxCallDepth = 8, MaxVisits = 64 };

/* What the uses of one host buffer and its views amount to. */
typedef struct {
  MlirOperation func;
  const TileOpList *launchers;   /* the module's functions that launch
                                    kernels, directly or through calls */
  MlirOperation kernelUse;       /* the first use in a kernel, or a call that
                                    hands it to kernels; null when none */
  MlirOperation escape;          /* the first op the buffer leaves through */
  bool registered;               /* a gpu.host_register takes it */
  bool hostAccess;               /* host code reads, writes or calls with it */
  MlirOperation touch;           /* the first host op but a call, a gpu or an
                                    nvgpu op that takes it: one that reads or
                                    writes it */
  MlirOpOperand calls[MaxCalls]; /* the func.call operands it is */
  unsigned numCalls;
  TileOpList deallocs;
} Uses;

/* Whether `op` launches kernels: a kernel loop, gpu.launch or
 * gpu.launch_func. */
static bool isLaunch(MlirOperation op) {
  return tileIsKernelLoop(op) || tileOpIs(op, "gpu.launch") ||
         tileOpIs(op, "gpu.launch_func");
}

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

/* An arith.select between buffers: host code that picks one, which
 * reads neither. */
static bool isBufferSelect(MlirOperation op) {
  return tileOpIs(op, "arith.select") && mlirOperationGetNumResults(op) == 1 &&
         isBuffer(mlirOperationGetResult(op, 0));
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

/* Whether `call` calls a function that launches kernels (which may take
 * the buffers it is given). */
static bool callsLauncher(MlirOperation call, const TileOpList *launchers) {
  if (!tileOpIsCall(call))
    return false;
  MlirOperation callee = tileCalleeOf(call);
  return !mlirOperationIsNull(callee) && tileOpListContains(launchers, callee);
}

/* Records a host call that takes the buffer (the first MaxCalls). */
static void addCall(Uses *uses, MlirOpOperand use) {
  if (uses->numCalls < MaxCalls)
    uses->calls[uses->numCalls++] = use;
}

static void classify(MlirValue value, Uses *uses, int depth) {
  for (MlirOpOperand use = mlirValueGetFirstUse(value);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (inKernel(user, uses->func) || tileOpIs(user, "gpu.launch_func")) {
      if (mlirOperationIsNull(uses->kernelUse))
        uses->kernelUse = user;
    } else if (callsLauncher(user, uses->launchers)) {
      /* The callee's kernels may take it, and its host code may read it. */
      if (mlirOperationIsNull(uses->kernelUse))
        uses->kernelUse = user;
      uses->hostAccess = true;
      addCall(uses, use);
    } else if (tileOpIs(user, "gpu.host_register")) {
      uses->registered = true;
    } else if (tileOpIs(user, "memref.dealloc")) {
      tileOpListAppend(&uses->deallocs, user);
    } else if (tileTakesBufferOnly(user) || isBufferSelect(user)) {
      /* Views alias the buffer, and so does a choice between buffers;
       * queries (memref.dim) read no element. */
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
      if (tileOpIsCall(user))
        addCall(uses, use);
      /* gpu.memcpy and the like run on the device; nvgpu's TMA
       * descriptor takes the buffer's address only. */
      if (mlirOperationIsNull(uses->touch) && !tileOpIsCall(user) &&
          !tileOpInDialect(user, "gpu") && !tileOpInDialect(user, "nvgpu"))
        uses->touch = user;
    }
  }
}

/* The calls whose returned buffers are being followed back, innermost
 * first. */
typedef struct CallFrame {
  MlirOperation call, callee;
  const struct CallFrame *outer;
} CallFrame;

typedef struct {
  MlirOperation func;
  const TileOpList *launchers;
  const CallFrame *frames;
  const char *target;
  unsigned errors;
  TileOpList buffers;
  TileOpList deviceAllocs; /* the function's gpu.alloc ops in host code */
  TileOpList reported;     /* buffers already reported */
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
  if (tileOpIs(op, "gpu.alloc"))
    tileOpListAppend(&run->deviceAllocs, op);
  return MlirWalkResultAdvance;
}

/* gpu.alloc of `type` with `n` dynamic sizes, managed memory
 * (host_shared) when `shared`. */
static MlirValue gpuAlloc(TileBuilder *b, MlirType type, intptr_t n,
                          const MlirValue *sizes, bool shared) {
  MlirNamedAttribute attrs[2];
  intptr_t numAttrs = 0;
  attrs[numAttrs++] = tbNamed(
      b, "operandSegmentSizes",
      mlirDenseI32ArrayGet(b->ctx, 3, (const int32_t[]){0, (int32_t)n, 0}));
  if (shared)
    attrs[numAttrs++] = tbNamed(b, "hostShared", mlirUnitAttrGet(b->ctx));
  return tbResult(
      tbCreate(b, "gpu.alloc", n, sizes, 1, &type, numAttrs, attrs));
}

static void gpuDealloc(TileBuilder *b, MlirValue buffer) {
  tbCreate(b, "gpu.dealloc", 1, &buffer, 0, NULL, 0, NULL);
}

/* memref.alloc -> gpu.alloc [host_shared] of the same dynamic sizes (it
 * has no symbol operands); its deallocations become gpu.dealloc. */
static void moveToDevice(MlirOperation alloc, const Uses *uses) {
  TileBuilder b = tbBefore(alloc);
  MlirType type = mlirValueGetType(mlirOperationGetResult(alloc, 0));
  intptr_t n = mlirOperationGetNumOperands(alloc); /* its dynamic sizes */
  MlirValue sizes[n > 0 ? n : 1];
  for (intptr_t i = 0; i < n; ++i)
    sizes[i] = mlirOperationGetOperand(alloc, i);
  tbReplaceOp(alloc, gpuAlloc(&b, type, n, sizes, uses->hostAccess));
  for (size_t i = 0; i < uses->deallocs.count; ++i) {
    MlirOperation dealloc = uses->deallocs.ops[i];
    TileBuilder d = tbBefore(dealloc);
    gpuDealloc(&d, mlirOperationGetOperand(dealloc, 0));
    mlirOperationDestroy(dealloc);
  }
}

/* Whether memref.get_global `op` names a constant memref.global of the
 * module around `func` (read only: the pass runs on functions). */
static bool constantGlobal(MlirOperation func, MlirOperation op) {
  MlirAttribute name = tileOpGetAttr(op, "name");
  MlirOperation module = mlirOperationGetParentOperation(func);
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAFlatSymbolRef(name) ||
      mlirOperationIsNull(module))
    return false;
  MlirOperation global =
      tileSymbolNamed(module, mlirFlatSymbolRefAttrGetValue(name));
  return !mlirOperationIsNull(global) && tileOpIs(global, "memref.global") &&
         !mlirAttributeIsNull(tileOpGetAttr(global, "constant"));
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
 * copy replaces, and freed before the terminator of its block, or, when
 * its uses reach other blocks and it is in the function's entry block,
 * before each return. */
static void copyToDevice(MlirOperation func, MlirOperation getGlobal,
                         const Uses *uses) {
  bool local = usedInBlock(getGlobal);
  TileBuilder b = tbAfter(getGlobal);
  MlirValue global = mlirOperationGetResult(getGlobal, 0);
  MlirValue copy =
      gpuAlloc(&b, mlirValueGetType(global), 0, NULL, uses->hostAccess);
  mlirValueReplaceAllUsesOfWith(global, copy);
  MlirValue operands[2] = {copy, global};
  tbCreate(&b, "gpu.memcpy", 2, operands, 0, NULL, 0, NULL);
  MlirBlock block = mlirOperationGetBlock(getGlobal);
  MlirLocation loc = mlirOperationGetLocation(getGlobal);
  if (local) {
    TileBuilder end = tbAtTerminator(block, loc);
    gpuDealloc(&end, copy);
    return;
  }
  for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
       !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
    MlirOperation terminator = mlirBlockGetTerminator(b);
    if (mlirOperationIsNull(terminator) || !tileOpIs(terminator, "func.return"))
      continue;
    TileBuilder end = tbAtTerminator(b, loc);
    gpuDealloc(&end, copy);
  }
}

/* Whether `op` is in the entry block of `func`, so that it dominates every
 * return. */
static bool inEntryBlock(MlirOperation func, MlirOperation op) {
  return mlirBlockEqual(
      mlirOperationGetBlock(op),
      mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
}

/* The number of symbol operands of memref.alloc `op` (its layout's). */
static int32_t symbolOperands(MlirOperation op) {
  MlirAttribute segments = tileOpGetAttr(op, "operandSegmentSizes");
  return !mlirAttributeIsNull(segments) &&
                 mlirDenseArrayGetNumElements(segments) == 2
             ? mlirDenseI32ArrayGetElement(segments, 1)
             : 0;
}

/* "the kernel's 'memref.load' at line 9, column 12", or, for a call of a
 * function that launches kernels, "the kernels of @f (through the
 * 'func.call' at line 14, column 3)". */
static const char *describeKernelUse(TileStrBuf *buf, MlirOperation use) {
  TileStrBuf at = TILE_STRBUF_INIT;
  tileOpAt(&at, use);
  if (tileOpIsCall(use)) {
    MlirStringRef callee = mlirFlatSymbolRefAttrGetValue(tileCalleeSymbol(use));
    tileStrBufPrintf(buf, "the kernels of @%.*s (through the %s)",
                     (int)callee.length, callee.data, tileStrBufGet(&at));
  } else {
    tileStrBufPrintf(buf, "the kernel's %s", tileStrBufGet(&at));
  }
  tileStrBufFree(&at);
  return tileStrBufGet(buf);
}

static void check(Run *run, MlirOperation buffer) {
  unsigned errors = run->errors;
  Uses uses = {.func = run->func, .launchers = run->launchers};
  classify(mlirOperationGetResult(buffer, 0), &uses, 0);
  if (mlirOperationIsNull(uses.kernelUse) || uses.registered) {
    tileOpListFree(&uses.deallocs);
    return;
  }
  TileStrBuf at = TILE_STRBUF_INIT, escape = TILE_STRBUF_INIT;
  describeKernelUse(&at, uses.kernelUse);
  if (tileOpIs(buffer, "memref.alloca"))
    tileGpuFail(&run->errors, buffer,
                "is host stack memory, which %s cannot reach "
                "on the %s target; allocate the buffer with memref.alloc "
                "(device memory there) or gpu.alloc",
                at.data, run->target);
  else if (tileOpIs(buffer, "memref.get_global") &&
           !constantGlobal(run->func, buffer))
    tileGpuFail(&run->errors, buffer,
                "is a host global that is not constant, which %s cannot "
                "reach on the %s target; copy it into a buffer of "
                "memref.alloc (device memory there) or register it with "
                "gpu.host_register",
                at.data, run->target);
  else if (tileOpIs(buffer, "memref.get_global") &&
           mlirOperationIsNull(uses.escape) &&
           (usedInBlock(buffer) || inEntryBlock(run->func, buffer)))
    copyToDevice(run->func, buffer, &uses);
  else if (tileOpIs(buffer, "memref.get_global") &&
           mlirOperationIsNull(uses.escape))
    tileGpuFail(&run->errors, buffer,
                "is a constant host global that %s uses in "
                "another block, which on the %s target needs a copy in device "
                "memory that lives as long as those uses; take it with "
                "memref.get_global in the function's entry block",
                at.data, run->target);
  else if (tileOpIs(buffer, "memref.get_global"))
    tileGpuFail(&run->errors, buffer,
                "is a constant host global that %s uses and "
                "that leaves the function through %s; on the %s target the "
                "kernel reads a copy of it in device memory, which is freed "
                "before the function returns; pass on a memref.get_global of "
                "its own, which no kernel uses",
                at.data, tileOpAt(&escape, uses.escape), run->target);
  else if (!mlirOperationIsNull(uses.escape))
    tileGpuFail(&run->errors, buffer,
                "is used by %s and leaves the function through "
                "%s; on the %s target a kernel's buffer must be device "
                "memory, which host code would not free: allocate it with "
                "gpu.alloc host_shared and free it with gpu.dealloc",
                at.data, tileOpAt(&escape, uses.escape), run->target);
  else if (symbolOperands(buffer))
    tileGpuFail(&run->errors, buffer,
                "is used by %s, and on the %s target a kernel's "
                "buffer must be device memory, which gpu.alloc makes of no "
                "layout with symbols (MLIR's lowering of it failed); "
                "allocate it with a strided layout",
                at.data, run->target);
  else
    moveToDevice(buffer, &uses);
  if (run->errors != errors)
    tileOpListAppend(&run->reported, buffer);
  tileStrBufFree(&at);
  tileStrBufFree(&escape);
  tileOpListFree(&uses.deallocs);
}

/*===--- buffers that reach kernels through host control flow -----------===*/

static void traceRoot(Run *run, MlirValue value, MlirOperation use,
                      MlirOperation through, int depth);

/* Operand `index` of the terminator of each block of each region of `op`
 * (what an scf.if, scf.index_switch or scf.execute_region yields as its
 * result `index`, or an scf.for as its iteration argument). */
static void traceYields(Run *run, MlirOperation op, intptr_t index,
                        MlirOperation use, int depth) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock block =
             mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block)) {
      MlirOperation yield = mlirBlockGetTerminator(block);
      if (!mlirOperationIsNull(yield) && tileOpIs(yield, "scf.yield") &&
          index < mlirOperationGetNumOperands(yield))
        traceRoot(run, mlirOperationGetOperand(yield, index), use, op,
                  depth + 1);
    }
}

/* The buffer that the func.call `call` returns as its result `index`:
 * each func.return of its callee, followed back there (and through the
 * callee's arguments, to the call's operands). */
static void traceReturns(Run *run, MlirOperation call, intptr_t index,
                         MlirOperation use, int depth) {
  MlirOperation callee = tileCalleeOf(call);
  if (mlirOperationIsNull(callee) || !tileOpIs(callee, "func.func"))
    return;
  CallFrame frame = {call, callee, run->frames};
  run->frames = &frame;
  for (MlirBlock block =
           mlirRegionGetFirstBlock(mlirOperationGetRegion(callee, 0));
       !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block)) {
    MlirOperation ret = mlirBlockGetTerminator(block);
    if (!mlirOperationIsNull(ret) && tileOpIs(ret, "func.return") &&
        index < mlirOperationGetNumOperands(ret))
      traceRoot(run, mlirOperationGetOperand(ret, index), use, call, depth + 1);
  }
  run->frames = frame.outer;
}

/* Follows `value`, a buffer a kernel's `use` takes from host code, back
 * through views, choices, scf.if/index_switch/execute_region results,
 * scf.for iteration arguments and the buffers calls return to the host
 * buffers it may be (`through`: the control flow op or call it came
 * through, null until one). One that is still host memory came only
 * through control flow, which the forward walk does not follow: reported. */
static void traceRoot(Run *run, MlirValue value, MlirOperation use,
                      MlirOperation through, int depth) {
  if (depth >= MaxDepth)
    return;
  if (mlirValueIsABlockArgument(value)) {
    MlirBlock block = mlirBlockArgumentGetOwner(value);
    MlirOperation parent = mlirBlockGetParentOperation(block);
    intptr_t arg = mlirBlockArgumentGetArgNumber(value);
    const CallFrame *frame = run->frames;
    /* An argument of the function a call being followed calls: the call's
     * operand for it. */
    intptr_t operand = frame ? tileCallFirstArg(frame->call) + arg : 0;
    if (frame && !mlirOperationIsNull(parent) &&
        mlirOperationEqual(parent, frame->callee) &&
        mlirBlockEqual(block, mlirRegionGetFirstBlock(
                                  mlirOperationGetRegion(parent, 0))) &&
        operand < mlirOperationGetNumOperands(frame->call)) {
      run->frames = frame->outer;
      traceRoot(run, mlirOperationGetOperand(frame->call, operand), use,
                through, depth + 1);
      run->frames = frame;
      return;
    }
    if (!mlirOperationIsNull(parent) && tileOpIs(parent, "scf.for") &&
        arg >= 1 && 3 + arg - 1 < mlirOperationGetNumOperands(parent)) {
      traceRoot(run, mlirOperationGetOperand(parent, 3 + arg - 1), use, parent,
                depth + 1);
      traceYields(run, parent, arg - 1, use, depth);
    }
    return;
  }
  MlirOperation def = mlirOpResultGetOwner(value);
  intptr_t index = mlirOpResultGetResultNumber(value);
  if (tileTakesBufferOnly(def) && mlirOperationGetNumOperands(def) > 0) {
    traceRoot(run, mlirOperationGetOperand(def, 0), use, through, depth + 1);
  } else if (isBufferSelect(def)) {
    traceRoot(run, mlirOperationGetOperand(def, 1), use, through, depth + 1);
    traceRoot(run, mlirOperationGetOperand(def, 2), use, through, depth + 1);
  } else if (tileOpIs(def, "scf.if") || tileOpIs(def, "scf.index_switch") ||
             tileOpIs(def, "scf.execute_region")) {
    traceYields(run, def, index, use, depth);
  } else if (tileOpIsCall(def) && !inKernel(def, run->func)) {
    traceReturns(run, def, index, use, depth);
  } else if (tileOpIs(def, "scf.for")) {
    if (3 + index < mlirOperationGetNumOperands(def))
      traceRoot(run, mlirOperationGetOperand(def, 3 + index), use, def,
                depth + 1);
    traceYields(run, def, index, use, depth);
  } else if (!mlirOperationIsNull(through) && !inKernel(def, run->func) &&
             (tileOpIs(def, "memref.alloc") || tileOpIs(def, "memref.alloca") ||
              tileOpIs(def, "memref.get_global")) &&
             mlirAttributeIsNull(
                 mlirMemRefTypeGetMemorySpace(mlirValueGetType(value))) &&
             !tileOpListContains(&run->reported, def)) {
    Uses uses = {.func = run->func, .launchers = run->launchers};
    classify(value, &uses, 0);
    tileOpListFree(&uses.deallocs);
    if (uses.registered)
      return;
    TileStrBuf at = TILE_STRBUF_INIT, via = TILE_STRBUF_INIT;
    tileGpuFail(&run->errors, def,
                "is host memory that reaches %s through %s; on "
                "the %s target kernels reach device memory only, and a "
                "buffer that host control flow passes on stays where it "
                "was made: allocate it with gpu.alloc (or gpu.alloc "
                "host_shared, where host code uses it too)",
                describeKernelUse(&at, use), tileOpAt(&via, through),
                run->target);
    tileStrBufFree(&at);
    tileStrBufFree(&via);
    tileOpListAppend(&run->reported, def);
  }
}

/* The buffers each op of a kernel takes from host code, and those that
 * host code passes to functions that launch kernels. */
static MlirWalkResult traceCaptures(MlirOperation op, void *userData) {
  Run *run = userData;
  bool launch = tileOpIs(op, "gpu.launch_func") ||
                (callsLauncher(op, run->launchers) && !inKernel(op, run->func));
  if (!launch && !inKernel(op, run->func))
    return MlirWalkResultAdvance;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!isBuffer(v))
      continue;
    MlirOperation def =
        mlirValueIsAOpResult(v)
            ? mlirOpResultGetOwner(v)
            : mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
    if (launch || !inKernel(def, run->func))
      traceRoot(run, v, op, (MlirOperation){NULL}, 0);
  }
  return MlirWalkResultAdvance;
}

/*===--- arguments ------------------------------------------------------===*/

/* The (function, argument) pairs already looked into. */
typedef struct {
  MlirOperation funcs[MaxVisits];
  intptr_t args[MaxVisits];
  unsigned count;
} Visits;

static bool visit(Visits *visits, MlirOperation func, intptr_t arg) {
  for (unsigned i = 0; i < visits->count; ++i)
    if (mlirOperationEqual(visits->funcs[i], func) && visits->args[i] == arg)
      return false;
  if (visits->count == MaxVisits)
    return false;
  visits->funcs[visits->count] = func;
  visits->args[visits->count++] = arg;
  return true;
}

/* The first host op that reads or writes the buffer of `uses` in a
 * function it is passed to (by one of its calls, or further calls from
 * there), or a null op; `*via` is set to the call of uses->func it went
 * through. */
static MlirOperation touchInCallees(const Uses *uses, Visits *visits, int depth,
                                    MlirOperation *via) {
  for (unsigned c = 0; c < uses->numCalls; ++c) {
    MlirOperation call = mlirOpOperandGetOwner(uses->calls[c]);
    MlirOperation callee = tileCalleeOf(call);
    if (mlirOperationIsNull(callee) || !tileOpIs(callee, "func.func"))
      continue;
    MlirBlock entry =
        mlirRegionGetFirstBlock(mlirOperationGetRegion(callee, 0));
    intptr_t index =
        mlirOpOperandGetOperandNumber(uses->calls[c]) - tileCallFirstArg(call);
    if (mlirBlockIsNull(entry) || index < 0 ||
        index >= mlirBlockGetNumArguments(entry) ||
        !visit(visits, callee, index))
      continue;
    Uses inner = {.func = callee, .launchers = uses->launchers};
    classify(mlirBlockGetArgument(entry, index), &inner, 0);
    tileOpListFree(&inner.deallocs);
    if (inner.registered)
      continue;
    MlirOperation touch = inner.touch, innerVia;
    if (mlirOperationIsNull(touch) && depth + 1 < MaxCallDepth)
      touch = touchInCallees(&inner, visits, depth + 1, &innerVia);
    if (!mlirOperationIsNull(touch)) {
      *via = call;
      return touch;
    }
  }
  return (MlirOperation){NULL};
}

/* The first host op that reads or writes the buffer of `uses`, in its
 * function or (`*via`: the call it went through) in one it is passed to;
 * a null op when none does, or when the function registers it. */
static MlirOperation hostTouch(const Uses *uses, MlirOperation *via) {
  *via = (MlirOperation){NULL};
  if (uses->registered)
    return (MlirOperation){NULL};
  if (!mlirOperationIsNull(uses->touch))
    return uses->touch;
  Visits visits = {.count = 0};
  return touchInCallees(uses, &visits, 0, via);
}

/* "the 'memref.load' at line 5, column 8 of @g" */
static const char *describeTouch(TileStrBuf *buf, MlirOperation touch) {
  TileStrBuf at = TILE_STRBUF_INIT;
  MlirOperation func = tileEnclosingFunc(touch);
  MlirStringRef name =
      mlirOperationIsNull(func)
          ? mlirStringRefCreateFromCString("?")
          : mlirStringAttrGetValue(tileOpGetAttr(func, "sym_name"));
  tileStrBufPrintf(buf, "the %s of @%.*s", tileOpAt(&at, touch),
                   (int)name.length, name.data);
  tileStrBufFree(&at);
  return tileStrBufGet(buf);
}

/* The first kernel (a kernel loop, gpu.launch or gpu.launch_func) under
 * an op, else its first other GPU op (gpu.memcpy, gpu.alloc, ...). */
typedef struct {
  const TileOpList *launchers;
  MlirOperation kernel, gpuOp;
} DeviceWork;

static MlirWalkResult findDeviceWork(MlirOperation op, void *userData) {
  DeviceWork *work = userData;
  if (isLaunch(op) || callsLauncher(op, work->launchers)) {
    work->kernel = op;
    return MlirWalkResultInterrupt;
  }
  if (mlirOperationIsNull(work->gpuOp) && tileOpInDialect(op, "gpu"))
    work->gpuOp = op;
  return MlirWalkResultAdvance;
}

/* The arguments of a public function that launches kernels or uses other
 * GPU ops are device memory on cuda and rocm: tile-run, the Python package
 * and ahead-of-time callers pass device buffers (a function of host code
 * alone gets host buffers, TileEntrySignature::hostOnly). Host code that
 * read or wrote one faulted in the host process (a SIGSEGV at a device
 * address) when the function was called. Functions of host code only (the
 * plain-loop references that tile-run --check runs on the cpu, say) are
 * not checked. */
static void checkArguments(Run *run) {
  DeviceWork work = {run->launchers, {NULL}, {NULL}};
  if (!tileIsPublicSymbol(run->func))
    return;
  mlirOperationWalk(run->func, findDeviceWork, &work, MlirWalkPreOrder);
  if (mlirOperationIsNull(work.kernel) && mlirOperationIsNull(work.gpuOp))
    return;
  MlirBlock entry =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(run->func, 0));
  if (mlirBlockIsNull(entry))
    return;
  TileStrBuf why = TILE_STRBUF_INIT, at = TILE_STRBUF_INIT;
  if (!mlirOperationIsNull(work.kernel))
    tileStrBufAppendStr(&why, "launches kernels");
  else
    tileStrBufPrintf(&why, "uses the GPU (the %s)", tileOpAt(&at, work.gpuOp));
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(entry); ++i) {
    MlirValue arg = mlirBlockGetArgument(entry, i);
    if (!isBuffer(arg))
      continue;
    Uses uses = {.func = run->func, .launchers = run->launchers};
    classify(arg, &uses, 0);
    tileOpListFree(&uses.deallocs);
    MlirOperation via, touch = hostTouch(&uses, &via);
    if (mlirOperationIsNull(touch))
      continue;
    TileStrBuf what = TILE_STRBUF_INIT, where = TILE_STRBUF_INIT;
    if (mlirOperationIsNull(via))
      tileStrBufPrintf(&what, "takes argument #%d in host code", (int)i);
    else
      tileStrBufPrintf(&what,
                       "passes argument #%d to a function whose host code "
                       "reads or writes it (%s)",
                       (int)i, describeTouch(&where, touch));
    tileGpuFail(&run->errors, mlirOperationIsNull(via) ? touch : via,
                "%s, but on the %s target the arguments of a public "
                "function that %s are device memory (tile-run, the Python "
                "package and ahead-of-time callers pass device buffers), "
                "which host code cannot read or write: do it in a kernel, "
                "copy with gpu.memcpy, or make the function private if its "
                "callers pass host memory",
                tileStrBufGet(&what), run->target, tileStrBufGet(&why));
    tileStrBufFree(&what);
    tileStrBufFree(&where);
  }
  tileStrBufFree(&why);
  tileStrBufFree(&at);
}

/*===--- device memory of gpu.alloc -------------------------------------===*/

/* A gpu.alloc without host_shared is device memory on cuda and rocm: host
 * code that read or wrote it (a memref.load, a linalg.fill) faulted in the
 * host process. Reported at the op that touches it. */
static void checkDeviceAlloc(Run *run, MlirOperation alloc) {
  if (!mlirAttributeIsNull(tileOpGetAttr(alloc, "hostShared")) ||
      mlirOperationGetNumResults(alloc) < 1)
    return;
  Uses uses = {.func = run->func, .launchers = run->launchers};
  classify(mlirOperationGetResult(alloc, 0), &uses, 0);
  tileOpListFree(&uses.deallocs);
  MlirOperation via, touch = hostTouch(&uses, &via);
  if (mlirOperationIsNull(touch))
    return;
  TileStrBuf at = TILE_STRBUF_INIT, what = TILE_STRBUF_INIT,
             where = TILE_STRBUF_INIT;
  if (mlirOperationIsNull(via))
    tileStrBufPrintf(&what, "takes the device memory of the %s in host code",
                     tileOpAt(&at, alloc));
  else
    tileStrBufPrintf(&what,
                     "passes the device memory of the %s to a function "
                     "whose host code reads or writes it (%s)",
                     tileOpAt(&at, alloc), describeTouch(&where, touch));
  tileGpuFail(&run->errors, mlirOperationIsNull(via) ? touch : via,
              "%s, which on the %s target host code cannot read or write: "
              "do it in a kernel, copy with gpu.memcpy, or allocate with "
              "gpu.alloc host_shared (managed memory, which both reach)",
              tileStrBufGet(&what), run->target);
  tileStrBufFree(&at);
  tileStrBufFree(&what);
  tileStrBufFree(&where);
}

/*===--- the module's functions -----------------------------------------===*/

/* The defined func.func ops at the top of `module`. */
static void collectFunctions(MlirOperation module, TileOpList *funcs) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockIsNull(body)
                              ? (MlirOperation){NULL}
                              : mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (tileOpIs(op, "func.func") && !mlirBlockIsNull(mlirRegionGetFirstBlock(
                                         mlirOperationGetRegion(op, 0))))
      tileOpListAppend(funcs, op);
}

/* The functions of `funcs` that launch kernels, directly or through calls
 * of such functions: rounds until none is added. */
static void findLaunchers(const TileOpList *funcs, TileOpList *launchers) {
  for (bool added = true; added;) {
    added = false;
    for (size_t i = 0; i < funcs->count; ++i) {
      if (tileOpListContains(launchers, funcs->ops[i]))
        continue;
      DeviceWork work = {launchers, {NULL}, {NULL}};
      mlirOperationWalk(funcs->ops[i], findDeviceWork, &work, MlirWalkPreOrder);
      if (!mlirOperationIsNull(work.kernel)) {
        tileOpListAppend(launchers, funcs->ops[i]);
        added = true;
      }
    }
  }
}

static unsigned runOnFunction(MlirOperation func, const TileOpList *launchers,
                              const char *target) {
  Run r = {.func = func, .launchers = launchers, .target = target};
  checkArguments(&r);
  mlirOperationWalk(func, collect, &r, MlirWalkPreOrder);
  for (size_t i = 0; i < r.deviceAllocs.count; ++i)
    checkDeviceAlloc(&r, r.deviceAllocs.ops[i]);
  for (size_t i = 0; i < r.buffers.count; ++i)
    check(&r, r.buffers.ops[i]);
  mlirOperationWalk(func, traceCaptures, &r, MlirWalkPreOrder);
  tileOpListFree(&r.buffers);
  tileOpListFree(&r.deviceAllocs);
  tileOpListFree(&r.reported);
  return r.errors;
}

/*===--- calls of function values ---------------------------------------===*/

typedef struct {
  MlirOperation module;
  const TileOpList *launchers;
  MlirOperation launcherValue; /* a func.constant that names a launcher */
  TileOpList unknownCalls;     /* host calls of unknown functions, given
                                  buffers */
} FunctionValues;

static bool takesBuffer(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (isBuffer(mlirOperationGetOperand(op, i)))
      return true;
  return false;
}

static MlirWalkResult findFunctionValues(MlirOperation op, void *userData) {
  FunctionValues *v = userData;
  if (tileIsKernelLoop(op) || tileOpIs(op, "gpu.launch") ||
      tileOpIs(op, "gpu.module"))
    return MlirWalkResultSkip;
  if (tileOpIs(op, "func.constant") && mlirOperationIsNull(v->launcherValue)) {
    MlirAttribute value = tileOpGetAttr(op, "value");
    if (!mlirAttributeIsNull(value) && mlirAttributeIsAFlatSymbolRef(value) &&
        tileOpListContains(
            v->launchers,
            tileSymbolNamed(v->module, mlirFlatSymbolRefAttrGetValue(value))))
      v->launcherValue = op;
  }
  if (tileOpIs(op, "func.call_indirect") &&
      mlirAttributeIsNull(tileCalleeSymbol(op)) && takesBuffer(op))
    tileOpListAppend(&v->unknownCalls, op);
  return MlirWalkResultAdvance;
}

/* A call of a function value that no func.constant gives, passing buffers,
 * where a function that launches kernels is taken as a value: the buffers
 * may reach its kernels, and this pass cannot follow them there. */
static unsigned checkFunctionValues(MlirOperation module,
                                    const TileOpList *launchers,
                                    const char *target) {
  FunctionValues v = {module, launchers, {NULL}, {0}};
  if (launchers->count)
    mlirOperationWalk(module, findFunctionValues, &v, MlirWalkPreOrder);
  unsigned errors = 0;
  if (!mlirOperationIsNull(v.launcherValue)) {
    TileStrBuf at = TILE_STRBUF_INIT;
    MlirStringRef name =
        mlirFlatSymbolRefAttrGetValue(tileOpGetAttr(v.launcherValue, "value"));
    for (size_t i = 0; i < v.unknownCalls.count; ++i)
      tileGpuFail(&errors, v.unknownCalls.ops[i],
                  "passes buffers to a function value that no func.constant "
                  "gives, and the %s takes @%.*s, which launches kernels, "
                  "as a value: on the %s target kernels reach device memory "
                  "only, and what a call of an unknown function passes "
                  "cannot be followed to its kernels (call the function by "
                  "name, or through the func.constant that names it)",
                  tileOpAt(&at, v.launcherValue), (int)name.length, name.data,
                  target);
    tileStrBufFree(&at);
  }
  tileOpListFree(&v.unknownCalls);
  return errors;
}

/* A module pass: a function's buffers may reach kernels that a function
 * it calls launches, which a pass on functions, running on several at
 * once, could not look into. */
static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  TileOpList funcs = {0}, launchers = {0};
  collectFunctions(op, &funcs);
  findLaunchers(&funcs, &launchers);
  unsigned errors = 0;
  for (size_t i = 0; i < funcs.count; ++i)
    errors += runOnFunction(funcs.ops[i], &launchers, options[OptTarget].s);
  errors += checkFunctionValues(op, &launchers, options[OptTarget].s);
  tileOpListFree(&funcs);
  tileOpListFree(&launchers);
  if (errors)
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
    .anchor = "builtin.module",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependentDialects,
    .numDependentDialects = TILE_COUNT(dependentDialects),
    .run = run,
};
