import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``HTTPTransport``, over Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// Redirects are followed by the session (the API answers `301` to paths without a trailing
/// slash; the client always adds it). Failures surface as `URLError`, which the client
/// classifies as transient or not.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests go through.
    public let session: URLSession

    /// Creates a transport over a session.
    ///
    /// - Parameter session: the session to use; by default an ephemeral one, so that no
    ///   response is cached on disk (the image cache is the client's own).
    public init(session: URLSession = URLSessionTransport.makeDefaultSession()) {
        self.session = session
    }

    /// An ephemeral session with no URL cache, whose own request limit is long enough for each
    /// request's ``HTTPRequest/timeout`` to decide.
    ///
    /// - Returns: a new session.
    public static func makeDefaultSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        // FoundationNetworking on Linux times requests out by this session-wide value and ignores
        // `URLRequest.timeoutInterval`; `send(_:)` enforces each request's own timeout instead.
        configuration.timeoutIntervalForRequest = 24 * 60 * 60
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }

    /// Sends the request through the session.
    ///
    /// - Parameter request: the request to send.
    /// - Returns: the response, whatever its status.
    /// - Throws: `URLError` when no response arrived.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.cancellableData(for: urlRequest, timeout: request.timeout)
        guard let http = response as? HTTPURLResponse else {
            throw HTTPTransportFailure("The response was not an HTTP response.", isTransient: false)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name] = value
            }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}
