extension Path {
    /// The cubic Bézier handle length that best approximates a quarter circle of radius 1.
    private static let kappa = 0.552_284_749_8

    /// A closed polygon through `points`, clockwise when the points are listed clockwise.
    static func polygon(_ points: [Point]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for point in points.dropFirst() { path.line(to: point) }
        path.close()
        return path
    }

    /// An open polyline through `points`, for strokes.
    static func polyline(_ points: [Point]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for point in points.dropFirst() { path.line(to: point) }
        return path
    }

    /// A rectangle, wound clockwise on screen.
    static func rect(_ rect: Rect) -> Path {
        polygon([
            Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.maxX, rect.maxY),
            Point(rect.minX, rect.maxY),
        ])
    }

    /// A rectangle with quarter-circle corners, wound clockwise on screen.
    static func roundedRect(_ rect: Rect, radius: Double) -> Path {
        let radius = min(radius, rect.width / 2, rect.height / 2)
        let handle = radius * (1 - kappa)
        var path = Path()
        path.move(to: Point(rect.minX + radius, rect.minY))
        path.line(to: Point(rect.maxX - radius, rect.minY))
        path.cubic(
            to: Point(rect.maxX, rect.minY + radius), control1: Point(rect.maxX - handle, rect.minY),
            control2: Point(rect.maxX, rect.minY + handle))
        path.line(to: Point(rect.maxX, rect.maxY - radius))
        path.cubic(
            to: Point(rect.maxX - radius, rect.maxY), control1: Point(rect.maxX, rect.maxY - handle),
            control2: Point(rect.maxX - handle, rect.maxY))
        path.line(to: Point(rect.minX + radius, rect.maxY))
        path.cubic(
            to: Point(rect.minX, rect.maxY - radius), control1: Point(rect.minX + handle, rect.maxY),
            control2: Point(rect.minX, rect.maxY - handle))
        path.line(to: Point(rect.minX, rect.minY + radius))
        path.cubic(
            to: Point(rect.minX + radius, rect.minY), control1: Point(rect.minX, rect.minY + handle),
            control2: Point(rect.minX + handle, rect.minY))
        path.close()
        return path
    }

    /// An axis-aligned ellipse, wound clockwise on screen.
    static func ellipse(center: Point, radiusX: Double, radiusY: Double) -> Path {
        let handleX = radiusX * kappa
        let handleY = radiusY * kappa
        let (x, y) = (center.x, center.y)
        var path = Path()
        path.move(to: Point(x + radiusX, y))
        path.cubic(
            to: Point(x, y + radiusY), control1: Point(x + radiusX, y + handleY),
            control2: Point(x + handleX, y + radiusY))
        path.cubic(
            to: Point(x - radiusX, y), control1: Point(x - handleX, y + radiusY),
            control2: Point(x - radiusX, y + handleY))
        path.cubic(
            to: Point(x, y - radiusY), control1: Point(x - radiusX, y - handleY),
            control2: Point(x - handleX, y - radiusY))
        path.cubic(
            to: Point(x + radiusX, y), control1: Point(x + handleX, y - radiusY),
            control2: Point(x + radiusX, y - handleY))
        path.close()
        return path
    }

    /// A circle, wound clockwise on screen.
    static func circle(center: Point, radius: Double) -> Path {
        ellipse(center: center, radiusX: radius, radiusY: radius)
    }

    /// A regular star with `points` tips, the first pointing up.
    static func star(center: Point, outerRadius: Double, innerRadius: Double, points: Int = 5) -> Path {
        var corners: [Point] = []
        for index in 0..<(points * 2) {
            let angle = Double(index) * Double.pi / Double(points) - Double.pi / 2
            let radius = index.isMultiple(of: 2) ? outerRadius : innerRadius
            corners.append(Point(center.x + radius * cosine(angle), center.y + radius * sine(angle)))
        }
        return polygon(corners)
    }

    /// The area between two closed outlines: `outer` minus `inner`, for frames and rings.
    static func ring(outer: Path, inner: Path) -> Path {
        var path = outer.windingClockwise()
        path.append(inner.windingClockwise().reversed())
        return path
    }
}
