import Hummingbird

/// What every request to `riffle serve` passes, in one place and in this order: accounting
/// (``RequestAccounting``: in flight, then the metrics and the log line, around everything else),
/// the header limit (``HeaderLimitCheck``, `431`), the rate limit (``RateLimitCheck``, `429`), CORS
/// (``CORS``: a preflight answered here, `Access-Control-Allow-Origin` on every other answer), and
/// the rendering of thrown errors (``ErrorRendering``) around the dispatch (``RiffleResponder``).
///
/// Each concern is a small synchronous type of its own, called inline here rather than nested as
/// Hummingbird `RouterMiddleware`s: a chain of middleware is an `async` call and a closure per
/// layer, each entering the concurrency runtime (which, with a task executor preference set, looks
/// the preference up under a lock) and allocating a task frame; five layers added 10 executor
/// switches and 36 task frames to each request (see the DeckService article).
struct RequestPipeline: HTTPResponder {
    typealias Context = RiffleRequestContext

    /// Who each request comes from (``ClientAddressResolver``): the key of every per-client cap.
    let clients: ClientAddressResolver
    let accounting: RequestAccounting
    let headerLimit: HeaderLimitCheck
    /// The rate limit; `nil` when the server has none.
    let rateLimit: RateLimitCheck?
    let errors: ErrorRendering
    let dispatch: RiffleResponder

    func respond(to request: Request, context: Context) async throws -> Response {
        var context = context
        context.clientKey = clients.client(peer: context.remoteAddress, headers: request.headers)
        let start = accounting.began()
        defer { accounting.ended() }
        var response: Response
        if let refusal = headerLimit.refusal(of: request) {
            response = refusal
        } else if let rateLimit, let refusal = rateLimit.refusal(of: request, client: context.clientKey) {
            context.routeLabel = RateLimitCheck.label
            response = refusal
        } else if let preflight = CORS.preflightResponse(to: request) {
            context.routeLabel = CORS.preflightLabel
            response = preflight
        } else {
            do {
                response = try await dispatch.respond(to: request, context: context)
            } catch {
                response = errors.response(to: error, request: request, context: context)
            }
            CORS.addHeaders(to: &response.headers)
        }
        accounting.record(request, response: response, label: context.routeLabel, since: start)
        return response
    }
}
