import CZlib

/// A minimal PNG reader for tests: walks the chunks, checks their CRCs, and inflates `IDAT` through zlib.
struct PNGInspection {
    struct Chunk {
        var type: String
        var data: [UInt8]
        var crcIsValid: Bool
    }

    enum Failure: Error {
        case badSignature
        case truncated
        case inflateFailed(Int32)
    }

    let chunks: [Chunk]

    init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [137, 80, 78, 71, 13, 10, 26, 10]) else { throw Failure.badSignature }
        var chunks: [Chunk] = []
        var offset = 8
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Failure.truncated }
            let length = Int(Self.bigEndian(bytes, at: offset))
            guard offset + 12 + length <= bytes.count else { throw Failure.truncated }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let storedCRC = Self.bigEndian(bytes, at: offset + 8 + length)
            let computedCRC = typeAndData.withUnsafeBufferPointer { buffer in
                UInt32(crc32(0, buffer.baseAddress, uInt(buffer.count)))
            }
            chunks.append(
                Chunk(
                    type: String(decoding: typeAndData.prefix(4), as: UTF8.self), data: Array(typeAndData.dropFirst(4)),
                    crcIsValid: storedCRC == computedCRC))
            offset += 12 + length
        }
        self.chunks = chunks
    }

    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    var header: (width: Int, height: Int, bitDepth: UInt8, colorType: UInt8)? {
        guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else { return nil }
        return (
            Int(Self.bigEndian(ihdr.data, at: 0)), Int(Self.bigEndian(ihdr.data, at: 4)), ihdr.data[8], ihdr.data[9]
        )
    }

    /// The concatenated `IDAT` data inflated with zlib's `uncompress`, expecting `expectedCount` bytes.
    func inflatedImageData(expectedCount: Int) throws -> [UInt8] {
        let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        // One spare byte, so a stream longer than expected shows up as a wrong length instead of fitting.
        var output = [UInt8](repeating: 0, count: expectedCount + 1)
        var length = uLongf(output.count)
        let status = output.withUnsafeMutableBufferPointer { output in
            compressed.withUnsafeBufferPointer { input in
                uncompress(output.baseAddress, &length, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK else { throw Failure.inflateFailed(status) }
        return Array(output.prefix(Int(length)))
    }
}
