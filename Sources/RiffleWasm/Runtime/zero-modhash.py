#!/usr/bin/env python3
"""Zeroes the `.swift_modhash` data segment of a linked wasm module, in place.

swiftc stores a hash of each module's LLVM IR in a `.swift_modhash` global for its incremental-compilation
bookkeeping; the hash differs from one compile to the next even for identical input, and nothing reads it at run
time. Zeroing it makes builds byte-for-byte reproducible. The segment's address comes from a symbolized link
(`llvm-objdump -t`), given as the second argument; the segment must start there and be a multiple of 16 bytes.
"""

import sys


def read_leb(data, pos):
    result = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, pos


def main():
    path, address = sys.argv[1], int(sys.argv[2], 16)
    data = bytearray(open(path, "rb").read())
    assert data[:4] == b"\0asm", "not a wasm module"
    pos = 8
    while pos < len(data):
        section_id = data[pos]
        size, body = read_leb(data, pos + 1)
        end = body + size
        if section_id == 11:  # data
            count, cursor = read_leb(data, body)
            for _ in range(count):
                flags, cursor = read_leb(data, cursor)
                if flags != 0:
                    sys.exit("zero-modhash: unexpected data segment flags %d" % flags)
                assert data[cursor] == 0x41, "expected i32.const"
                offset, cursor = read_leb(data, cursor + 1)  # small positive offsets: unsigned read suffices
                assert data[cursor] == 0x0B, "expected end"
                length, cursor = read_leb(data, cursor + 1)
                if offset == address:
                    if length % 16 != 0:
                        sys.exit("zero-modhash: segment at %#x is %d bytes, not module hashes" % (address, length))
                    data[cursor:cursor + length] = bytes(length)
                    open(path, "wb").write(data)
                    return
                cursor += length
        pos = end
    sys.exit("zero-modhash: no data segment starts at %#x" % address)


if __name__ == "__main__":
    main()
