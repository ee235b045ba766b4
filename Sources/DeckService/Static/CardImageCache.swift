import CardArt
import Hummingbird
import PlayingCards
import Synchronization
import TableCore

/// Card images rendered by `CardArt` once per process, on first request, and kept.
///
/// Concurrent first requests for one image share one rendering (single flight). A rendering that
/// fails (zlib cannot compress the PNG) is answered 500 with the API's JSON error for that image
/// alone, and is not kept: the next request tries again.
///
/// Paths are `<name>[@2x|@3x].<png|svg>` where the name is a card code (`AS`, `0H`, `X1`),
/// `aceDiamonds` (the ace of diamonds' file name in the public API) or `back`. Responses carry a
/// strong `ETag` and a day-long `Cache-Control`; a matching `If-None-Match` gets `304`. SVGs are
/// gzip-compressed once and sent compressed to clients whose `Accept-Encoding` allows it.
final class CardImageCache: Sendable {
    /// A rendered image and what describes it on the wire.
    struct Entry: Sendable {
        let bytes: ByteBuffer
        let gzipped: ByteBuffer?
        let contentType: String
        let etag: String
    }

    /// Which image, at which scale, in which format.
    struct Key: Hashable, Sendable {
        let image: CardImage
        let scale: Int
        let isSVG: Bool
    }

    /// Makes an image file's bytes; `nil` when there is no such image. `@concurrent`: rendering a PNG takes
    /// milliseconds of CPU, which must not run on the requesting connection's event loop.
    typealias Renderer = @concurrent @Sendable (Key) async throws -> [UInt8]?

    /// An image that is ready, or whose rendering the first request started and others await.
    private enum Slot: Sendable {
        case rendering(Task<Entry?, any Error>)
        case ready(Entry?)
    }

    private let slots = Mutex<[Key: Slot]>([:])
    private let render: Renderer

    /// A cache that renders with `render` (`CardArt` by default; tests count or fail renderings).
    init(render: @escaping Renderer = CardImageCache.renderWithCardArt) {
        self.render = render
    }

    /// The response for an image file name, or `nil` when the name is not an image.
    func response(for fileName: String, request: Request) async -> Response? {
        guard let key = Self.key(for: fileName) else { return nil }
        let rendered: Entry?
        do {
            rendered = try await entry(for: key)
        } catch {
            let failure = APIError(
                status: .internalServerError, message: "The image " + fileName + " could not be rendered.")
            return RiffleResponder.json(failure.response, head: request.method == .head)
        }
        guard let entry = rendered else { return nil }
        let gzipped = WebAppFiles.acceptsGzip(request.headers[.acceptEncoding]) ? entry.gzipped : nil
        // Each encoding is its own representation, with its own strong tag; either revalidates.
        let gzipTag = String(entry.etag.dropLast()) + "-gz\""
        var headers = HTTPFields()
        headers[.eTag] = gzipped == nil ? entry.etag : gzipTag
        headers[.cacheControl] = "public, max-age=86400"
        headers[.vary] = "Accept-Encoding"
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: {
            let tag = $0.trimmingPrefix(" ")
            return tag == entry.etag || tag == gzipTag || tag == "*"
        }) == true {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = entry.contentType
        if gzipped != nil { headers[.contentEncoding] = "gzip" }
        let bytes = gzipped ?? entry.bytes
        if request.method == .head {
            let empty = ResponseBody(contentLength: bytes.readableBytes) { _ in }
            return Response(status: .ok, headers: headers, body: empty)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: bytes))
    }

    /// The cached entry, rendering it (once, however many ask at the same time) on first use.
    private func entry(for key: Key) async throws -> Entry? {
        enum Lookup {
            case ready(Entry?)
            case await(Task<Entry?, any Error>)
        }
        let lookup = slots.withLock { slots -> Lookup in
            switch slots[key] {
            case .ready(let entry): return .ready(entry)
            case .rendering(let task): return .await(task)
            case nil:
                let render = render
                let task = Task { try await Self.makeEntry(for: key, render: render) }
                slots[key] = .rendering(task)
                return .await(task)
            }
        }
        switch lookup {
        case .ready(let entry):
            return entry
        case .await(let task):
            do {
                let entry = try await task.value
                slots.withLock { $0[key] = .ready(entry) }
                return entry
            } catch {
                // Not kept: a later request renders again.
                slots.withLock { slots in
                    if case .rendering = slots[key] { slots[key] = nil }
                }
                throw error
            }
        }
    }

    private static func makeEntry(for key: Key, render: Renderer) async throws -> Entry? {
        guard let bytes = try await render(key) else { return nil }
        let compressed = key.isSVG ? Gzip.compress(bytes) : nil
        let gzipped = compressed.flatMap { $0.count < bytes.count ? ByteBuffer(bytes: $0) : nil }
        return Entry(
            bytes: ByteBuffer(bytes: bytes), gzipped: gzipped, contentType: key.isSVG ? "image/svg+xml" : "image/png",
            etag: "\"" + ContentFingerprint.of(bytes) + "\"")
    }

    /// Renders with `CardArt`: the SVG document, or the PNG at the key's scale.
    static func renderWithCardArt(_ key: Key) throws -> [UInt8]? {
        key.isSVG
            ? Array(CardArtRenderer.svg(for: key.image).utf8)
            : try CardArtRenderer.png(for: key.image, scale: key.scale)
    }

    static func key(for fileName: String) -> Key? {
        let isSVG: Bool
        var stem: Substring
        if fileName.hasSuffix(".svg") {
            isSVG = true
            stem = fileName.dropLast(4)
        } else if fileName.hasSuffix(".png") {
            isSVG = false
            stem = fileName.dropLast(4)
        } else {
            return nil
        }
        var scale = 1
        for candidate in [2, 3] where stem.hasSuffix("@" + String(candidate) + "x") {
            scale = candidate
            stem = stem.dropLast(3)
        }
        let image: CardImage
        switch stem {
        case "back": image = .back
        case "aceDiamonds": image = .card(.standard(.ace, .diamonds))
        default:
            guard let card = Card(code: stem) else { return nil }
            image = .card(card)
        }
        return Key(image: image, scale: isSVG ? 1 : scale, isSVG: isSVG)
    }
}
