/* A folder of lib/ that declares no library. */
#include "support/strbuf.h"
