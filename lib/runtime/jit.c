/* The "jit" execution backend: MLIR's ExecutionEngine over the host module,
 * with the artifact's runtime library loaded for the code to call. */
#include "runtime/runtime.h"
#include "support/alloc.h"
#include "support/count.h"

#include "support/strbuf.h"

#include "runtime/shims/common/refusals.h"

#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/RegisterEverything.h"

#include <ctype.h>
#include <dlfcn.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*CatchRefusals)(TileRtRefusalCatcher catcher, void *data);

typedef struct {
  MlirExecutionEngine engine;
  void *library; /* the runtime library the host code calls, or NULL */
  /* Its tileRtCatchRefusals, or NULL where it has none (the cpu target's
   * libraries) */
  CatchRefusals catchRefusals;
} Jit;

/* Checks that the loader accepts the library (its own dependencies
 * included): the ExecutionEngine only warns when a library fails to load. */
static bool loadable(const char *path, TileErrorSink errors) {
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    tileReport(errors, "cannot load the runtime library '%s': %s", path,
               why ? why : "unknown error");
    return false;
  }
  dlclose(handle);
  return true;
}

static MlirExecutionEngine createEngine(const TileBackendContext *ctx,
                                        MlirOperation host, const char *lib) {
  MlirStringRef libs[1] = {mlirStringRefCreateFromCString(lib ? lib : "")};
  int optLevel = tileBackendContextGetHostTarget(ctx)->optLevel;
  /* The engine translates a copy; the module stays with the artifact. */
  MlirOperation copy = mlirOperationClone(host);
  MlirExecutionEngine engine =
      mlirExecutionEngineCreate(mlirModuleFromOperation(copy), optLevel & 3,
                                lib ? 1 : 0, libs, false, false);
  mlirOperationDestroy(copy);
  return engine;
}

/* The packed form of `name`'s C interface wrapper, the function
 * mlirExecutionEngineInvokePacked calls (`_mlir__mlir_ciface_<name>`), or
 * NULL. The wrapper, not the function, keeps the entry's name where
 * tile-host-symbol-names renamed the function (@exp is exp.tile). */
static void *lookupInterface(MlirExecutionEngine engine, const char *name) {
  TileStrBuf iface = TILE_STRBUF_INIT;
  tileStrBufPrintf(&iface, "_mlir_ciface_%s", name);
  void *found = mlirExecutionEngineLookupPacked(
      engine, mlirStringRefCreateFromCString(iface.data));
  tileStrBufFree(&iface);
  return found;
}

/* Links the module (the JIT compiles and links all of it on the first
 * lookup), so that a failure is reported here rather than as a missing
 * entry later. The symbol check before covers what the module declares;
 * what fails here is a function LLVM's code generation added a call to,
 * which LLVM has named on stderr. */
static bool link(MlirExecutionEngine engine, const TileArtifact *artifact,
                 TileErrorSink errors) {
  if (tileArtifactGetNumEntries(artifact) == 0)
    return true;
  const char *entry = tileArtifactGetEntry(artifact, 0)->name;
  /* Either lookup compiles the module; a function of LLVM dialect input
   * may have no C wrapper. */
  if (lookupInterface(engine, entry) ||
      mlirExecutionEngineLookupPacked(engine,
                                      mlirStringRefCreateFromCString(entry)))
    return true;
  tileReport(errors, "the JIT cannot link the compiled code: LLVM's "
                     "code generation calls a function that neither "
                     "this process nor the runtime library defines "
                     "(LLVM's \"JIT session error\" names it)");
  return false;
}

/* The OpenMP runtime that runs the cpu target's blocks aborts the process
 * on an OMP_NUM_THREADS it cannot read ("", "-1", "1e3": an assertion
 * failure) and hangs on others ("2x", more threads than it can start), so
 * the value is checked before it starts: a comma-separated list of thread
 * counts up to 4096 (as the target's threads=N), the first one given. */
static bool ompThreadsValid(TileErrorSink errors) {
  const char *value = getenv("OMP_NUM_THREADS");
  if (!value)
    return true;
  bool ok = true, first = true;
  for (const char *p = value; ok;) {
    while (*p == ' ' || *p == '\t')
      ++p;
    long count = 0;
    const char *digits = p;
    while (*p >= '0' && *p <= '9' && count <= 4096)
      count = count * 10 + (*p++ - '0');
    ok = count <= 4096 && (p > digits || !first);
    while (*p == ' ' || *p == '\t')
      ++p;
    first = false;
    if (!ok || *p == '\0')
      break;
    ok = *p++ == ',';
  }
  if (!ok)
    tileReport(errors,
               "OMP_NUM_THREADS='%s' is not a list of thread counts (up to "
               "4096, e.g. '8' or '8,2'): the OpenMP runtime that runs the "
               "cpu target's blocks aborts or hangs on it",
               value);
  return ok;
}

/* libomp's syntax for a stack size: a number, then B, K, M, G or T (any
 * case, blanks around, a B after the others allowed); without one, `unit`
 * bytes. -1 when it is none (libomp then keeps its default). */
static int64_t stackBytes(const char *text, int64_t unit) {
  const char *p = text;
  while (*p == ' ' || *p == '\t')
    ++p;
  if (!isdigit((unsigned char)*p))
    return -1;
  int64_t value = 0;
  while (isdigit((unsigned char)*p))
    if ((value = value * 10 + (*p++ - '0')) > ((int64_t)1 << 40))
      return INT64_MAX; /* more than any check needs */
  while (*p == ' ' || *p == '\t')
    ++p;
  const char *units = "BKMGT";
  const char *u = *p ? strchr(units, toupper((unsigned char)*p)) : NULL;
  if (u) {
    unit = (int64_t)1 << (10 * (u - units));
    ++p;
    if (u != units && (*p == 'b' || *p == 'B'))
      ++p;
  }
  while (*p == ' ' || *p == '\t')
    ++p;
  if (*p)
    return -1;
  return value > INT64_MAX / unit ? INT64_MAX : value * unit;
}

/* The blocks of the cpu target keep up to 2 MiB of tiles on the stack of
 * the OpenMP thread that runs them (tile-cpu-kernels' stack-limit-kib),
 * which libomp gives 4 MiB or more by default: a smaller stack size from
 * the environment made such kernels die of SIGSEGV. Beyond 1 GiB a thread,
 * libomp could not start its threads here (100G) and aborted. */
static bool ompStackValid(TileErrorSink errors) {
  enum { Needed = 4 << 20, Most = 1 << 30 };
  static const struct {
    const char *name;
    int64_t unit;
  } variables[] = {
      {"OMP_STACKSIZE", 1024}, {"GOMP_STACKSIZE", 1024}, {"KMP_STACKSIZE", 1}};
  for (size_t i = 0; i < TILE_COUNT(variables); ++i) {
    const char *value = getenv(variables[i].name);
    int64_t bytes = value ? stackBytes(value, variables[i].unit) : -1;
    if (bytes < 0 || (bytes >= Needed && bytes <= Most))
      continue;
    if (bytes > Most)
      tileReport(errors,
                 "%s='%s' asks for more than 1 GiB of stack for each OpenMP "
                 "thread that runs the cpu target's blocks, which the OpenMP "
                 "runtime aborts on when it cannot have it: set it to 1G or "
                 "less, or unset it",
                 variables[i].name, value);
    else
      tileReport(errors,
                 "%s='%s' gives the OpenMP threads that run the cpu target's "
                 "blocks %lld bytes of stack, where a block keeps up to 2 MiB "
                 "of tiles: set it to 4M or more, or unset it",
                 variables[i].name, value, (long long)bytes);
    return false;
  }
  return true;
}

static void *jitCreate(const TileBackendContext *ctx,
                       const TileArtifact *artifact, TileErrorSink errors) {
  MlirOperation host = tileArtifactGetHostModule(artifact);
  if (mlirOperationIsNull(host)) {
    tileReport(errors, "the artifact has no host module to run");
    return NULL;
  }
  const char *name = tileArtifactGetRuntimeLibrary(artifact);
  if (name && !strcmp(name, "omp") &&
      (!ompThreadsValid(errors) || !ompStackValid(errors)))
    return NULL;
  char *lib = name ? tileRuntimeLibraryFind(name, errors) : NULL;
  if ((name && (!lib || !loadable(lib, errors))) ||
      !tileJitCheckSymbols(host, lib, errors)) {
    free(lib);
    return NULL;
  }
  mlirRegisterAllLLVMTranslations(mlirOperationGetContext(host));
  MlirExecutionEngine engine = createEngine(ctx, host, lib);
  if (mlirExecutionEngineIsNull(engine)) {
    tileReport(errors, "the ExecutionEngine cannot compile the host "
                       "module");
    free(lib);
    return NULL;
  }
  tileJitBindMalloc(engine);
  tileJitBindLibgcc(engine);
  /* Runs global constructors, e.g. those that load device modules. */
  mlirExecutionEngineInitialize(engine);
  if (!link(engine, artifact, errors)) {
    mlirExecutionEngineDestroy(engine);
    free(lib);
    return NULL;
  }
  Jit *jit = tileMalloc(sizeof(Jit));
  jit->engine = engine;
  /* The instance the engine loaded (the same file, so the same handle). */
  jit->library = lib ? dlopen(lib, RTLD_NOW | RTLD_LOCAL) : NULL;
  *(void **)&jit->catchRefusals =
      jit->library ? dlsym(jit->library, "tileRtCatchRefusals") : NULL;
  free(lib);
  return jit;
}

/* Where a refusal of the runtime library (a launch the device cannot run)
 * comes back to, with its message. */
typedef struct {
  jmp_buf back;
  char message[1024];
} Refusal;

static _Noreturn void comeBack(void *data, const char *message) {
  Refusal *refusal = data;
  snprintf(refusal->message, sizeof(refusal->message), "%s", message);
  longjmp(refusal->back, 1);
}

/* Calls the packed wrapper, returning false with the message in `refusal`
 * where the runtime library refused. Only C and the JIT's code (which has
 * nothing to unwind) lie between here and the refusal. */
static bool callCatchingRefusals(const Jit *jit, void (*packed)(void **),
                                 void **args, Refusal *refusal) {
  if (setjmp(refusal->back))
    return false; /* the library cleared its catcher before calling it */
  jit->catchRefusals(comeBack, refusal);
  packed(args);
  jit->catchRefusals(NULL, NULL);
  return true;
}

static MlirLogicalResult jitInvoke(void *state, const char *entry, void **args,
                                   TileErrorSink errors) {
  Jit *jit = state;
  /* Packed calls go through the C interface wrapper the pipelines request
   * (llvm.emit_c_interface): each argument points to a descriptor pointer
   * or a scalar. */
  void (*packed)(void **) = NULL;
  *(void **)&packed = lookupInterface(jit->engine, entry);
  if (!packed) {
    tileReport(errors,
               "the compiled code has no C interface for '%s' (was "
               "it compiled with llvm-request-c-wrappers?)",
               entry);
    return mlirLogicalResultFailure();
  }
  if (!jit->catchRefusals) {
    packed(args);
    return mlirLogicalResultSuccess();
  }
  Refusal refusal;
  if (callCatchingRefusals(jit, packed, args, &refusal))
    return mlirLogicalResultSuccess();
  tileReport(errors, "%s", refusal.message);
  return mlirLogicalResultFailure();
}

static void jitDestroy(void *state) {
  Jit *jit = state;
  mlirExecutionEngineDestroy(jit->engine);
  if (jit->library)
    dlclose(jit->library);
  free(jit);
}

const TileExecutor tileJitExecutor = {
    .name = "jit",
    .create = jitCreate,
    .invoke = jitInvoke,
    .destroy = jitDestroy,
};
