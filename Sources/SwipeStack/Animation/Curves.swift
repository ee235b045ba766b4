/// A damped spring released at an offset with a velocity, settling at 0: the reset animation.
///
/// The spring is a pure function of the time since release, so the renderer may sample it at any time.
struct Spring: Hashable, Sendable {
    /// The offset at release.
    var initialOffset: Double
    /// The velocity at release, in units per second.
    var initialVelocity: Double
    /// The damping ratio, 0 < ζ ≤ 1.
    var dampingRatio: Double
    /// The natural angular frequency ω in rad/s.
    var frequency: Double

    /// The offset `elapsed` seconds after release.
    func offset(at elapsed: Double) -> Double {
        let t = max(elapsed, 0)
        let zeta = dampingRatio
        let omega = frequency
        if zeta >= 1 - 1e-9 {
            return Angle.exp(-omega * t) * (initialOffset + (initialVelocity + omega * initialOffset) * t)
        }
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let decay = Angle.exp(-zeta * omega * t)
        let sineAmplitude = (initialVelocity + zeta * omega * initialOffset) / damped
        return decay * (initialOffset * Angle.cos(damped * t) + sineAmplitude * Angle.sin(damped * t))
    }

    /// An upper bound of |offset| from `elapsed` on: the decay envelope.
    func envelope(at elapsed: Double) -> Double {
        let t = max(elapsed, 0)
        let zeta = dampingRatio
        let omega = frequency
        if zeta >= 1 - 1e-9 {
            return Angle.exp(-omega * t) * (abs(initialOffset) + abs(initialVelocity + omega * initialOffset) * t)
        }
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let sineAmplitude = (initialVelocity + zeta * omega * initialOffset) / damped
        return Angle.exp(-zeta * omega * t) * (abs(initialOffset) + abs(sineAmplitude))
    }
}

/// Easing curves over normalized time u ∈ [0, 1].
enum Curve {
    /// A cubic Hermite curve from 0 to 1 with slope `startSlope` at 0 and slope 1 at 1.
    ///
    /// With `startSlope` = 1 it is linear, so a card released at the speed that finishes the travel in the chosen
    /// duration keeps that speed; with 0 it eases in, as a programmatic swipe should.
    static func hermite(_ u: Double, startSlope: Double) -> Double {
        let t = min(max(u, 0), 1)
        let t2 = t * t
        let t3 = t2 * t
        return (t3 - 2 * t2 + t) * startSlope + (-2 * t3 + 3 * t2) + (t3 - t2)
    }

    /// A cubic ease-out from 0 to 1.
    static func easeOut(_ u: Double) -> Double {
        let t = 1 - min(max(u, 0), 1)
        return 1 - t * t * t
    }
}
