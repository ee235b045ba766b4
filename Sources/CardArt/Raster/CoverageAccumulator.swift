/// Accumulates the signed area that polygon edges cover in each pixel of a rectangular region, then
/// yields anti-aliased coverage by a running sum along each row (the technique of font-rs and stb_truetype).
///
/// Each edge adds, to the cells of the rows it crosses, the change in covered area it causes from that
/// cell onwards; summing a row from the left gives the winding-weighted coverage of every pixel.
/// Non-zero filling is `min(1, |sum|)`, so shapes wound the same way join up and reversed ones cut holes.
struct CoverageAccumulator {
    /// The region's width in pixels.
    let width: Int
    /// The region's height in pixels.
    let height: Int
    /// `width + 2` cells per row: edges at the right border write one or two cells past the last pixel.
    private var cells: [Float]
    private let stride: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width + 2
        cells = [Float](repeating: 0, count: stride * max(height, 0))
    }

    /// Adds the edge from `start` to `end`, in pixel coordinates relative to the region's top-left corner.
    ///
    /// Parts above or below the region are skipped; parts left or right of it are pushed onto its
    /// border, which keeps the winding of every pixel inside right.
    ///
    /// - Complexity: O(rows crossed + pixels crossed).
    mutating func addEdge(from start: Point, to end: Point) {
        guard start.y != end.y, height > 0 else { return }
        let (direction, top, bottom): (Float, Point, Point) = start.y < end.y ? (1, start, end) : (-1, end, start)
        let slope = (bottom.x - top.x) / (bottom.y - top.y)
        let firstRow = max(0, Int(top.y.rounded(.down)))
        let endRow = min(height, Int(bottom.y.rounded(.up)))
        guard firstRow < endRow else { return }
        let maxX = Double(width)
        cells.withUnsafeMutableBufferPointer { cells in
            for row in firstRow..<endRow {
                let rowTop = max(Double(row), top.y)
                let rowBottom = min(Double(row + 1), bottom.y)
                let dy = Float(rowBottom - rowTop)
                let xTop = min(max(top.x + (rowTop - top.y) * slope, 0), maxX)
                let xBottom = min(max(top.x + (rowBottom - top.y) * slope, 0), maxX)
                Self.accumulate(
                    into: cells, rowStart: row * stride, xA: Float(xTop), xB: Float(xBottom), area: dy * direction)
            }
        }
    }

    /// Spreads the signed area `area` of one row's edge piece from `xA` to `xB` over the cells it touches.
    @inline(__always)
    private static func accumulate(
        into cells: UnsafeMutableBufferPointer<Float>, rowStart: Int, xA: Float, xB: Float, area: Float
    ) {
        let (x0, x1) = xA < xB ? (xA, xB) : (xB, xA)
        let x0Floor = x0.rounded(.down)
        let x0Index = Int(x0Floor)
        let x1Ceil = x1.rounded(.up)
        let x1Index = Int(x1Ceil)
        if x1Index <= x0Index + 1 {
            // The piece stays within one pixel column: split by its mean x.
            let meanX = 0.5 * (xA + xB) - x0Floor
            cells[rowStart + x0Index] += area - area * meanX
            cells[rowStart + x0Index + 1] += area * meanX
            return
        }
        let inverseWidth = 1 / (x1 - x0)
        let x0Fraction = x0 - x0Floor
        let firstArea = 0.5 * inverseWidth * (1 - x0Fraction) * (1 - x0Fraction)
        let x1Fraction = x1 - x1Ceil + 1
        let lastArea = 0.5 * inverseWidth * x1Fraction * x1Fraction
        cells[rowStart + x0Index] += area * firstArea
        if x1Index == x0Index + 2 {
            cells[rowStart + x0Index + 1] += area * (1 - firstArea - lastArea)
        } else {
            let secondArea = inverseWidth * (1.5 - x0Fraction)
            cells[rowStart + x0Index + 1] += area * (secondArea - firstArea)
            if x0Index + 2 <= x1Index - 2 {
                for index in (x0Index + 2)...(x1Index - 2) { cells[rowStart + index] += area * inverseWidth }
            }
            let beforeLast = secondArea + Float(x1Index - x0Index - 3) * inverseWidth
            cells[rowStart + x1Index - 1] += area * (1 - beforeLast - lastArea)
        }
        cells[rowStart + x1Index] += area * lastArea
    }

    /// Calls `body(x, y, coverage)` for every pixel of the region with coverage above 1/1024,
    /// coverage being in 0…1 by the non-zero rule.
    func forEachCoveredPixel(_ body: (Int, Int, Float) -> Void) {
        cells.withUnsafeBufferPointer { cells in
            for row in 0..<height {
                var sum: Float = 0
                let rowStart = row * stride
                for column in 0..<width {
                    sum += cells[rowStart + column]
                    let coverage = min(abs(sum), 1)
                    if coverage > 1.0 / 1024 { body(column, row, coverage) }
                }
            }
        }
    }
}
