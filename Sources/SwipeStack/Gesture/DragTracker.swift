/// The recent finger samples of one drag, for a velocity estimate that ignores all but the last moments.
///
/// Keeps at most `capacity` (16) samples in a ring, so a long drag costs constant memory.
struct DragTracker: Sendable {
    private static let capacity = 16

    private var times: [Double] = []
    private var points: [Point] = []
    private var newest = -1

    init(point: Point, time: Double) {
        times.reserveCapacity(Self.capacity)
        points.reserveCapacity(Self.capacity)
        add(point, time: time)
    }

    /// The latest finger position.
    var latestPoint: Point { points[newest] }

    /// Records a sample; samples that go back in time are treated as simultaneous with the latest.
    mutating func add(_ point: Point, time: Double) {
        let time = newest >= 0 ? max(time, times[newest]) : time
        if times.count < Self.capacity {
            times.append(time)
            points.append(point)
            newest = times.count - 1
        } else {
            newest = (newest + 1) % Self.capacity
            times[newest] = time
            points[newest] = point
        }
    }

    /// The finger velocity in points/s over the last `window` seconds: the displacement from the oldest sample
    /// still inside the window to the newest, divided by the time between them (zero if they coincide).
    func velocity(window: Double) -> Point {
        let count = times.count
        let latestTime = times[newest]
        var oldest = newest
        for step in 1..<max(count, 1) {
            let slot = (newest - step + count) % count
            if latestTime - times[slot] > window { break }
            oldest = slot
        }
        let elapsed = latestTime - times[oldest]
        guard elapsed > 1e-6 else { return .zero }
        return (points[newest] - points[oldest]) * (1 / elapsed)
    }
}
