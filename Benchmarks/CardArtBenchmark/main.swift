// Prints how long Riffle's card art takes to render and how big it is, to decide whether the server
// should render each image per request, once per process (cache), or ahead of time at build.
//
// Run: swift run -c release cardart-benchmark
import CardArt
import PlayingCards

let clock = ContinuousClock()
let repetitions = 3

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

func format(_ value: Double, decimals: Int = 2) -> String {
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let scaled = Int((value * factor).rounded())
    let whole = scaled / Int(factor)
    var fraction = String(scaled % Int(factor))
    while fraction.count < decimals { fraction = "0" + fraction }
    return decimals > 0 ? "\(whole).\(fraction)" : "\(whole)"
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

/// The best (lowest) time of `repetitions` runs of `body`, and the last result.
func measure<Result>(_ body: () -> Result) -> (best: Duration, result: Result) {
    var best = Duration.seconds(1_000_000)
    var result = body()
    for _ in 0..<repetitions {
        let start = clock.now
        result = body()
        best = min(best, clock.now - start)
    }
    return (best, result)
}

func runBenchmark() {
    let images = CardImage.all
    print("Riffle card art: \(images.count) images (54 cards + back), best of \(repetitions) runs")
    print("")

    let svg = measure { images.map { CardArtRenderer.svg(for: $0) } }
    let svgBytes = svg.result.reduce(0) { $0 + $1.utf8.count }
    print("SVG    all 55: \(pad(format(milliseconds(svg.best)), 8)) ms   \(pad(String(svgBytes), 9)) bytes")

    var perImageMilliseconds: [Int: Double] = [:]
    var pngSetBytes: [Int: Int] = [:]
    for scale in CardArtRenderer.supportedScales {
        let rasterOnly = measure { images.map { CardArtRenderer.image(for: $0, scale: scale)! } }
        let png = measure { images.map { try! CardArtRenderer.png(for: $0, scale: scale)! } }
        let bytes = png.result.reduce(0) { $0 + $1.count }
        pngSetBytes[scale] = bytes
        let total = milliseconds(png.best)
        let raster = milliseconds(rasterOnly.best)
        perImageMilliseconds[scale] = total / Double(images.count)
        print(
            "PNG \(scale)× all 55: \(pad(format(total), 8)) ms   \(pad(String(bytes), 9)) bytes"
                + "   (rasterize \(format(raster)) ms + encode \(format(total - raster)) ms;"
                + " \(format(total / Double(images.count))) ms per image)")
    }
    print("")

    // Render per request vs render once and cache: a request for a cached image is a dictionary lookup.
    let fill = measure {
        var filled: [String: [UInt8]] = [:]
        for image in images { filled[image.imageName] = try! CardArtRenderer.png(for: image, scale: 1)! }
        return filled
    }
    let cache = fill.result
    let names = images.map(\.imageName)
    let lookups = 100_000
    let lookup = measure {
        var total = 0
        for index in 0..<lookups { total &+= cache[names[index % names.count]]?.count ?? 0 }
        return total
    }
    let lookupMicroseconds = milliseconds(lookup.best) * 1000 / Double(lookups)
    let renderMicroseconds = perImageMilliseconds[1]! * 1000
    print(
        "Per request, 1× PNG: render \(format(renderMicroseconds, decimals: 0)) µs vs cached lookup \(format(lookupMicroseconds, decimals: 3)) µs"
    )
    print(
        "Render once and cache: \(format(milliseconds(fill.best))) ms at first use for the 1× set,"
            + " \(pngSetBytes[1]! + svgBytes) bytes held (1× PNGs + SVGs);"
            + " all scales: \(pngSetBytes.values.reduce(svgBytes, +)) bytes")
}

runBenchmark()
