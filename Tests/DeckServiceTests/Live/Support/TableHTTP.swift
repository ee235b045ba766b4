import DeckClient
import Foundation
import RiffleTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One answer over real HTTP: its status, the raw body text (what leak checks read), its head and
/// the JSON.
struct RawAnswer: Sendable {
    let status: Int
    let body: String
    /// The head fields, names in lower case.
    var headers: [String: String] = [:]

    /// The `ETag` field, such as `"3"` with its quotes.
    var etag: String? { headers["etag"] }
    /// Whether the server said the answer was given again for a resent idempotency key.
    var replayed: Bool { headers["idempotent-replayed"] == "true" }

    var object: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
    var piles: [String: [String: Any]] { object["piles"] as? [String: [String: Any]] ?? [:] }
    var codes: [String] { cardCodes(object) }
    var error: String? { object["error"] as? String }

    func pileCodes(_ name: String) -> [String] {
        (piles[name]?["cards"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }
}

/// Sends a request to a test server, with a bearer token and other header fields when given.
func send(
    _ method: String = "GET", _ url: String, token: String? = nil, headers: [String: String] = [:],
    session: URLSession = .shared
) async throws -> RawAnswer {
    var request = URLRequest(url: URL(string: url)!, timeoutInterval: 600)
    request.httpMethod = method
    if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.cancellableData(for: request)
    let http = response as? HTTPURLResponse
    var fields: [String: String] = [:]
    for case (let name as String, let value as String) in http?.allHeaderFields ?? [:] {
        fields[name.lowercased()] = value
    }
    return RawAnswer(status: http?.statusCode ?? 0, body: String(decoding: data, as: UTF8.self), headers: fields)
}

/// A deck with players, for table tests.
struct TestTable: Sendable {
    let baseURL: String
    let deckID: String
    var deckURL: String { baseURL + "/api/deck/" + deckID }

    /// A new unshuffled deck on `server`.
    static func create(on baseURL: String, query: String = "") async throws -> TestTable {
        let answer = try await send("GET", baseURL + "/api/deck/new/" + query)
        guard let id = answer.object["deck_id"] as? String else { throw TableTestError("no deck: \(answer.body)") }
        return TestTable(baseURL: baseURL, deckID: id)
    }

    /// Joins as `name` and returns the token.
    func join(_ name: String) async throws -> String {
        let answer = try await send("POST", deckURL + "/player/" + name + "/")
        guard answer.status == 200, let token = answer.object["token"] as? String else {
            throw TableTestError("join failed: \(answer.status) \(answer.body)")
        }
        return token
    }
}

struct TableTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Whether `text` shows any of `cards` (as a card object's code or an image file name).
func revealedCodes(in text: String, of cards: [String]) -> [String] {
    cards.filter { code in
        let image = code == "AD" ? "aceDiamonds" : code
        return text.contains("\"code\":\"" + code + "\"") || text.contains("/" + image + ".png")
            || text.contains("/" + image + ".svg")
    }
}

/// Sends a `POST` (or another method) with a form body (`application/x-www-form-urlencoded`), as
/// the table's people endpoints read their parameters, with a bearer token and other header fields
/// when given.
func sendForm(
    _ url: String, method: String = "POST", form: [(String, String)], token: String? = nil,
    headers: [String: String] = [:]
) async throws -> RawAnswer {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let body = form.map { name, value in
        name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }.joined(separator: "&")
    var request = URLRequest(url: URL(string: url)!, timeoutInterval: 600)
    request.httpMethod = method
    request.httpBody = Data(body.utf8)
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await URLSession.shared.cancellableData(for: request)
    let http = response as? HTTPURLResponse
    var fields: [String: String] = [:]
    for case (let name as String, let value as String) in http?.allHeaderFields ?? [:] {
        fields[name.lowercased()] = value
    }
    return RawAnswer(status: http?.statusCode ?? 0, body: String(decoding: data, as: UTF8.self), headers: fields)
}

extension TestTable {
    /// Joins as `name` with a display name and returns the whole answer.
    func join(_ name: String, displayName: String) async throws -> RawAnswer {
        try await sendForm(deckURL + "/player/" + name + "/", form: [("display_name", displayName)])
    }

    /// The deck info's `players`, as `(name, display_name, online, seat)`.
    func players() async throws -> [(name: String, displayName: String, online: Bool, seat: Int)] {
        let info = try await send("GET", deckURL + "/").object
        return (info["players"] as? [[String: Any]] ?? []).map {
            (
                $0["name"] as? String ?? "", $0["display_name"] as? String ?? "", $0["online"] as? Bool ?? false,
                $0["seat"] as? Int ?? -1
            )
        }
    }
}
