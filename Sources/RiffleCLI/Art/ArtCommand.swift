import ArgumentParser
import CardArt
import Foundation

/// `riffle art`: writes Riffle's card images (54 faces and the back, as SVG and PNG) into a folder.
///
/// ```
/// riffle art --out public/img              # 1×: AS.svg, AS.png, …, aceDiamonds.png, back.png
/// riffle art --out public/img --scale 2    # AS.svg, AS@2x.png, …
/// riffle art --out public/img --all-scales # the SVGs and PNGs at 1×, 2× and 3×
/// ```
public struct ArtCommand: ParsableCommand {
    /// The command's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "art",
        abstract: "Write Riffle's card images (SVG and PNG) into a folder.",
        discussion: """
            Writes <name>.svg and <name>.png for the 54 cards and the back, where <name> is the card \
            code (aceDiamonds for the ace of diamonds) or "back". PNGs at 2× and 3× get an @2x or @3x suffix.
            """)

    /// The folder to write into; created if missing.
    @Option(name: .long, help: "The folder to write the images into (created if missing).")
    public var out: String

    /// The PNG scale: 1, 2 or 3.
    @Option(name: .long, help: "The PNG scale: 1 (226×314), 2 or 3.")
    public var scale: Int = 1

    /// Whether to write the PNGs at every scale.
    @Flag(name: .long, help: "Write PNGs at 1×, 2× and 3× (overrides --scale).")
    public var allScales = false

    /// Creates the command with default options (used by the argument parser).
    public init() {}

    /// Checks the options before running.
    public func validate() throws {
        guard CardArtRenderer.supportedScales.contains(scale) else {
            throw ValidationError("--scale must be 1, 2 or 3 (got \(scale)).")
        }
    }

    /// Renders and writes every image, then prints a summary.
    public func run() throws {
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scales = allScales ? Array(CardArtRenderer.supportedScales) : [scale]
        var fileCount = 0
        var svgBytes = 0
        var pngBytes = 0
        for image in CardImage.all {
            let svg = Data(CardArtRenderer.svg(for: image).utf8)
            try svg.write(to: folder.appendingPathComponent(image.imageName + ".svg"))
            svgBytes += svg.count
            fileCount += 1
            for scale in scales {
                guard let png = try CardArtRenderer.png(for: image, scale: scale) else { continue }
                let suffix = scale == 1 ? "" : "@\(scale)x"
                try Data(png).write(to: folder.appendingPathComponent(image.imageName + suffix + ".png"))
                pngBytes += png.count
                fileCount += 1
            }
        }
        let scaleList = scales.map { "\($0)×" }.joined(separator: ", ")
        print(
            "Wrote \(fileCount) files to \(folder.path): \(CardImage.all.count) SVGs (\(svgBytes) bytes), "
                + "PNGs at \(scaleList) (\(pngBytes) bytes).")
    }
}
