import Foundation
import Hummingbird
import RiffleWebApp
import Synchronization

/// The web app's static files: from the copy bundled with the server (the `RiffleWebApp` module's
/// resources, read once and kept in memory), or from a development folder (read again whenever a
/// file's size or modification time changes, so edits show at once).
///
/// Every response carries a strong `ETag` and `Cache-Control: no-cache`: the browser keeps the file
/// and revalidates it on each use, and a matching `If-None-Match` gets `304 Not Modified` with no
/// body. Text and wasm files are gzip-compressed once, when read, and sent compressed to clients
/// whose `Accept-Encoding` allows gzip. `HEAD` answers the headers `GET` would, with the real
/// `Content-Length`. Scripts and style sheets are sent without their comments (`SourceComments`). The service worker (`sw.js`) is served with the manifest of every other file written into it
/// (see `WebAppFiles+ServiceWorker.swift`).
final class WebAppFiles: Sendable {
    /// A file as it is served: its bytes (plain and gzipped), type and tag, and what it was read from.
    struct File: Sendable {
        let identity: ByteBuffer
        let gzipped: ByteBuffer?
        let contentType: String
        let etag: String
        let stamp: String
    }

    let root: URL?
    let readsFresh: Bool
    private let cache = Mutex<[String: File]>([:])
    /// The service worker as last served, with the manifest it was made from.
    let serviceWorkerCache = Mutex<ServiceWorkerFile?>(nil)

    /// - Parameter developmentRoot: a folder to serve instead of the bundled copy.
    init(developmentRoot: String?) {
        if let developmentRoot {
            root = URL(fileURLWithPath: developmentRoot, isDirectory: true)
            readsFresh = true
        } else {
            root = WebAppBundle.publicFolder
            readsFresh = false
        }
    }

    /// The response for a request path, or `nil` when no file matches.
    func response(for path: String, request: Request) -> Response? {
        guard let relative = Self.relativePath(path),
            let file = relative == Self.serviceWorkerPath ? serviceWorker() : file(at: relative)
        else { return nil }
        let gzipped = Self.acceptsGzip(request.headers[.acceptEncoding]) ? file.gzipped : nil
        let useGzip = gzipped != nil
        var headers = HTTPFields()
        headers[.cacheControl] = "no-cache"
        headers[.vary] = "Accept-Encoding"
        headers[.eTag] = useGzip ? Self.gzipTag(file.etag) : file.etag
        if Self.matches(request.headers[.ifNoneMatch], file.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        if useGzip { headers[.contentEncoding] = "gzip" }
        let bytes = gzipped ?? file.identity
        if request.method == .head {
            // The length of the body GET would send; a HEAD response has none.
            let empty = ResponseBody(contentLength: bytes.readableBytes) { _ in }
            return Response(status: .ok, headers: headers, body: empty)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: bytes))
    }

    /// The file at a path relative to the root, read (and compressed) once, or again when it changed on disk.
    func file(at relative: String) -> File? {
        guard let root else { return nil }
        let url = root.appendingPathComponent(relative)
        var stamp = ""
        if readsFresh {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            stamp = "\(attributes[.size] ?? 0)-\(modified)"
        }
        if let cached = cache.withLock({ $0[relative] }), cached.stamp == stamp { return cached }
        guard let data = try? Data(contentsOf: url) else { return nil }
        let file = Self.makeFile(Self.served([UInt8](data), path: relative), path: relative, stamp: stamp)
        cache.withLock { $0[relative] = file }
        return file
    }

    /// What is sent of a file: scripts and style sheets without their comments (`SourceComments`), others as they are.
    static func served(_ bytes: [UInt8], path: String) -> [UInt8] {
        switch path.split(separator: ".").last?.lowercased() {
        case "js", "mjs": SourceComments.strip(bytes, language: .javaScript)
        case "css": SourceComments.strip(bytes, language: .css)
        default: bytes
        }
    }

    /// A file to serve with these bytes: compressed when its type gains from it, tagged with their fingerprint.
    static func makeFile(_ bytes: [UInt8], path: String, stamp: String) -> File {
        let contentType = Self.contentType(of: path)
        let compressed = Self.isCompressible(contentType) ? Gzip.compress(bytes) : nil
        let gzipped = compressed.flatMap { $0.count < bytes.count ? $0 : nil }
        return File(
            identity: ByteBuffer(bytes: bytes), gzipped: gzipped.map { ByteBuffer(bytes: $0) },
            contentType: contentType, etag: "\"" + ContentFingerprint.of(bytes) + "\"", stamp: stamp)
    }

    /// Whether `If-None-Match` names the file (as sent plain or gzipped), or is `*`.
    private static func matches(_ ifNoneMatch: String?, _ etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        let gzipTag = gzipTag(etag)
        return ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag || tag == gzipTag || tag == "*"
        }
    }

    private static func gzipTag(_ etag: String) -> String { String(etag.dropLast()) + "-gz\"" }

    /// Whether `Accept-Encoding` allows gzip (listed, or `*`, without `q=0`).
    static func acceptsGzip(_ acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        for item in acceptEncoding.lowercased().split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let coding = parts.first, coding == "gzip" || coding == "*" else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
            return quality.map { $0 > 0 } ?? true
        }
        return false
    }

    private static func isCompressible(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/") || contentType.hasPrefix("application/wasm")
            || contentType.hasPrefix("application/json") || contentType.hasPrefix("image/svg")
    }

    /// `"/"` → `index.html`; other paths as they are, refusing anything that could leave the folder.
    static func relativePath(_ path: String) -> String? {
        if path == "/" || path == "/index.html" { return "index.html" }
        let relative = path.drop { $0 == "/" }
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.isEmpty,
            segments.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\\") && !$0.contains("%") })
        else { return nil }
        return String(relative)
    }

    private static func contentType(of path: String) -> String {
        switch path.split(separator: ".").last?.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "wasm": "application/wasm"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json": "application/json"
        case "ico": "image/x-icon"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
