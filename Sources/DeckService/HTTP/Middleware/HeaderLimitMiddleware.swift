import Hummingbird

/// Refuses, with `431`, a request whose header fields are over ``ServiceLimits``, before anything
/// else reads them.
struct HeaderLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limits: ServiceLimits

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var bytes = 0
        for field in request.headers { bytes += field.name.rawName.utf8.count + field.value.utf8.count }
        let tooMany = request.headers.count > limits.maximumHeaderCount
        guard tooMany || bytes > limits.maximumHeaderBytes else { return try await next(request, context) }
        let message =
            tooMany
            ? "The request has \(request.headers.count) header fields; at most \(limits.maximumHeaderCount) are allowed."
            : "The request's header fields are larger than \(limits.maximumHeaderBytes / 1024) KiB."
        return APIError(status: .requestHeaderFieldsTooLarge, message: message).response(to: request)
    }
}
