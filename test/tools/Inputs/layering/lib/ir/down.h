/* Only own and lower headers, and a sibling without a folder: accepted. */
#include "ir/builder.h"
#include "local.h"
#include "support/strbuf.h"
#include "tile/diagnostics.h"
#include "tile/dialect.h"
