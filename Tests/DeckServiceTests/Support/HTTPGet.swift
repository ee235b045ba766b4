import DeckClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session for tests that drive a loaded test server.
///
/// FoundationNetworking on Linux times a request out after the session's
/// `timeoutIntervalForRequest` (60 s by default) whatever the request's own `timeoutInterval` says,
/// so the generous limit has to be on the session too.
func makeTestSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = testRequestTimeout
    configuration.timeoutIntervalForResource = testRequestTimeout
    return URLSession(configuration: configuration)
}

/// How long a test request may wait for its answer: while CPU-bound tests share the two cooperative
/// threads, a loaded test server can take over a minute to answer, and a slow answer is not what
/// these tests check.
let testRequestTimeout: TimeInterval = 600

private let sharedTestSession = makeTestSession()

/// A GET over real HTTP, returning the status and the JSON object of the body.
func httpGetJSON(
    _ url: String, session: URLSession = sharedTestSession
) async throws -> (status: Int, object: [String: Any]) {
    // Not `session.data(from:)`: cancelling that can deadlock on Linux (see `cancellableData(for:)`).
    let request = URLRequest(url: URL(string: url)!, timeoutInterval: testRequestTimeout)
    let (data, response) = try await session.cancellableData(for: request, timeout: testRequestTimeout)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    return (status, object)
}

/// The codes of a response's `cards`.
func cardCodes(_ object: [String: Any]) -> [String] {
    (object["cards"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
}
