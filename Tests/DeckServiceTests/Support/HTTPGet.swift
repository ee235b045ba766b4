import DeckClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A GET over real HTTP, returning the status and the JSON object of the body.
func httpGetJSON(_ url: String, session: URLSession = .shared) async throws -> (status: Int, object: [String: Any]) {
    // Not `session.data(from:)`: cancelling that can deadlock on Linux (see `cancellableData(for:)`).
    let (data, response) = try await session.cancellableData(for: URLRequest(url: URL(string: url)!))
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    return (status, object)
}

/// The codes of a response's `cards`.
func cardCodes(_ object: [String: Any]) -> [String] {
    (object["cards"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
}
