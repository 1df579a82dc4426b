/* Checks of MLIR bytecode, before MLIR 22's reader sees it, for input that
 * would crash the reader instead of getting an error, and the alignment
 * the reader needs of the buffer it reads.
 *
 * The format (mlir/docs/BytecodeFormat.md): the magic "ML\xEFR", the
 * version, the producer as a NUL-terminated string, then sections, each an
 * id byte (the high bit: an alignment follows), a length, the alignment and
 * 0xCB padding up to it, and the section's bytes. Counts and lengths are
 * prefix varints: the first byte's trailing zeros say how many bytes follow
 * (none set: eight), and the value is the rest of the bits.
 *
 * MLIR 22's reader sizes vectors by the counts at the start of the string,
 * dialect, attribute/type offset and properties sections before it reads
 * the entries (a count of 2^40 ends the process: "SmallVector unable to
 * grow"; 2^31, out of memory), and writes attribute/type offset entries
 * group by group without checking that a group stays within the count it
 * declared (the heap past the vector is overwritten: "double free or
 * corruption"). Every entry takes at least one byte of its section, and the
 * groups must add up to the count, so a large count beyond those bounds,
 * and any group beyond its count, is refused here with an error at the
 * file. So is a top-level block with arguments, which the writer never
 * makes: the reader defines them before it has a scope for values (it
 * takes the last of an empty list of scopes). Anything else that does not
 * read as bytecode is left to MLIR's reader, which reports it. */
#include "ir/ir.h"

#include "support/diagnostics.h"

#include <stdint.h>
#include <string.h>

/* Entries the reader may reserve for a count that turns out to be false
 * (tens of MiB at most). */
#define TILE_BYTECODE_HARMLESS_COUNT ((uint64_t)1 << 20)

enum {
  SectionString = 0,
  SectionDialect = 1,
  SectionAttrTypeOffset = 3,
  SectionIR = 4,
  SectionProperties = 8,
  NumSections = 9,
  AlignmentByte = 0xCB,
};

typedef struct {
  const uint8_t *start, *p, *end;
} Reader;

static bool readByte(Reader *r, uint8_t *byte) {
  if (r->p >= r->end)
    return false;
  *byte = *r->p++;
  return true;
}

static bool readVarInt(Reader *r, uint64_t *value) {
  uint8_t first;
  if (!readByte(r, &first))
    return false;
  if (first & 1) {
    *value = first >> 1;
    return true;
  }
  /* No bit set: the value is the eight bytes that follow. */
  unsigned following = first ? (unsigned)__builtin_ctz(first) : 8;
  if ((size_t)(r->end - r->p) < following)
    return false;
  uint64_t bits = 0;
  for (unsigned i = following; i > 0; --i)
    bits = bits << 8 | r->p[i - 1];
  r->p += following;
  *value =
      first ? (bits << (7 - following)) | (first >> (following + 1)) : bits;
  return true;
}

static uint64_t remaining(const Reader *r) { return (uint64_t)(r->end - r->p); }

bool tileIsBytecode(MlirStringRef source) {
  return source.length >= 4 && memcmp(source.data, "ML\xEFR", 4) == 0;
}

typedef struct {
  Reader sections[NumSections]; /* start == NULL: absent */
  uint64_t alignment;           /* the largest a section asks for */
} Layout;

/* The sections of `source`, with padding measured from its first byte (the
 * writer aligns as if the file started at an address of the largest
 * alignment). False when the structure does not read. */
static bool readLayout(MlirStringRef source, Layout *layout) {
  memset(layout, 0, sizeof(*layout));
  layout->alignment = 1;
  const uint8_t *data = (const uint8_t *)source.data;
  Reader r = {data, data + 4, data + source.length};
  uint64_t version;
  if (!readVarInt(&r, &version))
    return false;
  const uint8_t *nul = memchr(r.p, 0, remaining(&r));
  if (!nul)
    return false;
  r.p = nul + 1;
  while (r.p < r.end) {
    uint8_t idAndAlignment;
    uint64_t length, alignment = 1;
    if (!readByte(&r, &idAndAlignment) || !readVarInt(&r, &length))
      return false;
    unsigned id = idAndAlignment & 0x7F;
    if (idAndAlignment & 0x80) {
      if (!readVarInt(&r, &alignment) || alignment == 0 ||
          (alignment & (alignment - 1)) != 0)
        return false;
      while ((uint64_t)(r.p - r.start) % alignment) {
        uint8_t padding;
        if (!readByte(&r, &padding) || padding != AlignmentByte)
          return false;
      }
    }
    if (id >= NumSections || length > remaining(&r))
      return false;
    if (alignment > layout->alignment)
      layout->alignment = alignment;
    if (!layout->sections[id].start)
      layout->sections[id] = (Reader){r.p, r.p, r.p + length};
    r.p += length;
  }
  return true;
}

size_t tileBytecodeAlignment(MlirStringRef source) {
  Layout layout;
  if (!tileIsBytecode(source) || !readLayout(source, &layout))
    return 1;
  return (size_t)layout.alignment;
}

static const char *const sectionNames[NumSections] = {
    [SectionString] = "string",
    [SectionDialect] = "dialect",
    [SectionAttrTypeOffset] = "attribute/type offset",
    [SectionProperties] = "properties",
};

/* A count at the start of a section whose entries take a byte each at
 * least (0 where the section ends before it): false (after an error) when
 * the section cannot hold that many and the count is large enough to hurt.
 * A smaller one is left to the reader, which runs out of entries and says
 * so in its own words. */
static bool checkCount(MlirLocation loc, Reader *r, unsigned section,
                       const char *entries, uint64_t *count) {
  *count = 0;
  if (!readVarInt(r, count))
    return true;
  if (*count <= remaining(r) || *count <= TILE_BYTECODE_HARMLESS_COUNT)
    return true;
  tileEmitErrorAt(loc,
                  "malformed bytecode: the %s section declares %llu %s but "
                  "holds %llu more bytes",
                  sectionNames[section], (unsigned long long)*count, entries,
                  (unsigned long long)remaining(r));
  return false;
}

/* The dialect groups of attribute (or type) entries: a dialect, a number of
 * entries, and each entry's size. */
static bool checkGroups(MlirLocation loc, Reader *r, uint64_t declared) {
  for (uint64_t seen = 0; seen < declared;) {
    uint64_t dialect, count, size;
    if (!readVarInt(r, &dialect) || !readVarInt(r, &count))
      return true;
    if (count > declared - seen) {
      /* In the words of newer MLIR, which checks this itself. */
      tileEmitErrorAt(loc,
                      "malformed bytecode: Attribute or Type dialect group "
                      "entries exceed the declared number of entries (%llu)",
                      (unsigned long long)declared);
      return false;
    }
    for (uint64_t i = 0; i < count; ++i)
      if (!readVarInt(r, &size))
        return true;
    seen += count;
  }
  return true;
}

bool tileCheckBytecode(MlirContext ctx, MlirStringRef source,
                       MlirStringRef sourceName) {
  Layout layout;
  if (!tileIsBytecode(source) || !readLayout(source, &layout))
    return true;
  MlirLocation loc = mlirLocationFileLineColGet(ctx, sourceName, 0, 0);
  uint64_t count, types;
  Reader *strings = &layout.sections[SectionString];
  if (strings->start &&
      !checkCount(loc, strings, SectionString, "strings", &count))
    return false;
  Reader *dialects = &layout.sections[SectionDialect];
  if (dialects->start &&
      !checkCount(loc, dialects, SectionDialect, "dialects", &count))
    return false;
  Reader *properties = &layout.sections[SectionProperties];
  if (properties->start && !checkCount(loc, properties, SectionProperties,
                                       "property entries", &count))
    return false;
  /* The top-level block's header: its operation count, shifted left by one
   * over whether it has arguments. */
  Reader ir = layout.sections[SectionIR];
  uint64_t header;
  if (ir.start && readVarInt(&ir, &header) && (header & 1)) {
    tileEmitErrorAt(loc, "malformed bytecode: the top-level block of the IR "
                         "section has arguments");
    return false;
  }
  Reader *offsets = &layout.sections[SectionAttrTypeOffset];
  if (!offsets->start)
    return true;
  if (!checkCount(loc, offsets, SectionAttrTypeOffset, "attributes", &count) ||
      !checkCount(loc, offsets, SectionAttrTypeOffset, "types", &types))
    return false;
  if (count + types > remaining(offsets) &&
      count + types > TILE_BYTECODE_HARMLESS_COUNT) {
    tileEmitErrorAt(loc,
                    "malformed bytecode: the attribute/type offset section "
                    "declares %llu entries but holds %llu more bytes",
                    (unsigned long long)(count + types),
                    (unsigned long long)remaining(offsets));
    return false;
  }
  return checkGroups(loc, offsets, count) && checkGroups(loc, offsets, types);
}
