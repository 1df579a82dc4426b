/* Tools sit on top and include anything. */
#include "cuda/cuda.h"
#include "tile/tile.h"
