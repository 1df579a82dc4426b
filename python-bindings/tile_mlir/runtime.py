"""Calling compiled entries on arrays.

An entry takes memrefs and scalars (tile-run's rules, docs/tile-run.md).
Every argument is checked before the call and a wrong one raises an
exception that names it: TypeError for the wrong kind of object or element
type, ValueError for a wrong rank, size or layout. For cpu and vulkan,
NumPy arrays are copied into 64-byte aligned buffers between inaccessible
pages (a kernel that runs past either end of one faults at that access
instead of corrupting the process's memory) and the results copied back
(into every writable array the kernel changed). For cuda, arguments
are objects in CUDA device memory (__cuda_array_interface__ or __dlpack__:
PyTorch, CuPy, ...), passed to the kernel as they are, without copies;
each must be in the memory of the device the call runs on (the thread's
current CUDA context's) or in memory every device reaches (managed).
"""

import contextlib
import ctypes
import faulthandler
import re
import threading

import numpy as np

from . import _capi, device


class TileRuntimeError(RuntimeError):
    """The runtime could not make the artifact callable, or a call failed."""


# A kernel that faults (an integer division by zero, an access to a guard
# page) ends the process with its signal. While calls run, Python's
# faulthandler is on, unless the program has turned it on itself, so that
# the process says so first and prints the Python lines of every thread,
# the call among them ("Fatal Python error: Floating point exception").
# Before it, a fault at the guard page of an argument's buffer names the
# argument and the element (the runtime's tileFaultReportArm).
_fault_lock = threading.Lock()
_fault_calls = 0
_fault_handler_ours = False


@contextlib.contextmanager
def _fault_report(lib, buffers, names):
    """Reports a fault of the call; `buffers` and `names` map argument
    positions to their guarded buffers and descriptions."""
    global _fault_calls, _fault_handler_ours
    with _fault_lock:
        if _fault_calls == 0 and not faulthandler.is_enabled():
            try:
                faulthandler.enable(all_threads=True)
                _fault_handler_ours = True
            except (AttributeError, ValueError, RuntimeError, OSError):
                pass  # a standard error without a file descriptor
        _fault_calls += 1
    count = len(buffers)
    guarded = (ctypes.c_void_p * max(count, 1))(*buffers.values())
    described = (ctypes.c_char_p * max(count, 1))(*(names[i].encode() for i in buffers))
    report = lib.tileFaultReportArm(count, guarded, described)
    try:
        yield
    finally:
        lib.tileFaultReportDisarm(report)
        with _fault_lock:
            _fault_calls -= 1
            if _fault_calls == 0 and _fault_handler_ours:
                faulthandler.disable()
                _fault_handler_ours = False


# NumPy dtypes of each element type (bf16 travels as its uint16 bits, or as
# ml_dtypes.bfloat16 where that is installed).
_NUMPY = {
    "i1": [np.dtype(np.bool_)],
    "i8": [np.dtype(np.int8)],
    "i16": [np.dtype(np.int16)],
    "i32": [np.dtype(np.int32)],
    "i64": [np.dtype(np.int64)],
    "index": [np.dtype(np.int64)],
    "f16": [np.dtype(np.float16)],
    "bf16": [np.dtype(np.uint16)],
    "f32": [np.dtype(np.float32)],
    "f64": [np.dtype(np.float64)],
}
_INT_RANGES = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}


def numpy_dtype(element):
    """The NumPy dtype an argument of MLIR element type `element` takes."""
    return _NUMPY[element][0]


def _accepts(element, dtype):
    if dtype in _NUMPY[element]:
        return True
    return element == "bf16" and dtype.name == "bfloat16" and dtype.itemsize == 2


def arg_names_from_text(text):
    """{function: [argument names]} read off the func.func signatures of MLIR
    text, for messages about text kernels."""
    found = {}
    for m in re.finditer(r"func\.func\s+(?:public\s+|private\s+)?@([\w$.-]+)\s*\(", text):
        depth, i, start = 1, m.end(), m.end()
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        found[m.group(1)] = re.findall(r"%([\w$.-]+)\s*:", text[start:i - 1])
    return found


class _ArgType:
    def __init__(self, t):
        self.element = _capi.ELEMENT_TYPES[t.elementType]
        self.rank = t.rank
        self.shape = [None if t.shape[d] == _capi.DYNAMIC_SIZE else t.shape[d]
                      for d in range(max(t.rank, 0))]
        self.type_name = t.typeName.decode() if t.typeName else "?"


class Function:
    """One entry of an artifact, callable with positional or keyword
    arguments; see the module's documentation for what it takes."""

    def __init__(self, artifact, signature, names, size_names, out_idx=None):
        self._artifact = artifact
        self._signature = signature
        sig = signature.contents
        self.name = sig.name.decode()
        self.unsupported = sig.unsupported.decode() if sig.unsupported else None
        self.arg_types = [_ArgType(sig.args[i]) for i in range(sig.numArgs)]
        names = list(names or [])
        self.arg_names = [names[i] if i < len(names) and names[i] else "arg%d" % i
                          for i in range(len(self.arg_types))]
        self._size_names = size_names or []
        # A function without kernels runs on the host: NumPy arrays, even
        # where kernels take arrays in device memory.
        self.host_only = bool(sig.hostOnly)
        self.device_memory = not self.host_only and artifact._arguments_in_device_memory()
        # The guarded buffer of each small array argument, kept from one
        # call for the next of the same shape: making and unmapping one
        # (three mappings) cost more than a small kernel's call.
        self._kept = {}
        self._kept_lock = threading.Lock()
        self.outputs = self._outputs(out_idx)

    def _outputs(self, out_idx):
        """The positions of the arguments a call makes and returns
        (compile(..., out_idx=...), as TileLang's), checked."""
        if out_idx is None:
            return []
        n = len(self.arg_types)
        positions = [out_idx] if isinstance(out_idx, int) else list(out_idx)
        outputs = []
        for p in positions:
            if isinstance(p, bool) or not isinstance(p, int) or not -n <= p < n:
                raise ValueError("out_idx: %r is not the position of an argument of %s (it "
                                 "has %d)" % (p, self.name, n))
            p %= n
            if p in outputs:
                raise ValueError("out_idx: argument '%s' is named twice" % self.arg_names[p])
            if self.arg_types[p].rank < 0:
                raise ValueError("out_idx: %s is a scalar; outputs are arrays"
                                 % self._describe(p))
            outputs.append(p)
        if outputs and self.device_memory:
            raise ValueError("out_idx: the call would make NumPy arrays, but target '%s' takes "
                             "arrays in CUDA device memory; pass the outputs as arguments"
                             % self._artifact.target)
        return outputs

    def _make_outputs(self, values):
        """A new zeroed array for each output (out_idx) in `values`, whose
        dynamic sizes are those of the inputs that name the same size
        (T.Tensor(("M", "K"), ...))."""
        sizes = {}
        for pos, dim, size_name in self._size_names:
            shape = getattr(values.get(pos), "shape", None)
            if pos not in self.outputs and shape is not None and dim < len(shape):
                sizes.setdefault(size_name, shape[dim])
        names = {(pos, dim): size_name for pos, dim, size_name in self._size_names}
        for i in self.outputs:
            t = self.arg_types[i]
            shape = []
            for d, size in enumerate(t.shape):
                if size is None:
                    size = sizes.get(names.get((i, d)))
                if size is None:
                    raise TypeError(
                        "%s: the call cannot tell the size of output '%s' in dimension %d: "
                        "it is dynamic and no input has a size of the same name; name it in "
                        "the T.Tensor shapes (\"M\"), or pass the output as an argument"
                        % (self.name, self.arg_names[i], d))
                shape.append(size)
            values[i] = np.zeros(shape, numpy_dtype(t.element))

    def __del__(self):
        try:
            self.release_buffers()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    def release_buffers(self):
        """Frees the buffers kept for the next call."""
        lib = _capi.lib()
        with self._kept_lock:
            kept, self._kept = self._kept, {}
        for _, buf in kept.values():
            lib.tileBufferDestroy(buf)

    def __repr__(self):
        return "Function(%s(%s))" % (self.name, ", ".join(
            "%s: %s" % (n, t.type_name) for n, t in zip(self.arg_names, self.arg_types)))

    def _describe(self, i):
        return "%s: argument '%s' (%s)" % (self.name, self.arg_names[i],
                                           self.arg_types[i].type_name)

    def _bind(self, args, kwargs):
        """Every parameter's value: what the call gives, by position or
        name, for the parameters it takes (the inputs, with out_idx), and a
        new array for each output."""
        taken = [i for i in range(len(self.arg_types)) if i not in self.outputs]
        word = "input" if self.outputs else "argument"
        if len(args) > len(taken):
            makes = "; the call makes %s (out_idx)" % ", ".join(
                "'%s'" % self.arg_names[i] for i in self.outputs) if self.outputs else ""
            raise TypeError("%s takes %d %ss (%s), got %d%s" % (
                self.name, len(taken), word, ", ".join(self.arg_names[i] for i in taken),
                len(args), makes))
        values = dict(zip(taken, args))
        for key, value in kwargs.items():
            if key not in self.arg_names:
                raise TypeError("%s has no argument '%s' (it has: %s)" % (
                    self.name, key, ", ".join(self.arg_names)))
            i = self.arg_names.index(key)
            if i in self.outputs:
                raise TypeError("%s: '%s' is an output: the call makes it and returns it "
                                "(out_idx)" % (self.name, key))
            if i in values:
                raise TypeError("%s: argument '%s' given twice" % (self.name, key))
            values[i] = value
        missing = [self.arg_names[i] for i in taken if i not in values]
        if missing:
            raise TypeError("%s: missing %s%s %s" % (
                self.name, word, "s" if len(missing) > 1 else "",
                ", ".join("'%s'" % m for m in missing)))
        self._make_outputs(values)
        return [values[i] for i in range(len(self.arg_types))]

    def _check_named_sizes(self, shapes):
        seen = {}
        for pos, dim, size_name in self._size_names:
            shape = shapes.get(pos)
            if shape is None or dim >= len(shape):
                continue
            if size_name in seen:
                first_pos, first_dim, size = seen[size_name]
                if shape[dim] != size:
                    raise ValueError(
                        "%s has size %d in dimension %d (%s), but argument '%s' has "
                        "size %d in dimension %d, which is %s too" % (
                            self._describe(pos), shape[dim], dim, size_name,
                            self.arg_names[first_pos], size, first_dim, size_name))
            else:
                seen[size_name] = (pos, dim, shape[dim])

    def _check_shape(self, i, shape):
        t = self.arg_types[i]
        if len(shape) != t.rank:
            raise ValueError("%s needs a rank-%d array, got rank %d (shape %s)" % (
                self._describe(i), t.rank, len(shape), tuple(shape)))
        for d, (want, got) in enumerate(zip(t.shape, shape)):
            if want is not None and want != got:
                raise ValueError("%s needs size %d in dimension %d, got %d (shape %s)" % (
                    self._describe(i), want, d, got, tuple(shape)))

    def _check_scalar(self, i, value):
        t = self.arg_types[i]
        if isinstance(value, np.ndarray) and value.ndim == 0:
            value = value.item()
        if isinstance(value, np.generic):
            value = value.item()
        if t.element in ("f16", "bf16", "f32", "f64"):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError("%s needs a float, got %s" % (self._describe(i),
                                                              type(value).__name__))
            if not _capi.lib().tileElementHoldsFloat(_capi.ELEMENT_TYPES.index(t.element),
                                                     float(value)):
                raise ValueError("%s: %r does not fit in %s (it would become an infinity)"
                                 % (self._describe(i), value, t.element))
            return _capi.TileArgValue(None, 0, float(value))
        if t.element == "i1":
            if not isinstance(value, (bool, int)) or value not in (0, 1):
                raise TypeError("%s needs a bool, got %r" % (self._describe(i), value))
            return _capi.TileArgValue(None, int(value), 0.0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("%s needs an int, got %s" % (self._describe(i),
                                                         type(value).__name__))
        bits = _INT_RANGES[t.element]
        if not -(2 ** (bits - 1)) <= value < 2 ** (bits - 1):
            raise ValueError("%s: %d does not fit in %s" % (self._describe(i), value,
                                                            t.element))
        return _capi.TileArgValue(None, value, 0.0)

    def _check_array(self, i, value):
        t = self.arg_types[i]
        if not isinstance(value, np.ndarray):
            hint = ""
            if self.host_only and self._artifact._arguments_in_device_memory():
                where = "%s launches no kernel: it runs on the host" % self.name
            else:
                where = "target '%s' runs on host memory" % self._artifact.target
            if hasattr(value, "__cuda_array_interface__") or hasattr(value, "__dlpack__"):
                hint = ("; it looks like a device tensor, but %s (copy it to the host, "
                        "e.g. with .cpu().numpy())" % where)
            raise TypeError("%s needs a NumPy array, got %s%s" % (
                self._describe(i), type(value).__name__, hint))
        if value.dtype.byteorder == ">":
            raise ValueError("%s: big-endian arrays are not supported" % self._describe(i))
        if not _accepts(t.element, value.dtype):
            raise TypeError("%s needs %s elements (NumPy %s), got %s" % (
                self._describe(i), t.element, numpy_dtype(t.element), value.dtype))
        self._check_shape(i, value.shape)
        return value

    def _check_device_array(self, i, value, call_device):
        t = self.arg_types[i]
        if not device.is_device_array(value):
            raise TypeError("%s needs an array in CUDA device memory (an object with "
                            "__cuda_array_interface__ or __dlpack__, such as a PyTorch or "
                            "CuPy tensor), got %s" % (self._describe(i), type(value).__name__))
        array = device.read(value)
        try:
            if array.device not in ("cuda", "cuda_managed"):
                raise ValueError("%s is in %s memory, but target '%s' runs kernels on CUDA "
                                 "device memory" % (self._describe(i), array.device,
                                                    self._artifact.target))
            want = device.element_of(t.element)
            bits = t.element == "bf16" and array.element == ("u", 2)
            if array.element != want and not bits:
                raise TypeError("%s needs %s elements, got %s%d" % (
                    self._describe(i), t.element, array.element[0], 8 * array.element[1]))
            self._check_shape(i, array.shape)
            if not device.is_dense(array):
                raise ValueError("%s needs dense row-major memory, got strides %s (bytes) for "
                                 "shape %s" % (self._describe(i), tuple(array.strides),
                                               tuple(array.shape)))
            if array.pointer % _capi.BUFFER_ALIGNMENT:
                raise ValueError("%s starts at 0x%x, which is not a multiple of %d bytes; pass "
                                 "an array of its own (e.g. a copy, not a slice)" % (
                                     self._describe(i), array.pointer, _capi.BUFFER_ALIGNMENT))
            # A kernel on one device faults on another device's memory.
            owner = device.device_of(array.pointer) if call_device is not None else None
            if owner is not None and owner != call_device:
                raise ValueError("%s is in the memory of CUDA device %d, but the call runs on "
                                 "device %d (this thread's current CUDA context); make device "
                                 "%d current first (e.g. torch.cuda.set_device(%d)) or move "
                                 "the array to device %d" % (
                                     self._describe(i), owner, call_device, owner, owner,
                                     call_device))
        except Exception:
            array.release()
            raise
        return array

    def _prepare(self, args, kwargs):
        if self.unsupported:
            raise TypeError("%s cannot be called: %s" % (self.name, self.unsupported))
        values = self._bind(args, kwargs)
        checked, shapes = [], {}
        call_device = device.call_device() if self.device_memory else None
        for i, value in enumerate(values):
            try:
                if self.arg_types[i].rank < 0:
                    checked.append(self._check_scalar(i, value))
                elif self.device_memory:
                    checked.append(self._check_device_array(i, value, call_device))
                    shapes[i] = checked[-1].shape
                else:
                    checked.append(self._check_array(i, value))
                    shapes[i] = value.shape
            except Exception:
                _release(checked)
                raise
        try:
            self._check_named_sizes(shapes)
        except Exception:
            _release(checked)
            raise
        return values, checked

    def _call(self, args, kwargs, count):
        values, checked = self._prepare(args, kwargs)
        lib = _capi.lib()
        n = len(values)
        arg_values = (_capi.TileArgValue * max(n, 1))()
        buffers, views = {}, {}
        succeeded = False
        try:
            for i, item in enumerate(checked):
                if isinstance(item, _capi.TileArgValue):
                    arg_values[i] = item
                    continue
                if isinstance(item, device.DeviceArray):
                    views[i] = _device_view(lib, self.arg_types[i], item)
                    arg_values[i] = _capi.TileArgValue(views[i], 0, 0.0)
                    continue
                buffers[i] = self._buffer_for(lib, i, item)
                arg_values[i] = _capi.TileArgValue(buffers[i], 0, 0.0)
            if views:
                device.synchronize()
            times = (ctypes.c_double * max(count, 1))()
            errors = _capi.ErrorSink()
            executable = self._artifact._get_executable()
            with executable.lock, _fault_report(lib, buffers,
                                                {i: self._describe(i) for i in buffers}):
                ok = lib.tileExecutableTime(executable.handle, self._signature, arg_values,
                                            count, times, errors.sink)
            if not ok:
                raise TileRuntimeError("%s: %s" % (self.name, errors.text() or "the call failed"))
            for i, buf in buffers.items():
                _check_padding(lib, buf, self._describe(i))
            for i, buf in buffers.items():
                _from_buffer(lib, buf, values[i], self._describe(i))
            succeeded = True
            return list(times)[:count], values
        finally:
            kept = self._keep(lib, buffers, values) if succeeded else {}
            for i, buf in list(buffers.items()) + list(views.items()):
                if kept.get(i) is not buf:
                    lib.tileBufferDestroy(buf)
            _release(checked)

    # A buffer kept for the next call holds at most this many bytes.
    _KEEP_BYTES = 1 << 20

    def _buffer_for(self, lib, i, array):
        """A guarded buffer holding `array` for argument `i`: the one kept
        from an earlier call of the same shape, or a new one."""
        with self._kept_lock:
            kept = self._kept.pop(i, None)
        if kept is not None and kept[0] == array.shape:
            _fill(lib, kept[1], array)
            return kept[1]
        if kept is not None:
            lib.tileBufferDestroy(kept[1])
        return _to_buffer(lib, self.arg_types[i], array)

    def _keep(self, lib, buffers, values):
        """Keeps the small buffers of a call that succeeded with their
        padding intact (they are all rewritten before a call); returns
        the ones kept."""
        kept = {}
        with self._kept_lock:
            for i, buf in buffers.items():
                if i not in self._kept and lib.tileBufferGetByteSize(buf) <= self._KEEP_BYTES:
                    self._kept[i] = (values[i].shape, buf)
                    kept[i] = buf
        return kept

    def __call__(self, *args, **kwargs):
        """Runs the entry once; results are left in the array arguments.
        Compiled with out_idx, it takes the inputs only and returns the
        outputs it made (one array, or a list of them)."""
        _, values = self._call(args, kwargs, 1)
        if not self.outputs:
            return None
        made = [values[i] for i in self.outputs]
        return made[0] if len(made) == 1 else made

    def time(self, *args, repeat=10, **kwargs):
        """Runs the entry `repeat` times on the same arguments (copied in
        once) and returns the wall time of each call in seconds (with
        out_idx, it takes the inputs only)."""
        if repeat < 1:
            raise ValueError("repeat must be at least 1")
        return self._call(args, kwargs, repeat)[0]


def _release(checked):
    for item in checked:
        if isinstance(item, device.DeviceArray):
            item.release()


def _device_view(lib, t, array):
    sizes = (ctypes.c_int64 * max(t.rank, 1))(*array.shape)
    element = _capi.ELEMENT_TYPES.index(t.element)
    view = lib.tileBufferCreateView(element, t.rank, sizes, array.pointer or None,
                                    _capi.MEMORY_DEVICE)
    if not view:
        raise ValueError("cannot make a buffer of device memory at 0x%x, shape %s"
                         % (array.pointer, array.shape))
    return view


def _to_buffer(lib, t, array):
    sizes = (ctypes.c_int64 * max(t.rank, 1))(*array.shape)
    element = _capi.ELEMENT_TYPES.index(t.element)
    buf = lib.tileBufferCreateGuarded(element, t.rank, sizes)
    if not buf:
        raise MemoryError("cannot allocate a buffer of shape %s" % (array.shape,))
    _fill(lib, buf, array)
    return buf


def _fill(lib, buf, array):
    """Copies `array` (of the buffer's shape) into the buffer."""
    size = lib.tileBufferGetByteSize(buf)
    if size:
        dense = np.ascontiguousarray(array)
        ctypes.memmove(lib.tileBufferGetData(buf), dense.ctypes.data, size)


def _check_padding(lib, buf, what):
    """A write past the end of a buffer that did not reach its guard page
    (the alignment padding before it) is found after the call; the arrays
    are then left as they were."""
    element = ctypes.c_int64()
    if not lib.tileBufferCheckPadding(buf, ctypes.byref(element)):
        count = lib.tileBufferGetNumElements(buf)
        raise TileRuntimeError(
            "%s has %d element%s, and the kernel wrote element %d, past its end; do the "
            "sizes of the arrays agree with what the kernel reads and writes?"
            % (what, count, "" if count == 1 else "s", element.value))


def _from_buffer(lib, buf, array, what):
    size = lib.tileBufferGetByteSize(buf)
    if not size:
        return
    raw = (ctypes.c_char * size).from_address(lib.tileBufferGetData(buf))
    result = np.frombuffer(raw, dtype=array.dtype).reshape(array.shape)
    if array.flags.writeable:
        np.copyto(array, result)
    elif not np.array_equal(array, result, equal_nan=array.dtype.kind in "fc"):
        raise ValueError("%s is read-only, but the kernel wrote to it" % what)


class Executable:
    """The artifact made callable by its execution backend (once)."""

    def __init__(self, lib, backend, artifact):
        errors = _capi.ErrorSink()
        self._lib = lib
        self.handle = lib.tileExecutableCreate(backend, artifact, errors.sink)
        if not self.handle:
            raise TileRuntimeError(errors.text() or "cannot create the executable")
        self.lock = threading.Lock()

    def close(self):
        if self.handle:
            self._lib.tileExecutableDestroy(self.handle)
            self.handle = None
