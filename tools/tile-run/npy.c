/* NumPy .npy reading and writing for tile-run's buffers. */
#include "npy.h"

#include "support/count.h"
#include "support/output_file.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char magic[6] = {'\x93', 'N', 'U', 'M', 'P', 'Y'};

/* Dtypes read into each element type ('=' is read as '<': this is a
 * little-endian host). bf16 has no NumPy dtype of its own: its bits come
 * as uint16, as ml_dtypes' two-byte void, or under a 'bf16' name. */
static const struct {
  const char *descr;
  TileElementType type;
} readable[] = {
    {"|b1", TileElementI1},        {"|i1", TileElementI8},
    {"<i1", TileElementI8},        {"<i2", TileElementI16},
    {"<i4", TileElementI32},       {"<i8", TileElementI64},
    {"<i8", TileElementIndex},     {"<f2", TileElementF16},
    {"<f4", TileElementF32},       {"<f8", TileElementF64},
    {"<u2", TileElementBF16},      {"|V2", TileElementBF16},
    {"<V2", TileElementBF16},      {"bf16", TileElementBF16},
    {"bfloat16", TileElementBF16},
};

const char *npyDescr(TileElementType type) {
  switch (type) {
  case TileElementI1:
    return "|b1";
  case TileElementI8:
    return "|i1";
  case TileElementI16:
    return "<i2";
  case TileElementI32:
    return "<i4";
  case TileElementI64:
  case TileElementIndex:
    return "<i8";
  case TileElementF16:
    return "<f2";
  case TileElementBF16:
    return "<u2";
  case TileElementF32:
    return "<f4";
  case TileElementF64:
    return "<f8";
  default:
    return "?";
  }
}

typedef struct {
  char descr[32];
  bool fortranOrder;
  int rank;
  int64_t sizes[TILE_MAX_BUFFER_RANK];
} Header;

/* The text after `key` and the ':' that follows it, or NULL. */
static const char *afterKey(const char *dict, const char *key) {
  const char *p = strstr(dict, key);
  if (!p)
    return NULL;
  p += strlen(key);
  while (*p == ' ')
    ++p;
  if (*p++ != ':')
    return NULL;
  while (*p == ' ')
    ++p;
  return p;
}

static bool readDescr(const char *dict, Header *h, TileStrBuf *error) {
  const char *p = afterKey(dict, "'descr'");
  if (p && *p == '[') {
    tileStrBufAppendStr(error, "structured dtypes are not supported");
    return false;
  }
  if (!p || (*p != '\'' && *p != '"')) {
    tileStrBufAppendStr(error, "its header has no 'descr'");
    return false;
  }
  const char *end = strchr(p + 1, *p);
  size_t length = end ? (size_t)(end - p - 1) : 0;
  if (!end || length == 0 || length >= sizeof(h->descr)) {
    tileStrBufAppendStr(error, "its header has a malformed 'descr'");
    return false;
  }
  memcpy(h->descr, p + 1, length);
  h->descr[length] = '\0';
  if (h->descr[0] == '=')
    h->descr[0] = '<';
  return true;
}

static bool readShape(const char *dict, Header *h, TileStrBuf *error) {
  const char *p = afterKey(dict, "'shape'");
  if (!p || *p++ != '(') {
    tileStrBufAppendStr(error, "its header has no 'shape' tuple");
    return false;
  }
  h->rank = 0;
  for (;;) {
    while (*p == ' ' || *p == ',')
      ++p;
    if (*p == ')')
      return true;
    if (!isdigit((unsigned char)*p) || h->rank == TILE_MAX_BUFFER_RANK)
      break;
    char *end;
    errno = 0;
    long long size = strtoll(p, &end, 10);
    if (errno)
      break;
    h->sizes[h->rank++] = size;
    p = end + (*end == 'L');
    if (*p != ',' && *p != ' ' && *p != ')')
      break;
  }
  tileStrBufPrintf(error, "its 'shape' is malformed or has a rank above %d",
                   TILE_MAX_BUFFER_RANK);
  return false;
}

static bool readFortranOrder(const char *dict, Header *h, TileStrBuf *error) {
  const char *p = afterKey(dict, "'fortran_order'");
  if (!p || (strncmp(p, "False", 5) != 0 && strncmp(p, "True", 4) != 0)) {
    tileStrBufAppendStr(error, "its header has no 'fortran_order'");
    return false;
  }
  h->fortranOrder = *p == 'T';
  return true;
}

/* numpy writes each key once; a header that repeats one is ambiguous. */
static bool keysOnce(const char *dict, TileStrBuf *error) {
  static const char *const keys[] = {"'descr'", "'fortran_order'", "'shape'"};
  for (size_t i = 0; i < TILE_COUNT(keys); ++i) {
    const char *first = strstr(dict, keys[i]);
    if (first && strstr(first + 1, keys[i])) {
      tileStrBufPrintf(error, "its header gives %s more than once", keys[i]);
      return false;
    }
  }
  return true;
}

/* Reads the header; sets *dataOffset to where the array data begins. */
static bool readHeader(const char *bytes, size_t size, Header *h,
                       size_t *dataOffset, TileStrBuf *error) {
  if (size < 10 || memcmp(bytes, magic, sizeof(magic)) != 0) {
    tileStrBufAppendStr(error, "it is not a .npy file (no \\x93NUMPY magic)");
    return false;
  }
  unsigned major = (unsigned char)bytes[6];
  if (major < 1 || major > 3) {
    tileStrBufPrintf(error, "its format version %u is not 1, 2 or 3", major);
    return false;
  }
  size_t headerStart = major == 1 ? 10 : 12;
  const unsigned char *len = (const unsigned char *)bytes + 8;
  size_t headerSize = (size_t)len[0] | (size_t)len[1] << 8;
  if (major > 1 && size >= headerStart)
    headerSize |= (size_t)len[2] << 16 | (size_t)len[3] << 24;
  if (size < headerStart || headerStart + headerSize > size) {
    tileStrBufAppendStr(error, "its header is truncated");
    return false;
  }
  char *dict = strndup(bytes + headerStart, headerSize);
  if (!dict) {
    tileStrBufAppendStr(error, "out of memory reading its header");
    return false;
  }
  bool ok = keysOnce(dict, error) && readDescr(dict, h, error) &&
            readFortranOrder(dict, h, error) && readShape(dict, h, error);
  free(dict);
  *dataOffset = headerStart + headerSize;
  return ok;
}

static bool descrHolds(const char *descr, TileElementType type) {
  for (size_t i = 0; i < TILE_COUNT(readable); ++i)
    if (readable[i].type == type && strcmp(readable[i].descr, descr) == 0)
      return true;
  return false;
}

/* Checks the header against the element type. */
static bool checkData(const Header *h, TileElementType type,
                      TileStrBuf *error) {
  if (h->fortranOrder) {
    tileStrBufAppendStr(error, "it is in Fortran order (only C order is "
                               "read; save np.ascontiguousarray(x))");
    return false;
  }
  if (!descrHolds(h->descr, type)) {
    tileStrBufPrintf(error,
                     "it holds dtype '%s', not %s (which is read "
                     "from '%s')",
                     h->descr, tileElementTypeGetName(type), npyDescr(type));
    return false;
  }
  return true;
}

/* Reads the magic, the version and the header of an open .npy file: the
 * header's own length says how much, so a device such as /dev/zero is
 * refused after ten bytes instead of read to the end. */
static char *readHeaderBytes(FILE *f, size_t *size, TileStrBuf *why) {
  unsigned char prefix[12];
  size_t n = fread(prefix, 1, 10, f);
  if (n < 10 || memcmp(prefix, magic, sizeof(magic)) != 0) {
    tileStrBufAppendStr(why, "it is not a .npy file (no \\x93NUMPY magic)");
    return NULL;
  }
  size_t start = prefix[6] == 1 ? 10 : 12;
  if (start == 12 && fread(prefix + 10, 1, 2, f) != 2) {
    tileStrBufAppendStr(why, "its header is truncated");
    return NULL;
  }
  size_t length = (size_t)prefix[8] | (size_t)prefix[9] << 8;
  if (start == 12)
    length |= (size_t)prefix[10] << 16 | (size_t)prefix[11] << 24;
  char *bytes = malloc(start + length);
  if (!bytes) {
    tileStrBufAppendStr(why, "out of memory reading its header");
    return NULL;
  }
  memcpy(bytes, prefix, start);
  *size = start + fread(bytes + start, 1, length, f);
  return bytes;
}

/* Reads the data the header announced and checks that nothing follows. */
static TileBuffer *readData(FILE *f, const Header *h, TileElementType type,
                            TileStrBuf *why) {
  TileBuffer *b = tileBufferCreate(type, h->rank, h->sizes);
  if (!b) {
    tileStrBufAppendStr(why, "it is too large to hold in memory");
    return NULL;
  }
  size_t want = tileBufferGetByteSize(b);
  size_t got = fread(tileBufferGetData(b), 1, want, f);
  char extra;
  if (got == want && fread(&extra, 1, 1, f) == 0)
    return b;
  if (got < want)
    tileStrBufPrintf(
        why, "it holds %zu bytes of data where its shape needs %zu", got, want);
  else
    tileStrBufPrintf(why, "it holds more data than its shape needs (%zu bytes)",
                     want);
  tileBufferDestroy(b);
  return NULL;
}

TileBuffer *npyRead(const char *path, TileElementType type, TileStrBuf *error) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    tileStrBufPrintf(error, "cannot read '%s': %s", path, strerror(errno));
    return NULL;
  }
  TileStrBuf why = TILE_STRBUF_INIT;
  size_t size = 0, offset = 0;
  char *bytes = readHeaderBytes(f, &size, &why);
  Header h;
  TileBuffer *b = NULL;
  if (bytes && readHeader(bytes, size, &h, &offset, &why) &&
      checkData(&h, type, &why))
    b = readData(f, &h, type, &why);
  if (!b)
    tileStrBufPrintf(error, "cannot read '%s': %s", path, tileStrBufGet(&why));
  tileStrBufFree(&why);
  free(bytes);
  fclose(f);
  return b;
}

/* The header dictionary as NumPy writes it, padded so that the data starts
 * at a multiple of 64 bytes. */
static void formatHeader(const TileBuffer *b, TileStrBuf *dict, size_t prefix) {
  tileStrBufPrintf(dict, "{'descr': '%s', 'fortran_order': False, 'shape': (",
                   npyDescr(tileBufferGetElementType(b)));
  int rank = tileBufferGetRank(b);
  for (int d = 0; d < rank; ++d)
    tileStrBufPrintf(dict, "%s%lld", d ? ", " : "",
                     (long long)tileBufferGetSizes(b)[d]);
  tileStrBufPrintf(dict, "%s), }", rank == 1 ? "," : "");
  while ((prefix + dict->size + 1) % 64)
    tileStrBufAppendStr(dict, " ");
  tileStrBufAppendStr(dict, "\n");
}

bool npyWrite(const char *path, const TileBuffer *b, TileStrBuf *error) {
  TileStrBuf dict = TILE_STRBUF_INIT;
  formatHeader(b, &dict, 10);
  bool v2 = dict.size > 65535;
  if (v2) {
    tileStrBufClear(&dict);
    formatHeader(b, &dict, 12);
  }
  unsigned char prefix[12];
  memcpy(prefix, magic, sizeof(magic));
  prefix[6] = v2 ? 2 : 1;
  prefix[7] = 0;
  for (int i = 0; i < (v2 ? 4 : 2); ++i)
    prefix[8 + i] = (unsigned char)(dict.size >> (8 * i));
  TileOutputFile *out = tileOutputFileOpen(path, error);
  FILE *f = out ? tileOutputFileStream(out) : NULL;
  bool ok = f && fwrite(prefix, 1, v2 ? 12 : 10, f) == (v2 ? 12u : 10u) &&
            fwrite(dict.data, 1, dict.size, f) == dict.size &&
            fwrite(tileBufferGetConstData(b), 1, tileBufferGetByteSize(b), f) ==
                tileBufferGetByteSize(b);
  if (out && !ok) {
    tileStrBufPrintf(error, "cannot write '%s': %s", path, strerror(errno));
    tileOutputFileDiscard(out);
  } else if (out) {
    ok = tileOutputFileCommit(out, error);
  }
  tileStrBufFree(&dict);
  return ok;
}
