/// A bitmap of 8-bit sRGB red, green, blue and straight (not premultiplied) alpha, rows top to bottom.
///
/// ```swift
/// let image = CardArtRenderer.image(for: .back, scale: 1)!
/// image.pixel(x: 0, y: 0)       // RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0): transparent corner
/// ```
public struct RGBAImage: Hashable, Sendable {
    /// One pixel's channels.
    public struct Pixel: Hashable, Sendable {
        /// Red, 0…255.
        public var red: UInt8
        /// Green, 0…255.
        public var green: UInt8
        /// Blue, 0…255.
        public var blue: UInt8
        /// Opacity, 0 (transparent) … 255 (opaque).
        public var alpha: UInt8

        /// Creates a pixel from its channels.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A for each pixel, row by row from the top.
    public internal(set) var bytes: [UInt8]

    /// Creates a fully transparent image.
    ///
    /// - Parameters:
    ///   - width: the width in pixels; negative values count as 0.
    ///   - height: the height in pixels; negative values count as 0.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        bytes = [UInt8](repeating: 0, count: self.width * self.height * 4)
    }

    /// The pixel at column `x` and row `y`, or `nil` outside the image.
    public func pixel(x: Int, y: Int) -> Pixel? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let offset = (y * width + x) * 4
        return Pixel(red: bytes[offset], green: bytes[offset + 1], blue: bytes[offset + 2], alpha: bytes[offset + 3])
    }
}
