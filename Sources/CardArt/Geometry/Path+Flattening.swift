/// A chain of straight segments: a subpath with its curves replaced by short lines.
struct Polyline: Sendable {
    /// The vertices, without repeating the first one at the end of a closed polyline.
    var points: [Point]
    /// Whether the last vertex joins back to the first.
    var isClosed: Bool
}

extension Path {
    /// The path mapped by `transform` with every curve split into segments that stay within `tolerance`
    /// of it (in the transformed space).
    ///
    /// - Complexity: O(n + s) for n elements and s produced segments.
    func flattened(by transform: AffineTransform, tolerance: Double) -> [Polyline] {
        var result: [Polyline] = []
        var points: [Point] = []
        var isClosed = false
        var current = Point.zero

        func finish() {
            if points.count > 1 || (points.count == 1 && isClosed) {
                if isClosed, points.count > 1, points[0] == points[points.count - 1] { points.removeLast() }
                result.append(Polyline(points: points, isClosed: isClosed))
            }
            points = []
            isClosed = false
        }

        for element in elements {
            switch element {
            case .move(let point):
                finish()
                current = transform.apply(point)
                points = [current]
            case .line(let point):
                if points.isEmpty { points = [current] }
                current = transform.apply(point)
                points.append(current)
            case .quad(let control, let end):
                if points.isEmpty { points = [current] }
                let (p0, p1, p2) = (current, transform.apply(control), transform.apply(end))
                let deviation = (p0 - p1 * 2 + p2).length
                let count = max(1, Int((deviation / (4 * tolerance)).squareRoot().rounded(.up)))
                for step in 1...count {
                    let t = Double(step) / Double(count)
                    let u = 1 - t
                    points.append(p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t))
                }
                current = p2
            case .cubic(let control1, let control2, let end):
                if points.isEmpty { points = [current] }
                let p0 = current
                let (p1, p2, p3) = (transform.apply(control1), transform.apply(control2), transform.apply(end))
                let deviation = max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
                let count = max(1, Int((deviation * 0.75 / tolerance).squareRoot().rounded(.up)))
                for step in 1...count {
                    let t = Double(step) / Double(count)
                    let u = 1 - t
                    points.append(p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t))
                }
                current = p3
            case .close:
                isClosed = true
                let start = points.first ?? current
                finish()
                current = start
            }
        }
        finish()
        return result
    }
}
