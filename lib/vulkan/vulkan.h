/* The vulkan backend: targets, codegen, toolchain. */
#ifndef TILE_VULKAN_VULKAN_H
#define TILE_VULKAN_VULKAN_H

#include "ir/builder.h"
#include "tile/backend.h"

/* The shared memory per block vulkan kernels are compiled for, whatever
 * the device (tile-vulkan-limits; the runtime checks the device's own). */
enum { TileVulkanSharedBytes = 64 * 1024 };

MlirLogicalResult tileVulkanNormalizeTarget(TileTarget *target,
                                            TileErrorSink errors);
bool tileVulkanDetectTarget(TileTarget *target);
bool tileVulkanRuntimeAvailable(const TileTarget *target, TileErrorSink why);
MlirLogicalResult tileVulkanDeviceCodegen(const TileBackendContext *ctx,
                                          MlirOperation module, bool compile,
                                          TileArtifact *artifact);
/* Toolchain callback "spirv-dis": SPIR-V binary in, "spirv-asm" part out. */
MlirLogicalResult tileVulkanSpirvDis(const TileBackendContext *ctx,
                                     MlirStringRef spirv,
                                     TileArtifact *artifact,
                                     TileErrorSink errors);

/* What tileRtVulkanIndexOutOfRange's `dimension` says besides a dimension
 * of a buffer: the value is a scalar argument, a buffer's element count,
 * a stride or the offset of a strided buffer, or the elements a strided
 * buffer spans from its base. */
enum {
  TileVulkanScalar = -1,
  TileVulkanElements = -2,
  TileVulkanStride = -3,
  TileVulkanOffset = -4,
  TileVulkanSpan = -5,
};

/* Before `launch`, where `b` builds: code that reports to libtile_rt_vulkan
 * an index scalar (launch operand `argument`) outside [-2^31, 2^31 - 1],
 * and a dynamically shaped buffer with a size or an element count beyond
 * 2^31 - 1; the launch is then refused (index_arguments.c). */
void tileVulkanCheckIndexScalar(TileBuilder *b, MlirOperation launch,
                                MlirValue value, int argument);
void tileVulkanCheckBufferSizes(TileBuilder *b, MlirOperation launch,
                                MlirValue buffer, int argument);

/* The number of elements from a strided buffer's base through the last
 * element it reaches (0 when it has none), given its offset, sizes and
 * strides (index values), after code that reports a negative stride or
 * offset and a span beyond 2^31 - 1 elements. */
MlirValue tileVulkanCheckStridedSpan(TileBuilder *b, MlirOperation launch,
                                     MlirValue offset, const MlirValue *sizes,
                                     const MlirValue *strides, int rank,
                                     int argument);

/* Before `launch`, where `b` builds: a call of `name` (declared by `decl`,
 * e.g. "llvm.func @name(i32)", once per module) in libtile_rt_vulkan with
 * `args`, which the launch that follows on the thread reads
 * (runtime_calls.c). */
void tileVulkanCallRuntime(TileBuilder *b, MlirOperation launch,
                           const char *name, const char *decl, intptr_t n,
                           const MlirValue *args);

/* The subgroup size that kernel `kernel` (a gpu.func) was compiled for
 * (tile_vulkan.subgroup), or 0 when it states none. */
int64_t tileVulkanKernelSubgroupSize(MlirOperation kernel);
/* Before `launch`: tells libtile_rt_vulkan the subgroup size its kernel
 * needs (tileRtVulkanSubgroupSize), which the launch then asks the device
 * for, or refuses. */
void tileVulkanTellSubgroupSize(TileBuilder *b, MlirOperation launch,
                                int64_t size);

/* The widest group of lanes that `kernel` shuffles within (the constant
 * widths of its gpu.shuffle ops, tile-gpu-subgroup-ops' guarded steps
 * aside), or 0. */
int64_t tileVulkanKernelShuffleLanes(MlirOperation kernel);
/* Before `launch`: tells libtile_rt_vulkan that its kernel needs
 * subgroups of at least `lanes` (tileRtVulkanMinSubgroupSize). */
void tileVulkanTellShuffleLanes(TileBuilder *b, MlirOperation launch,
                                int64_t lanes);

/* The mark of the ops that tile-vulkan-unroll-vectors makes to take the
 * rows or pieces of a vector and to put them back together: where one is
 * left, tile-gpu-check-device-ops reports the op it joins them to. */
#define TILE_VULKAN_PIECE_MARK "tile.vector_piece"

/* exp of f32 within a few ulp: 2^n exp(r) with r = x - n ln 2 (pow.c). */
MlirValue tileVulkanExp(TileBuilder *b, MlirValue x);
/* fpowi of f32 x and an integer n within about 1 ulp: pow(|x|, n) as for
 * powf, with n split in two where f32 does not hold it, and x's sign where
 * n is odd; 0, infinite and NaN x squared and multiplied (pow.c). */
MlirValue tileVulkanPowI(TileBuilder *b, MlirValue x, MlirValue n);
/* pow(x, y) of f32 within about 1 ulp where x > 0 and both are finite,
 * `elsewhere` (the device's own pow) for the other operands (pow.c). */
MlirValue tileVulkanPowNear(TileBuilder *b, MlirValue x, MlirValue y,
                            MlirValue elsewhere);

/* tile-vulkan-bool-buffers' first step (bool_arith.c): integer arithmetic
 * on i1 in device code becomes arithmetic on i32 and a trunci. */
void tileVulkanWidenBoolArith(MlirOperation root);
/* tile-vulkan-unroll-vectors' step before the others (one_lane.c): ops on
 * vectors of one element become ops on their element. */
void tileVulkanScalarizeOneLane(MlirOperation root);
/* tile-vulkan-unroll-vectors' first step (unroll_rows.c): ops on vectors
 * of two dimensions become ops on their rows. */
void tileVulkanUnrollRows(MlirOperation root);
/* What both steps share (unroll_vectors.c): whether `op` is an
 * elementwise arith or math op or a vector.fma (arith.constant aside), and
 * the marked slice of `size` lanes from `offset` of one-dimensional `v`. */
bool tileVulkanIsElementwise(MlirOperation op);
MlirValue tileVulkanSlice(TileBuilder *b, MlirValue v, int64_t offset,
                          int64_t size);

/* Whether `op` is a float atomic that vulkan kernels compute (float_atomics.c):
 * a memref.atomic_rmw addf whose old value is not used, into a memref of at
 * most TILE_MAX_RANK dimensions, of f32 or f64, or of f16 or bf16 into a
 * buffer (not workgroup or private memory). */
bool tileVulkanIsFloatAtomicAdd(MlirOperation op);

/* A storage type SPIR-V lacks here, kept as an integer of its size
 * (retype.c): the types `match` takes become `storage`, everywhere or, with
 * `memrefsOnly`, as the elements of memrefs only. */
typedef struct {
  bool (*match)(MlirType type);
  MlirType (*storage)(MlirContext ctx);
  bool memrefsOnly;
} TileVulkanRetyping;

/* Whether `type` holds a type to retype (itself, as an element, or in a
 * function's inputs and results). */
bool tileVulkanHolds(const TileVulkanRetyping *r, MlirType type);
/* `type` with the storage type in place of the matched one. */
MlirType tileVulkanRetype(const TileVulkanRetyping *r, MlirContext ctx,
                          MlirType type);
/* Retypes every result, block argument and function type under `root`. */
void tileVulkanRetypeAll(const TileVulkanRetyping *r, MlirOperation root);
/* Casts the operands of the gpu.launch_func ops under `module` that hold
 * the matched type to their retyped types (an unrealized cast for
 * memrefs, which the host's LLVM lowering removes; a bitcast otherwise). */
void tileVulkanCastLaunches(const TileVulkanRetyping *r, MlirOperation module);

/* Converts each gpu.module of `module` with `convert` (which reports what
 * it cannot convert and returns how many errors it reported, or retypes
 * the gpu.module and rewrites its ops), then, without errors, casts the
 * launches' operands; false on errors. */
typedef unsigned (*TileVulkanConvert)(MlirOperation gpuModule);
bool tileVulkanRetypeKernels(const TileVulkanRetyping *r, MlirOperation module,
                             TileVulkanConvert convert);

/* The unit attribute tile-vulkan-bf16 marks the store that stands for an
 * atomic addition of bf16 bits with (tileVulkanIsFloatAtomicAdd). */
#define TILE_VULKAN_BF16_ADD "tile.vulkan_bf16_add"

#endif
