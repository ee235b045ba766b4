import Foundation
import Hummingbird
import Synchronization

/// The web app's static files: from the copy bundled with the server (read once and kept in
/// memory), or from a development folder (read fresh on every request, so edits show at once).
final class WebAppFiles: Sendable {
    private struct File: Sendable {
        let bytes: ByteBuffer
        let contentType: String
    }

    private let root: URL?
    private let readsFresh: Bool
    private let cache = Mutex<[String: File]>([:])

    /// - Parameter developmentRoot: a folder to serve instead of the bundled copy.
    init(developmentRoot: String?) {
        if let developmentRoot {
            root = URL(fileURLWithPath: developmentRoot, isDirectory: true)
            readsFresh = true
        } else {
            root = Bundle.module.resourceURL?.appendingPathComponent("WebApp", isDirectory: true)
            readsFresh = false
        }
    }

    /// The response for a request path, or `nil` when no file matches.
    func response(for path: String, request: Request) -> Response? {
        guard let relative = Self.relativePath(path), let file = file(at: relative) else { return nil }
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        headers[.cacheControl] = readsFresh ? "no-store" : "no-cache"
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: file.bytes)
        return Response(status: .ok, headers: headers, body: body)
    }

    private func file(at relative: String) -> File? {
        if !readsFresh, let cached = cache.withLock({ $0[relative] }) { return cached }
        guard let root, let data = try? Data(contentsOf: root.appendingPathComponent(relative)) else { return nil }
        let file = File(bytes: ByteBuffer(bytes: data), contentType: Self.contentType(of: relative))
        if !readsFresh { cache.withLock { $0[relative] = file } }
        return file
    }

    /// `"/"` → `index.html`; other paths as they are, refusing anything that could leave the folder.
    private static func relativePath(_ path: String) -> String? {
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
