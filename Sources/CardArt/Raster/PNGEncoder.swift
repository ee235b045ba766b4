import CZlib

/// Encodes an ``RGBAImage`` as a PNG file: 8-bit RGBA, non-interlaced.
///
/// The chunk layout (signature, `IHDR`, one `IDAT`, `IEND`, each with its CRC-32) and the per-row
/// filter choice are written here; the `IDAT` stream is deflated by the system zlib.
///
/// ```swift
/// let png = try PNGEncoder.encode(CardArtRenderer.image(for: .back, scale: 1)!)
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
    /// - Parameters:
    ///   - image: the pixels to encode.
    ///   - compressionLevel: zlib's level, 0 (none, fastest) to 9 (smallest); 6 by default.
    /// - Returns: the complete file.
    /// - Throws: ``PNGEncodingError`` when zlib fails (out of memory, or a level outside 0…9).
    /// - Complexity: O(width × height).
    public static func encode(_ image: RGBAImage, compressionLevel: Int32 = 6) throws(PNGEncodingError) -> [UInt8] {
        var file = signature
        var header: [UInt8] = []
        appendBigEndian(UInt32(image.width), to: &header)
        appendBigEndian(UInt32(image.height), to: &header)
        header += [8, 6, 0, 0, 0]  // bit depth 8, colour type RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", try deflate(filteredRows(of: image), level: compressionLevel), to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// The image data as PNG expects it before compression: per row, a filter byte then the filtered bytes.
    static func filteredRows(of image: RGBAImage) -> [UInt8] {
        let rowLength = image.width * 4
        let outputRowLength = rowLength + 1
        var output = [UInt8](repeating: 0, count: image.height * outputRowLength)
        guard rowLength > 0 else { return output }
        // Five candidate rows, one per filter type, reused for every row.
        var candidates = [UInt8](repeating: 0, count: 5 * rowLength)
        let zeroRow = [UInt8](repeating: 0, count: rowLength)
        image.bytes.withUnsafeBufferPointer { pixels in
            zeroRow.withUnsafeBufferPointer { zeroRow in
                candidates.withUnsafeMutableBufferPointer { candidates in
                    output.withUnsafeMutableBufferPointer { output in
                        for row in 0..<image.height {
                            let current = UnsafeBufferPointer(
                                rebasing: pixels[(row * rowLength)..<((row + 1) * rowLength)])
                            let previous =
                                row > 0
                                ? UnsafeBufferPointer(rebasing: pixels[((row - 1) * rowLength)..<(row * rowLength)])
                                : zeroRow
                            let filter = chooseFilter(current: current, previous: previous, candidates: candidates)
                            let start = row * outputRowLength
                            output[start] = filter
                            let chosen = Int(filter) * rowLength
                            for index in 0..<rowLength { output[start + 1 + index] = candidates[chosen + index] }
                        }
                    }
                }
            }
        }
        return output
    }

    /// Fills `candidates` with the row filtered by None, Sub, Up, Average and Paeth, and returns the
    /// filter whose bytes, read as signed, have the smallest sum of magnitudes.
    @inline(__always)
    private static func chooseFilter(
        current: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>,
        candidates: UnsafeMutableBufferPointer<UInt8>
    ) -> UInt8 {
        let rowLength = current.count
        var costs = (0, 0, 0, 0, 0)
        @inline(__always) func magnitude(_ value: UInt8) -> Int { value < 128 ? Int(value) : 256 - Int(value) }
        for index in 0..<rowLength {
            let value = current[index]
            let left = index >= 4 ? current[index - 4] : 0
            let up = previous[index]
            let upLeft = index >= 4 ? previous[index - 4] : 0
            let none = value
            let sub = value &- left
            let upFiltered = value &- up
            let average = value &- UInt8((Int(left) + Int(up)) / 2)
            let paethFiltered = value &- paeth(left, up, upLeft)
            candidates[index] = none
            candidates[rowLength + index] = sub
            candidates[2 * rowLength + index] = upFiltered
            candidates[3 * rowLength + index] = average
            candidates[4 * rowLength + index] = paethFiltered
            costs.0 += magnitude(none)
            costs.1 += magnitude(sub)
            costs.2 += magnitude(upFiltered)
            costs.3 += magnitude(average)
            costs.4 += magnitude(paethFiltered)
        }
        var best: UInt8 = 0
        var bestCost = costs.0
        for (filter, cost) in [(UInt8(1), costs.1), (2, costs.2), (3, costs.3), (4, costs.4)] where cost < bestCost {
            best = filter
            bestCost = cost
        }
        return best
    }

    @inline(__always)
    private static func paeth(_ leftByte: UInt8, _ upByte: UInt8, _ upLeftByte: UInt8) -> UInt8 {
        let (left, up, upLeft) = (Int(leftByte), Int(upByte), Int(upLeftByte))
        let estimate = left + up - upLeft
        let distanceLeft = abs(estimate - left)
        let distanceUp = abs(estimate - up)
        let distanceUpLeft = abs(estimate - upLeft)
        if distanceLeft <= distanceUp && distanceLeft <= distanceUpLeft { return leftByte }
        return distanceUp <= distanceUpLeft ? upByte : upLeftByte
    }

    /// A zlib stream (deflate with header and Adler-32) of `bytes`.
    static func deflate(_ bytes: [UInt8], level: Int32) throws(PNGEncodingError) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                compress2(output.baseAddress, &capacity, input.baseAddress, uLong(input.count), level)
            }
        }
        // compressBound guarantees room; zlib still fails when memory runs out or the level is invalid.
        guard status == Z_OK else { throw .compressionFailed(status: status) }
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
