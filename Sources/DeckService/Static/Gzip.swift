import CZlib

/// gzip (RFC 1952) compression through the system zlib, for serving static files compressed.
enum Gzip {
    /// The gzip stream of `bytes` at the highest compression level, or `nil` if zlib fails.
    ///
    /// - Parameter bytes: what to compress.
    /// - Returns: a complete gzip member (header, deflate data, CRC-32 and length), or `nil`.
    /// - Complexity: O(*n*) in the length of `bytes`.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16 asks deflate for a gzip wrapper instead of a zlib one.
        let initialised = deflateInit2_(
            &stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        guard initialised == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count))) + 32
        var output = [UInt8](repeating: 0, count: bound)
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}
