import CardArt
import Hummingbird
import PlayingCards
import Synchronization

/// Card images rendered by ``CardArt`` once per process, on first request, and kept.
///
/// Paths are `<name>[@2x|@3x].<png|svg>` where the name is a card code (`AS`, `0H`, `X1`),
/// `aceDiamonds` (the ace of diamonds' file name in the public API) or `back`. Responses carry a
/// strong `ETag` and a day-long `Cache-Control`; a matching `If-None-Match` gets `304`.
final class CardImageCache: Sendable {
    /// A rendered image and what describes it on the wire.
    struct Entry: Sendable {
        let bytes: ByteBuffer
        let contentType: String
        let etag: String
    }

    private struct Key: Hashable {
        let image: CardImage
        let scale: Int
        let isSVG: Bool
    }

    private let entries = Mutex<[Key: Entry]>([:])

    /// The response for an image file name, or `nil` when the name is not an image.
    func response(for fileName: String, request: Request) -> Response? {
        guard let key = Self.key(for: fileName), let entry = entry(for: key) else { return nil }
        var headers = HTTPFields()
        headers[.eTag] = entry.etag
        headers[.cacheControl] = "public, max-age=86400"
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: {
            $0.trimmingPrefix(" ") == entry.etag || $0 == "*"
        }) == true {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = entry.contentType
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: entry.bytes)
        return Response(status: .ok, headers: headers, body: body)
    }

    private func entry(for key: Key) -> Entry? {
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let bytes: [UInt8]
        if key.isSVG {
            bytes = Array(CardArtRenderer.svg(for: key.image).utf8)
        } else {
            guard let png = CardArtRenderer.png(for: key.image, scale: key.scale) else { return nil }
            bytes = png
        }
        let entry = Entry(
            bytes: ByteBuffer(bytes: bytes), contentType: key.isSVG ? "image/svg+xml" : "image/png",
            etag: "\"" + Self.fingerprint(bytes) + "\"")
        entries.withLock { $0[key] = entry }
        return entry
    }

    private static func key(for fileName: String) -> Key? {
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

    /// FNV-1a, 64 bits, in hex: a content fingerprint for `ETag`.
    private static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
