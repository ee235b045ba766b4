/// Writes a ``Drawing`` as a compact, self-contained SVG document.
///
/// The document has a `viewBox` in drawing units and a pixel size (the drawing's size times `scale`),
/// no fonts, scripts or external references, one `<path>` per painted path, and round caps and joins
/// set once on the root so strokes match the rasterizer's round pen.
enum SVGWriter {
    /// The SVG text of `drawing`.
    ///
    /// - Parameters:
    ///   - drawing: what to write.
    ///   - scale: multiplies the `width` and `height` attributes; the `viewBox` stays in drawing units.
    static func document(for drawing: Drawing, scale: Double = 1) -> String {
        let width = SVGNumber.format(drawing.width)
        let height = SVGNumber.format(drawing.height)
        var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\""
        text +=
            " width=\"\(SVGNumber.format(drawing.width * scale))\" height=\"\(SVGNumber.format(drawing.height * scale))\""
        text += " stroke-linecap=\"round\" stroke-linejoin=\"round\">"
        for element in drawing.elements {
            text += "<path d=\""
            text += pathData(element.path)
            text += "\""
            switch element.paint {
            case .fill(let color):
                text += " fill=\"\(color.svgHex)\""
                if color.alpha < 255 { text += " fill-opacity=\"\(SVGNumber.format(Double(color.alpha) / 255))\"" }
            case .stroke(let color, let strokeWidth):
                text += " fill=\"none\" stroke=\"\(color.svgHex)\" stroke-width=\"\(SVGNumber.format(strokeWidth))\""
                if color.alpha < 255 { text += " stroke-opacity=\"\(SVGNumber.format(Double(color.alpha) / 255))\"" }
            }
            text += "/>"
        }
        text += "</svg>\n"
        return text
    }

    /// The `d` attribute of `path`: absolute commands, numbers separated by a space or a minus sign.
    static func pathData(_ path: Path) -> String {
        var text = ""
        func append(_ command: String, _ points: Point...) {
            text += command
            var isFirst = true
            for point in points {
                for value in [point.x, point.y] {
                    let number = SVGNumber.format(value)
                    if !isFirst, !number.hasPrefix("-") { text += " " }
                    text += number
                    isFirst = false
                }
            }
        }
        for element in path.elements {
            switch element {
            case .move(let point): append("M", point)
            case .line(let point): append("L", point)
            case .quad(let control, let end): append("Q", control, end)
            case .cubic(let control1, let control2, let end): append("C", control1, control2, end)
            case .close: text += "Z"
            }
        }
        return text
    }
}
