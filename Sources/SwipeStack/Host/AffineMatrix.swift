/// A 2-D affine transform as the six numbers every renderer takes directly: `CGAffineTransform(a:b:c:d:tx:ty:)`
/// in UIKit and Core Graphics, CSS `matrix(a, b, c, d, tx, ty)` in a browser, SwiftUI's
/// `ProjectionTransform(CGAffineTransform)`.
///
/// A point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty), with y pointing down and the origin at the card's
/// centre (UIKit's default anchor point, CSS's default `transform-origin`).
public struct AffineMatrix: Hashable, Sendable {
    /// The x scale and rotation component.
    public var a: Double
    /// The y shear and rotation component.
    public var b: Double
    /// The x shear and rotation component.
    public var c: Double
    /// The y scale and rotation component.
    public var d: Double
    /// The horizontal translation in points.
    public var tx: Double
    /// The vertical translation in points.
    public var ty: Double

    /// Creates a matrix from its six components.
    ///
    /// - Parameters:
    ///   - a: The x scale and rotation component.
    ///   - b: The y shear and rotation component.
    ///   - c: The x shear and rotation component.
    ///   - d: The y scale and rotation component.
    ///   - tx: The horizontal translation.
    ///   - ty: The vertical translation.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineMatrix(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// The transform of a card: scaled, then rotated clockwise by `rotation` radians about its centre, then
    /// moved by the translation.
    ///
    /// - Parameters:
    ///   - translationX: The horizontal offset in points.
    ///   - translationY: The vertical offset in points.
    ///   - rotation: The rotation in radians, clockwise on screen.
    ///   - scale: The uniform scale factor.
    public init(translationX: Double, translationY: Double, rotation: Double, scale: Double) {
        // Background cards do not rotate: skip the two polynomials for them.
        let sine = rotation == 0 ? 0 : Angle.sin(rotation)
        let cosine = rotation == 0 ? 1 : Angle.cos(rotation)
        self.init(
            a: scale * cosine, b: scale * sine, c: -scale * sine, d: scale * cosine, tx: translationX,
            ty: translationY)
    }

    /// The transform a placement describes.
    ///
    /// - Parameter placement: A placement from ``SwipeStack/frame(at:)``.
    public init(_ placement: CardPlacement) {
        self.init(
            translationX: placement.translationX, translationY: placement.translationY,
            rotation: placement.rotation, scale: placement.scale)
    }
}
