import DeckClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A GET over real HTTP, returning the status and the JSON object of the body.
func httpGetJSON(_ url: String, session: URLSession = .shared) async throws -> (status: Int, object: [String: Any]) {
    // Not `session.data(from:)`: cancelling that can deadlock on Linux (see `cancellableData(for:)`).
    // A generous timeout: while CPU-bound tests share the two cooperative threads, a loaded test
    // server can take over a minute to answer, and a slow answer is not what these tests check.
    let request = URLRequest(url: URL(string: url)!, timeoutInterval: 600)
    let (data, response) = try await session.cancellableData(for: request)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    return (status, object)
}

/// The codes of a response's `cards`.
func cardCodes(_ object: [String: Any]) -> [String] {
    (object["cards"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
}
