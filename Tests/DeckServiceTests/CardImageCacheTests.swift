import CardArt
import Foundation
import HTTPTypes
import Hummingbird
import RiffleTestSupport
import Synchronization
import Testing

@testable import DeckService

/// The card image cache renders each image once however many ask at once, and answers a failed
/// rendering as a JSON error for that image alone.
@Suite struct CardImageCacheTests {
    private static func request(_ fileName: String) -> Request {
        Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "x", path: "/static/img/" + fileName),
            body: RequestBody(buffer: ByteBuffer()))
    }

    @Test func concurrentFirstRequestsShareOneRendering() async throws {
        let renderings = Mutex<[String: Int]>([:])
        let requests = 40
        let asked = Arrivals(expected: requests)
        let cache = CardImageCache { key in
            renderings.withLock { $0[key.image.imageName, default: 0] += 1 }
            // No rendering ends before every request below has been made: each finds the first rendering of its
            // image under way (or, made just before it ended, its result), so a cache that rendered once per
            // request would be seen rendering again.
            try await waitFor("all \(requests) requests", upTo: testWaitLimit) { await asked.allArrived() }
            return try CardImageCache.renderWithCardArt(key)
        }
        let statuses = await withTaskGroup(of: (HTTPResponse.Status, Int).self) { group in
            for index in 0..<requests {
                let name = index.isMultiple(of: 2) ? "AS.png" : "KH@2x.png"
                group.addTask {
                    await asked.arrive()
                    guard let response = await cache.response(for: name, request: Self.request(name)) else {
                        return (.notFound, 0)
                    }
                    return (response.status, (try? await bodyBytes(of: response))?.count ?? 0)
                }
            }
            var all: [(HTTPResponse.Status, Int)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(statuses.count == requests && statuses.allSatisfy { $0.0 == .ok && $0.1 > 0 })
        #expect(renderings.withLock { $0 } == ["AS": 1, "KH": 1])
        // Later requests are served from the cache.
        _ = await cache.response(for: "AS.png", request: Self.request("AS.png"))
        #expect(renderings.withLock { $0 } == ["AS": 1, "KH": 1])
    }

    @Test func aFailedRenderingIsA500JSONForThatImageOnlyAndIsRetried() async throws {
        let attempts = Mutex(0)
        let cache = CardImageCache { key in
            if key.image.imageName == "AS" && !key.isSVG {
                attempts.withLock { $0 += 1 }
                throw PNGEncodingError.compressionFailed(status: -4)
            }
            return try CardImageCache.renderWithCardArt(key)
        }
        for _ in 0..<2 {
            let failed = try #require(await cache.response(for: "AS.png", request: Self.request("AS.png")))
            #expect(failed.status == .internalServerError)
            #expect(failed.headers[.contentType] == "application/json")
            let json = try await bodyBytes(of: failed)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
            #expect(object["success"] as? Bool == false)
            #expect((object["error"] as? String)?.contains("AS.png") == true)
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(await cache.response(for: "AS.svg", request: Self.request("AS.svg"))?.status == .ok)
        #expect(await cache.response(for: "KS.png", request: Self.request("KS.png"))?.status == .ok)
    }
}

/// The bytes of a response's body, as a client would receive them.
private func bodyBytes(of response: Response) async throws -> [UInt8] {
    let sink = BodySink()
    let body = response.body
    try await body.write(CollectingWriter(sink: sink))
    return sink.bytes.withLock { $0 }
}

private final class BodySink: Sendable {
    let bytes = Mutex<[UInt8]>([])
}

private struct CollectingWriter: ResponseBodyWriter {
    let sink: BodySink

    mutating func write(_ buffer: ByteBuffer) async throws {
        sink.bytes.withLock { $0 += buffer.readableBytesView }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// Counts arrivals, and lets whoever waits go once all that are expected have come.
private actor Arrivals {
    private var missing: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(expected: Int) { missing = expected }

    /// One more has come.
    func arrive() {
        missing -= 1
        guard missing <= 0 else { return }
        for waiter in waiting { waiter.resume() }
        waiting = []
    }

    /// Returns once all that are expected have come.
    func allArrived() async {
        guard missing > 0 else { return }
        await withCheckedContinuation { waiting.append($0) }
    }
}
