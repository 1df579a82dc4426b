/* Builder helpers for GPU lowering: threads, barriers, private arrays,
 * atomics, value-yielding branches and float arithmetic. */
#ifndef TILE_IR_BUILDER_GPU_H
#define TILE_IR_BUILDER_GPU_H

#include "ir/builder.h"

/* gpu.thread_id x */
MlirValue tbThreadIdX(TileBuilder *b);
/* gpu.barrier */
MlirOperation tbBarrier(TileBuilder *b);

/* A statically shaped memref type with the identity layout. */
MlirType tbMemRefTypeIn(TileBuilder *b, intptr_t rank, const int64_t *shape,
                        MlirType element, MlirAttribute memorySpace);
/* memref.alloca of a statically shaped type. */
MlirValue tbAllocaType(TileBuilder *b, MlirType memrefType);
/* memref.atomic_rmw KIND (kind: "addf", "addi"); returns the old value. */
MlirValue tbAtomicRmw(TileBuilder *b, const char *kind, MlirValue value,
                      MlirValue memref, intptr_t n, const MlirValue *indices);

/* The operand segments of gpu.launch_func, in the order of its
 * operandSegmentSizes. */
typedef enum {
  TileLaunchAsyncDependencies,
  TileLaunchGridX,
  TileLaunchGridY,
  TileLaunchGridZ,
  TileLaunchBlockX,
  TileLaunchBlockY,
  TileLaunchBlockZ,
  TileLaunchClusterX,
  TileLaunchClusterY,
  TileLaunchClusterZ,
  TileLaunchDynamicSharedMemory,
  TileLaunchKernelOperands,
  TileLaunchAsyncObject,
  TileLaunchNumSegments
} TileLaunchSegment;

/* Segment `segment` of a gpu.launch_func: where its operands start among
 * the launch's operands and how many there are (0 for an absent optional
 * segment). */
void tbLaunchSegment(MlirOperation launch, TileLaunchSegment segment,
                     intptr_t *first, intptr_t *count);
/* The kernel operands of a gpu.launch_func: where they start among its
 * operands and how many there are. */
void tbLaunchKernelOperands(MlirOperation launch, intptr_t *first,
                            intptr_t *count);
/* Replaces the kernel operands of a gpu.launch_func by `operands`, keeping
 * the others (dependencies, sizes, async object) and the segment sizes in
 * step. */
void tbSetLaunchKernelOperands(MlirOperation launch, intptr_t n,
                               const MlirValue *operands);

/* The number of async dependencies (the first operands) of a GPU memory
 * op of host code: gpu.alloc (from its operand segments), gpu.dealloc,
 * gpu.memcpy or gpu.memset; -1 where gpu.alloc's segments are malformed. */
intptr_t tbGpuMemoryOpDependencies(MlirOperation op);

/* scf.if with one result of `type`: the caller ends both blocks with
 * tbYield. */
typedef struct {
  MlirOperation op;
  MlirBlock thenBlock, elseBlock;
} TileIfValue;
TileIfValue tbIfValue(TileBuilder *b, MlirValue cond, MlirType type);
void tbYieldValue(TileBuilder *b, MlirValue value);

/* A builder that appends to `block` (which has no terminator yet). */
TileBuilder tbInto(MlirBlock block, MlirLocation loc);

/* Arithmetic on scalars of any int or float type. */
/* The combining kinds of reductions (add, mul, minnumf, maxnumf,
 * minimumf, maximumf, minsi, minui, maxsi, maxui, and, or, xor): the index
 * of the kind that op's attribute `attr` names, printed as `format` with
 * the kind's name (e.g. "#gpu<all_reduce_op %s>", "#vector.kind<%s>"), or
 * -1; and the arith op that combines two values of that kind (null where
 * the kind does not take the type). */
int tileCombiningKind(MlirOperation op, const char *attr, const char *format);
const char *tileCombiningOp(int kind, bool isFloat);
/* The kind's name ("add", "minsi", ...), or null. */
const char *tileCombiningName(int kind);

MlirValue tbAddAny(TileBuilder *b, MlirValue x, MlirValue y);
MlirValue tbMulAny(TileBuilder *b, MlirValue x, MlirValue y);
/* acc + x * y: for floats a mulf and an addf that may be contracted (LLVM
 * makes them one fused multiply-add where the target has it; SPIR-V keeps
 * them apart, as GLSL.std.450 Fma takes no f64 in MLIR's conversion),
 * muli and addi for integers. */
MlirValue tbMulAddAny(TileBuilder *b, MlirValue acc, MlirValue x, MlirValue y);
MlirValue tbMaxAny(TileBuilder *b, MlirValue x, MlirValue y);
MlirValue tbMinAny(TileBuilder *b, MlirValue x, MlirValue y);
MlirValue tbAbsAny(TileBuilder *b, MlirValue x);
/* The zero of an int or float type; +-infinity (or the extreme integer). */
MlirValue tbZeroOf(TileBuilder *b, MlirType type);
MlirValue tbLowestOf(TileBuilder *b, MlirType type);
MlirValue tbHighestOf(TileBuilder *b, MlirType type);

#endif
