import CardArt
import Foundation
import PlayingCards
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("SVG output")
struct SVGOutputTests {
    /// Collects element names and the root's attributes, and whether the parser failed.
    final class Collector: NSObject, XMLParserDelegate {
        var elementNames: [String] = []
        var rootAttributes: [String: String] = [:]
        var attributeValues: [String] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            if elementNames.isEmpty { rootAttributes = attributes }
            elementNames.append(elementName)
            attributeValues += attributes.values
        }
    }

    private func parse(_ svg: String) -> (ok: Bool, collector: Collector) {
        let collector = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        return (parser.parse(), collector)
    }

    @Test("every image has an SVG that parses as XML with a viewBox", arguments: CardImage.all)
    func everyImageHasAnSVG(image: CardImage) {
        let svg = CardArtRenderer.svg(for: image)
        let (ok, collector) = parse(svg)
        #expect(ok)
        #expect(collector.elementNames.first == "svg")
        #expect(collector.rootAttributes["viewBox"] == "0 0 226 314")
        #expect(collector.rootAttributes["width"] == "226" && collector.rootAttributes["height"] == "314")
        #expect(Set(collector.elementNames.dropFirst()) == ["path"])
        #expect(collector.elementNames.count > 5)
    }

    @Test("SVGs reference nothing outside themselves and use no fonts", arguments: CardImage.all)
    func selfContained(image: CardImage) {
        let svg = CardArtRenderer.svg(for: image)
        for forbidden in ["href", "url(", "<text", "font", "<image", "<script", "<style"] {
            #expect(!svg.contains(forbidden), "\(image.imageName) contains \(forbidden)")
        }
    }

    @Test("red cards use the red ink and black cards do not")
    func colours() {
        let red = "#c8102e"
        #expect(CardArtRenderer.svg(for: .card(.standard(.five, .hearts))).contains(red))
        #expect(CardArtRenderer.svg(for: .card(.joker(.red))).contains(red))
        #expect(!CardArtRenderer.svg(for: .card(.standard(.five, .spades))).contains("fill=\"\(red)\""))
    }

    @Test("SVGs are compact")
    func compact() {
        let total = CardImage.all.reduce(0) { $0 + CardArtRenderer.svg(for: $1).utf8.count }
        #expect(total < 500_000)
    }
}
