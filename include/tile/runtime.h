/*===-- tile/runtime.h - Running compiled artifacts -----------------------===*\
|*                                                                            *|
|* The shared execution layer. Entry signatures are read off the source       *|
|* module before compilation (the caller's view: memrefs and scalars);        *|
|* buffers hold memref arguments; an executable is created from an artifact   *|
|* by the execution backend its context names: "jit" runs the host module in  *|
|* MLIR's ExecutionEngine with the artifact's runtime library loaded, "aot"   *|
|* hands out an object file and a C header to link into a program.            *|
|*                                                                            *|
|* Thread safety: element-type functions and tileRuntimeLibraryFind are pure  *|
|* and run from any thread. Entry tables and buffers have no lock: reading    *|
|* one from several threads is fine, but Create/Destroy and writing a         *|
|* buffer's data must not overlap with other uses of it. A call on an         *|
|* executable must not overlap with another call on (or the destruction of)   *|
|* the same executable; distinct executables may run from different threads   *|
|* at once, as long as they do not share a buffer that a call writes.         *|
\*===----------------------------------------------------------------------===*/
#ifndef TILE_RUNTIME_H
#define TILE_RUNTIME_H

#include "tile/artifact.h"
#include "tile/backend.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The highest memref rank the runtime passes.
#define TILE_MAX_BUFFER_RANK 8

/// A dynamic dimension in a TileArgType shape (MLIR's ShapedType::kDynamic).
#define TILE_DYNAMIC_SIZE INT64_MIN

//===--------------------------------------------------------------------===//
// Element types
//===--------------------------------------------------------------------===//

typedef enum {
  TileElementInvalid,
  TileElementI1,
  TileElementI8,
  TileElementI16,
  TileElementI32,
  TileElementI64,
  TileElementIndex,
  TileElementF16,
  TileElementBF16,
  TileElementF32,
  TileElementF64
} TileElementType;

/// The element type of an MLIR scalar type, or TileElementInvalid.
MLIR_CAPI_EXPORTED TileElementType tileElementTypeFromMlirType(MlirType type);
/// Bytes per element in memory (i1 takes one byte, index eight).
MLIR_CAPI_EXPORTED size_t tileElementTypeGetSize(TileElementType type);
/// The MLIR spelling: "f32", "bf16", "index", ...; "invalid" otherwise.
MLIR_CAPI_EXPORTED const char *tileElementTypeGetName(TileElementType type);
/// Whether the type is f16, bf16, f32 or f64.
MLIR_CAPI_EXPORTED bool tileElementTypeIsFloat(TileElementType type);

/// Reads the element at `p` as a double.
MLIR_CAPI_EXPORTED double tileElementLoad(TileElementType type, const void *p);
/// Stores `value` at `p`, rounding to nearest even for floats and clamping
/// (NaN gives 0) for integers.
MLIR_CAPI_EXPORTED void tileElementStore(TileElementType type, void *p,
                                         double value);
/// Whether the float type holds `value` without it overflowing to an
/// infinity (70000 in f16, 1e39 in f32); an infinity or NaN is held as it
/// is, and so is every value in f64.
MLIR_CAPI_EXPORTED bool tileElementHoldsFloat(TileElementType type,
                                              double value);

/// IEEE binary16 and bfloat16 conversions (round to nearest even; NaN stays
/// NaN, overflow becomes infinity). The binary16 value with bits `bits`, as a
/// float (exact).
MLIR_CAPI_EXPORTED float tileHalfToFloat(uint16_t bits);
/// The bits of the binary16 value nearest to `value` (ties to even).
MLIR_CAPI_EXPORTED uint16_t tileFloatToHalf(float value);
/// The bfloat16 value with bits `bits`, as a float (exact).
MLIR_CAPI_EXPORTED float tileBFloat16ToFloat(uint16_t bits);
/// The bits of the bfloat16 value nearest to `value` (ties to even).
MLIR_CAPI_EXPORTED uint16_t tileFloatToBFloat16(float value);

//===--------------------------------------------------------------------===//
// Entry signatures
//===--------------------------------------------------------------------===//

/// An argument as the caller passes it: a memref (rank >= 0) or a scalar
/// (rank -1). Unsupported types have elementType TileElementInvalid.
typedef struct {
  TileElementType elementType;
  int rank;
  int64_t shape[TILE_MAX_BUFFER_RANK]; ///< TILE_DYNAMIC_SIZE where dynamic
  const char *typeName;                ///< the printed MLIR type
} TileArgType;

/// A public function of a source module.
typedef struct {
  const char *name;
  MlirLocation location;
  unsigned numArgs;
  TileArgType args[TILE_MAX_KERNEL_ARGS];
  unsigned numResults;
  /// Why it cannot be called through the runtime, or NULL when it can.
  const char *unsupported;
  /// It holds no kernel and no GPU op, nor does a function it calls (or
  /// names): on a GPU target it runs on the host alone, so its memref
  /// arguments are host memory, even where kernels read theirs from device
  /// memory (the runtime passes them as they are).
  bool hostOnly;
} TileEntrySignature;

typedef struct TileEntryTable TileEntryTable;

/// Reads the public, defined func.func ops at the top of `module` (tile IR
/// before compilation, which transforms the module in place). The caller
/// owns the table and frees it with tileEntryTableDestroy; it copies every
/// name and type it holds, so the module may change or die afterwards
/// (except the entries' locations, which live in the module's context).
MLIR_CAPI_EXPORTED TileEntryTable *tileEntryTableCreate(MlirOperation module);
/// Frees the table and every signature it handed out. NULL is ignored.
MLIR_CAPI_EXPORTED void tileEntryTableDestroy(TileEntryTable *table);
/// The number of entries, in the order the functions appear in the module.
MLIR_CAPI_EXPORTED intptr_t
tileEntryTableGetNumEntries(const TileEntryTable *table);
/// The entry at `index`, or NULL when out of range; owned by the table and
/// valid until it is destroyed.
MLIR_CAPI_EXPORTED const TileEntrySignature *
tileEntryTableGetEntry(const TileEntryTable *table, intptr_t index);
/// The entry named `name`, or NULL; owned by the table and valid until it is
/// destroyed.
MLIR_CAPI_EXPORTED const TileEntrySignature *
tileEntryTableFind(const TileEntryTable *table, const char *name);

//===--------------------------------------------------------------------===//
// Buffers
//===--------------------------------------------------------------------===//

/// A dense, row-major, 64-byte aligned buffer for a memref argument.
typedef struct TileBuffer TileBuffer;

/// Creates a zero-filled buffer in host memory that owns its data, or
/// returns NULL when the sizes are negative, the rank is out of range, the
/// byte size overflows or memory is exhausted. The caller owns the buffer
/// and frees it with tileBufferDestroy. `sizes` is copied.
MLIR_CAPI_EXPORTED TileBuffer *tileBufferCreate(TileElementType type, int rank,
                                                const int64_t *sizes);
/// As tileBufferCreate, with the data between inaccessible pages: it ends
/// within TILE_BUFFER_ALIGNMENT bytes of a page that faults, and the page
/// before the one it starts in faults too. A kernel that reads or writes
/// past either end of its argument (sizes that disagree with what it
/// indexes) then faults at that access, inside the call, instead of
/// corrupting other memory of the process or reading it silently; accesses
/// in the alignment slack after the end do not fault. Each buffer is a
/// mapping of its own (its pages and two more); tileBufferDestroy frees it.
/// After a call, tileBufferCheckPadding finds writes into the padding
/// between the end and the guard page.
MLIR_CAPI_EXPORTED TileBuffer *
tileBufferCreateGuarded(TileElementType type, int rank, const int64_t *sizes);
/// Whether `address` is in a guard page of `buffer`, a buffer of
/// tileBufferCreateGuarded (false for any other), and which element it
/// falls in: negative before the start, tileBufferGetNumElements or more
/// past the end. It reads the buffer only, so a signal handler may call it
/// with a fault's address.
MLIR_CAPI_EXPORTED bool tileBufferGuardHit(const TileBuffer *buffer,
                                           uintptr_t address, int64_t *element);
/// Whether the alignment padding between the end of a guarded buffer's data
/// and its guard page (0 to TILE_BUFFER_ALIGNMENT - 1 bytes, where accesses
/// do not fault) is as tileBufferCreateGuarded left it. When a call wrote
/// there, returns false with `*element` the first element written past the
/// end (tileBufferGetNumElements or more). True for other buffers.
MLIR_CAPI_EXPORTED bool tileBufferCheckPadding(const TileBuffer *buffer,
                                               int64_t *element);
/// A fault report of tileFaultReportArm.
typedef struct TileFaultReport TileFaultReport;
/// Fault reports, for a caller that lets a kernel's fault end the process
/// (a Python binding, where the interpreter's own handler reports it) but
/// should say which argument it hit. While a report is armed, a SIGSEGV or
/// SIGBUS on any thread at a guard page of one of its `count` buffers
/// (tileBufferCreateGuarded) first writes one line on stderr: "NAME has N
/// elements, and the kernel read element E, past its end; do the sizes of
/// the arrays agree with what the kernel reads and writes?" (wrote where
/// the processor tells, "before its start" for a negative element). The
/// signal then goes on to the handler that was in place when the first
/// report was armed (Python's faulthandler, or the default, which ends the
/// process), as does any other fault. Reports on several threads may be
/// armed at once, up to 64; the buffers and names must outlive the report.
/// Returns NULL, arming nothing, when 64 are armed.
MLIR_CAPI_EXPORTED TileFaultReport *
tileFaultReportArm(unsigned count, const TileBuffer *const *buffers,
                   const char *const *names);
/// Disarms a report of tileFaultReportArm (NULL is ignored); the last one
/// puts back the handlers that were in place.
MLIR_CAPI_EXPORTED void tileFaultReportDisarm(TileFaultReport *report);
/// Where the memory of a buffer is.
typedef enum {
  TileMemoryHost,  ///< memory of this process
  TileMemoryDevice ///< memory of the device kernels run on (a device pointer)
} TileMemoryKind;

/// The alignment, in bytes, of the data of every buffer; views must keep it.
#define TILE_BUFFER_ALIGNMENT 64

/// Creates a buffer over `data`, dense row-major memory that the caller
/// owns and keeps alive while the buffer is used; destroying the buffer
/// leaves the memory alone. With TileMemoryDevice, `data` is a pointer into
/// the memory of the device the execution backend runs kernels on (e.g. a
/// CUDA device pointer): calls hand it to kernels as it is, without copies,
/// and execution backends whose kernels read host memory refuse it. Returns
/// NULL when `data` is not a multiple of TILE_BUFFER_ALIGNMENT (compiled
/// code may use aligned vector accesses) or NULL with a non-zero size, or
/// for what tileBufferCreate refuses. The caller owns the returned buffer
/// (tileBufferDestroy) as well as `data`.
MLIR_CAPI_EXPORTED TileBuffer *
tileBufferCreateView(TileElementType type, int rank, const int64_t *sizes,
                     void *data, TileMemoryKind kind);
/// Whether the buffer's data is host or device memory.
MLIR_CAPI_EXPORTED TileMemoryKind
tileBufferGetMemoryKind(const TileBuffer *buffer);

/// A copy in host memory that the copy owns (between guard pages when the
/// buffer is), or NULL (out of memory, or a buffer in device memory, which
/// this process cannot read). The caller
/// owns the copy and frees it with tileBufferDestroy.
MLIR_CAPI_EXPORTED TileBuffer *tileBufferClone(const TileBuffer *buffer);
/// Frees the buffer, and its data when the buffer owns it (not for views).
/// NULL is ignored.
MLIR_CAPI_EXPORTED void tileBufferDestroy(TileBuffer *buffer);
/// The element type the buffer was created with.
MLIR_CAPI_EXPORTED TileElementType
tileBufferGetElementType(const TileBuffer *buffer);
/// The rank the buffer was created with (0 to TILE_MAX_BUFFER_RANK).
MLIR_CAPI_EXPORTED int tileBufferGetRank(const TileBuffer *buffer);
/// The size of each of the rank dimensions; an array owned by the buffer,
/// valid until it is destroyed.
MLIR_CAPI_EXPORTED const int64_t *tileBufferGetSizes(const TileBuffer *buffer);
/// The product of the sizes (1 for rank 0).
MLIR_CAPI_EXPORTED int64_t tileBufferGetNumElements(const TileBuffer *buffer);
/// The number of bytes of data: elements times tileElementTypeGetSize.
MLIR_CAPI_EXPORTED size_t tileBufferGetByteSize(const TileBuffer *buffer);
/// The buffer's data: host memory, or a device pointer for a view of device
/// memory (see tileBufferGetMemoryKind). Owned by the buffer (or, for a
/// view, by the caller that created it); valid until the buffer is
/// destroyed.
MLIR_CAPI_EXPORTED void *tileBufferGetData(TileBuffer *buffer);
/// tileBufferGetData for a read-only buffer; the same ownership.
MLIR_CAPI_EXPORTED const void *tileBufferGetConstData(const TileBuffer *b);

//===--------------------------------------------------------------------===//
// Executables
//===--------------------------------------------------------------------===//

/// One argument of a call: a buffer for a memref argument, a value for a
/// scalar one (integers and index in `intValue`, floats in `floatValue`).
typedef struct {
  TileBuffer *buffer;
  int64_t intValue;
  double floatValue;
} TileArgValue;

typedef struct TileExecutable TileExecutable;

/// Makes `artifact` (compiled for `ctx`) callable with the execution backend
/// the context selected, or returns NULL after reporting why (e.g. the
/// runtime library is missing, or the backend does not run code in this
/// process). The artifact may be destroyed afterwards. The caller owns the
/// executable and frees it with tileExecutableDestroy.
MLIR_CAPI_EXPORTED TileExecutable *
tileExecutableCreate(const TileBackendContext *ctx,
                     const TileArtifact *artifact, TileErrorSink errors);
/// Frees the executable and what it loaded (the JIT-compiled code, its
/// handle on the runtime library). NULL is ignored.
MLIR_CAPI_EXPORTED void tileExecutableDestroy(TileExecutable *executable);

/// Calls `entry` with one value per argument. Buffers must match the
/// signature (element type, rank, static sizes); results of the call are
/// left in the buffers. Buffers in device memory go to kernels as they are
/// (only with execution backends whose arguments live in device memory, and
/// not to an entry that runs on the host alone, TileEntrySignature::
/// hostOnly, which gets host buffers as they are); the call returns once the
/// device finished the work.
MLIR_CAPI_EXPORTED MlirLogicalResult tileExecutableInvoke(
    TileExecutable *executable, const TileEntrySignature *entry,
    const TileArgValue *args, TileErrorSink errors);

/// Calls `entry` `count` times on the same arguments, storing the wall time
/// of each call in seconds in `times`. Execution backends whose kernels read
/// device memory (TileExecutionBackendSpec::argumentsInDeviceMemory) place
/// the arguments there once for all the calls, so that only the calls are
/// timed. Results are left in the buffers.
MLIR_CAPI_EXPORTED MlirLogicalResult
tileExecutableTime(TileExecutable *executable, const TileEntrySignature *entry,
                   const TileArgValue *args, unsigned count, double *times,
                   TileErrorSink errors);

/// Where the runtime library `name` (e.g. "tile_rt_vulkan") is found: a
/// path to pass to the loader, newly allocated with malloc and owned by the
/// caller, who frees it with free(); or NULL after
/// reporting where it looked: $TILE_RUNTIME_PATH (directories separated by
/// ':'), the directory of libtile, then the system library path.
MLIR_CAPI_EXPORTED char *tileRuntimeLibraryFind(const char *name,
                                                TileErrorSink errors);

//===--------------------------------------------------------------------===//
// Ahead-of-time output
//===--------------------------------------------------------------------===//

/// Prints a C header that declares the C interface of every entry of
/// `entries`: one memref descriptor struct per element type and rank and
/// `void _mlir_ciface_NAME(...)` per entry. The artifact supplies the
/// runtime library to link with, if any. `guard` names the include guard.
/// Fails (after reporting) when an entry cannot be declared.
MLIR_CAPI_EXPORTED MlirLogicalResult tileArtifactPrintCHeader(
    const TileArtifact *artifact, const TileEntryTable *entries,
    const char *guard, MlirStringCallback callback, void *userData,
    TileErrorSink errors);

#ifdef __cplusplus
}
#endif

#endif // TILE_RUNTIME_H
