/// The few transcendental functions the engine needs, written in Swift because Embedded Swift has no libm.
///
/// Each uses argument reduction followed by a short polynomial; the results agree with libm to about 1e-15
/// relative error over the ranges the engine uses (angles within a few turns, exponents within ±700).
enum Angle {
    /// 2π.
    static let twoPi = 2 * Double.pi

    /// Maps any finite angle to the half-open range (−π, π].
    static func normalized(_ angle: Double) -> Double {
        var result = angle
        if result > Double.pi || result <= -Double.pi {
            result -= twoPi * nearestInteger(result / twoPi)
        }
        if result <= -Double.pi { result += twoPi }
        if result > Double.pi { result -= twoPi }
        return result
    }

    /// `x` rounded to the nearest integer (halves away from zero), for |x| < 2⁶²; written out because
    /// `rounded()` becomes a libm call that neither a bare Linux executable nor wasm32 provides.
    static func nearestInteger(_ x: Double) -> Double {
        guard abs(x) < 4e18 else { return x }
        return x >= 0 ? Double(Int(x + 0.5)) : -Double(Int(-x + 0.5))
    }

    /// The sine of `x` radians, for |x| < 10⁹ (NaN beyond).
    static func sin(_ x: Double) -> Double {
        guard x.isFinite && abs(x) < 1e9 else { return .nan }
        let (quadrant, reduced) = reduce(x)
        switch quadrant {
        case 0: return sinKernel(reduced)
        case 1: return cosKernel(reduced)
        case 2: return -sinKernel(reduced)
        default: return -cosKernel(reduced)
        }
    }

    /// The cosine of `x` radians, for |x| < 10⁹ (NaN beyond).
    static func cos(_ x: Double) -> Double {
        guard x.isFinite && abs(x) < 1e9 else { return .nan }
        let (quadrant, reduced) = reduce(x)
        switch quadrant {
        case 0: return cosKernel(reduced)
        case 1: return -sinKernel(reduced)
        case 2: return -cosKernel(reduced)
        default: return sinKernel(reduced)
        }
    }

    /// e raised to `x`.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.7 { return .infinity }
        if x < -745 { return 0 }
        let ln2 = 0.693_147_180_559_945_3
        let k = nearestInteger(x / ln2)
        // Two-part ln 2 keeps the reduction exact enough for large |x|.
        let r = (x - k * 0.693_147_180_369_123_8) - k * 1.908_214_929_270_587_7e-10
        var term = 1.0
        var sum = 1.0
        for n in 1...13 {
            term *= r / Double(n)
            sum += term
        }
        return scaleByPowerOfTwo(sum, Int(k))
    }

    /// The angle of the vector (x, y) in (−π, π], like C's `atan2(y, x)`.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x == 0 && y == 0 { return 0 }
        if x.isNaN || y.isNaN { return .nan }
        let ax = abs(x)
        let ay = abs(y)
        var angle = ay <= ax ? atan(ay / ax) : Double.pi / 2 - atan(ax / ay)
        if x < 0 { angle = Double.pi - angle }
        return y < 0 ? -angle : angle
    }

    /// The arctangent of `x` in [0, 1].
    private static func atan(_ x: Double) -> Double {
        // atan(x) = π/4 + atan((x − 1)/(x + 1)) brings x to |t| ≤ tan(π/8), then the half-angle formula
        // atan(t) = 2·atan(t / (1 + √(1 + t²))) brings it below 0.2, where 12 series terms are exact to 1e-17.
        var offset = 0.0
        var t = x
        if t > 0.414_213_562_373_095_1 {
            offset = Double.pi / 4
            t = (t - 1) / (t + 1)
        }
        let half = t / (1 + (1 + t * t).squareRoot())
        let square = half * half
        var power = half
        var sum = 0.0
        for n in 0..<12 {
            sum += power / Double(2 * n + 1) * (n % 2 == 0 ? 1 : -1)
            power *= square
        }
        return offset + 2 * sum
    }

    /// Splits `x` into a quadrant (0–3) and a remainder in [−π/4, π/4].
    private static func reduce(_ x: Double) -> (Int, Double) {
        let halfPi = Double.pi / 2
        let k = nearestInteger(x / halfPi)
        // Cody–Waite: π/2 in three parts so that k·(π/2) is subtracted without losing the remainder's bits.
        let r = ((x - k * 1.570_796_326_734_125_6) - k * 6.077_100_506_303_966e-11) - k * 2.022_266_248_795_950_7e-21
        var quadrant = Int(k) % 4
        if quadrant < 0 { quadrant += 4 }
        return (quadrant, r)
    }

    private static func sinKernel(_ x: Double) -> Double {
        let x2 = x * x
        var term = x
        var sum = x
        for n in stride(from: 2, through: 22, by: 2) {
            term *= -x2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }

    private static func cosKernel(_ x: Double) -> Double {
        let x2 = x * x
        var term = 1.0
        var sum = 1.0
        for n in stride(from: 1, through: 21, by: 2) {
            term *= -x2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }

    private static func scaleByPowerOfTwo(_ value: Double, _ exponent: Int) -> Double {
        var result = value
        var remaining = exponent
        // Scale in steps so that subnormal results and intermediate overflow are handled.
        while remaining > 1000 {
            result *= Double(sign: .plus, exponent: 1000, significand: 1)
            remaining -= 1000
        }
        while remaining < -1000 {
            result *= Double(sign: .plus, exponent: -1000, significand: 1)
            remaining += 1000
        }
        return result * Double(sign: .plus, exponent: remaining, significand: 1)
    }
}
