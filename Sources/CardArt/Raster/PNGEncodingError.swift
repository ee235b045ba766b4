/// Why ``PNGEncoder`` could not encode an image: zlib refused to compress its data.
///
/// zlib fails only when it runs out of memory or is given a compression level outside 0…9; a
/// server answers such a failure as an error for that one image instead of stopping.
public struct PNGEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Equatable {
        case compressionFailed
    }

    private let code: Code
    /// The status zlib returned (`Z_MEM_ERROR`, `Z_STREAM_ERROR`, …).
    public let zlibStatus: Int32

    /// zlib's `compress2` returned `status` instead of `Z_OK`.
    ///
    /// - Parameter status: zlib's status code.
    /// - Returns: the error.
    public static func compressionFailed(status: Int32) -> PNGEncodingError {
        PNGEncodingError(code: .compressionFailed, zlibStatus: status)
    }

    /// What went wrong, for logs.
    public var description: String {
        switch code {
        case .compressionFailed: "zlib could not compress the image data (status \(zlibStatus))"
        }
    }
}
