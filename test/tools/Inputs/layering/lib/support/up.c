/* support reaching up into ir and, through a public header, into backend. */
#include "support/strbuf.h"

#include "ir/ir.h"

#include "tile/backend.h"
