/// A swiped card flying off the stack: a pure function of time from its release to its exit point.
struct Departure: Sendable {
    var identity: Int
    var generation: UInt32
    /// The direction slot whose overlay shows while the card leaves.
    var slot: Int
    var start: Double
    var duration: Double
    var from: Point
    var to: Point
    var fromRotation: Double
    var toRotation: Double
    /// The curve's normalized start slope: 1 keeps the release speed, 0 starts at rest.
    var startSlope: Double

    /// Whether the card is gone at `time`.
    func isFinished(at time: Double) -> Bool { time >= start + duration }

    /// The card's offset and rotation at `time`.
    func transform(at time: Double) -> CardTransform {
        let progress = Curve.hermite((time - start) / duration, startSlope: startSlope)
        let offset = from + (to - from) * progress
        return CardTransform(
            translationX: offset.x, translationY: offset.y,
            rotation: fromRotation + (toRotation - fromRotation) * progress)
    }
}

/// An undone card flying back from where it left to its place on top.
struct Return: Sendable {
    var identity: Int
    var generation: UInt32
    var slot: Int
    var start: Double
    var duration: Double
    var from: Point
    var fromRotation: Double

    /// Whether the card is back at `time`.
    func isFinished(at time: Double) -> Bool { time >= start + duration }

    /// How far along the return is at `time`, 0...1, eased out.
    func progress(at time: Double) -> Double { Curve.easeOut((time - start) / duration) }

    /// The card's offset and rotation at `time`.
    func transform(at time: Double) -> CardTransform {
        let remaining = 1 - progress(at: time)
        return CardTransform(
            translationX: from.x * remaining, translationY: from.y * remaining, rotation: fromRotation * remaining)
    }
}

/// The background cards gliding to new positions: each card is drawn `offset(at:)` positions deeper than it is,
/// an offset that eases from its start value to 0.
struct StackTransition: Sendable {
    var start: Double
    var duration: Double
    var offset: Double

    /// The remaining offset at `time`.
    func offset(at time: Double) -> Double {
        guard duration > 0, time < start + duration else { return 0 }
        return offset * (1 - Curve.easeOut((time - start) / duration))
    }

    /// Whether the glide still runs at `time`.
    func isRunning(at time: Double) -> Bool { offset != 0 && duration > 0 && time < start + duration }
}
