import DeckService
import DeckStorage
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PlayingCards
import SQLiteDeckStorage
import Testing

/// `/health`, `/metrics`, `/openapi.json` and the protective limits, through the real application.
@Suite struct OperationsEndpointTests {
    private func withApplication(
        store: (any DeckStore)? = nil, limits: ServiceLimits = ServiceLimits(),
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let store = try store ?? SQLiteDeckStore(location: .inMemory)
        var logger = Logger(label: "riffle-test")
        logger.logLevel = .warning
        let app = RiffleServer.makeApplication(
            configuration: ServiceConfiguration(publicURL: "http://cards.test", limits: limits), store: store,
            logger: logger, clock: { 1_800_000_000 })
        try await app.test(.router) { client in try await body(client) }
    }

    @Test func healthIsOKWhenTheStoreAnswers() async throws {
        try await withApplication { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == #"{"status":"ok"}"#)
            #expect(response.headers[.contentType] == "application/json")
        }
    }

    @Test func healthIs503JSONWhenTheStoreFails() async throws {
        try await withApplication(store: FailingStore()) { client in
            let health = try await client.json("/health")
            #expect(health.status == .serviceUnavailable)
            #expect(health.success == false)
            #expect(health["status"] as? String == "unavailable")
            #expect(health.error?.contains("cannot be reached") == true)
            // API requests that hit the broken store: the generic 503, no database text.
            let draw = try await client.json("/api/deck/aaaaaaaaaaaa/draw/")
            #expect(draw.status == .serviceUnavailable)
            #expect(draw.error?.contains("disk I/O") == false)
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains("riffle_storage_errors_total 2"))
        }
    }

    @Test func metricsCountRequestsByRouteAndStatusWithLatencyAndDecks() async throws {
        try await withApplication { client in
            let id = try await client.newDeck()
            _ = try await client.json("/api/deck/\(id)/draw/?count=2")
            _ = try await client.json("/api/deck/\(id)/draw/?count=2")
            _ = try await client.json("/api/deck/aaaaaaaaaaaa/draw/")
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = String(buffer: response.body)
            #expect(text.contains(#"riffle_http_requests_total{route="draw",status="200"} 2"#))
            #expect(text.contains(#"riffle_http_requests_total{route="draw",status="404"} 1"#))
            #expect(text.contains(#"riffle_http_requests_total{route="new",status="200"} 1"#))
            #expect(text.contains(#"riffle_http_request_duration_seconds_bucket{route="draw",le="+Inf"} 3"#))
            #expect(text.contains(#"riffle_http_request_duration_seconds_count{route="draw"} 3"#))
            #expect(text.contains("riffle_decks_stored 1"))
            #expect(text.contains("# TYPE riffle_storage_errors_total counter"))
        }
    }

    @Test func theOpenAPIDocumentIsServedAndDescribesEveryRoute() async throws {
        try await withApplication { client in
            let response = try await client.execute(uri: "/openapi.json", method: .get)
            #expect(response.status == .ok)
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: Any])
            // Every documented API path, with its parameters filled in, is one the server answers.
            for path in paths.keys where path.hasPrefix("/api/") {
                let concrete = path.replacingOccurrences(of: "{deck_id}", with: "aaaaaaaaaaaa")
                    .replacingOccurrences(of: "{pile_name}", with: "discard")
                let answer = try await client.json(concrete)
                let knownMessages = ["Deck ID does not exist.", "You must specify cards to add to the pile."]
                #expect(answer.status != .notFound || knownMessages.contains(answer.error ?? ""), "\(path)")
            }
            // And every route is documented: OpenAPIRouteCoverageTests, from the route table itself; here the paths
            // outside the API.
            for path in ["/health", "/metrics", "/openapi.json"] { #expect(paths[path] != nil, "\(path)") }
        }
    }

    @Test func tooManyHeadersAre431JSON() async throws {
        try await withApplication { client in
            var headers = HTTPFields()
            for index in 0..<101 { headers[HTTPField.Name("x-filler-\(index)")!] = "1" }
            let response = try await client.json("/api/deck/new/", headers: headers)
            #expect(response.status == .requestHeaderFieldsTooLarge)
            #expect(response.error?.contains("at most 100") == true)
            var large = HTTPFields()
            large[HTTPField.Name("x-large")!] = String(repeating: "a", count: 17 * 1024)
            let largeStatus = try await client.json("/api/deck/new/", headers: large).status
            #expect(largeStatus == .requestHeaderFieldsTooLarge)
        }
    }

    @Test func theRateLimitAnswers429WithRetryAfter() async throws {
        var limits = ServiceLimits()
        limits.requestsPerSecondPerClient = 0.01
        limits.rateLimitBurst = 3
        try await withApplication(limits: limits) { client in
            for _ in 0..<3 {
                let status = try await client.json("/api/deck/new/").status
                #expect(status == .ok)
            }
            let refused = try await client.json("/api/deck/new/")
            #expect(refused.status == .tooManyRequests)
            #expect(refused.success == false)
            // One token every 100 s: the wait left is at most 100 s, less the time the requests took.
            // (Exact values are the RateLimiter tests' job, where time is an input.)
            let retryAfter = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
            #expect((1...100).contains(retryAfter))
        }
    }

    @Test func rateLimitingIsOffByDefault() async throws {
        try await withApplication { client in
            for _ in 0..<200 {
                let status = try await client.json("/api/deck/new/").status
                #expect(status == .ok)
            }
        }
    }

    @Test func theDeckCapAnswers503WithAClearMessage() async throws {
        var limits = ServiceLimits()
        limits.maximumDecks = 2
        try await withApplication(limits: limits) { client in
            let id = try await client.newDeck()
            _ = try await client.newDeck()
            let refused = try await client.json("/api/deck/new/shuffle/")
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.success == false)
            #expect(refused.error?.contains("maximum of 2 decks") == true)
            let drawStatus = try await client.json("/api/deck/new/draw/").status
            #expect(drawStatus == .serviceUnavailable)
            // Existing decks still work.
            let existingStatus = try await client.json("/api/deck/\(id)/draw/").status
            #expect(existingStatus == .ok)
        }
    }
}

/// A store whose every operation fails, as a database that went away would.
private struct FailingStore: DeckStore {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "disk I/O error" }
    }

    func insert(_ deck: DeckState, now: Int64) async throws -> String { throw Failure() }
    func deck(withID id: String) async throws -> DeckState? { throw Failure() }
    func update<Result: Sendable>(
        deckID id: String, now: Int64, _ change: @escaping @Sendable (inout DeckState) throws -> Result
    ) async throws -> Result? { throw Failure() }
    func updateRecordingEvent<Result: Sendable>(
        deckID id: String, now: Int64,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, StoredDeckEvent?)
    ) async throws -> Result? { throw Failure() }
    func updateOnce<Result: Sendable>(
        deckID id: String, now: Int64, key: IdempotencyKey,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, StoredDeckEvent?, RememberedAnswer)
    ) async throws -> IdempotentOutcome<Result>? { throw Failure() }
    func insertOnce(
        _ deck: DeckState, now: Int64, key: IdempotencyKey, answer: @escaping @Sendable (String) -> RememberedAnswer
    ) async throws -> IdempotentOutcome<String> { throw Failure() }
    func forgetAnswers(rememberedBefore cutoff: Int64) async throws -> Int { throw Failure() }
    func events(deckID id: String, after number: Int64, limit: Int) async throws -> [StoredDeckEvent] {
        throw Failure()
    }
    func observeEvents(_ observer: @escaping DeckEventObserver) async throws { throw Failure() }
    func deleteDecks(unchangedBefore cutoff: Int64) async throws -> Int { throw Failure() }
    func holdPresenceLease(server: UInt64, deckID id: String, until expiry: Int64) async throws { throw Failure() }
    func releasePresenceLease(server: UInt64, deckID id: String) async throws { throw Failure() }
    func renewPresenceLeases(server: UInt64, until expiry: Int64) async throws -> Int { throw Failure() }
    func takeExpiredPresenceLeases(before now: Int64) async throws -> [PresenceLease] { throw Failure() }
    func deckCount() async throws -> Int { throw Failure() }
    func checkHealth() async throws { throw Failure() }
    func close() async throws {}
}
