"""libtile's public C API (include/tile/*.h) as ctypes prototypes.

The library is found, in order, at $TILE_MLIR_LIBRARY (a path to
libtile.so), in $TILE_MLIR_BUILD_DIR/lib, in the build tree next to this
package (build/lib of the source tree), in the lib directory of an
installed copy, then by the system loader. Nothing else in the package
talks to ctypes directly.
"""

import ctypes
import os
import threading

from ._install import INSTALLED_LIBDIR

# The largest argument counts and ranks the C API passes (tile/artifact.h,
# tile/runtime.h).
MAX_KERNEL_ARGS = 32
MAX_BUFFER_RANK = 8
DYNAMIC_SIZE = -(2**63)


class LibraryNotFound(ImportError):
    """libtile could not be located or loaded."""


# ---- handle and value types ------------------------------------------------


def _handle(name):
    return type(name, (ctypes.Structure,), {"_fields_": [("ptr", ctypes.c_void_p)]})


MlirContext = _handle("MlirContext")
MlirOperation = _handle("MlirOperation")
MlirLocation = _handle("MlirLocation")
MlirPassManager = _handle("MlirPassManager")
MlirOpPrintingFlags = _handle("MlirOpPrintingFlags")


class MlirStringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


# MlirLogicalResult is a struct of one int8_t, returned in a register.
LogicalResult = ctypes.c_int8
StringCallback = ctypes.CFUNCTYPE(None, MlirStringRef, ctypes.c_void_p)
PassManagerHook = ctypes.CFUNCTYPE(None, MlirPassManager, ctypes.c_void_p)


class TileErrorSink(ctypes.Structure):
    _fields_ = [("callback", StringCallback), ("userData", ctypes.c_void_p)]


class TileTargetOption(ctypes.Structure):
    _fields_ = [("key", ctypes.c_char * 32), ("value", ctypes.c_char * 96)]


class TileTarget(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_char * 32),
        ("chip", ctypes.c_char * 64),
        ("features", ctypes.c_char * 128),
        ("optLevel", ctypes.c_int),
        ("numOptions", ctypes.c_uint),
        ("options", TileTargetOption * 8),
    ]


class TileExecutionBackendSpec(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("isAvailable", ctypes.c_void_p),
        ("supportsTarget", ctypes.c_void_p),
        ("needsHostCodegen", ctypes.c_bool),
        ("needsEagerDeviceCompile", ctypes.c_bool),
        ("runtimeLibrary", ctypes.c_char_p),
        ("argumentsInDeviceMemory", ctypes.c_bool),
    ]


class TileBackendModule(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("targetKinds", ctypes.c_void_p), ("numTargetKinds", ctypes.c_uint),
        ("aliases", ctypes.c_void_p), ("numAliases", ctypes.c_uint),
        ("supportsTarget", ctypes.c_void_p),
        ("normalizeTarget", ctypes.c_void_p),
        ("detectTarget", ctypes.c_void_p),
        ("chips", ctypes.c_char_p),
        ("pipelines", ctypes.c_void_p), ("numPipelines", ctypes.c_uint),
        ("deviceCodegens", ctypes.c_void_p), ("numDeviceCodegens", ctypes.c_uint),
        ("hostCodegens", ctypes.c_void_p), ("numHostCodegens", ctypes.c_uint),
        ("hostCodegenHooks", ctypes.c_void_p), ("numHostCodegenHooks", ctypes.c_uint),
        ("executionBackends", ctypes.POINTER(TileExecutionBackendSpec)),
        ("numExecutionBackends", ctypes.c_uint),
        ("callbacks", ctypes.c_void_p), ("numCallbacks", ctypes.c_uint),
        ("dialectExtension", ctypes.c_char_p),
    ]


class TileKernelInfo(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("grid", ctypes.c_int64 * 3),
        ("block", ctypes.c_int64 * 3),
        ("sharedBytes", ctypes.c_int64),
        ("dynamicSharedBytes", ctypes.c_int64),
        ("numArgs", ctypes.c_uint),
        ("argTypes", ctypes.c_char_p * MAX_KERNEL_ARGS),
    ]


class TileCompileOptions(ctypes.Structure):
    _fields_ = [
        ("wantedParts", ctypes.c_char_p),
        ("configurePassManager", PassManagerHook),
        ("userData", ctypes.c_void_p),
        ("partsOnly", ctypes.c_bool),
    ]


class TileArgType(ctypes.Structure):
    _fields_ = [
        ("elementType", ctypes.c_int),
        ("rank", ctypes.c_int),
        ("shape", ctypes.c_int64 * MAX_BUFFER_RANK),
        ("typeName", ctypes.c_char_p),
    ]


class TileEntrySignature(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("location", MlirLocation),
        ("numArgs", ctypes.c_uint),
        ("args", TileArgType * MAX_KERNEL_ARGS),
        ("numResults", ctypes.c_uint),
        ("unsupported", ctypes.c_char_p),
        ("hostOnly", ctypes.c_bool),
    ]


class TileArgValue(ctypes.Structure):
    _fields_ = [
        ("buffer", ctypes.c_void_p),
        ("intValue", ctypes.c_int64),
        ("floatValue", ctypes.c_double),
    ]


# TileElementType, in the order of tile/runtime.h.
MEMORY_HOST, MEMORY_DEVICE = 0, 1
BUFFER_ALIGNMENT = 64

ELEMENT_TYPES = ["invalid", "i1", "i8", "i16", "i32", "i64", "index",
                 "f16", "bf16", "f32", "f64"]

_P = ctypes.c_void_p
_S = ctypes.c_char_p

# name: (restype, argtypes)
_PROTOTYPES = {
    "tileGetVersion": (_S, []),
    "tileRegisterUpstreamPasses": (None, []),
    "tileRegisterBuiltinBackends": (None, []),
    "mlirContextCreate": (MlirContext, []),
    "mlirContextDestroy": (None, [MlirContext]),
    "mlirContextEnableMultithreading": (None, [MlirContext, ctypes.c_bool]),
    "tileContextLoadDialects": (LogicalResult, [MlirContext]),
    "tileContextLoadBackendDialects": (LogicalResult, [MlirContext]),
    "tileModuleCreateParse": (MlirOperation, [MlirContext, MlirStringRef, MlirStringRef]),
    "mlirOperationDestroy": (None, [MlirOperation]),
    "mlirOperationPrint": (None, [MlirOperation, StringCallback, _P]),
    "mlirOpPrintingFlagsCreate": (MlirOpPrintingFlags, []),
    "mlirOpPrintingFlagsDestroy": (None, [MlirOpPrintingFlags]),
    "mlirOpPrintingFlagsEnableDebugInfo": (None, [MlirOpPrintingFlags, ctypes.c_bool, ctypes.c_bool]),
    "mlirPassManagerEnableIRPrinting": (None, [MlirPassManager, ctypes.c_bool, ctypes.c_bool,
                                               ctypes.c_bool, ctypes.c_bool, ctypes.c_bool,
                                               MlirOpPrintingFlags, MlirStringRef]),
    "tileDiagnosticLogCreate": (_P, [MlirContext, MlirStringRef, MlirStringRef]),
    "tileDiagnosticLogDestroy": (None, [_P]),
    "tileDiagnosticLogGetText": (MlirStringRef, [_P]),
    "tileDiagnosticLogGetNumErrors": (ctypes.c_uint, [_P]),
    "tileDiagnosticLogClear": (None, [_P]),
    "tileBackendContextCreate": (_P, [_S, _S, _S, TileErrorSink]),
    "tileBackendContextDestroy": (None, [_P]),
    "tileBackendContextGetTarget": (ctypes.POINTER(TileTarget), [_P]),
    "tileBackendContextGetHostTarget": (ctypes.POINTER(TileTarget), [_P]),
    "tileBackendContextPrintPipeline": (None, [_P, StringCallback, _P]),
    "tileBackendContextGetExecutionBackend": (ctypes.POINTER(TileExecutionBackendSpec), [_P]),
    "tileBackendContextGetModule": (ctypes.POINTER(TileBackendModule), [_P]),
    "tileTargetPrint": (None, [ctypes.POINTER(TileTarget), StringCallback, _P]),
    "tileCompileWithOptions": (_P, [_P, MlirOperation, ctypes.POINTER(TileCompileOptions)]),
    "tileCacheOpen": (_P, [_S, TileErrorSink]),
    "tileCacheClose": (None, [_P]),
    "tileCacheGetDirectory": (_S, [_P]),
    "tileCacheKey": (None, [_P, MlirOperation, _S, ctypes.c_char_p]),
    "tileCompileCached": (_P, [_P, _P, MlirOperation, ctypes.POINTER(TileCompileOptions),
                               ctypes.POINTER(ctypes.c_bool)]),
    "tileArtifactDestroy": (None, [_P]),
    "tileArtifactGetPart": (MlirStringRef, [_P, _S]),
    "tileArtifactGetNumParts": (ctypes.c_ssize_t, [_P]),
    "tileArtifactGetPartName": (_S, [_P, ctypes.c_ssize_t]),
    "tileArtifactGetDeviceFormat": (_S, [_P]),
    "tileArtifactGetRuntimeLibrary": (_S, [_P]),
    "tileArtifactGetNumKernels": (ctypes.c_ssize_t, [_P]),
    "tileArtifactGetKernel": (ctypes.POINTER(TileKernelInfo), [_P, ctypes.c_ssize_t]),
    "tileEntryTableCreate": (_P, [MlirOperation]),
    "tileEntryTableDestroy": (None, [_P]),
    "tileEntryTableGetNumEntries": (ctypes.c_ssize_t, [_P]),
    "tileEntryTableGetEntry": (ctypes.POINTER(TileEntrySignature), [_P, ctypes.c_ssize_t]),
    "tileBufferCreateGuarded": (_P, [ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_int64)]),
    "tileBufferCreateView": (_P, [ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_int64), _P,
                                  ctypes.c_int]),
    "tileBufferDestroy": (None, [_P]),
    "tileBufferCheckPadding": (ctypes.c_bool, [_P, ctypes.POINTER(ctypes.c_int64)]),
    "tileFaultReportArm": (_P, [ctypes.c_uint, ctypes.POINTER(_P), ctypes.POINTER(ctypes.c_char_p)]),
    "tileFaultReportDisarm": (None, [_P]),
    "tileBufferGetNumElements": (ctypes.c_int64, [_P]),
    "tileBufferGetData": (_P, [_P]),
    "tileElementHoldsFloat": (ctypes.c_bool, [ctypes.c_int, ctypes.c_double]),
    "tileBufferGetByteSize": (ctypes.c_size_t, [_P]),
    "tileExecutableCreate": (_P, [_P, _P, TileErrorSink]),
    "tileExecutableDestroy": (None, [_P]),
    "tileExecutableTime": (LogicalResult, [_P, ctypes.POINTER(TileEntrySignature),
                                           ctypes.POINTER(TileArgValue), ctypes.c_uint,
                                           ctypes.POINTER(ctypes.c_double), TileErrorSink]),
}


def _candidates():
    here = os.path.dirname(os.path.abspath(__file__))
    explicit = os.environ.get("TILE_MLIR_LIBRARY")
    if explicit:
        return [("$TILE_MLIR_LIBRARY", explicit)]
    found = []
    build = os.environ.get("TILE_MLIR_BUILD_DIR")
    if build:
        found.append(("$TILE_MLIR_BUILD_DIR", os.path.join(build, "lib", "libtile.so")))
    found.append(("the source tree's build", os.path.join(here, "..", "..", "build", "lib",
                                                          "libtile.so")))
    if INSTALLED_LIBDIR:
        found.append(("the installed copy", os.path.join(INSTALLED_LIBDIR, "libtile.so")))
    found.append(("the system loader", "libtile.so"))
    return found


def _load():
    tried = []
    for where, path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append("%s (%s: no such file)" % (os.path.normpath(path), where))
            continue
        try:
            return ctypes.CDLL(os.path.normpath(path) if os.sep in path else path)
        except OSError as e:
            tried.append("%s (%s: %s)" % (path, where, e))
    raise LibraryNotFound(
        "tile_mlir cannot load libtile.so; build it with `make build` in the "
        "source tree, or set TILE_MLIR_LIBRARY to its path or "
        "TILE_MLIR_BUILD_DIR to the build directory. Tried: " + "; ".join(tried))


_lib = None
_lock = threading.Lock()


def lib():
    """The loaded library, with prototypes set and backends registered."""
    global _lib
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is None:
            loaded = _load()
            for name, (restype, argtypes) in _PROTOTYPES.items():
                fn = getattr(loaded, name)
                fn.restype = restype
                fn.argtypes = argtypes
            loaded.tileRegisterUpstreamPasses()
            loaded.tileRegisterBuiltinBackends()
            _lib = loaded
    return _lib


# ---- small helpers ---------------------------------------------------------


def string_ref(data):
    """An MlirStringRef over `data` (bytes or str) and the object that keeps
    its bytes alive (hold it for as long as the reference is used)."""
    if isinstance(data, str):
        data = data.encode()
    buf = ctypes.create_string_buffer(data, len(data))
    return MlirStringRef(ctypes.cast(buf, ctypes.c_void_p), len(data)), buf


def ref_bytes(ref):
    """The bytes an MlirStringRef points at (b"" for a null reference)."""
    if not ref.data:
        return b""
    return ctypes.string_at(ref.data, ref.length)


def ref_is_null(ref):
    return not ref.data


class TextCollector:
    """An MlirStringCallback that gathers the chunks it is given."""

    def __init__(self):
        self.chunks = []
        self.callback = StringCallback(self._append)

    def _append(self, ref, _user):
        self.chunks.append(ref_bytes(ref))

    def text(self):
        return b"".join(self.chunks).decode("utf-8", "replace")


class ErrorSink:
    """A TileErrorSink whose messages end up in `messages`."""

    def __init__(self):
        self.collector = TextCollector()
        self.messages = self.collector.chunks
        self.sink = TileErrorSink(self.collector.callback, None)

    def text(self):
        return "\n".join(m.decode("utf-8", "replace") for m in self.messages)


def print_target(target_ptr):
    out = TextCollector()
    lib().tileTargetPrint(target_ptr, out.callback, None)
    return out.text()
