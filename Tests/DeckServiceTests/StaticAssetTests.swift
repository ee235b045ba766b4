import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct StaticAssetTests {
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private func pngSize(_ buffer: ByteBuffer) -> (width: Int, height: Int)? {
        let bytes = Array(buffer.readableBytesView)
        guard bytes.count > 24, Array(bytes.prefix(8)) == Self.pngSignature else { return nil }
        func int(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    @Test func cardImagesAreServedAtEachScale() async throws {
        try await withTestApplication { client in
            for (path, width, height) in [
                ("/static/img/AS.png", 226, 314), ("/static/img/KH@2x.png", 452, 628),
                ("/static/img/X1@3x.png", 678, 942), ("/static/img/back.png", 226, 314),
                ("/static/img/aceDiamonds.png", 226, 314),
            ] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.contentType] == "image/png")
                let size = pngSize(response.body)
                #expect(size?.width == width && size?.height == height, "\(path)")
                #expect(response.headers[.accessControlAllowOrigin] == "*")
            }
        }
    }

    @Test func svgsAreServedAndTheAceOfDiamondsHasItsAlias() async throws {
        try await withTestApplication { client in
            let alias = try await client.execute(uri: "/static/img/aceDiamonds.svg", method: .get)
            let code = try await client.execute(uri: "/static/img/AD.svg", method: .get)
            #expect(alias.status == .ok && alias.headers[.contentType] == "image/svg+xml")
            #expect(String(buffer: alias.body).hasPrefix("<svg"))
            #expect(alias.body == code.body)
        }
    }

    @Test func etagsAnswer304() async throws {
        try await withTestApplication { client in
            let first = try await client.execute(uri: "/static/img/QS.png", method: .get)
            let etag = try #require(first.headers[.eTag])
            #expect(first.headers[.cacheControl]?.contains("max-age") == true)
            let again = try await client.execute(
                uri: "/static/img/QS.png", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            let other = try await client.execute(
                uri: "/static/img/QS.png", method: .get, headers: [.ifNoneMatch: "\"nope\""])
            #expect(other.status == .ok)
        }
    }

    @Test func unknownImagesAreJSON404s() async throws {
        try await withTestApplication { client in
            for path in ["/static/img/ZZ.png", "/static/img/AS.gif", "/static/img/AS@4x.png", "/static/img/../x"] {
                let response = try await client.json(path)
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func webAppPathsCannotLeaveTheirFolder() async throws {
        try await withTestApplication { client in
            for path in ["/../Package.swift", "/.hidden", "/a/../../etc/passwd", "/%2e%2e/x"] {
                let response = try await client.json(path)
                #expect(response.status == .notFound)
            }
        }
    }
}
