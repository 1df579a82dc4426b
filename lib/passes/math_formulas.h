/* The expansions tile-math-expand uses: each builds, before `op`, values
 * equal to op's results from ops every target lowers, and returns how many
 * results it built. */
#ifndef TILE_PASSES_MATH_FORMULAS_H
#define TILE_PASSES_MATH_FORMULAS_H

#include "ir/builder.h"

typedef intptr_t (*TileMathFormula)(TileBuilder *b, MlirOperation op,
                                    MlirValue *results);

intptr_t tileMathIsNaN(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathIsInf(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathIsFinite(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathSinCos(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathTrunc(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathAtan2(TileBuilder *b, MlirOperation op, MlirValue *results);
/* fpowi: x^|n| by squaring (|n| taken as unsigned, so the most negative n
 * works too), then its reciprocal for a negative n; f32, f16 and bf16 in
 * f64. */
intptr_t tileMathFPowI(TileBuilder *b, MlirOperation op, MlirValue *results);
/* The same at x's own precision, for x and an integer n. */
MlirValue tileMathFPowIOf(TileBuilder *b, MlirValue x, MlirValue n);
/* f32 x's upper 12 significant bits, x's lower 12 cleared (their squares
 * and products are exact in f32). */
MlirValue tileMathUpperHalf(TileBuilder *b, MlirValue x);
intptr_t tileMathIPowI(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathAbsI(TileBuilder *b, MlirOperation op, MlirValue *results);
/* powf with C's special cases around powf(|x|, y). */
intptr_t tileMathPowF(TileBuilder *b, MlirOperation op, MlirValue *results);
/* arith.remf (C's fmod), exact, by two loops of a fixed trip count. */
intptr_t tileMathRemF(TileBuilder *b, MlirOperation op, MlirValue *results);
/* The same of values x and y. */
MlirValue tileMathRemainder(TileBuilder *b, MlirValue x, MlirValue y);
/* f32 formulas; f16 and bf16 are computed in f32. */
intptr_t tileMathErf(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathErfc(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathCbrt(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathExpM1(TileBuilder *b, MlirOperation op, MlirValue *results);
/* expm1 and log1p of a value (the formulas of the two ops). */
MlirValue tileMathExpM1Of(TileBuilder *b, MlirValue x);
MlirValue tileMathLog1pOf(TileBuilder *b, MlirValue x);
/* log1p's series alone, for x in [-0.5, 1] (|x / (2 + x)| <= 1/3; no
 * special values). */
MlirValue tileMathLog1pSeries(TileBuilder *b, MlirValue x);
/* log(x) * scale for x in (0.5, 2), as log1p's series of x - 1 (exact
 * there), and `elsewhere` (the target's own logarithm of x) for the other
 * values. GPU logarithms are accurate to an absolute error in that range
 * (Vulkan: 2^-21; PTX's lg2.approx: 2^-22), so they lose the relative
 * precision of results near 0 (log(0.9999999) was 13% off on lavapipe). */
MlirValue tileMathLogNearOne(TileBuilder *b, MlirValue x, double scale,
                             MlirValue elsewhere);
intptr_t tileMathLog1p(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathHyperbolic(TileBuilder *b, MlirOperation op,
                            MlirValue *results);
intptr_t tileMathAcosh(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathInverseTrig(TileBuilder *b, MlirOperation op,
                             MlirValue *results);
/* sin, cos and tan of f32 (f16 and bf16 in f32) with the argument reduced
 * to [-pi/4, pi/4] exactly (Payne and Hanek, in 32-bit integers), then the
 * target's own sin, cos or tan of the reduced argument (math_trig.c). */
bool tileMathIsTrig(MlirOperation op);
intptr_t tileMathTrig(TileBuilder *b, MlirOperation op, MlirValue *results);
/* maximumf (maximum) or minimumf of two values (the formulas of the two
 * ops). */
MlirValue tileMathExtremumOf(TileBuilder *b, MlirValue x, MlirValue y,
                             bool maximum);
intptr_t tileMathMaximumF(TileBuilder *b, MlirOperation op, MlirValue *results);
intptr_t tileMathMinimumF(TileBuilder *b, MlirOperation op, MlirValue *results);
/* isnormal by compares with the type's smallest normal value, which
 * f16, bf16, f32, f64, f80 and f128 have (tileMathHasNormalRange). */
bool tileMathHasNormalRange(MlirType element);
intptr_t tileMathIsNormal(TileBuilder *b, MlirOperation op, MlirValue *results);
/* clampf(x, lo, hi) = maximumf(minimumf(x, hi), lo). */
intptr_t tileMathClampF(TileBuilder *b, MlirOperation op, MlirValue *results);

#endif
