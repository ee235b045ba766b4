import DeckClient
import Foundation

/// A scripted ``HTTPTransport``: answers with a closure and records every request.
struct FakeTransport: HTTPTransport {
    /// Every request sent, in order.
    let log = RequestLog()
    /// Answers request number `attempt` (1-based, counted over all requests).
    let answer: @Sendable (HTTPRequest, Int) async throws -> HTTPResponse

    init(answer: @escaping @Sendable (HTTPRequest, Int) async throws -> HTTPResponse) {
        self.answer = answer
    }

    /// A transport that always answers one JSON body.
    init(status: Int = 200, json: String) {
        self.init { _, _ in
            HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
        }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let attempt = await log.record(request)
        return try await answer(request, attempt)
    }
}

/// The requests a ``FakeTransport`` received.
actor RequestLog {
    private(set) var requests: [HTTPRequest] = []

    func record(_ request: HTTPRequest) -> Int {
        requests.append(request)
        return requests.count
    }

    var count: Int { requests.count }
}

/// A latch: waiters suspend until it is opened.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }
}

extension DeckOfCardsClient {
    /// A client over a fake transport, retrying without waiting.
    ///
    /// The timeout is long unless a test of timeouts sets one: a fake answer that a test holds back (behind a
    /// ``Gate``) can take seconds on a busy machine, and a 5 s timeout there resent the request, which then counted
    /// as another draw.
    static func fake(
        _ transport: FakeTransport, timeout: TimeInterval = 3600, attempts: Int = 3, resendsChanges: Bool = true,
        imageMemoryLimit: Int = 1 << 20, imageCacheDirectory: URL? = nil
    ) -> DeckOfCardsClient {
        DeckOfCardsClient(
            configuration: DeckClientConfiguration(
                baseURL: URL(string: "http://cards.test:8080")!, timeout: timeout,
                retryPolicy: RetryPolicy(maximumAttempts: attempts, initialBackoff: 0, resendsChanges: resendsChanges),
                imageMemoryLimit: imageMemoryLimit, imageCacheDirectory: imageCacheDirectory),
            transport: transport)
    }
}

/// Sample bodies in the API's shapes.
enum Sample {
    static func card(_ code: String, host: String = "http://cards.test:8080") -> String {
        """
        {"code": "\(code)", "image": "\(host)/static/img/\(code).png", \
        "images": {"svg": "\(host)/static/img/\(code).svg", "png": "\(host)/static/img/\(code).png"}, \
        "value": "KING", "suit": "HEARTS"}
        """
    }

    static let deck = #"{"success": true, "deck_id": "abc123def456", "remaining": 52, "shuffled": true}"#

    static let draw = """
        {"success": true, "deck_id": "abc123def456", "cards": [\(card("KH")), \(card("8C"))], "remaining": 50}
        """
}
