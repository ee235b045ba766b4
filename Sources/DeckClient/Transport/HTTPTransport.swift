import Foundation

/// The HTTP layer under ``DeckOfCardsClient``: one request in, one response out.
///
/// The default is ``URLSessionTransport``. Supply your own to add logging, to route through
/// another HTTP stack, or in tests to script answers without a network:
///
/// ```swift
/// struct CannedTransport: HTTPTransport {
///     func send(_ request: HTTPRequest) async throws -> HTTPResponse {
///         HTTPResponse(status: 200, body: Data(#"{"success": true, ...}"#.utf8))
///     }
/// }
/// ```
///
/// A transport reports network failures by throwing. Throw a `URLError` (or an
/// ``HTTPTransportFailure``) so that the client can tell transient failures, which it may
/// retry, from others.
public protocol HTTPTransport: Sendable {
    /// Sends one request and returns the server's answer, whatever its status.
    ///
    /// - Parameter request: the request to send.
    /// - Returns: the status, headers and body of the response.
    /// - Throws: when no response arrived (connection refused, reset, timed out, cancelled).
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// One HTTP request as the client builds it.
public struct HTTPRequest: Hashable, Sendable {
    /// The HTTP method, such as `"GET"` or `"POST"`.
    public var method: String
    /// The absolute URL, query string included.
    public var url: URL
    /// Header fields to send.
    public var headers: [String: String]
    /// The body, if any (form-encoded for `POST`).
    public var body: Data?
    /// How long the transport may wait for the response, in seconds.
    public var timeout: Double

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: the HTTP method.
    ///   - url: the absolute URL.
    ///   - headers: header fields.
    ///   - body: the body, if any.
    ///   - timeout: seconds the transport may wait.
    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: Double = 30) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// One HTTP response: status, headers and body.
public struct HTTPResponse: Hashable, Sendable {
    /// The status code, such as `200` or `404`.
    public var status: Int
    /// Header fields, names as the server sent them.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: header fields.
    ///   - body: the body bytes.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header field, matching its name in any case.
    ///
    /// - Parameter name: the field name, such as `"Content-Type"`.
    /// - Returns: the value, or `nil` when the field is absent.
    public func headerValue(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}

/// A network failure a custom ``HTTPTransport`` can throw, saying whether it is transient.
///
/// The client retries requests that are safe to repeat after a transient failure; see
/// ``RetryPolicy``.
public struct HTTPTransportFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Whether trying again later may succeed (connection refused or reset, timeout).
    public var isTransient: Bool
    /// Whether the failure was a timeout.
    public var isTimeout: Bool
    /// What went wrong.
    public var message: String

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - message: what went wrong.
    ///   - isTransient: whether trying again may succeed.
    ///   - isTimeout: whether it was a timeout.
    public init(_ message: String, isTransient: Bool, isTimeout: Bool = false) {
        self.message = message
        self.isTransient = isTransient
        self.isTimeout = isTimeout
    }

    /// The message.
    public var description: String { message }
}
