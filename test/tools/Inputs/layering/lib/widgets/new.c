/* A folder of lib/ that no layer names. */
#include "support/strbuf.h"
