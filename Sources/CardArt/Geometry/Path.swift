/// A vector outline: subpaths of lines and quadratic and cubic Bézier curves.
///
/// Paths are values built with ``move(to:)``, ``line(to:)``, ``quad(to:control:)``, ``cubic(to:control1:control2:)``
/// and ``close()``; its extension in `Path+Shapes.swift` adds rectangles, ellipses and polygons. Filled paths use the non-zero
/// winding rule, so a hole is a subpath wound the other way.
struct Path: Hashable, Sendable {
    /// One drawing command.
    enum Element: Hashable, Sendable {
        /// Starts a new subpath.
        case move(Point)
        /// A straight line to a point.
        case line(Point)
        /// A quadratic Bézier curve to `end`.
        case quad(control: Point, end: Point)
        /// A cubic Bézier curve to `end`.
        case cubic(control1: Point, control2: Point, end: Point)
        /// Closes the current subpath with a line to its start.
        case close
    }

    /// The commands, in order.
    private(set) var elements: [Element] = []

    init() {}

    init(elements: [Element]) {
        self.elements = elements
    }

    var isEmpty: Bool { elements.isEmpty }

    mutating func move(to point: Point) { elements.append(.move(point)) }
    mutating func line(to point: Point) { elements.append(.line(point)) }
    mutating func quad(to end: Point, control: Point) { elements.append(.quad(control: control, end: end)) }
    mutating func cubic(to end: Point, control1: Point, control2: Point) {
        elements.append(.cubic(control1: control1, control2: control2, end: end))
    }
    mutating func close() { elements.append(.close) }

    /// Adds every subpath of `other`.
    mutating func append(_ other: Path) { elements += other.elements }

    /// The path with every point mapped by `transform`.
    func applying(_ transform: AffineTransform) -> Path {
        Path(
            elements: elements.map { element in
                switch element {
                case .move(let point): .move(transform.apply(point))
                case .line(let point): .line(transform.apply(point))
                case .quad(let control, let end): .quad(control: transform.apply(control), end: transform.apply(end))
                case .cubic(let control1, let control2, let end):
                    .cubic(
                        control1: transform.apply(control1), control2: transform.apply(control2),
                        end: transform.apply(end))
                case .close: .close
                }
            })
    }

    /// The subpaths, each starting with a `.move`.
    var subpaths: [[Element]] {
        var result: [[Element]] = []
        for element in elements {
            if case .move = element {
                result.append([element])
            } else if result.isEmpty {
                result.append([.move(.zero), element])
            } else {
                result[result.count - 1].append(element)
            }
        }
        return result
    }

    /// The path with each subpath traced the other way round, which turns a shape into a hole.
    func reversed() -> Path {
        var result = Path()
        for subpath in subpaths {
            guard case .move(let start) = subpath[0] else { continue }
            var points = [start]
            var segments: [Element] = []
            var isClosed = false
            for element in subpath.dropFirst() {
                switch element {
                case .line(let end), .quad(_, let end), .cubic(_, _, let end):
                    segments.append(element)
                    points.append(end)
                case .close: isClosed = true
                case .move: break
                }
            }
            result.move(to: points[points.count - 1])
            for index in stride(from: segments.count - 1, through: 0, by: -1) {
                let target = points[index]
                switch segments[index] {
                case .line: result.line(to: target)
                case .quad(let control, _): result.quad(to: target, control: control)
                case .cubic(let control1, let control2, _):
                    result.cubic(to: target, control1: control2, control2: control1)
                default: break
                }
            }
            if isClosed { result.close() }
        }
        return result
    }

    /// Twice the signed area enclosed by the control polygon: positive for clockwise on screen.
    ///
    /// Good enough to tell a subpath's winding direction for the gentle curves used in card art.
    static func signedArea(of subpath: [Element]) -> Double {
        var points: [Point] = []
        for element in subpath {
            switch element {
            case .move(let point), .line(let point): points.append(point)
            case .quad(let control, let end): points += [control, end]
            case .cubic(let control1, let control2, let end): points += [control1, control2, end]
            case .close: break
            }
        }
        var area = 0.0
        for index in points.indices {
            area += points[index].cross(points[(index + 1) % points.count])
        }
        return area
    }

    /// The path with every subpath wound clockwise, so that overlapping parts join up (non-zero rule).
    func windingClockwise() -> Path {
        var result = Path()
        for subpath in subpaths {
            let single = Path(elements: subpath)
            result.append(Path.signedArea(of: subpath) < 0 ? single.reversed() : single)
        }
        return result
    }
}
