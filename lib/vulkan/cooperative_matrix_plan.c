/* Whether one tile.gemm can run on m x n x k cooperative matrices, and why
 * not: the element types the KHR path takes here, the scopes its loads
 * read, tile sizes that are whole numbers of matrices, and the alignment
 * Vulkan asks of cooperative-matrix loads and stores. */
#include "vulkan/cooperative_matrix.h"

#include "ir/ir.h"
#include "tile/dialect.h"

#include <stdarg.h>

static bool refuse(TileStrBuf *why, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static bool refuse(TileStrBuf *why, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  tileStrBufVPrintf(why, fmt, args);
  va_end(args);
  return false;
}

/* f16 x f16 into f32 or f16: what SPIR-V's KHR cooperative matrices and
 * the MLIR 22 conversion both take, and what devices offer most. */
static bool checkTypes(TileVulkanCoopGemm *p, TileStrBuf *why) {
  p->inElem = tileElementType(mlirValueGetType(p->a));
  p->accElem = tileElementType(mlirValueGetType(p->c));
  if (mlirTypeIsAF16(p->inElem) &&
      (mlirTypeIsAF32(p->accElem) || mlirTypeIsAF16(p->accElem)))
    return true;
  TileStrBuf in = TILE_STRBUF_INIT, acc = TILE_STRBUF_INIT;
  refuse(why,
         "A and B are %s and C is %s; the cooperative-matrix path takes f16 "
         "A and B into f32 or f16 C",
         tileTypeStr(&in, p->inElem), tileTypeStr(&acc, p->accElem));
  tileStrBufFree(&in);
  tileStrBufFree(&acc);
  return false;
}

/* Cooperative matrices are loaded from memory every thread of a subgroup
 * reads: A and B from shared tiles; C is the block's fragment, staged
 * through a shared tile. */
static bool checkScopes(const TileVulkanCoopGemm *p, TileStrBuf *why) {
  const char *names[2] = {"A", "B"};
  MlirValue operands[2] = {p->a, p->b};
  for (int i = 0; i < 2; ++i) {
    TileScope scope = tileMemRefTypeGetScope(mlirValueGetType(operands[i]));
    if (scope != TileScopeShared)
      return refuse(why,
                    "%s is a %s tile; cooperative matrices are loaded from "
                    "shared tiles (copy %s into one first)",
                    names[i], tileScopeGetName(scope), names[i]);
    if (!tileHasIdentityLayout(mlirValueGetType(operands[i])))
      return refuse(why,
                    "%s has a strided layout; the path loads tiles of "
                    "the identity layout",
                    names[i]);
  }
  TileScope scope = tileMemRefTypeGetScope(mlirValueGetType(p->c));
  if (scope != TileScopeFragment)
    return refuse(why,
                  "C is a %s tile (a copy per thread); cooperative matrices "
                  "accumulate a tile the block shares (a fragment)",
                  tileScopeGetName(scope));
  return true;
}

/* Tiles of whole numbers of matrices, at least one (the sizes in bytes of
 * what follows then stay within the tiles' own). */
static bool checkShape(const TileVulkanCoopGemm *p, TileStrBuf *why) {
  if (p->rows < p->m || p->cols < p->n)
    return refuse(why,
                  "its %lldx%lld C tile is smaller than one %lldx%lld "
                  "cooperative matrix",
                  (long long)p->rows, (long long)p->cols, (long long)p->m,
                  (long long)p->n);
  if (p->depth < p->k)
    return refuse(why, "its K of %lld is less than k = %lld",
                  (long long)p->depth, (long long)p->k);
  if (p->rows % p->m || p->cols % p->n)
    return refuse(why,
                  "its %lldx%lld C tile is no whole number of %lldx%lld "
                  "cooperative matrices",
                  (long long)p->rows, (long long)p->cols, (long long)p->m,
                  (long long)p->n);
  if (p->depth % p->k)
    return refuse(why, "its K of %lld is not a multiple of k = %lld",
                  (long long)p->depth, (long long)p->k);
  return true;
}

/* One matrix load or store: `lines` rows (row-major) or columns of `length`
 * elements of `bytes` each, `stride` elements apart, at offsets that are
 * multiples of `step` elements plus multiples of the stride. */
typedef struct {
  const char *what;
  bool columnMajor;
  int64_t length, bytes, stride, step;
} Access;

/* Vulkan asks the pointer and the stride of cooperative-matrix loads and
 * stores to be aligned to the lesser of 16 bytes and a row's (column's)
 * bytes. The tiles' bases are the implementation's to align. */
static bool checkAlignment(const Access *a, TileStrBuf *why) {
  int64_t lineBytes = a->length * a->bytes;
  int64_t align = lineBytes < 16 ? lineBytes : 16;
  if ((a->stride * a->bytes) % align == 0 && (a->step * a->bytes) % align == 0)
    return true;
  return refuse(why,
                "%s loads and stores %s of %lld bytes, %lld bytes apart, at "
                "offsets in steps of %lld bytes; Vulkan asks them aligned to "
                "%lld bytes (the lesser of 16 and a %s's bytes)",
                a->what, a->columnMajor ? "columns" : "rows",
                (long long)lineBytes, (long long)(a->stride * a->bytes),
                (long long)(a->step * a->bytes), (long long)align,
                a->columnMajor ? "column" : "row");
}

static int64_t elementBytes(MlirType type) {
  return mlirTypeIsAF16(type) ? 2 : 4;
}

/* A is stored M x K (K x M when transposed), B K x N (N x K), the staged C
 * M x N; a transposed operand is loaded column-major. */
static bool checkAlignments(const TileVulkanCoopGemm *p, TileStrBuf *why) {
  int64_t in = elementBytes(p->inElem);
  Access a = p->transposeA ? (Access){"A", true, p->m, in, p->rows, p->m}
                           : (Access){"A", false, p->k, in, p->depth, p->k};
  Access b = p->transposeB ? (Access){"B", true, p->k, in, p->depth, p->k}
                           : (Access){"B", false, p->n, in, p->cols, p->n};
  Access c = {"C", false, p->n, elementBytes(p->accElem), p->cols, p->n};
  return checkAlignment(&a, why) && checkAlignment(&b, why) &&
         checkAlignment(&c, why);
}

bool tileVulkanPlanCoopGemm(MlirOperation gemm, int64_t m, int64_t n, int64_t k,
                            TileVulkanCoopGemm *p, TileStrBuf *why) {
  bool ok = true;
  *p = (TileVulkanCoopGemm){.gemm = gemm, .m = m, .n = n, .k = k};
  p->a = mlirOperationGetOperand(gemm, 0);
  p->b = mlirOperationGetOperand(gemm, 1);
  p->c = mlirOperationGetOperand(gemm, 2);
  p->transposeA = tileGetBoolAttr(gemm, "transpose_a", false, &ok);
  p->transposeB = tileGetBoolAttr(gemm, "transpose_b", false, &ok);
  p->clear = tileGetBoolAttr(gemm, "clear_accum", false, &ok);
  MlirType c = mlirValueGetType(p->c);
  p->rows = tileDim(c, 0);
  p->cols = tileDim(c, 1);
  MlirType a = mlirValueGetType(p->a);
  p->depth = tileDim(a, p->transposeA ? 0 : 1);
  return checkTypes(p, why) && checkScopes(p, why) && checkShape(p, why) &&
         checkAlignments(p, why);
}

int64_t tileVulkanCoopScratchBytes(const TileVulkanCoopGemm *p) {
  return p->rows * p->cols * elementBytes(p->accElem);
}
