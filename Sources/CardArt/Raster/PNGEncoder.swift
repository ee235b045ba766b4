import CZlib

/// Encodes an ``RGBAImage`` as a PNG file: 8-bit RGBA, non-interlaced.
///
/// The chunk layout (signature, `IHDR`, one `IDAT`, `IEND`, each with its CRC-32) and the per-row
/// filter choice are written here; the `IDAT` stream is deflated by the system zlib.
///
/// ```swift
/// let png = PNGEncoder.encode(CardArtRenderer.image(for: .back, scale: 1)!)
/// Array(png.prefix(8))   // [137, 80, 78, 71, 13, 10, 26, 10]
/// ```
public enum PNGEncoder {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The PNG file for `image`.
    ///
    /// Each row gets the filter (None, Sub, Up, Average or Paeth) whose output has the smallest sum of
    /// absolute values, the usual heuristic for good compression.
    ///
    /// - Parameter image: the pixels to encode.
    /// - Returns: the complete file.
    /// - Complexity: O(width × height).
    public static func encode(_ image: RGBAImage) -> [UInt8] {
        var file = signature
        var header: [UInt8] = []
        appendBigEndian(UInt32(image.width), to: &header)
        appendBigEndian(UInt32(image.height), to: &header)
        header += [8, 6, 0, 0, 0]  // bit depth 8, colour type RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", deflate(filteredRows(of: image)), to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// The image data as PNG expects it before compression: per row, a filter byte then the filtered bytes.
    static func filteredRows(of image: RGBAImage) -> [UInt8] {
        let rowLength = image.width * 4
        var output = [UInt8](repeating: 0, count: image.height * (rowLength + 1))
        guard rowLength > 0 else { return output }
        var candidate = [UInt8](repeating: 0, count: rowLength)
        var best = [UInt8](repeating: 0, count: rowLength)
        image.bytes.withUnsafeBufferPointer { pixels in
            for row in 0..<image.height {
                let current = row * rowLength
                let previous = row > 0 ? (row - 1) * rowLength : -1
                var bestFilter: UInt8 = 0
                var bestCost = Int.max
                for filter: UInt8 in 0...4 {
                    var cost = 0
                    for index in 0..<rowLength {
                        let left = index >= 4 ? Int(pixels[current + index - 4]) : 0
                        let up = previous >= 0 ? Int(pixels[previous + index]) : 0
                        let upLeft = previous >= 0 && index >= 4 ? Int(pixels[previous + index - 4]) : 0
                        let predictor: Int =
                            switch filter {
                            case 0: 0
                            case 1: left
                            case 2: up
                            case 3: (left + up) / 2
                            default: paeth(left, up, upLeft)
                            }
                        let value = UInt8(truncatingIfNeeded: Int(pixels[current + index]) - predictor)
                        candidate[index] = value
                        cost += value < 128 ? Int(value) : 256 - Int(value)
                    }
                    if cost < bestCost {
                        bestCost = cost
                        bestFilter = filter
                        swap(&best, &candidate)
                    }
                }
                let start = row * (rowLength + 1)
                output[start] = bestFilter
                output.replaceSubrange((start + 1)...(start + rowLength), with: best)
            }
        }
        return output
    }

    private static func paeth(_ left: Int, _ up: Int, _ upLeft: Int) -> Int {
        let estimate = left + up - upLeft
        let distanceLeft = abs(estimate - left)
        let distanceUp = abs(estimate - up)
        let distanceUpLeft = abs(estimate - upLeft)
        if distanceLeft <= distanceUp && distanceLeft <= distanceUpLeft { return left }
        return distanceUp <= distanceUpLeft ? up : upLeft
    }

    /// A zlib stream (deflate with header and Adler-32) of `bytes`.
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                compress2(output.baseAddress, &capacity, input.baseAddress, uLong(input.count), 6)
            }
        }
        // compressBound guarantees room, so only a broken zlib could fail here.
        precondition(status == Z_OK, "zlib compress2 failed with status \(status)")
        output.removeSubrange(Int(capacity)...)
        return output
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &file)
        let typeAndData = Array(type.utf8) + data
        file += typeAndData
        appendBigEndian(CRC32.checksum(typeAndData), to: &file)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
