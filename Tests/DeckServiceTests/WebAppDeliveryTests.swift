import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// How the bundled web app and the card SVGs travel: gzip when the client accepts it, a strong
/// `ETag` per encoding with `304` on a match, and `HEAD` with the length `GET` would send.
@Suite struct WebAppDeliveryTests {
    @Test func webAppFilesAreGzippedForClientsThatAcceptIt() async throws {
        try await withTestApplication { client in
            for path in ["/", "/js/main.js", "/css/app.css", "/riffle.wasm"] {
                let plain = try await client.execute(uri: path, method: .get)
                let packed = try await client.execute(
                    uri: path, method: .get, headers: [.acceptEncoding: "br, gzip;q=0.8"])
                #expect(plain.status == .ok && packed.status == .ok, "\(path)")
                #expect(plain.headers[.contentEncoding] == nil)
                #expect(packed.headers[.contentEncoding] == "gzip", "\(path)")
                #expect(packed.headers[.vary] == "Accept-Encoding")
                #expect(plain.headers[.cacheControl] == "no-cache")
                #expect(packed.body.readableBytes < plain.body.readableBytes / 2, "\(path)")
                #expect(plain.headers[.eTag] != packed.headers[.eTag], "each encoding has its own tag")
                let refused = try await client.execute(
                    uri: path, method: .get, headers: [.acceptEncoding: "gzip;q=0"])
                #expect(refused.headers[.contentEncoding] == nil, "q=0 refuses gzip")
            }
        }
    }

    @Test func eitherTagRevalidatesWith304AndNoBody() async throws {
        try await withTestApplication { client in
            let plain = try await client.execute(uri: "/js/main.js", method: .get)
            let packed = try await client.execute(uri: "/js/main.js", method: .get, headers: [.acceptEncoding: "gzip"])
            for tag in [plain.headers[.eTag], packed.headers[.eTag]] {
                let again = try await client.execute(
                    uri: "/js/main.js", method: .get, headers: [.ifNoneMatch: try #require(tag)])
                #expect(again.status == .notModified && again.body.readableBytes == 0)
            }
            let changed = try await client.execute(
                uri: "/js/main.js", method: .get, headers: [.ifNoneMatch: "\"0000000000000000\""])
            #expect(changed.status == .ok)
        }
    }

    @Test func headAnswersTheLengthGetWouldSend() async throws {
        try await withTestApplication { client in
            for (path, encoding) in [("/", ""), ("/riffle.wasm", "gzip"), ("/static/img/QS.svg", "gzip")] {
                let headers: HTTPFields = encoding.isEmpty ? [:] : [.acceptEncoding: encoding]
                let get = try await client.execute(uri: path, method: .get, headers: headers)
                let head = try await client.execute(uri: path, method: .head, headers: headers)
                #expect(head.status == .ok && head.body.readableBytes == 0, "\(path)")
                #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(path)")
                #expect(head.headers[.contentEncoding] == get.headers[.contentEncoding])
            }
        }
    }
}
