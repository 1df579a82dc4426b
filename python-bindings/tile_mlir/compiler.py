"""compile(): tile IR (text or a built kernel) to an Artifact for a target.

Each compilation owns an MLIR context: the diagnostics of one compilation
never mix with another's, and compilations in several Python threads do not
share IR. The artifact keeps its context alive because the host module and
the entry signatures live in it.
"""

import ctypes
import os
import re
import shutil
import tempfile
import threading

from . import _capi, cache as cache_, runtime
from .diagnostics import CompileError, with_source_lines

# Parts that hold text; the others (cubin, hsaco, spirv, obj) are bytes.
TEXT_PARTS = {"mlir", "llvm", "ptx", "isa", "spirv-asm", "asm"}
# Every part a backend can make (tile-opt's --emit values); a target makes
# those of them that it has.
PARTS = ("mlir", "llvm", "ptx", "cubin", "isa", "hsaco", "spirv", "spirv-asm", "obj", "asm")
# The parts a compilation asks for when the caller names none: the IR after
# the backend pipeline and the host LLVM IR (device code comes anyway).
DEFAULT_PARTS = ("mlir", "llvm")


class PassDump:
    """The IR after one pass of a compilation."""

    def __init__(self, stage, position, pass_name, anchor, ir):
        self.stage = stage          # 0: tile-verify, 1: the backend pipeline, ...
        self.position = position    # the pass's position in its pass manager
        self.pass_name = pass_name  # e.g. "tile-cpu-gemm"
        self.anchor = anchor        # the op it ran on, e.g. "func_func_gemm"
        self.ir = ir

    def __repr__(self):
        return "PassDump(stage=%d, pass=%r, anchor=%r)" % (self.stage, self.pass_name,
                                                          self.anchor)


class KernelInfo:
    """A device kernel and how the host launches it (-1: known at run time)."""

    def __init__(self, info):
        self.name = info.name.decode()
        self.grid = tuple(info.grid)
        self.block = tuple(info.block)
        self.shared_bytes = info.sharedBytes
        self.dynamic_shared_bytes = info.dynamicSharedBytes
        self.arg_types = [info.argTypes[i].decode() for i in range(info.numArgs)]

    def __repr__(self):
        return "KernelInfo(%r, grid=%s, block=%s)" % (self.name, self.grid, self.block)


class _ContextPool:
    """MLIR contexts with the tile dialects loaded, kept for the next
    compilation once the artifact that used one is closed: creating a
    context and loading its dialects takes longer than loading a kernel from
    the cache. A context is handed to one session at a time; it is destroyed
    instead of kept after `MAX_USES` sessions (what a context interns, types
    and attributes, is never freed) or when the pool already holds
    `MAX_IDLE`."""

    MAX_IDLE = 4
    MAX_USES = 64

    def __init__(self):
        self._lock = threading.Lock()
        self._idle = []  # (context, sessions it served)

    def take(self):
        """(context, sessions it served before), or (None, 0) for a new one."""
        with self._lock:
            if self._idle:
                return self._idle.pop()
        return None, 0

    def give_back(self, lib, ctx, uses):
        with self._lock:
            if uses < self.MAX_USES and len(self._idle) < self.MAX_IDLE:
                self._idle.append((ctx, uses))
                return
        lib.mlirContextDestroy(ctx)


_contexts = _ContextPool()


class _Session:
    """An MLIR context with the tile dialects and a diagnostic log. The
    context comes from the pool above, or is made; `reusable` is cleared
    when the session changed the context in a way the next one must not
    inherit (its threading)."""

    def __init__(self, source_name, source_text):
        lib = _capi.lib()
        self.lib = lib
        self.reusable = True
        self.ctx, self._uses = _contexts.take()
        fresh = self.ctx is None
        if fresh:
            self.ctx = lib.mlirContextCreate()
        name, self._name_keep = _capi.string_ref(source_name)
        text, self._text_keep = _capi.string_ref(source_text)
        self.log = lib.tileDiagnosticLogCreate(self.ctx, name, text)
        if not self.log:
            lib.mlirContextDestroy(self.ctx)
            raise MemoryError("cannot create a diagnostic log")
        self.source_name = source_name
        if fresh and not (lib.tileContextLoadDialects(self.ctx) and
                          lib.tileContextLoadBackendDialects(self.ctx)):
            self.reusable = False
            self.fail("cannot load the tile dialects")

    def diagnostics(self):
        return _capi.ref_bytes(self.lib.tileDiagnosticLogGetText(self.log)).decode(
            "utf-8", "replace")

    def fail(self, fallback):
        text = self.diagnostics()
        self.lib.tileDiagnosticLogClear(self.log)
        raise CompileError(with_source_lines(text) if text else fallback, text)

    def parse(self, text):
        src, keep = _capi.string_ref(text)
        name, keep_name = _capi.string_ref(self.source_name)
        module = self.lib.tileModuleCreateParse(self.ctx, src, name)
        del keep, keep_name
        if not module.ptr:
            self.fail("cannot parse '%s'" % self.source_name)
        return module

    def close(self):
        """Called once nothing of the session's IR is left in its context."""
        if self.ctx is not None:
            self.lib.tileDiagnosticLogDestroy(self.log)
            if self.reusable:
                _contexts.give_back(self.lib, self.ctx, self._uses + 1)
            else:
                self.lib.mlirContextDestroy(self.ctx)
            self.ctx = None


class _PassDumper:
    """Turns on IR printing after every pass of every pass manager the
    compilation runs, each into a directory of its own."""

    def __init__(self, lib):
        self.lib = lib
        self.root = tempfile.mkdtemp(prefix="tile-mlir-passes-")
        self.count = 0
        self.flags = lib.mlirOpPrintingFlagsCreate()
        self.hook = _capi.PassManagerHook(self._configure)
        self._keep = []

    def _configure(self, pm, _user):
        directory = os.path.join(self.root, "%03d" % self.count)
        self.count += 1
        ref, keep = _capi.string_ref(directory)
        self._keep.append(keep)
        self.lib.mlirPassManagerEnableIRPrinting(pm, False, True, True, False, False,
                                                 self.flags, ref)

    def collect(self):
        dumps = []
        for stage in range(self.count):
            base = os.path.join(self.root, "%03d" % stage)
            found = []
            for dirpath, _dirs, files in os.walk(base):
                for f in files:
                    m = re.match(r"^((?:\d+_)+)(.+)\.mlir$", f)
                    if not m:
                        continue
                    key = tuple(int(x) for x in m.group(1).rstrip("_").split("_"))
                    anchor = os.path.basename(dirpath)
                    with open(os.path.join(dirpath, f), encoding="utf-8",
                              errors="replace") as fh:
                        ir = fh.read()
                    # MLIR heads each dump with a "// -----// IR Dump After
                    # ..." line; the IR is what follows.
                    if ir.startswith("// -----// IR Dump"):
                        ir = ir.split("\n", 1)[1] if "\n" in ir else ""
                    found.append((key, m.group(2), anchor, ir))
            found.sort(key=lambda item: item[0])
            for position, (_key, name, anchor, ir) in enumerate(found):
                dumps.append(PassDump(stage, position, name, anchor, ir))
        return dumps

    def close(self):
        self.lib.mlirOpPrintingFlagsDestroy(self.flags)
        shutil.rmtree(self.root, ignore_errors=True)


def _source_of(source, name):
    """(MLIR text, source name, argument names by entry, built kernel)."""
    if hasattr(source, "to_mlir"):  # a kernel from tile_mlir.builder
        return source.to_mlir(), name or source.source_name, source.arg_names(), source
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        with open(path, encoding="utf-8") as f:
            return f.read(), name or path, None, None
    if isinstance(source, bytes):
        source = source.decode("utf-8")
    if not isinstance(source, str):
        raise TypeError("compile() takes MLIR text, a path (os.PathLike) or a "
                        "kernel built with tile_mlir.builder, not %s"
                        % type(source).__name__)
    return source, name or "<string>", None, None


def _normalise_parts(parts):
    if parts is None:
        return list(DEFAULT_PARTS)
    if isinstance(parts, str):
        parts = parts.split(",")
    names = [p.strip() for p in parts if p.strip()]
    for name in names:
        if name not in PARTS:
            raise ValueError("unknown part %r (parts: %s)" % (name, ", ".join(PARTS)))
    return names


def compile(source, target="auto", *, target_host=None, exec=None, parts=None,
            dump_passes=False, name=None, cache=None, out_idx=None, pass_configs=None):
    """Compiles tile IR for `target` and returns an Artifact.

    `source` is MLIR text, a path (os.PathLike) to a .mlir file, or a kernel
    built with tile_mlir.builder. `target` is what tile-opt's --target takes
    ("cpu", "cuda:sm_90a", "vulkan", "rocm:gfx942", "auto", ...);
    `target_host` and `exec` ("jit" or "aot") those of --target-host and
    --exec. `parts` names the parts to produce beyond the device code
    (default: "mlir" and "llvm"; "obj" and "asm" are the host object and
    assembly). With `dump_passes`, the IR after every pass is kept in
    `Artifact.pass_dumps` (the compilation then runs on one thread, and
    never through the cache). `cache` is None for the default kernel cache
    (see tile_mlir.cache), False for none, or a directory;
    `Artifact.cache_hit` says whether the result was loaded from it.
    `out_idx` (an argument position or a list of them, negative ones
    counting from the end, as TileLang's) names the outputs of the only
    entry: a call then takes the other arguments and returns new arrays.
    `pass_configs` (a dict of str keys) is taken for TileLang's switches of
    its own lowering ("tl.disable_tma_lower", ...), which have no meaning
    here: each backend's pipeline decides, and the switches never change
    what a kernel computes.

    Raises CompileError, carrying the compiler's diagnostics, when the
    target is unknown or the IR does not compile.
    """
    if pass_configs is not None and not (isinstance(pass_configs, dict) and all(
            isinstance(k, str) for k in pass_configs)):
        raise TypeError("compile(): pass_configs is a dict with str keys, got %r"
                        % (pass_configs,))
    for what, value in (("target", target), ("target_host", target_host), ("exec", exec)):
        if value is not None and not isinstance(value, str):
            raise TypeError("compile(): %s is a string such as tile-opt's --%s takes, not %s"
                            % (what, what.replace("_", "-"), type(value).__name__))
    text, source_name, arg_names, kernel = _source_of(source, name)
    lib = _capi.lib()
    wanted = _normalise_parts(parts)
    errors = _capi.ErrorSink()
    backend = lib.tileBackendContextCreate(target.encode() if target else None,
                                           target_host.encode() if target_host else None,
                                           exec.encode() if exec else None, errors.sink)
    if not backend:
        raise CompileError(errors.text() or "invalid target %r" % target, errors.text())
    session = None
    dumper = None
    try:
        session = _Session(source_name, text)
        module = session.parse(text)
        entries = lib.tileEntryTableCreate(module)
        options = _capi.TileCompileOptions(",".join(wanted).encode(), _capi.PassManagerHook(),
                                           None)
        if dump_passes:
            dumper = _PassDumper(lib)
            lib.mlirContextEnableMultithreading(session.ctx, False)
            session.reusable = False
            options.configurePassManager = dumper.hook
        store = cache_.get(cache)
        hit = ctypes.c_bool(False)
        artifact = lib.tileCompileCached(store.handle if store else None, backend, module,
                                         ctypes.byref(options), ctypes.byref(hit))
        lib.mlirOperationDestroy(module)
        if not artifact:
            lib.tileEntryTableDestroy(entries)
            session.fail("compiling '%s' for target '%s' failed" % (source_name, target))
        dumps = dumper.collect() if dumper else []
        result = Artifact(session, backend, artifact, entries, text, dumps, arg_names, kernel)
        result.cache_hit = bool(hit.value) if store else None
        session = None
        backend = None
        if out_idx is not None:
            result._set_outputs(out_idx)
        return result
    finally:
        if dumper:
            dumper.close()
        if session:
            session.close()
        if backend:
            lib.tileBackendContextDestroy(backend)


class Artifact:
    """What a compilation produced: parts (`.mlir`, `.llvm`, `.ptx`, ...),
    kernels with launch metadata, the pipeline, per-pass IR, and the entry
    functions, which can be called (see tile_mlir.runtime)."""

    def __init__(self, session, backend, artifact, entries, source, dumps, arg_names,
                 kernel):
        self._lib = session.lib
        self._session = session
        self._backend = backend
        self._artifact = artifact
        self._entries = entries
        self.source = source
        self.pass_dumps = dumps
        self.cache_hit = None  # True: loaded from the kernel cache
        self._arg_names = arg_names
        self.kernel = kernel
        self._lock = threading.Lock()
        self._executable = None
        self._functions = {}
        self._out_idx = None

    def close(self):
        """Frees the artifact now (otherwise when it is garbage)."""
        lib = self._lib
        for function in self._functions.values():
            function.release_buffers()
        if self._executable is not None:
            self._executable.close()
            self._executable = None
        if self._artifact:
            lib.tileArtifactDestroy(self._artifact)
            lib.tileEntryTableDestroy(self._entries)
            lib.tileBackendContextDestroy(self._backend)
            self._session.close()
            self._artifact = None

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    @property
    def is_open(self):
        """False once close() has freed the artifact."""
        return bool(self._artifact)

    def _check_open(self):
        if not self._artifact:
            raise ValueError("the artifact was closed")

    # ---- parts ----

    @property
    def part_names(self):
        self._check_open()
        n = self._lib.tileArtifactGetNumParts(self._artifact)
        return [self._lib.tileArtifactGetPartName(self._artifact, i).decode() for i in range(n)]

    def part(self, name):
        """A part's contents: str for text parts, bytes for binaries."""
        self._check_open()
        ref = self._lib.tileArtifactGetPart(self._artifact, name.encode())
        if _capi.ref_is_null(ref):
            raise KeyError("the artifact has no part %r (it has: %s)"
                           % (name, ", ".join(self.part_names) or "none"))
        data = _capi.ref_bytes(ref)
        return data.decode("utf-8", "replace") if name in TEXT_PARTS else data

    @property
    def parts(self):
        return {name: self.part(name) for name in self.part_names}

    def _optional(self, name):
        try:
            return self.part(name)
        except KeyError:
            return None

    mlir = property(lambda self: self._optional("mlir"),
                    doc="The IR after the backend pipeline, or None.")
    llvm = property(lambda self: self._optional("llvm"), doc="Host LLVM IR, or None.")
    ptx = property(lambda self: self._optional("ptx"), doc="PTX (cuda), or None.")
    cubin = property(lambda self: self._optional("cubin"), doc="A cubin (cuda), or None.")
    isa = property(lambda self: self._optional("isa"), doc="AMDGCN assembly (rocm), or None.")
    hsaco = property(lambda self: self._optional("hsaco"), doc="An HSACO (rocm), or None.")
    spirv = property(lambda self: self._optional("spirv"), doc="SPIR-V words (vulkan), or None.")
    spirv_asm = property(lambda self: self._optional("spirv-asm"),
                         doc="SPIR-V assembly (vulkan), or None.")
    obj = property(lambda self: self._optional("obj"), doc="The host object file, or None.")
    asm = property(lambda self: self._optional("asm"), doc="Host assembly, or None.")

    # The text of the kernels' code, by device format: the parts tried in turn.
    _SOURCE_PARTS = {"ptx": ("ptx",), "hsaco": ("isa",), "spirv": ("spirv-asm",),
                     "": ("asm", "llvm")}

    def get_kernel_source(self):
        """The kernels' code as text, as TileLang's kernel.get_kernel_source():
        PTX (cuda), AMDGCN assembly (rocm: compile with parts="isa"), SPIR-V
        assembly (vulkan: parts="spirv-asm"), the host assembly or else the
        host LLVM IR (cpu, whose kernels are host code)."""
        names = self._SOURCE_PARTS.get(self.device_format, (self.device_format,))
        for name in names:
            text = self._optional(name)
            if text is not None:
                return text
        raise KeyError("the artifact has no %s part: compile with parts=%r to keep the "
                       "kernels' code as text (it has: %s)" % (
                           names[0], names[0], ", ".join(self.part_names)))

    @property
    def device_format(self):
        """The part holding the device code ("ptx", "spirv", ...), "" for cpu."""
        self._check_open()
        return self._lib.tileArtifactGetDeviceFormat(self._artifact).decode()

    # ---- metadata ----

    @property
    def target(self):
        """The canonical target, e.g. "cuda:sm_90a,features=+ptx83"."""
        self._check_open()
        return _capi.print_target(self._lib.tileBackendContextGetTarget(self._backend))

    @property
    def pipeline(self):
        """The resolved pipeline the compilation ran, as tile-opt
        --print-pipeline prints it."""
        self._check_open()
        out = _capi.TextCollector()
        self._lib.tileBackendContextPrintPipeline(self._backend, out.callback, None)
        return out.text()

    @property
    def kernels(self):
        self._check_open()
        n = self._lib.tileArtifactGetNumKernels(self._artifact)
        return [KernelInfo(self._lib.tileArtifactGetKernel(self._artifact, i).contents)
                for i in range(n)]

    @property
    def entry_names(self):
        self._check_open()
        n = self._lib.tileEntryTableGetNumEntries(self._entries)
        return [self._lib.tileEntryTableGetEntry(self._entries, i).contents.name.decode()
                for i in range(n)]

    # ---- calling ----

    def _get_executable(self):
        self._check_open()
        with self._lock:
            if self._executable is None:
                try:
                    self._executable = runtime.Executable(self._lib, self._backend,
                                                          self._artifact)
                except runtime.TileRuntimeError as e:
                    why = self._why_no_jit() if self.execution_backend == "aot" else ""
                    if why:
                        raise runtime.TileRuntimeError(
                            "%s; the target's jit is not available here: %s" % (e, why)
                        ) from None
                    raise
            return self._executable

    @property
    def execution_backend(self):
        """The execution backend the compilation was for: "jit" or "aot"."""
        self._check_open()
        spec = self._lib.tileBackendContextGetExecutionBackend(self._backend)
        return spec.contents.name.decode()

    def _arguments_in_device_memory(self):
        """Whether kernels read their arguments from device memory, as the
        target's jit runs them (so that arguments are checked the same way
        where only aot was available)."""
        module = self._lib.tileBackendContextGetModule(self._backend).contents
        for i in range(module.numExecutionBackends):
            spec = module.executionBackends[i]
            if spec.name == b"jit":
                return bool(spec.argumentsInDeviceMemory)
        spec = self._lib.tileBackendContextGetExecutionBackend(self._backend)
        return bool(spec.contents.argumentsInDeviceMemory)

    def _why_no_jit(self):
        """Why the target's jit cannot run here (when the compilation fell
        back to aot), or ""."""
        errors = _capi.ErrorSink()
        target = self.target.encode()
        ctx = self._lib.tileBackendContextCreate(target, None, b"jit", errors.sink)
        if ctx:
            self._lib.tileBackendContextDestroy(ctx)
            return ""
        return errors.text()

    def _set_outputs(self, out_idx):
        """The outputs (out_idx) of the only entry, checked now."""
        names = self.entry_names
        try:
            if len(names) != 1:
                raise ValueError("out_idx names the outputs of the only entry, but the artifact "
                                 "has %s (%s)" % (len(names) or "none", ", ".join(names)))
            self._out_idx = out_idx
            self.function()
        except Exception:
            self.close()
            raise

    def function(self, name=None):
        """The entry `name` (by default the only one) as a callable Function."""
        self._check_open()
        if name is None:
            names = self.entry_names
            if len(names) != 1:
                raise TypeError("the artifact has %s entries (%s): name one with "
                                "function(NAME)" % (len(names) or "no", ", ".join(names)))
            name = names[0]
        if name not in self._functions:
            if self._arg_names is None:
                self._arg_names = runtime.arg_names_from_text(self.source)
            sizes = self.kernel.size_names() if self.kernel is not None else {}
            self._functions[name] = runtime.Function(
                self, self._signature(name), self._arg_names.get(name), sizes.get(name),
                self._out_idx)
        return self._functions[name]

    def __call__(self, *args, **kwargs):
        """Calls the only entry; see tile_mlir.runtime.Function."""
        return self.function()(*args, **kwargs)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if self.__dict__.get("_artifact") and name in self.entry_names:
            return self.function(name)
        raise AttributeError("'Artifact' has no attribute or entry %r" % name)

    def _signature(self, name):
        n = self._lib.tileEntryTableGetNumEntries(self._entries)
        for i in range(n):
            sig = self._lib.tileEntryTableGetEntry(self._entries, i)
            if sig.contents.name.decode() == name:
                return sig
        raise KeyError("the artifact has no entry %r (it has: %s)"
                       % (name, ", ".join(self.entry_names) or "none"))

    def __repr__(self):
        if not self._artifact:
            return "Artifact(closed)"
        return "Artifact(target=%r, entries=%s, parts=%s)" % (self.target, self.entry_names,
                                                             self.part_names)
