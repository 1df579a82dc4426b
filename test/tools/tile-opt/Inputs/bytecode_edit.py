"""Rewrites one number of an MLIR bytecode file, re-encoding the sections
around it, to make the malformed files of malformed-bytecode.test.

  bytecode_edit.py IN OUT count SECTION VALUE   the count that starts SECTION
  bytecode_edit.py IN OUT group VALUE           the entries of the first
                                                attribute group
  bytecode_edit.py IN OUT ops VALUE [args]      the operations of the IR
                                                section's top-level block,
                                                and whether it has arguments
  bytecode_edit.py IN OUT byte SECTION OFFSET VALUE
                                                one byte of SECTION
  bytecode_edit.py IN OUT empty SECTION         SECTION with no bytes

Sections are numbered as in mlir/include/mlir/Bytecode/Encoding.h (0
strings, 1 dialects, 3 attribute/type offsets, 4 IR, 8 properties).
"""
import sys

MAGIC = b"ML\xefR"


class Reader:
    def __init__(self, data, pos=0):
        self.data, self.pos = data, pos

    def byte(self):
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self):
        first = self.byte()
        if first & 1:
            return first >> 1
        following = 8 if first == 0 else (first & -first).bit_length() - 1
        value = first
        for i in range(following):
            value |= self.byte() << (8 * (i + 1))
        return value >> 8 if first == 0 else value >> (following + 1)


def varint(value):
    for n in range(1, 9):
        if value < 1 << (7 * n):
            return ((((value << 1) | 1) << (n - 1))).to_bytes(n, "little")
    return b"\0" + value.to_bytes(8, "little")


def read_sections(data):
    r = Reader(data, len(MAGIC))
    r.varint()
    r.pos = data.index(b"\0", r.pos) + 1
    header, sections = data[:r.pos], []
    while r.pos < len(data):
        tag, length = r.byte(), r.varint()
        alignment = r.varint() if tag & 0x80 else None
        while alignment and r.pos % alignment:
            r.byte()
        sections.append([tag & 0x7F, alignment, data[r.pos:r.pos + length]])
        r.pos += length
    return header, sections


def write_sections(header, sections):
    out = bytearray(header)
    for section, alignment, body in sections:
        out.append(section | (0x80 if alignment else 0))
        out += varint(len(body))
        if alignment:
            out += varint(alignment)
            while len(out) % alignment:
                out.append(0xCB)
        out += body
    return bytes(out)


def replace_varint(body, index, value):
    """`body` with its index-th leading varint replaced by `value`."""
    r = Reader(body)
    for _ in range(index):
        r.varint()
    start = r.pos
    r.varint()
    return body[:start] + varint(value) + body[r.pos:]


def main():
    src, dst, what = sys.argv[1:4]
    data = open(src, "rb").read()
    assert data.startswith(MAGIC), "not bytecode"
    header, sections = read_sections(data)
    assert write_sections(header, sections) == data, "sections do not re-encode"
    by_id = {s[0]: s for s in sections}
    if what == "count":
        section = by_id[int(sys.argv[4])]
        section[2] = replace_varint(section[2], 0, int(sys.argv[5]))
    elif what == "group":
        # numAttributes, numTypes, then the first group's dialect and count.
        section = by_id[3]
        section[2] = replace_varint(section[2], 3, int(sys.argv[4]))
    elif what == "ops":
        # The top-level block's header: its operation count, shifted left
        # by one, with the low bit saying whether it has arguments.
        section = by_id[4]
        has_args = sys.argv[5:] == ["args"]
        section[2] = replace_varint(section[2], 0, int(sys.argv[4]) << 1 | has_args)
    elif what == "byte":
        section = by_id[int(sys.argv[4])]
        body = bytearray(section[2])
        body[int(sys.argv[5])] = int(sys.argv[6], 0)
        section[2] = bytes(body)
    elif what == "empty":
        by_id[int(sys.argv[4])][2] = b""
    else:
        sys.exit("unknown edit " + what)
    open(dst, "wb").write(write_sections(header, sections))


if __name__ == "__main__":
    main()
