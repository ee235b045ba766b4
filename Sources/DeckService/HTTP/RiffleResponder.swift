import Hummingbird
import Logging

/// Answers every request to `riffle serve`: the Deck of Cards API under `/api/`, card images
/// under `/static/img/`, the operations endpoints (`/health`, `/metrics`, `/openapi.json`) and the
/// web app.
///
/// The API's path grammar (aliases, the trailing-slash redirect, any method reaching any endpoint)
/// is matched here rather than through a router, so that unmatched paths, redirects and CORS
/// preflights follow one set of rules. Every response carries CORS headers; every error is the
/// API's JSON shape; `HEAD` and `OPTIONS` never change state; each request is logged in one line
/// and counted in the metrics. Requests over the limits (header size, rate, deck cap) are refused
/// before they reach the API.
struct RiffleResponder: HTTPResponder {
    typealias Context = RiffleRequestContext

    let api: DeckAPI
    let events: EventStreamEndpoint
    let assets: StaticAssets
    let limits: ServiceLimits
    let logger: Logger
    let operations: OperationsEndpoints
    let metrics: ServiceMetrics
    let rateLimit: RateLimitGate?
    let deckCapacity: DeckCapacityGate?
    /// Counts the requests being answered, up to their response's head (a streamed body, such as
    /// an event stream's, is not counted), for ``ConnectionLoopExecutor``.
    let inFlight: RequestsInFlight

    func respond(to request: Request, context: Context) async throws -> Response {
        inFlight.began()
        defer { inFlight.ended() }
        let start = ContinuousClock.now
        var (response, label) = await answer(request, context: context)
        CORS.addHeaders(to: &response.headers)
        let elapsed = ContinuousClock.now - start
        metrics.requestAnswered(route: label, status: response.status.code, duration: elapsed)
        if logger.logLevel <= .info {
            logger.info(
                "\(request.method) \(request.uri.path) \(response.status.code)",
                metadata: ["duration_us": "\(elapsed.nanoseconds / 1000)"])
        }
        return response
    }

    /// The response and the route label it is counted under.
    private func answer(_ request: Request, context: Context) async -> (Response, String) {
        if let refusal = refusalForHeaders(request) { return (refusal, "other") }
        if let rateLimit, case .reject(let seconds) = rateLimit.requestArrived(from: context.clientKey) {
            metrics.requestRateLimited()
            return (Self.rateLimited(retryAfterSeconds: seconds, head: request.method == .head), "rate-limited")
        }
        let path = request.uri.path
        if request.method == .options {
            return (Response(status: .ok, headers: CORS.preflightHeaders(for: request.headers)), "preflight")
        }
        if let label = OperationsEndpoints.label(for: path) {
            return (await operations.respond(to: path, head: request.method == .head), label)
        }
        if path.hasPrefix("/api") {
            return await answerAPI(request, path: path, context: context)
        }
        if let asset = await assets.response(for: path, request: request) {
            return (asset, "static")
        }
        let notFound = Self.json(APIError.unknownPath(String(path.prefix(200))).response, head: request.method == .head)
        return (notFound, "other")
    }

    private func answerAPI(_ request: Request, path: String, context: Context) async -> (Response, String) {
        let query = request.uri.query
        if let query, query.utf8.count > limits.maximumQueryBytes {
            let tooLong = APIError(status: .uriTooLong, message: "The query string is longer than 16 KiB.")
            return (Self.json(tooLong.response, head: false), "other")
        }
        let route: APIRoute
        switch APIRoute.match(path: path) {
        case .route(let matched):
            route = matched
        case .missingTrailingSlash:
            // The events endpoint answers without its slash too: a redirect would repeat its query,
            // which may hold a player's token, in `Location` (where logs and proxies keep it).
            if case .route(let events) = APIRoute.match(path: path + "/"), case .events = events {
                route = events
                break
            }
            var location = path + "/"
            if let query { location += "?" + query }
            var headers = HTTPFields()
            headers[.location] = location
            return (Response(status: .movedPermanently, headers: headers), "redirect")
        case .none:
            return (Self.json(APIError.unknownPath(String(path.prefix(200))).response, head: false), "other")
        }
        let label = route.label(method: request.method)
        do {
            if case .events(let deckID) = route {
                return (try await eventStream(request, deckID: deckID, query: query, context: context), label)
            }
            if request.method == .head {
                let caller = Caller(authorization: request.headers.value(of: .authorization))
                return (Self.json(try await api.respondToHead(route, caller: caller), head: true), label)
            }
            let parameters = try await Self.parameters(of: request, query: query, limits: limits)
            try await checkDeckCapacity(for: route)
            let caller = request.headers.value(of: .authorization).map { Caller(authorization: $0) } ?? .spectator
            let response = try await api.respond(
                to: route, parameters: parameters, caller: caller, head: Self.requestHead(request, context: context))
            if route.createsDeck, !response.replayed { deckCapacity?.deckCreated() }
            return (Self.json(response, head: false), label)
        } catch let error as APIError {
            return (Self.json(error, head: request.method == .head), label)
        } catch {
            metrics.storageFailed()
            logger.error("request failed: \(String(describing: error))", metadata: ["route": "\(label)"])
            return (Self.json(APIError.storageUnavailable.response, head: false), label)
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
            throw APIError(status: .contentTooLarge, message: "The request body is larger than 16 KiB.")
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
