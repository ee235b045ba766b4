import Foundation

#if canImport(UIKit)
    import UIKit
#endif

/// Makes the seed surface's image out of downloaded bytes, or says that none can be made.
///
/// With UIKit the image is a `UIImage`, made by `UIImage(data:)`. Without UIKit the image is its
/// bytes, accepted when they are a PNG, JPEG, GIF or WebP file or an SVG document, so that bytes
/// that are no image (an HTML error page served with status 200, say) fail the same way everywhere.
enum SeedImage {
    #if canImport(UIKit)
        /// The image, or `nil` when the bytes make none.
        static func make(from data: Data) -> UIImage? { UIImage(data: data) }
    #else
        /// The image (its bytes), or `nil` when the bytes are not an image file.
        static func make(from data: Data) -> Data? { isImageFile(data) ? data : nil }
    #endif

    /// Whether the bytes start as a PNG, JPEG, GIF or WebP file, or are an SVG document.
    ///
    /// - Complexity: O(1) for raster files; O(*n*) in the first KiB for SVG.
    static func isImageFile(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(1024))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return true }  // PNG
        if starts([0xFF, 0xD8, 0xFF]) { return true }  // JPEG
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return true }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return true }
        let text = String(decoding: bytes, as: UTF8.self)
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        return (start.hasPrefix("<svg") || start.hasPrefix("<?xml")) && text.contains("<svg")
    }
}
