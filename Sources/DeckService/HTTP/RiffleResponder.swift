import Hummingbird
import Logging
import TableCore

/// Answers every request to `riffle serve` once the pipeline has let it through: the Deck of
/// Cards API under `/api/` (matched in the route table, ``APIRouteTable``), card images under
/// `/static/img/`, the operations endpoints (`/health`, `/metrics`, `/openapi.json`) and the web app.
///
/// The pipeline around it (``RequestPipeline``) does what every answer shares: accounting (metrics
/// and the log line), header and rate limits, CORS and preflights, and the rendering of thrown
/// errors as the API's JSON (``ErrorRendering``). This responder sets the request's
/// `Hummingbird/RequestContext/routeLabel`, redirects a path without its trailing slash (keeping
/// the query), applies the query limit and the deck cap, and calls the endpoint's handler.
///
/// Its `async` functions, like every nonisolated one of the package (`NonisolatedNonsendingByDefault`
/// in Package.swift), are `nonisolated(nonsending)`: they run on their caller's executor (the
/// pipeline's, itself the connection's preferred one), so calling them does not enter the
/// concurrency runtime to hop to the generic executor and back, which a plain `async` function
/// does on entry and after each call it awaits (four runtime executor switches fewer per request).
struct RiffleResponder: Sendable {
    typealias Context = RiffleRequestContext

    let api: DeckAPI
    let routes: APIRouteTable
    let events: EventStreamEndpoint
    let assets: StaticAssets
    let limits: ServiceLimits
    let operations: OperationsEndpoints
    let deckCapacity: DeckCapacityGate?

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        if let label = OperationsEndpoints.label(for: path) {
            context.routeLabel = label
            return await operations.respond(to: path, head: request.method == .head)
        }
        if path.hasPrefix("/api") {
            return try await answerAPI(request, path: path, context: context)
        }
        if let asset = await assets.response(for: path, request: request) {
            context.routeLabel = "static"
            return asset
        }
        throw APIError.unknownPath(String(path.prefix(200)))
    }

    private func answerAPI(
        _ request: Request, path: String, context: Context
    ) async throws -> Response {
        let query = try checkedQuery(of: request)
        switch routes.match(path: path, method: request.method) {
        case .endpoint(let endpoint, let captures):
            context.routeLabel = endpoint.label
            return try await answer(
                request, endpoint: endpoint, captures: captures, path: path, query: query, context: context)
        case .missingTrailingSlash:
            context.routeLabel = "redirect"
            return Self.trailingSlashRedirect(path: path, query: query)
        case .none:
            throw APIError.unknownPath(String(path.prefix(200)))
        }
    }

    /// The query string, refused (`414`) over ``ServiceLimits/maximumQueryBytes``.
    func checkedQuery(of request: Request) throws -> String? {
        let query = request.uri.query
        if let query, query.utf8.count > limits.maximumQueryBytes {
            throw APIError(
                status: .uriTooLong,
                message: "The query string is longer than " + ServiceLimits.describe(bytes: limits.maximumQueryBytes)
                    + ".")
        }
        return query
    }

    /// The `301` to the path with its trailing slash, the query kept.
    static func trailingSlashRedirect(path: String, query: String?) -> Response {
        var location = path + "/"
        if let query { location += "?" + query }
        var headers = HTTPFields()
        headers[.location] = location
        return Response(status: .movedPermanently, headers: headers)
    }

    /// Answers a request to `endpoint`: `HEAD` without changing anything (a read's status, the
    /// token checked as `GET` checks it), the event stream by its endpoint, anything else through
    /// the endpoint's handler after the deck cap.
    func answer(
        _ request: Request, endpoint: APIEndpoint, captures: RouteCaptures, path: String, query: String?,
        context: Context
    ) async throws -> Response {
        if case .eventStream = endpoint.handler {
            return try await eventStream(request, deckID: captures.deck ?? "", query: query, context: context)
        }
        if request.method == .head {
            let caller = Caller(authorization: request.headers.value(of: .authorization))
            return Self.json(try await api.respondToHead(deckID: captures.deck, caller: caller), head: true)
        }
        let parameters = try await Self.parameters(of: request, query: query, limits: limits)
        if endpoint.createsDeck { try await checkDeckCapacity() }
        let caller = request.headers.value(of: .authorization).map { Caller(authorization: $0) } ?? .spectator
        let response = try await api.respond(
            to: endpoint, captures: captures, parameters: parameters, caller: caller,
            head: Self.requestHead(request, path: path, context: context))
        if endpoint.createsDeck, !response.replayed { deckCapacity?.deckCreated() }
        return Self.json(response, head: false)
    }

    /// Throws a 503 `APIError` when a new deck would go beyond the cap.
    private func checkDeckCapacity() async throws {
        guard let deckCapacity else { return }
        guard try await deckCapacity.allowsNewDeck(store: api.store) else {
            throw APIError(
                status: .serviceUnavailable,
                message: "This server holds its maximum of \(deckCapacity.maximumDecks) decks, so no new deck "
                    + "can be created until unused decks expire. Reuse an existing deck (reshuffle it) instead.")
        }
    }

    /// The request's parameters: the query string, or for `POST` the form-encoded body only.
    ///
    /// As in the public API (Django's `request.POST`), the query string of a `POST` is ignored; the
    /// body is read when it is `application/x-www-form-urlencoded` or `multipart/form-data`, and a
    /// body of any other type carries no parameters.
    private static func parameters(
        of request: Request, query: String?, limits: ServiceLimits
    ) async throws
        -> APIParameters
    {
        guard request.method == .post else { return APIParameters(encoded: query) }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limits.maximumBodyBytes)
        } catch {
            throw APIError(
                status: .contentTooLarge,
                message: "The request body is larger than " + ServiceLimits.describe(bytes: limits.maximumBodyBytes)
                    + ".")
        }
        let contentType = request.headers[.contentType] ?? ""
        let mediaType = contentType.split(separator: ";").first?.filter { $0 != " " && $0 != "\t" }.lowercased()
        switch mediaType {
        case "application/x-www-form-urlencoded":
            return APIParameters(encoded: String(buffer: body))
        case "multipart/form-data":
            do {
                return APIParameters(
                    fields: try MultipartFormData.fields(Array(buffer: body), contentType: contentType))
            } catch {
                throw APIError.badRequest("The multipart/form-data body could not be read.")
            }
        default:
            return APIParameters(encoded: nil)
        }
    }

    /// An error's JSON answer, with `Retry-After` when the error has one.
    static func json(_ error: APIError, head: Bool) -> Response {
        var response = json(error.response, head: head)
        if let seconds = error.retryAfterSeconds { response.headers[.retryAfter] = String(seconds) }
        return response
    }

    static func json(_ response: APIResponse, head: Bool) -> Response {
        let body = head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: response.json))
        return Response(status: response.status, headers: headers(of: response), body: body)
    }

    /// The head fields of a JSON answer: the shared ones, and the answer's own (``addChangeHeaders(of:to:)``).
    static func headers(of response: APIResponse) -> HTTPFields {
        var headers = jsonHeaders
        addChangeHeaders(of: response, to: &headers)
        return headers
    }

    /// The headers of every JSON answer, CORS included, built once: each answer's copy shares
    /// their storage instead of building its own field by field.
    private static let jsonHeaders: HTTPFields = {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        CORS.addHeaders(to: &headers)
        CORS.exposeHeaders(to: &headers)
        return headers
    }()
}
