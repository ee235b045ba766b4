import Hummingbird
import Logging

/// Answers every request to `riffle serve`: the Deck of Cards API under `/api/`, card images
/// under `/static/img/`, and the web app.
///
/// The API's path grammar (aliases, the trailing-slash redirect, any method reaching any endpoint)
/// is matched here rather than through a router, so that unmatched paths, redirects and CORS
/// preflights follow one set of rules. Every response carries CORS headers; every error is the
/// API's JSON shape; `HEAD` and `OPTIONS` never change state; each request is logged in one line.
struct RiffleResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let api: DeckAPI
    let assets: StaticAssets
    let limits: ServiceLimits
    let logger: Logger

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        var response = await answer(request)
        CORS.addHeaders(to: &response.headers)
        if logger.logLevel <= .info {
            let elapsed = ContinuousClock.now - start
            let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
            logger.info(
                "\(request.method) \(request.uri.path) \(response.status.code)",
                metadata: ["duration_us": "\(micros)"])
        }
        return response
    }

    private func answer(_ request: Request) async -> Response {
        let path = request.uri.path
        if request.method == .options {
            return Response(status: .ok, headers: CORS.preflightHeaders(for: request.headers))
        }
        if path.hasPrefix("/api") {
            return await answerAPI(request, path: path)
        }
        if let asset = assets.response(for: path, request: request) {
            return asset
        }
        return Self.json(APIError.unknownPath(String(path.prefix(200))).response, head: request.method == .head)
    }

    private func answerAPI(_ request: Request, path: String) async -> Response {
        let query = request.uri.query
        if let query, query.utf8.count > limits.maximumQueryBytes {
            return Self.json(
                APIError(status: .uriTooLong, message: "The query string is longer than 16 KiB.").response,
                head: false)
        }
        let route: APIRoute
        switch APIRoute.match(path: path) {
        case .route(let matched):
            route = matched
        case .missingTrailingSlash:
            var location = path + "/"
            if let query { location += "?" + query }
            var headers = HTTPFields()
            headers[.location] = location
            return Response(status: .movedPermanently, headers: headers)
        case .none:
            return Self.json(APIError.unknownPath(String(path.prefix(200))).response, head: false)
        }
        do {
            if request.method == .head {
                return Self.json(try await api.respondToHead(route), head: true)
            }
            let parameters = try await Self.parameters(of: request, query: query, limits: limits)
            return Self.json(try await api.respond(to: route, parameters: parameters), head: false)
        } catch let error as APIError {
            return Self.json(error.response, head: request.method == .head)
        } catch {
            logger.error("request failed: \(String(describing: error))", metadata: ["route": "\(route.label)"])
            return Self.json(APIError.storageUnavailable.response, head: false)
        }
    }

    /// The query string, overlaid by a form-encoded body for `POST`.
    private static func parameters(
        of request: Request, query: String?, limits: ServiceLimits
    ) async throws
        -> APIParameters
    {
        guard request.method == .post else { return APIParameters(query: query) }
        let contentType = request.headers[.contentType]?.lowercased() ?? "application/x-www-form-urlencoded"
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limits.maximumBodyBytes)
        } catch {
            throw APIError(status: .contentTooLarge, message: "The request body is larger than 16 KiB.")
        }
        guard contentType.hasPrefix("application/x-www-form-urlencoded") else { return APIParameters(query: query) }
        return APIParameters(query: query, formBody: String(buffer: body))
    }

    static func json(_ response: APIResponse, head: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        let body = head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: response.json))
        return Response(status: response.status, headers: headers, body: body)
    }
}
