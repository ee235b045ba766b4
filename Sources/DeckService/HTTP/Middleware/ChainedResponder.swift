import Hummingbird

/// A responder behind a middleware: a statically typed chain, which the compiler can specialize
/// and inline (Hummingbird's `Router` chains `any` middlewares, an existential async call each).
struct ChainedResponder<Middleware: RouterMiddleware, Next: HTTPResponder>: HTTPResponder
where Middleware.Context == Next.Context {
    typealias Context = Next.Context
    let middleware: Middleware
    let next: Next

    func respond(to request: Request, context: Context) async throws -> Response {
        try await middleware.handle(request, context: context) { request, context in
            try await next.respond(to: request, context: context)
        }
    }
}
