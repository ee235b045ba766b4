/// A picture as an ordered list of painted paths, in a coordinate space of `width` × `height` units.
///
/// It is the one vector description that both the SVG writer and the rasterizer read, so the two
/// outputs always agree. Later elements paint over earlier ones.
struct Drawing: Sendable {
    /// How a path is painted.
    enum Paint: Hashable, Sendable {
        /// Fills the inside of the path by the non-zero winding rule.
        case fill(Color)
        /// Strokes the path's centre line with round caps and joins.
        case stroke(Color, width: Double)
    }

    /// One painted path.
    struct Element: Sendable {
        var path: Path
        var paint: Paint
    }

    /// The width of the coordinate space (and of the image at scale 1).
    var width: Double
    /// The height of the coordinate space.
    var height: Double
    /// The painted paths, back to front.
    private(set) var elements: [Element] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Paints the inside of `path`.
    mutating func fill(_ path: Path, _ color: Color) {
        guard !path.isEmpty else { return }
        elements.append(Element(path: path, paint: .fill(color)))
    }

    /// Strokes `path` with a round pen of diameter `width`.
    mutating func stroke(_ path: Path, _ color: Color, width: Double) {
        guard !path.isEmpty, width > 0 else { return }
        elements.append(Element(path: path, paint: .stroke(color, width: width)))
    }

    /// Adds the elements of `other`, mapped by `transform`.
    mutating func append(_ other: Drawing, transform: AffineTransform = .identity) {
        let scale = transform.lengthScale
        for element in other.elements {
            let path = element.path.applying(transform)
            switch element.paint {
            case .fill(let color): fill(path, color)
            case .stroke(let color, let width): stroke(path, color, width: width * scale)
            }
        }
    }
}
