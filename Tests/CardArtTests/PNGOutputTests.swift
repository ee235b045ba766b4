import CardArt
import PlayingCards
import Testing

@Suite("PNG output")
struct PNGOutputTests {
    @Test("every image has a well-formed 1× PNG whose pixel data inflates to the right size", arguments: CardImage.all)
    func everyImageHasAPNG(image: CardImage) throws {
        let png = try #require(try CardArtRenderer.png(for: image, scale: 1))
        let inspection = try PNGInspection(png)
        #expect(inspection.chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(inspection.chunks.allSatisfy { $0.crcIsValid })
        let header = try #require(inspection.header)
        #expect(header.width == 226 && header.height == 314)
        #expect(header.bitDepth == 8 && header.colorType == 6)
        let rowLength = 1 + 226 * 4
        let data = try inspection.inflatedImageData(expectedCount: 314 * rowLength)
        #expect(data.count == 314 * rowLength)
        #expect(stride(from: 0, to: data.count, by: rowLength).allSatisfy { data[$0] <= 4 })
    }

    @Test("scales 2 and 3 have the expected sizes", arguments: [(2, 452, 628), (3, 678, 942)])
    func scaledSizes(scale: Int, width: Int, height: Int) throws {
        let png = try #require(try CardArtRenderer.png(for: .card(.standard(.queen, .spades)), scale: scale))
        let inspection = try PNGInspection(png)
        let header = try #require(inspection.header)
        #expect(header.width == width && header.height == height)
        let rowLength = 1 + width * 4
        let data = try inspection.inflatedImageData(expectedCount: height * rowLength)
        #expect(data.count == height * rowLength)
        #expect(stride(from: 0, to: data.count, by: rowLength).allSatisfy { data[$0] <= 4 })
    }

    @Test("unsupported scales give nil instead of trapping", arguments: [-1, 0, 4, 100])
    func unsupportedScales(scale: Int) throws {
        #expect(try CardArtRenderer.png(for: .back, scale: scale) == nil)
        #expect(CardArtRenderer.image(for: .back, scale: scale) == nil)
        #expect(CardArtRenderer.pixelSize(scale: scale) == nil)
    }

    @Test("the encoder's filtered rows undo to the original pixels")
    func filtersRoundTrip() throws {
        let image = try #require(CardArtRenderer.image(for: .card(.standard(.seven, .hearts)), scale: 1))
        let png = try PNGEncoder.encode(image)
        let rowLength = image.width * 4
        let data = try PNGInspection(png).inflatedImageData(expectedCount: image.height * (rowLength + 1))
        var previous = [UInt8](repeating: 0, count: rowLength)
        var decoded: [UInt8] = []
        for row in 0..<image.height {
            let filter = data[row * (rowLength + 1)]
            var current = Array(data[(row * (rowLength + 1) + 1)...(row * (rowLength + 1) + rowLength)])
            for index in 0..<rowLength {
                let left = index >= 4 ? Int(current[index - 4]) : 0
                let up = Int(previous[index])
                let upLeft = index >= 4 ? Int(previous[index - 4]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                default:
                    let estimate = left + up - upLeft
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predictor = a <= b && a <= c ? left : (b <= c ? up : upLeft)
                }
                current[index] = UInt8(truncatingIfNeeded: Int(current[index]) + predictor)
            }
            decoded += current
            previous = current
        }
        #expect(decoded == image.bytes)
    }

    @Test("a zlib failure is a thrown error, not a trap")
    func zlibFailureThrows() throws {
        let image = try #require(CardArtRenderer.image(for: .back, scale: 1))
        // zlib rejects levels outside 0…9 with Z_STREAM_ERROR (-2): the same path as running out of memory.
        #expect(throws: PNGEncodingError.compressionFailed(status: -2)) {
            try PNGEncoder.encode(image, compressionLevel: 42)
        }
        #expect(try PNGEncoder.encode(image, compressionLevel: 9).starts(with: PNGEncoder.signature))
    }

    @Test("rendering is deterministic")
    func deterministic() throws {
        let image = CardImage.card(.joker(.red))
        #expect(try CardArtRenderer.png(for: image) == CardArtRenderer.png(for: image))
        #expect(CardArtRenderer.svg(for: image) == CardArtRenderer.svg(for: image))
    }

    @Test("concurrent rendering gives the same bytes as serial rendering")
    func concurrent() async throws {
        let images = Array(CardImage.all.prefix(8))
        let serial = try images.map { try CardArtRenderer.png(for: $0) }
        let parallel = await withTaskGroup(of: (Int, [UInt8]?).self) { group in
            for (index, image) in images.enumerated() {
                group.addTask { (index, try? CardArtRenderer.png(for: image)) }
            }
            var results = [[UInt8]?](repeating: nil, count: images.count)
            for await (index, png) in group { results[index] = png }
            return results
        }
        #expect(parallel == serial)
    }
}
