/* One target backend including another's header, beside includes of its
 * own folder, of its dependency and of what that one depends on. */
#include "cpu/cpu.h"

#include "backend/backend.h"
#include "support/strbuf.h"

#include "cuda/cuda.h"
