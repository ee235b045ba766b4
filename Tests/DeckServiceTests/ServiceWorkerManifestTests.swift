import DeckStorage
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SQLiteDeckStorage
import Testing

@testable import DeckService

/// The web app's service worker as the server serves it: `sw.js` names every other file of the app with the same
/// fingerprint its `ETag` carries, under a version made from them, so that a deploy that changes any file changes the
/// worker (which is what makes browsers install the new one and drop the old cache).
@Suite struct ServiceWorkerManifestTests {
    /// The manifest `sw.js` holds: its version and the fingerprint of each file.
    private struct Manifest: Decodable, Equatable {
        let version: String
        let files: [String: String]
    }

    private func manifest(in body: String) throws -> Manifest {
        let start = try #require(body.range(of: "const ASSETS = "), "sw.js declares ASSETS")
        let end = try #require(body[start.upperBound...].firstIndex(of: "\n"))
        var literal = body[start.upperBound..<end]
        if literal.hasSuffix(";") { literal = literal.dropLast() }
        return try JSONDecoder().decode(Manifest.self, from: Data(literal.utf8))
    }

    /// Runs `body` against a server whose web app is served from `webRoot` (the bundled copy when nil).
    private func withServer(
        webRoot: String?, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        var logger = Logger(label: "riffle-test")
        logger.logLevel = .warning
        let app = RiffleServer.makeApplication(
            configuration: ServiceConfiguration(publicURL: "http://cards.test", webRoot: webRoot), store: store,
            logger: logger)
        try await app.test(.router) { client in try await body(client) }
    }

    @Test func theWorkerNamesEveryOtherFileByTheFingerprintOfItsETag() async throws {
        try await withServer(webRoot: nil) { client in
            let worker = try await client.execute(uri: "/sw.js", method: .get)
            #expect(worker.status == .ok)
            #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(worker.headers[.cacheControl] == "no-cache")
            let body = String(buffer: worker.body)
            #expect(!body.contains("unversioned"), "the placeholder is replaced")
            let manifest = try manifest(in: body)
            for path in ["index.html", "css/app.css", "js/main.js", "js/piles-view.js", "riffle.wasm"] {
                #expect(manifest.files[path] != nil, "\(path) is named")
            }
            #expect(manifest.files["sw.js"] == nil, "the worker does not name itself")
            for (path, fingerprint) in manifest.files {
                let file = try await client.execute(uri: "/" + path, method: .get)
                #expect(file.status == .ok, "\(path)")
                #expect(file.headers[.eTag] == "\"" + fingerprint + "\"", "\(path)")
            }
            let again = try await client.execute(uri: "/sw.js", method: .get)
            #expect(again.body == worker.body && again.headers[.eTag] == worker.headers[.eTag])
            let unchanged = try await client.execute(
                uri: "/sw.js", method: .get, headers: [.ifNoneMatch: try #require(worker.headers[.eTag])])
            #expect(unchanged.status == .notModified)
        }
    }

    @Test func changingAnyFileChangesTheWorkerAndOnlyThatFilesFingerprint() async throws {
        let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/RiffleWebApp/Public")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-sw-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: bundled, to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        try await withServer(webRoot: root.path) { client in
            let before = try manifest(in: String(buffer: try await client.execute(uri: "/sw.js", method: .get).body))
            let changed = root.appendingPathComponent("js/table-view.js")
            var source = try String(contentsOf: changed, encoding: .utf8)
            source += "\n// a new deploy\n"
            try source.write(to: changed, atomically: false, encoding: .utf8)
            let afterResponse = try await client.execute(uri: "/sw.js", method: .get)
            let after = try manifest(in: String(buffer: afterResponse.body))
            #expect(after.version != before.version)
            #expect(after.files["js/table-view.js"] != before.files["js/table-view.js"])
            var others = after.files
            var othersBefore = before.files
            others["js/table-view.js"] = nil
            othersBefore["js/table-view.js"] = nil
            #expect(others == othersBefore, "the other files keep their fingerprints")
            let file = try await client.execute(uri: "/js/table-view.js", method: .get)
            #expect(file.headers[.eTag] == "\"" + (after.files["js/table-view.js"] ?? "") + "\"")
        }
    }

    @Test func theManifestGoesWhereTheMarkerIsAndNowhereElse() {
        let source = "const A = 1;\nconst ASSETS = { version: 'x', files: {} };\nconst B = 2;\n"
        let written = WebAppFiles.insert(manifest: "{\"version\":\"v\",\"files\":{}}", into: source)
        #expect(written == "const A = 1;\nconst ASSETS = {\"version\":\"v\",\"files\":{}};\nconst B = 2;\n")
        #expect(WebAppFiles.insert(manifest: "{}", into: "const ASSETS = {};") == "const ASSETS = {};")
        #expect(WebAppFiles.insert(manifest: "{}", into: "no marker\n") == "no marker\n")
        #expect(WebAppFiles.insert(manifest: "{}", into: "x = 1; const ASSETS = 2;\n") == "x = 1; const ASSETS = 2;\n")
        let json = WebAppFiles.manifestJSON(files: [("a \"b\".js", "0123456789abcdef")])
        #expect(json.hasSuffix(",\"files\":{\"a \\\"b\\\".js\":\"0123456789abcdef\"}}"))
    }
}
