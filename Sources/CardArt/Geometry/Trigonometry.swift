// Sine and cosine in pure Swift, so every platform computes the same card art to the last bit.

/// The sine of `angle` (radians), accurate to about 1e-12 for the angles card art uses.
func sine(_ angle: Double) -> Double {
    // Reduce to [-π, π], then use the Taylor series, which converges quickly there.
    let twoPi = 2 * Double.pi
    var x = angle - (angle / twoPi).rounded() * twoPi
    if x > Double.pi / 2 {
        x = Double.pi - x
    } else if x < -Double.pi / 2 {
        x = -Double.pi - x
    }
    let square = x * x
    var term = x
    var sum = x
    for n in stride(from: 2, through: 26, by: 2) {
        term *= -square / Double(n * (n + 1))
        sum += term
    }
    return sum
}

/// The cosine of `angle` (radians).
func cosine(_ angle: Double) -> Double { sine(angle + Double.pi / 2) }
