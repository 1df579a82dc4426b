"""Arrays in CUDA device memory, read through __cuda_array_interface__
(version 2 or 3) or DLPack (__dlpack__ / __dlpack_device__): the pointer,
shape, element type and strides, checked against an argument without
touching the memory."""

import ctypes

# DLPack's device types and type codes (dlpack.h).
_DL_DEVICES = {1: "cpu", 2: "cuda", 3: "cuda_host", 4: "opencl", 7: "vulkan", 8: "metal",
               10: "rocm", 13: "cuda_managed", 14: "oneapi"}
_DL_CUDA, _DL_CUDA_MANAGED = 2, 13
_DL_CODES = {0: "i", 1: "u", 2: "f", 4: "bf", 6: "b"}

# The element types of arguments as (kind, bytes) in the spelling of
# __cuda_array_interface__'s typestr ("<f4") and of DLPack's dtypes.
_ELEMENTS = {"i1": ("b", 1), "i8": ("i", 1), "i16": ("i", 2), "i32": ("i", 4),
             "i64": ("i", 8), "index": ("i", 8), "f16": ("f", 2), "bf16": ("bf", 2),
             "f32": ("f", 4), "f64": ("f", 8)}


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):
    pass


_DLManagedTensor._fields_ = [
    ("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p),
    ("deleter", ctypes.CFUNCTYPE(None, ctypes.POINTER(_DLManagedTensor)))]

_capsule_get = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_get.restype = ctypes.c_void_p
_capsule_get.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_rename = ctypes.pythonapi.PyCapsule_SetName
_capsule_rename.restype = ctypes.c_int
_capsule_rename.argtypes = [ctypes.py_object, ctypes.c_char_p]


class DeviceArray:
    """What a kernel needs of a device array; `release()` gives a DLPack
    tensor back to its producer once the call is over."""

    def __init__(self, pointer, shape, element, strides_bytes, device, owner=None):
        self.pointer = pointer
        self.shape = tuple(shape)
        self.element = element          # ("f", 4), ...
        self.strides = strides_bytes    # None: dense row-major
        self.device = device            # "cuda", "cpu", ...
        self._managed = owner

    def release(self):
        if self._managed is not None:
            managed, self._managed = self._managed, None
            if managed.contents.deleter:
                managed.contents.deleter(managed)


def is_device_array(obj):
    return hasattr(obj, "__cuda_array_interface__") or hasattr(obj, "__dlpack__")


def _from_cuda_array_interface(obj):
    cai = obj.__cuda_array_interface__
    typestr = cai["typestr"]
    if typestr[0] == ">":
        raise ValueError("big-endian device arrays are not supported")
    kind, size = typestr[1], int(typestr[2:])
    if kind == "V" and size == 2:  # ml_dtypes' bfloat16 has no kind of its own
        kind = "bf"
    if cai.get("mask") is not None:
        raise ValueError("masked device arrays are not supported")
    pointer = cai["data"][0] or 0
    return DeviceArray(pointer, cai["shape"], (kind, size), cai.get("strides"), "cuda")


def _from_dlpack(obj):
    device_type, _device_id = obj.__dlpack_device__()
    device = _DL_DEVICES.get(device_type, "device type %d" % device_type)
    if device_type not in (_DL_CUDA, _DL_CUDA_MANAGED):
        return DeviceArray(0, getattr(obj, "shape", ()), None, None, device)
    capsule = obj.__dlpack__()
    managed = ctypes.cast(_capsule_get(capsule, b"dltensor"),
                          ctypes.POINTER(_DLManagedTensor))
    # The capsule is consumed: its producer frees the tensor when told to.
    _capsule_rename(capsule, b"used_dltensor")
    t = managed.contents.dl_tensor
    shape = [t.shape[d] for d in range(t.ndim)]
    size = (t.dtype.bits + 7) // 8
    kind = _DL_CODES.get(t.dtype.code, "?")
    if t.dtype.lanes != 1:
        kind = "?"
    strides = None
    if t.strides:
        strides = tuple(t.strides[d] * size for d in range(t.ndim))
    return DeviceArray((t.data or 0) + t.byte_offset, shape, (kind, size), strides, "cuda",
                       owner=managed)


def read(obj):
    """The DeviceArray of an object in device memory."""
    if hasattr(obj, "__cuda_array_interface__"):
        return _from_cuda_array_interface(obj)
    return _from_dlpack(obj)


def element_of(name):
    return _ELEMENTS[name]


def dense_strides(shape, size):
    strides, step = [], size
    for d in reversed(shape):
        strides.append(step)
        step *= max(d, 1)
    return tuple(reversed(strides))


def is_dense(array):
    """Row-major and contiguous (strides of size-1 dimensions do not matter)."""
    if array.strides is None:
        return True
    want = dense_strides(array.shape, array.element[1])
    return all(d == 1 or s == w for d, s, w in zip(array.shape, array.strides, want))


_libcuda = None


def _driver():
    """The CUDA driver library, or None where there is none."""
    global _libcuda
    if _libcuda is None:
        try:
            _libcuda = ctypes.CDLL("libcuda.so.1")
        except OSError:
            _libcuda = False
    return _libcuda or None


def synchronize():
    """Waits for the work queued in the current CUDA context (by PyTorch,
    CuPy, ...) so that the kernel reads what it wrote; ignores a missing
    driver or context (the runtime then reports its own error)."""
    driver = _driver()
    if driver is not None:
        driver.cuCtxSynchronize()


def call_device():
    """The ordinal of the device a call from this thread runs on: its
    current context's, or 0 (the runtime's primary context of device 0)
    where it has none; None where the driver cannot say (no driver, or
    not initialised: then no array can be in device memory yet)."""
    driver = _driver()
    if driver is None:
        return None
    context = ctypes.c_void_p()
    if driver.cuCtxGetCurrent(ctypes.byref(context)) != 0:
        return None
    if not context.value:
        return 0
    ordinal = ctypes.c_int()
    if driver.cuCtxGetDevice(ctypes.byref(ordinal)) != 0:
        return None
    return ordinal.value


# cuPointerGetAttributes' attributes and memory types (cuda.h).
_CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2
_CU_POINTER_ATTRIBUTE_IS_MANAGED = 8
_CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9
_CU_MEMORYTYPE_DEVICE = 2


def device_of(pointer):
    """The ordinal of the device whose memory `pointer` is in; None for
    memory every device reaches (managed, registered host memory), for a
    pointer the driver does not know, and where there is no driver."""
    driver = _driver()
    if driver is None or not pointer or not hasattr(driver, "cuPointerGetAttributes"):
        return None
    attributes = (ctypes.c_int * 3)(_CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                    _CU_POINTER_ATTRIBUTE_IS_MANAGED,
                                    _CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL)
    # Zeroed 8-byte slots: the driver writes an unsigned int, a boolean and
    # an int, each read back from its low bytes.
    values = (ctypes.c_uint64 * 3)()
    data = (ctypes.c_void_p * 3)(*[ctypes.addressof(values) + 8 * i for i in range(3)])
    if driver.cuPointerGetAttributes(3, attributes, data, ctypes.c_uint64(pointer)) != 0:
        return None
    memory_type, managed = values[0] & 0xFFFFFFFF, values[1] & 0xFF
    if memory_type != _CU_MEMORYTYPE_DEVICE or managed:
        return None
    return ctypes.c_int32(values[2] & 0xFFFFFFFF).value
