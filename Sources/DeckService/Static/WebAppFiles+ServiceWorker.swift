import Foundation
import Hummingbird
import Synchronization

/// The web app's service worker, `sw.js`, served with the manifest of the app's other files written into it.
///
/// The worker keeps the app's files in a cache named after a version, so that a reload while the server cannot be
/// reached shows the app. The version and each file's fingerprint (the same as its `ETag`) come from here, made from
/// the files' bytes as they are served: any change to any file changes `sw.js`, which is what makes browsers install
/// the new worker and replace the old cache. Nothing has to be generated at build time, and a development folder
/// (`--web-root`) gets a new version as soon as a file is saved.
///
/// `sw.js` has a line that starts with `const ASSETS = ` and a placeholder object literal; the placeholder (up to the
/// line's end, but for a final `;`) is replaced by `{"version":"…","files":{"css/app.css":"…",…}}`, the paths
/// relative to the app's root, sorted.
extension WebAppFiles {
    /// The service worker's path, relative to the app's root.
    static let serviceWorkerPath = "sw.js"
    /// What comes right before the manifest in `sw.js`, at the start of a line.
    static let manifestMarker = "const ASSETS = "

    /// The served service worker and the manifest it holds.
    struct ServiceWorkerFile: Sendable {
        let file: File
        /// The worker's own bytes as read, and the manifest written into them: what the file was made from.
        let source: String
        let manifest: String
    }

    /// `sw.js` with the current manifest, or `nil` when the app has no service worker.
    func serviceWorker() -> File? {
        // The bundled files never change while the server runs: one manifest for its lifetime.
        if !readsFresh, let cached = serviceWorkerCache.withLock({ $0 }) { return cached.file }
        guard let template = file(at: Self.serviceWorkerPath) else { return nil }
        let manifest = Self.manifestJSON(files: assetFingerprints())
        if let cached = serviceWorkerCache.withLock({ $0 }), cached.source == template.etag,
            cached.manifest == manifest
        {
            return cached.file
        }
        // The template as served: without its comments.
        let source = String(buffer: template.identity)
        let bytes = Array(Self.insert(manifest: manifest, into: source).utf8)
        let served = Self.makeFile(bytes, path: Self.serviceWorkerPath, stamp: template.stamp)
        serviceWorkerCache.withLock {
            $0 = ServiceWorkerFile(file: served, source: template.etag, manifest: manifest)
        }
        return served
    }

    /// Every file of the app but the worker itself, by path relative to the root, with its fingerprint.
    func assetFingerprints() -> [(path: String, fingerprint: String)] {
        guard let root else { return [] }
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [(path: String, fingerprint: String)] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let full = url.standardizedFileURL.resolvingSymlinksInPath().path
            guard full.hasPrefix(base + "/") else { continue }
            let relative = String(full.dropFirst(base.count + 1))
            guard relative != Self.serviceWorkerPath, Self.relativePath("/" + relative) == relative,
                let file = file(at: relative)
            else { continue }
            found.append((relative, String(file.etag.dropFirst().dropLast())))
        }
        return found.sorted { $0.path < $1.path }
    }

    /// `{"version":"…","files":{…}}`: the version is the fingerprint of the files' list.
    static func manifestJSON(files: [(path: String, fingerprint: String)]) -> String {
        let entries = files.map { jsonString($0.path) + ":" + jsonString($0.fingerprint) }.joined(separator: ",")
        let list = "{" + entries + "}"
        return "{\"version\":" + jsonString(ContentFingerprint.of(Array(list.utf8))) + ",\"files\":" + list + "}"
    }

    /// The worker's source with the placeholder after the marker (to the end of its line, but for a final `;`)
    /// replaced by `manifest`; the source as it is when no line starts with the marker.
    static func insert(manifest: String, into source: String) -> String {
        let marker: Range<String.Index>
        if let found = source.range(of: manifestMarker), found.lowerBound == source.startIndex {
            marker = found
        } else if let found = source.range(of: "\n" + manifestMarker) {
            marker = source.index(after: found.lowerBound)..<found.upperBound
        } else {
            return source
        }
        let lineEnd = source[marker.upperBound...].firstIndex(of: "\n") ?? source.endIndex
        var placeholderEnd = lineEnd
        if placeholderEnd > marker.upperBound, source[source.index(before: placeholderEnd)] == ";" {
            placeholderEnd = source.index(before: placeholderEnd)
        }
        return source[..<marker.upperBound] + manifest + source[placeholderEnd...]
    }

    /// A JSON string literal; file names and fingerprints need only quotes, backslashes and controls escaped.
    private static func jsonString(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
