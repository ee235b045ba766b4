import Hummingbird
import Logging

/// The other design measured for issue 31: the same route table, middleware and handlers behind
/// Hummingbird's `Router` (a trie per path, a responder per method, the middleware chained as
/// `any` middlewares). Chosen with `RIFFLE_DISPATCH=router` in the environment, for
/// `scripts/bench-server.py --variant router:RIFFLE_DISPATCH=router`.
///
/// Known differences from the route table, which is what `riffle serve` answers with by default:
/// a method outside ``methods`` reaches no endpoint (`404`), and a pile draw's location word is
/// matched in lower case only.
enum RiffleRouter {
    /// The methods each endpoint is registered for.
    static let methods: [HTTPRequest.Method] = [.get, .head, .post, .delete, .put, .patch]

    static func responder(
        dispatch: RiffleResponder, metrics: ServiceMetrics, logger: Logger, inFlight: RequestsInFlight,
        limits: ServiceLimits, rateLimit: RateLimitGate?
    ) -> RouterResponder<RiffleRequestContext> {
        let router = Router(context: RiffleRequestContext.self)
        router.add(middleware: RequestAccountingMiddleware(metrics: metrics, logger: logger, inFlight: inFlight))
        router.add(middleware: HeaderLimitMiddleware(limits: limits))
        router.add(middleware: RateLimitMiddleware(gate: rateLimit, metrics: metrics))
        router.add(middleware: CORSMiddleware())
        router.add(middleware: ErrorMiddleware(metrics: metrics, logger: logger))
        router.add(middleware: NotFoundMiddleware(assets: dispatch.assets))
        for path in ["/health", "/metrics", "/openapi.json"] {
            for method in methods {
                router.on(RouterPath(path), method: method, responder: OperationsResponder(dispatch: dispatch))
            }
        }
        var registered = Set<String>()
        for endpoint in dispatch.routes.endpoints {
            for pattern in endpoint.paths {
                let path = "/api/" + routerPath(pattern)
                for method in methods where endpoint.answers(method) {
                    guard registered.insert("\(method) \(path)").inserted else { continue }
                    router.on(
                        RouterPath(path), method: method,
                        responder: EndpointResponder(dispatch: dispatch, endpoint: endpoint))
                }
            }
        }
        return router.buildResponder()
    }

    /// A table pattern in Hummingbird's syntax.
    private static func routerPath(_ pattern: RoutePattern) -> String {
        pattern.segments.map { segment in
            switch segment {
            case .literal(let word): word
            case .deck: ":deck"
            case .pile: ":pile"
            case .player: ":player"
            case .location(.top): ":location"
            case .location(.bottom): "bottom"
            case .location(.random): "random"
            case .invalid(let name): name
            }
        }.joined(separator: "/") + "/"
    }

    private struct OperationsResponder: HTTPResponder {
        let dispatch: RiffleResponder
        func respond(to request: Request, context: RiffleRequestContext) async throws -> Response {
            try await dispatch.respond(to: request, context: context)
        }
    }

    private struct EndpointResponder: HTTPResponder {
        let dispatch: RiffleResponder
        let endpoint: APIEndpoint

        func respond(to request: Request, context: RiffleRequestContext) async throws -> Response {
            context.routeLabel = endpoint.label
            let query = try dispatch.checkedQuery(of: request)
            let path = request.uri.path
            guard path.utf8.last == UInt8(ascii: "/") || endpoint.answersWithoutSlash else {
                context.routeLabel = "redirect"
                return RiffleResponder.trailingSlashRedirect(path: path, query: query)
            }
            let parameters = context.parameters
            let captures = RouteCaptures(
                deck: parameters.get("deck"), pile: parameters.get("pile"), player: parameters.get("player"))
            return try await dispatch.answer(
                request, endpoint: endpoint, captures: captures, query: query, context: context)
        }
    }

    /// The router's not-found answer: the web app's files and card images, else the API's JSON `404`.
    private struct NotFoundMiddleware: RouterMiddleware {
        typealias Context = RiffleRequestContext
        let assets: StaticAssets

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            do {
                return try await next(request, context)
            } catch let error as HTTPError where error.status == .notFound {
                context.routeLabel = "other"
                let path = request.uri.path
                if !path.hasPrefix("/api"), let asset = await assets.response(for: path, request: request) {
                    context.routeLabel = "static"
                    return asset
                }
                throw APIError.unknownPath(String(path.prefix(200)))
            }
        }
    }
}
