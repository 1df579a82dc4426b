/* Element types of runtime buffers: sizes, names, loads, stores, and the
 * binary16 and bfloat16 conversions. */
#include "tile/runtime.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

static const struct {
  const char *name;
  size_t size;
  bool isFloat;
} info[] = {
    [TileElementInvalid] = {"invalid", 0, false},
    [TileElementI1] = {"i1", 1, false},
    [TileElementI8] = {"i8", 1, false},
    [TileElementI16] = {"i16", 2, false},
    [TileElementI32] = {"i32", 4, false},
    [TileElementI64] = {"i64", 8, false},
    [TileElementIndex] = {"index", 8, false},
    [TileElementF16] = {"f16", 2, true},
    [TileElementBF16] = {"bf16", 2, true},
    [TileElementF32] = {"f32", 4, true},
    [TileElementF64] = {"f64", 8, true},
};

static bool isKnown(TileElementType type) {
  return type > TileElementInvalid && type <= TileElementF64;
}

TileElementType tileElementTypeFromMlirType(MlirType type) {
  if (mlirTypeIsAIndex(type))
    return TileElementIndex;
  if (mlirTypeIsAF16(type))
    return TileElementF16;
  if (mlirTypeIsABF16(type))
    return TileElementBF16;
  if (mlirTypeIsAF32(type))
    return TileElementF32;
  if (mlirTypeIsAF64(type))
    return TileElementF64;
  if (!mlirTypeIsAInteger(type))
    return TileElementInvalid;
  switch (mlirIntegerTypeGetWidth(type)) {
  case 1:
    return TileElementI1;
  case 8:
    return TileElementI8;
  case 16:
    return TileElementI16;
  case 32:
    return TileElementI32;
  case 64:
    return TileElementI64;
  default:
    return TileElementInvalid;
  }
}

size_t tileElementTypeGetSize(TileElementType type) {
  return isKnown(type) ? info[type].size : 0;
}

const char *tileElementTypeGetName(TileElementType type) {
  return isKnown(type) ? info[type].name : "invalid";
}

bool tileElementTypeIsFloat(TileElementType type) {
  return isKnown(type) && info[type].isFloat;
}

float tileHalfToFloat(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16;
  uint32_t exponent = (h >> 10) & 0x1f;
  uint32_t mantissa = h & 0x3ff;
  uint32_t bits;
  if (exponent == 0x1f) {
    bits = sign | 0x7f800000 | (mantissa << 13);
  } else if (exponent != 0) {
    bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {
    bits = sign;
  } else {
    /* A subnormal half is a normal float: shift the leading one out. */
    uint32_t shift = 0;
    while (!(mantissa & 0x400)) {
      mantissa <<= 1;
      ++shift;
    }
    bits = sign | ((113 - shift) << 23) | ((mantissa & 0x3ff) << 13);
  }
  float value;
  memcpy(&value, &bits, sizeof(value));
  return value;
}

/* Shifts `value` right by `shift` bits, rounding to nearest even. */
static uint32_t shiftRoundEven(uint32_t value, uint32_t shift) {
  uint32_t kept = value >> shift;
  uint32_t rest = value & ((1u << shift) - 1);
  uint32_t half = 1u << (shift - 1);
  return kept + (rest > half || (rest == half && (kept & 1)));
}

uint16_t tileFloatToHalf(float value) {
  uint32_t x;
  memcpy(&x, &value, sizeof(x));
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
  uint32_t magnitude = x & 0x7fffffff;
  if (magnitude > 0x7f800000) /* NaN: keep it quiet and non-zero */
    return sign | 0x7e00 | (uint16_t)((magnitude >> 13) & 0x3ff);
  if (magnitude >= 0x477ff000) /* rounds to 65536 or more, or infinity */
    return sign | 0x7c00;
  if (magnitude >= 0x38800000) /* normal half: rebias, round 13 bits */
    return sign | (uint16_t)shiftRoundEven(magnitude - 0x38000000, 13);
  if (magnitude < 0x33000000) /* at most 2^-25: rounds to zero */
    return sign;
  /* Subnormal half: the value in units of 2^-24. */
  uint32_t exponent = magnitude >> 23;
  uint32_t mantissa = (magnitude & 0x7fffff) | 0x800000;
  return sign | (uint16_t)shiftRoundEven(mantissa, 126 - exponent);
}

float tileBFloat16ToFloat(uint16_t bits) {
  uint32_t x = (uint32_t)bits << 16;
  float value;
  memcpy(&value, &x, sizeof(value));
  return value;
}

uint16_t tileFloatToBFloat16(float value) {
  uint32_t x;
  memcpy(&x, &value, sizeof(x));
  if ((x & 0x7fffffff) > 0x7f800000)
    return (uint16_t)((x >> 16) | 0x40);
  return (uint16_t)((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

double tileElementLoad(TileElementType type, const void *p) {
  switch (type) {
  case TileElementI1:
    return *(const uint8_t *)p & 1;
  case TileElementI8:
    return *(const int8_t *)p;
  case TileElementI16: {
    int16_t v;
    memcpy(&v, p, sizeof(v));
    return v;
  }
  case TileElementI32: {
    int32_t v;
    memcpy(&v, p, sizeof(v));
    return v;
  }
  case TileElementI64:
  case TileElementIndex: {
    int64_t v;
    memcpy(&v, p, sizeof(v));
    return (double)v;
  }
  case TileElementF16:
  case TileElementBF16: {
    uint16_t v;
    memcpy(&v, p, sizeof(v));
    return type == TileElementF16 ? tileHalfToFloat(v) : tileBFloat16ToFloat(v);
  }
  case TileElementF32: {
    float v;
    memcpy(&v, p, sizeof(v));
    return v;
  }
  case TileElementF64: {
    double v;
    memcpy(&v, p, sizeof(v));
    return v;
  }
  default:
    return 0;
  }
}

/* Rounds and clamps to [lo, hi]; NaN gives 0 (a cast would be undefined). */
static int64_t toInteger(double value, double lo, double hi) {
  if (isnan(value))
    return 0;
  value = nearbyint(value);
  if (value <= lo)
    return (int64_t)lo;
  if (value >= hi)
    return value >= 9.2233720368547758e18 ? INT64_MAX : (int64_t)hi;
  return (int64_t)value;
}

void tileElementStore(TileElementType type, void *p, double value) {
  switch (type) {
  case TileElementI1:
    *(uint8_t *)p = value != 0 && !isnan(value);
    return;
  case TileElementI8:
    *(int8_t *)p = (int8_t)toInteger(value, INT8_MIN, INT8_MAX);
    return;
  case TileElementI16: {
    int16_t v = (int16_t)toInteger(value, INT16_MIN, INT16_MAX);
    memcpy(p, &v, sizeof(v));
    return;
  }
  case TileElementI32: {
    int32_t v = (int32_t)toInteger(value, INT32_MIN, INT32_MAX);
    memcpy(p, &v, sizeof(v));
    return;
  }
  case TileElementI64:
  case TileElementIndex: {
    int64_t v = toInteger(value, (double)INT64_MIN, (double)INT64_MAX);
    memcpy(p, &v, sizeof(v));
    return;
  }
  case TileElementF16:
  case TileElementBF16: {
    uint16_t v = type == TileElementF16 ? tileFloatToHalf((float)value)
                                        : tileFloatToBFloat16((float)value);
    memcpy(p, &v, sizeof(v));
    return;
  }
  case TileElementF32: {
    float v = (float)value;
    memcpy(p, &v, sizeof(v));
    return;
  }
  case TileElementF64:
    memcpy(p, &value, sizeof(value));
    return;
  default:
    return;
  }
}

bool tileElementHoldsFloat(TileElementType type, double value) {
  double stored = 0;
  tileElementStore(type, &stored, value);
  return !isfinite(value) || isfinite(tileElementLoad(type, &stored));
}
