/// Paints a ``Drawing`` into pixels: flattens curves, outlines strokes, fills each painted path with
/// anti-aliased non-zero coverage and composites it source-over.
///
/// Colour is kept premultiplied in floating point while painting, then rounded once into an
/// ``RGBAImage`` with straight alpha.
struct Canvas {
    /// The image width in pixels.
    let width: Int
    /// The image height in pixels.
    let height: Int
    /// Premultiplied red, green, blue, alpha in 0…1 for each pixel.
    private var premultiplied: [Float]

    /// The largest distance, in pixels, between a curve and the segments that replace it.
    static let flatteningTolerance = 0.15

    init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        premultiplied = [Float](repeating: 0, count: self.width * self.height * 4)
    }

    /// Paints every element of `drawing`, mapped by `transform` into pixel coordinates.
    mutating func draw(_ drawing: Drawing, transform: AffineTransform) {
        for element in drawing.elements {
            let polylines = element.path.flattened(by: transform, tolerance: Self.flatteningTolerance)
            switch element.paint {
            case .fill(let color):
                fill(polygons: polylines.map(\.points), color: color)
            case .stroke(let color, let strokeWidth):
                let polygons = Stroker.outline(
                    of: polylines, width: strokeWidth * transform.lengthScale, tolerance: Self.flatteningTolerance)
                fill(polygons: polygons, color: color)
            }
        }
    }

    /// Fills the union (non-zero) of closed polygons with `color`, anti-aliased.
    mutating func fill(polygons: [[Point]], color: Color) {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for polygon in polygons {
            for point in polygon {
                minX = min(minX, point.x)
                minY = min(minY, point.y)
                maxX = max(maxX, point.x)
                maxY = max(maxY, point.y)
            }
        }
        guard minX <= maxX else { return }
        let left = max(0, Int(minX.rounded(.down)))
        let top = max(0, Int(minY.rounded(.down)))
        let right = min(width, Int(maxX.rounded(.up)))
        let bottom = min(height, Int(maxY.rounded(.up)))
        guard left < right, top < bottom else { return }

        var accumulator = CoverageAccumulator(width: right - left, height: bottom - top)
        let origin = Point(Double(left), Double(top))
        for polygon in polygons where polygon.count > 2 {
            var previous = polygon[polygon.count - 1] - origin
            for point in polygon {
                let current = point - origin
                accumulator.addEdge(from: previous, to: current)
                previous = current
            }
        }

        let alpha = Float(color.alpha) / 255
        let red = Float(color.red) / 255 * alpha
        let green = Float(color.green) / 255 * alpha
        let blue = Float(color.blue) / 255 * alpha
        let imageWidth = width
        premultiplied.withUnsafeMutableBufferPointer { pixels in
            accumulator.forEachCoveredPixel { x, y, coverage in
                let offset = ((top + y) * imageWidth + left + x) * 4
                let remaining = 1 - alpha * coverage
                pixels[offset] = red * coverage + pixels[offset] * remaining
                pixels[offset + 1] = green * coverage + pixels[offset + 1] * remaining
                pixels[offset + 2] = blue * coverage + pixels[offset + 2] * remaining
                pixels[offset + 3] = alpha * coverage + pixels[offset + 3] * remaining
            }
        }
    }

    /// The painted pixels as 8-bit straight-alpha RGBA.
    func makeImage() -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        premultiplied.withUnsafeBufferPointer { pixels in
            image.bytes.withUnsafeMutableBufferPointer { bytes in
                for index in stride(from: 0, to: pixels.count, by: 4) {
                    let alpha = min(max(pixels[index + 3], 0), 1)
                    let alphaByte = UInt8((alpha * 255).rounded())
                    guard alphaByte > 0 else { continue }
                    for channel in 0..<3 {
                        let straight = min(max(pixels[index + channel] / alpha, 0), 1)
                        bytes[index + channel] = UInt8((straight * 255).rounded())
                    }
                    bytes[index + 3] = alphaByte
                }
            }
        }
        return image
    }
}
