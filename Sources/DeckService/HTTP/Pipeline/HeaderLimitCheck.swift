import Hummingbird
import TableCore

/// Refuses, with `431`, a request whose header fields are over ``ServiceLimits``, before anything
/// else reads them.
struct HeaderLimitCheck: Sendable {
    let limits: ServiceLimits

    /// The `431` answer when `request`'s header fields are too many or too large; `nil` otherwise.
    func refusal(of request: Request) -> Response? {
        var bytes = 0
        for field in request.headers { bytes += field.name.rawName.utf8.count + field.value.utf8.count }
        let tooMany = request.headers.count > limits.maximumHeaderCount
        guard tooMany || bytes > limits.maximumHeaderBytes else { return nil }
        let message =
            tooMany
            ? "The request has \(request.headers.count) header fields; at most \(limits.maximumHeaderCount) are allowed."
            : "The request's header fields are larger than \(ServiceLimits.describe(bytes: limits.maximumHeaderBytes))."
        return APIError(status: .requestHeaderFieldsTooLarge, message: message).response(to: request)
    }
}
