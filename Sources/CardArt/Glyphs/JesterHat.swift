/// The jokers' mark: a three-horned jester's hat with bells, the project's own design.
enum JesterHat {
    /// The hat drawn in a 100 × 100 box (horn tips at the top, band at the bottom), mapped by `transform`.
    ///
    /// - Parameters:
    ///   - main: the colour of the outer horns.
    ///   - accent: the colour of the middle horn, the band and the bells.
    ///   - outline: the colour of the thin outlines that keep the parts apart at small sizes.
    ///   - transform: where the 100 × 100 box goes.
    static func drawing(main: Color, accent: Color, outline: Color, transform: AffineTransform) -> Drawing {
        var drawing = Drawing(width: 100, height: 100)
        var leftHorn = Path()
        leftHorn.move(to: Point(20, 82))
        leftHorn.cubic(to: Point(6, 28), control1: Point(22, 62), control2: Point(18, 40))
        leftHorn.cubic(to: Point(48, 82), control1: Point(30, 36), control2: Point(44, 56))
        leftHorn.close()
        let rightHorn = leftHorn.applying(.scale(-1, 1).concatenating(.translation(100, 0)))
        var middleHorn = Path()
        middleHorn.move(to: Point(32, 82))
        middleHorn.cubic(to: Point(50, 10), control1: Point(34, 56), control2: Point(42, 30))
        middleHorn.cubic(to: Point(68, 82), control1: Point(58, 30), control2: Point(66, 56))
        middleHorn.close()

        drawing.fill(leftHorn, main)
        drawing.fill(rightHorn, main)
        drawing.stroke(leftHorn, outline, width: 1.5)
        drawing.stroke(rightHorn, outline, width: 1.5)
        drawing.fill(middleHorn, accent)
        drawing.stroke(middleHorn, outline, width: 1.5)
        let band = Path.roundedRect(Rect(x: 14, y: 78, width: 72, height: 14), radius: 6)
        drawing.fill(band, accent)
        drawing.stroke(band, outline, width: 1.5)
        for bell in [Point(6, 28), Point(50, 10), Point(94, 28)] {
            let circle = Path.circle(center: bell, radius: 6.5)
            drawing.fill(circle, accent)
            drawing.stroke(circle, outline, width: 1.5)
        }
        var result = Drawing(width: 100, height: 100)
        result.append(drawing, transform: transform)
        return result
    }
}
