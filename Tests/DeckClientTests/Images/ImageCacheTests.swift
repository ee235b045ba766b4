import Foundation
import RiffleTestSupport
import Testing

@testable import DeckClient

@Suite("Image downloads and cache")
struct ImageCacheTests {
    static let url = URL(string: "http://cards.test:8080/static/img/KH.png")!

    static func imageTransport(bytes: Int = 100, gate: Gate? = nil) -> FakeTransport {
        FakeTransport { request, _ in
            await gate?.wait()
            let name = request.url.lastPathComponent
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "image/png"],
                body: Data((name + String(repeating: "#", count: bytes)).utf8))
        }
    }

    @Test("A second request for a cached image makes no network call")
    func secondRequestCached() async throws {
        let transport = Self.imageTransport()
        let client = DeckOfCardsClient.fake(transport)
        let first = try await client.downloadImage(at: Self.url)
        let second = try await client.downloadImage(at: Self.url)
        #expect(first == second)
        #expect(await transport.log.count == 1)
        #expect(await client.cachedImage(at: Self.url) == first)
    }

    @Test("Ten concurrent requests for one URL make one download")
    func concurrentRequestsShareOneDownload() async throws {
        let gate = Gate()
        let transport = Self.imageTransport(gate: gate)
        let client = DeckOfCardsClient.fake(transport)
        let results = try await waitFor("ten downloads of one image", upTo: testWaitLimit) {
            try await withThrowingTaskGroup(of: Data.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await client.downloadImage(at: Self.url) }
                }
                // Hold the download until the other nine have joined it.
                try await waitUntil("the other nine requests to join the download") {
                    await client.images.joinedDownloads >= 9
                }
                await gate.open()
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(results.count == 10)
        #expect(Set(results).count == 1)
        #expect(await transport.log.count == 1)
    }

    @Test("The memory cache is bounded by bytes and evicts the least recently used")
    func lruEviction() async throws {
        let transport = Self.imageTransport(bytes: 100)
        let client = DeckOfCardsClient.fake(transport, imageMemoryLimit: 250)
        let urls = ["AS", "KH", "QD"].map { URL(string: "http://cards.test:8080/static/img/\($0).png")! }
        _ = try await client.downloadImage(at: urls[0])
        _ = try await client.downloadImage(at: urls[1])
        _ = try await client.downloadImage(at: urls[0])  // AS is now the most recently used
        _ = try await client.downloadImage(at: urls[2])  // evicts KH
        #expect(await client.cachedImage(at: urls[0]) != nil)
        #expect(await client.cachedImage(at: urls[1]) == nil)
        #expect(await client.cachedImage(at: urls[2]) != nil)
        #expect(await client.images.bytesInMemory <= 250)
        #expect(await transport.log.count == 3)
    }

    @Test("The disk cache serves a new client without a download")
    func diskCache() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-images-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = Self.imageTransport()
        let written = try await DeckOfCardsClient.fake(first, imageCacheDirectory: directory).downloadImage(
            at: Self.url)
        let second = Self.imageTransport()
        let read = try await DeckOfCardsClient.fake(second, imageCacheDirectory: directory).downloadImage(at: Self.url)
        #expect(read == written)
        #expect(await first.log.count == 1)
        #expect(await second.log.count == 0)
    }

    @Test("A failed download is not cached and reports the status")
    func failedDownload() async throws {
        let transport = FakeTransport { _, attempt in
            attempt == 1 ? HTTPResponse(status: 404) : HTTPResponse(status: 200, body: Data("png".utf8))
        }
        let client = DeckOfCardsClient.fake(transport)
        let error = await #expect(throws: DeckClientError.self) { try await client.downloadImage(at: Self.url) }
        #expect(error?.code == .unexpectedStatus)
        #expect(error?.httpStatus == 404)
        #expect(try await client.downloadImage(at: Self.url) == Data("png".utf8))
        #expect(await transport.log.count == 2)
    }
}
