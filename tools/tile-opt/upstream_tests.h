/* Upstream MLIR's test passes and test dialects (`test`, `test_dyn`,
 * `test_irdl_to_cpp` and the test transform extensions), which MLIR's own
 * lit tests run through mlir-opt. Built in when libmlir-22-dev has its test
 * archives (TILE_OPT_UPSTREAM_TESTS); otherwise these do nothing. */
#ifndef TILE_OPT_UPSTREAM_TESTS_H
#define TILE_OPT_UPSTREAM_TESTS_H

#include "mlir-c/IR.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifdef TILE_OPT_UPSTREAM_TESTS
/* Puts the test passes in MLIR's pass registry; once per process. */
void tileOptRegisterUpstreamTestPasses(void);
/* Registers the test dialects and extensions with `ctx`; they load when
 * first used, as the upstream dialects do. */
void tileOptAppendUpstreamTestDialects(MlirContext ctx);
#define TILE_OPT_HAS_UPSTREAM_TESTS true
#else
static inline void tileOptRegisterUpstreamTestPasses(void) {}
static inline void tileOptAppendUpstreamTestDialects(MlirContext ctx) {
  (void)ctx;
}
#define TILE_OPT_HAS_UPSTREAM_TESTS false
#endif

#ifdef __cplusplus
}
#endif

#endif
