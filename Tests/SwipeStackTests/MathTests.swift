import Testing

@testable import SwipeStack

@Suite("Math without libm")
struct MathTests {
    @Test(arguments: [
        (0.5, 0.479425538604203, 0.8775825618903728), (1.0, 0.8414709848078965, 0.5403023058681398),
        (2.0, 0.9092974268256817, -0.4161468365471424), (-3.0, -0.1411200080598672, -0.9899924966004454),
        (10.0, -0.5440211108893698, -0.8390715290764524), (100.0, -0.5063656411097588, 0.8623188722876839),
    ])
    func sineAndCosine(x: Double, sine: Double, cosine: Double) {
        #expect(abs(Angle.sin(x) - sine) < 1e-14)
        #expect(abs(Angle.cos(x) - cosine) < 1e-14)
    }

    @Test(arguments: [
        (-5.0, 0.006737946999085467), (-1.0, 0.36787944117144233), (0.5, 1.6487212707001282),
        (1.0, 2.718281828459045), (3.0, 20.085536923187668), (20.0, 485165195.4097903),
    ])
    func exponential(x: Double, expected: Double) {
        #expect(abs(Angle.exp(x) - expected) <= expected * 1e-14)
    }

    @Test(arguments: [
        (1.0, 1.0, 0.7853981633974483), (1.0, -1.0, 2.356194490192345), (-2.0, -1.0, -2.0344439357957027),
        (0.3, 2.0, 0.14888994760949725), (-1.0, 0.0, -1.5707963267948966),
    ])
    func arctangent(y: Double, x: Double, expected: Double) {
        #expect(abs(Angle.atan2(y, x) - expected) < 1e-14)
    }

    @Test func normalization() {
        #expect(abs(Angle.normalized(3 * Double.pi) - Double.pi) < 1e-12)
        #expect(abs(Angle.normalized(-Double.pi / 2 - 4 * Double.pi) + Double.pi / 2) < 1e-12)
        #expect(SwipeDirection(angle: -Double.pi) == .left)
    }
}
