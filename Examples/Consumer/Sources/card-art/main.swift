// Renders the ace of diamonds as SVG and PNG: CardArt alone, no Foundation.
import CardArt

guard let ace = CardImage(imageName: "aceDiamonds"), let png = try CardArtRenderer.png(for: ace, scale: 1) else {
    fatalError("card-art: could not render aceDiamonds")
}
let svg = CardArtRenderer.svg(for: ace)
print("svg", svg.utf8.count, "bytes; png", png.count, "bytes")
guard svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"), png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
    fatalError("card-art: not an SVG and a PNG")
}
