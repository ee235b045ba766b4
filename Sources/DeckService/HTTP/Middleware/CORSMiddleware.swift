import Hummingbird

/// Cross-origin reads: answers a preflight (`OPTIONS`, which never changes state) and adds
/// `Access-Control-Allow-Origin: *` to every other answer (``CORS``).
struct CORSMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if request.method == .options {
            context.routeLabel = "preflight"
            return Response(status: .ok, headers: CORS.preflightHeaders(for: request.headers))
        }
        var response = try await next(request, context)
        CORS.addHeaders(to: &response.headers)
        return response
    }
}
