/// Renders Riffle's card art: the project's own faces, jokers and back, as SVG text or PNG bytes.
///
/// Both outputs come from the same vector drawing, so they match. Every call computes its result
/// from scratch and shares no mutable state, so the renderer is safe to call from many threads at
/// once; a server that serves the same image often should cache the bytes (rendering is cheap but
/// not free, see the `cardart-benchmark` numbers).
///
/// ```swift
/// let svg = CardArtRenderer.svg(for: .card(.standard(.king, .hearts)))   // "<svg …"
/// let png = try CardArtRenderer.png(for: .back, scale: 2)                 // 452 × 628 pixels
/// let none = try CardArtRenderer.png(for: .back, scale: 4)                // nil: only 1×, 2× and 3×
/// ```
public enum CardArtRenderer {
    /// The scales images come in: 1× (226 × 314 pixels), 2× and 3×.
    public static let supportedScales: ClosedRange<Int> = 1...3

    /// The size of a card image at 1×, in pixels (and the SVG `viewBox` size).
    public static let baseSize = (width: 226, height: 314)

    /// The pixel size of an image at `scale`.
    ///
    /// - Parameter scale: a scale factor; values outside ``supportedScales`` give `nil`.
    /// - Returns: the width and height in pixels.
    public static func pixelSize(scale: Int) -> (width: Int, height: Int)? {
        guard supportedScales.contains(scale) else { return nil }
        return (baseSize.width * scale, baseSize.height * scale)
    }

    /// The SVG document of `image`: a `viewBox` of 226 × 314, no fonts and no external references.
    ///
    /// - Parameter image: the card face or back.
    /// - Returns: the complete document, UTF-8 text ending in a newline.
    public static func svg(for image: CardImage) -> String {
        SVGWriter.document(for: CardArtwork.drawing(for: image))
    }

    /// The pixels of `image` at `scale`, anti-aliased, with transparent corners outside the rounded card.
    ///
    /// - Parameters:
    ///   - image: the card face or back.
    ///   - scale: 1, 2 or 3.
    /// - Returns: the bitmap, or `nil` when `scale` is not in ``supportedScales``.
    public static func image(for image: CardImage, scale: Int = 1) -> RGBAImage? {
        guard let size = pixelSize(scale: scale) else { return nil }
        var canvas = Canvas(width: size.width, height: size.height)
        canvas.draw(CardArtwork.drawing(for: image), transform: .scale(Double(scale)))
        return canvas.makeImage()
    }

    /// The PNG file of `image` at `scale`.
    ///
    /// - Parameters:
    ///   - image: the card face or back.
    ///   - scale: 1, 2 or 3.
    /// - Returns: the file's bytes, or `nil` when `scale` is not in ``supportedScales``.
    /// - Throws: ``PNGEncodingError`` when zlib fails to compress the pixels.
    public static func png(for image: CardImage, scale: Int = 1) throws(PNGEncodingError) -> [UInt8]? {
        guard let pixels = self.image(for: image, scale: scale) else { return nil }
        return try PNGEncoder.encode(pixels)
    }
}
