/// A programmatic action requested while the user drags; it runs, in order, once the drag ends.
enum PendingAction: Sendable {
    case swipe(SwipeDirection, animated: Bool)
    case undo(StackModel.UndoKind, animated: Bool)
    case redo(animated: Bool)
    case shift(distance: Int, animated: Bool)
}

/// A card following the user's finger.
struct Drag: Sendable {
    /// The dragged card, which keeps being dragged even if updates move it away from the top.
    var identity: Int
    var generation: UInt32
    /// Where the finger went down.
    var startPoint: Point
    /// The card's offset when it was grabbed (non-zero when grabbed mid-animation).
    var baseOffset: Point
    /// +1 when grabbed above the card's middle, −1 below: the sign of the rotation for a rightward drag.
    var grabSign: Double
    var tracker: DragTracker
    /// Programmatic actions requested during the drag.
    var pending: [PendingAction] = []

    /// The card's offset from its resting place for the latest finger sample.
    func offset(axis: RecognitionAxis) -> Point {
        baseOffset + SwipeRecognizer.constrained(tracker.latestPoint - startPoint, axis: axis)
    }
}

/// A card springing back to its place after a drag that did not commit.
struct Reset: Sendable {
    var identity: Int
    var generation: UInt32
    var start: Double
    var grabSign: Double
    var springX: Spring
    var springY: Spring

    /// The card's offset `time` seconds into the animation.
    func offset(at time: Double) -> Point {
        Point(x: springX.offset(at: time - start), y: springY.offset(at: time - start))
    }

    /// Whether the card is back within a quarter point of its place for good (or the spring ran 3 s).
    func isSettled(at time: Double) -> Bool {
        let elapsed = time - start
        return elapsed >= 3 || (springX.envelope(at: elapsed) < 0.25 && springY.envelope(at: elapsed) < 0.25)
    }
}
