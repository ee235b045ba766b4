/// Turns stroked polylines into filled polygons for a round pen: a quadrilateral per segment, a pie
/// slice at each join and a disc at each open end, all wound the same way so they join up under the
/// non-zero rule.
enum Stroker {
    /// The polygons covering a pen of diameter `width` drawn along `polylines`.
    ///
    /// - Parameters:
    ///   - polylines: the lines the pen follows.
    ///   - width: the pen's diameter.
    ///   - tolerance: the largest allowed gap between an arc and its chords, in the same units.
    /// - Complexity: O(n) in the number of polyline vertices.
    static func outline(of polylines: [Polyline], width: Double, tolerance: Double) -> [[Point]] {
        let radius = width / 2
        guard radius > 0 else { return [] }
        // The angle of an arc step whose chord stays within `tolerance` of the circle.
        let step = radius > tolerance ? 2 * arcCosine(1 - tolerance / radius) : Double.pi / 2
        var polygons: [[Point]] = []
        for polyline in polylines {
            var points: [Point] = []
            for point in polyline.points where points.last.map({ ($0 - point).length > 1e-9 }) ?? true {
                points.append(point)
            }
            if polyline.isClosed, points.count > 1, (points[0] - points[points.count - 1]).length <= 1e-9 {
                points.removeLast()
            }
            if points.count == 1 {
                polygons.append(disc(center: points[0], radius: radius, step: step))
                continue
            }
            let segmentCount = polyline.isClosed ? points.count : points.count - 1
            var normals: [Point] = []
            for index in 0..<segmentCount {
                let start = points[index]
                let end = points[(index + 1) % points.count]
                let normal = (end - start).normalized.perpendicular * radius
                normals.append(normal)
                polygons.append(clockwise([start + normal, end + normal, end - normal, start - normal]))
            }
            let joinIndices = polyline.isClosed ? Array(0..<points.count) : Array(1..<(points.count - 1))
            for index in joinIndices {
                let incoming = normals[(index - 1 + segmentCount) % segmentCount]
                let outgoing = normals[index % segmentCount]
                for side in [1.0, -1.0] {
                    if let slice = pieSlice(
                        center: points[index], from: incoming * side, to: outgoing * side, step: step)
                    {
                        polygons.append(slice)
                    }
                }
            }
            if !polyline.isClosed {
                polygons.append(disc(center: points[0], radius: radius, step: step))
                polygons.append(disc(center: points[points.count - 1], radius: radius, step: step))
            }
        }
        return polygons
    }

    /// The wedge between two radius vectors, the short way round, or `nil` when they coincide.
    private static func pieSlice(center: Point, from start: Point, to end: Point, step: Double) -> [Point]? {
        let angle = atan2Approximation(start.cross(end), start.dot(end))
        guard abs(angle) > 1e-6 else { return nil }
        let count = max(1, Int((abs(angle) / step).rounded(.up)))
        var points = [center]
        for index in 0...count {
            let turn = angle * Double(index) / Double(count)
            let (c, s) = (cosine(turn), sine(turn))
            points.append(center + Point(start.x * c - start.y * s, start.x * s + start.y * c))
        }
        return clockwise(points)
    }

    private static func disc(center: Point, radius: Double, step: Double) -> [Point] {
        let count = max(8, Int((2 * Double.pi / step).rounded(.up)))
        return (0..<count).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(count)
            return center + Point(radius * cosine(angle), radius * sine(angle))
        }
    }

    /// The polygon, reversed if needed so its signed area is positive (clockwise on screen).
    private static func clockwise(_ polygon: [Point]) -> [Point] {
        var area = 0.0
        for index in polygon.indices { area += polygon[index].cross(polygon[(index + 1) % polygon.count]) }
        return area < 0 ? polygon.reversed() : polygon
    }

    /// `atan2(y, x)` without libm: the angle of the vector (x, y), by bisection-free series after octant reduction.
    static func atan2Approximation(_ y: Double, _ x: Double) -> Double {
        if x == 0, y == 0 { return 0 }
        let absX = abs(x)
        let absY = abs(y)
        let swap = absY > absX
        let ratio = swap ? absX / absY : absY / absX  // 0…1
        // atan on [0, 1] via argument halving and a short series: atan(r) = 2·atan(r / (1 + √(1 + r²))).
        let halved = ratio / (1 + (1 + ratio * ratio).squareRoot())
        let square = halved * halved
        var term = halved
        var sum = halved
        for n in 1...12 {
            term *= -square
            sum += term / Double(2 * n + 1)
        }
        var angle = 2 * sum
        if swap { angle = Double.pi / 2 - angle }
        if x < 0 { angle = Double.pi - angle }
        return y < 0 ? -angle : angle
    }

    /// `acos(value)` for value in 0…1, without libm.
    private static func arcCosine(_ value: Double) -> Double {
        let clamped = min(max(value, -1), 1)
        return atan2Approximation((1 - clamped * clamped).squareRoot(), clamped)
    }
}
