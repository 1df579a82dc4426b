"""Element types, scopes and the MLIR spelling of types and literals."""

import math
import numbers
import re
import struct


class DType:
    """An element type: its MLIR name, and whether it is a float or an int."""

    def __init__(self, name, kind, bits):
        self.name = name
        self.kind = kind  # "float", "int" or "index"
        self.bits = bits

    @property
    def is_float(self):
        return self.kind == "float"

    def __repr__(self):
        return "T." + self.name

    def __str__(self):
        return self.name

    def __call__(self, value):
        """T.f32(x), TileLang's spelling of a constant or a conversion:
        a Python number becomes a constant of this type, a kernel value is
        converted (T.cast)."""
        from .values import constant
        from .ops import cast
        if isinstance(value, numbers.Number):
            return constant(value, self)
        return cast(value, self)


f16 = DType("f16", "float", 16)
bf16 = DType("bf16", "float", 16)
f32 = DType("f32", "float", 32)
f64 = DType("f64", "float", 64)
i1 = DType("i1", "int", 1)
i8 = DType("i8", "int", 8)
i16 = DType("i16", "int", 16)
i32 = DType("i32", "int", 32)
i64 = DType("i64", "int", 64)
index = DType("index", "index", 64)
bool_ = i1

DTYPES = {t.name: t for t in (f16, bf16, f32, f64, i1, i8, i16, i32, i64, index)}

# NumPy's names of the same types, and TileLang's (TVM's) as strings, where
# "float" is float32 and "int" int32 (NumPy's float and int are 64-bit: the
# Python types float and int are refused).
NUMPY_NAMES = {"float16": f16, "bfloat16": bf16, "float32": f32, "float64": f64, "bool": i1,
               "bool_": i1, "int8": i8, "int16": i16, "int32": i32, "int64": i64}
TVM_NAMES = dict(NUMPY_NAMES, float=f32, half=f16, double=f64, int=i32)

# Scopes and their memory spaces (docs/dialect.md, Scopes).
SCOPE_SPACES = {
    "global": None,
    "shared": "#gpu.address_space<workgroup>",
    "fragment": "#tile.fragment",
    "local": "#gpu.address_space<private>",
}


def is_int(x):
    """Whether `x` is an integer of Python's or NumPy's, not a bool."""
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def as_dtype(dtype):
    if isinstance(dtype, DType):
        return dtype
    if isinstance(dtype, str):
        name, names = dtype, TVM_NAMES
    elif isinstance(dtype, type):  # NumPy's scalar types (np.float32), Python's bool
        name, names = dtype.__name__, NUMPY_NAMES
    else:  # NumPy's dtypes (np.dtype("float32"))
        name, names = getattr(dtype, "name", None), NUMPY_NAMES
    if isinstance(name, str) and (name in DTYPES or name in names):
        return DTYPES.get(name) or names[name]
    if isinstance(name, str) and re.fullmatch(r"u(int)?\d+|float8.*|float4.*|e\dm\d.*", name):
        raise TypeError("element type %r is not supported: tile kernels take f16, bf16, f32, "
                        "f64 and the signless (two's complement) i1, i8, i16, i32, i64" % name)
    raise TypeError("unknown element type %r (use T.f16, T.bf16, T.f32, T.f64, T.i1, T.i8, "
                    "T.i16, T.i32, T.i64 or T.index, or their names: \"float16\", "
                    "\"float32\", ...)" % (dtype,))


def memref_type(shape, dtype, scope="global"):
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    space = SCOPE_SPACES[scope]
    return "memref<%s%s%s>" % (dims, dtype.name, ", " + space if space else "")


# Bit patterns of a float type, for values decimal text cannot spell.
_FLOAT_FORMATS = {"f16": ("<e", "<H", 4), "f32": ("<f", "<I", 8), "f64": ("<d", "<Q", 16)}


def float_literal(value, dtype):
    """The MLIR literal of `value` as a `dtype` float: decimal when finite,
    the type's bit pattern for infinities and NaN."""
    value = float(value)
    if math.isfinite(value):
        text = repr(value)
        if "e" in text and "." not in text.split("e")[0]:
            mantissa, exponent = text.split("e")
            text = mantissa + ".0e" + exponent
        return text
    if dtype.name == "bf16":
        bits = struct.unpack("<I", struct.pack("<f", value))[0] >> 16
        return "0x%04X" % bits
    fmt, int_fmt, digits = _FLOAT_FORMATS[dtype.name]
    bits = struct.unpack(int_fmt, struct.pack(fmt, value))[0]
    return "0x%0*X" % (digits, bits)


def int_literal(value, dtype):
    """An integer as MLIR reads it before `: type` (an i1 too: `true : i1`
    does not parse, `1 : i1` does)."""
    if dtype.name == "i1":
        return "1" if value else "0"
    return str(int(value))
