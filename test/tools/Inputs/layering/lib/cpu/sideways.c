/* One target backend including another's header. */
#include "cpu/cpu.h"

#include "backend/backend.h"

#include "cuda/cuda.h"
