import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension DeckOfCardsClient {
    /// Sends a request and returns the raw response, whatever its status.
    ///
    /// Each attempt is bounded by the configured timeout. Reads (``DeckRequest/isSafeToRetry``)
    /// are retried after transient failures with the configured backoff. A change carries an
    /// `Idempotency-Key` (its own, or one made for this call) and, when the policy allows
    /// (``RetryPolicy/resendsChanges``), is resent the same way with the same key.
    ///
    /// - Parameter request: the API request.
    /// - Returns: the response; a `success: false` body is returned, not thrown.
    /// - Throws: ``DeckClientError`` when no response arrived (``DeckClientError/Code/timedOut``,
    ///   ``DeckClientError/Code/transportFailed``, ``DeckClientError/Code/cancelled``) or the
    ///   request is invalid (such as a malformed idempotency key).
    public func send(_ request: DeckRequest) async throws -> HTTPResponse {
        var request = request
        if request.changesState && request.options.idempotencyKey == nil {
            // One key per call: every resend below carries it, so the server makes the change once.
            request.options.idempotencyKey = ChangeOptions.makeKey()
        }
        let httpRequest = try httpRequest(for: request)
        let resends = request.isSafeToRetry || configuration.retryPolicy.resendsChanges
        return try await perform(httpRequest, retrying: resends)
    }

    /// Sends an HTTP request with the timeout, and with retries when `retrying` is set.
    func perform(_ request: HTTPRequest, retrying: Bool) async throws -> HTTPResponse {
        let policy = retrying ? configuration.retryPolicy : .never
        var attempt = 1
        while true {
            do {
                let response = try await attemptOnce(request)
                if attempt < policy.maximumAttempts, [502, 503, 504].contains(response.status) {
                    try await pause(policy.backoff(beforeRetry: attempt))
                    attempt += 1
                    continue
                }
                return response
            } catch let error as DeckClientError where error.isTransient && attempt < policy.maximumAttempts {
                try await pause(policy.backoff(beforeRetry: attempt))
                attempt += 1
            }
        }
    }

    private func pause(_ seconds: TimeInterval) async throws {
        guard seconds > 0 else { return }
        do {
            try await Task.sleep(nanoseconds: Self.nanoseconds(seconds))
        } catch {
            throw DeckClientError(code: .cancelled, message: "The request was cancelled.")
        }
    }

    /// One attempt, raced against the timeout; transport errors become ``DeckClientError``.
    private func attemptOnce(_ request: HTTPRequest) async throws -> HTTPResponse {
        if Task.isCancelled { throw DeckClientError(code: .cancelled, message: "The request was cancelled.") }
        let transport = self.transport
        let timeout = configuration.timeout
        do {
            guard let response = try await withTimeLimit(seconds: timeout, { try await transport.send(request) }) else {
                throw DeckClientError.timedOut(after: timeout, url: request.url)
            }
            return response
        } catch {
            throw DeckClientError.classify(error, url: request.url, timeout: timeout)
        }
    }

    /// Seconds as the nanoseconds `Task.sleep(nanoseconds:)` takes, saturating instead of overflowing.
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        let nanoseconds = seconds * 1e9
        guard nanoseconds.isFinite, nanoseconds > 0 else { return nanoseconds > 0 ? UInt64.max : 0 }
        return nanoseconds >= Double(UInt64.max) ? UInt64.max : UInt64(nanoseconds)
    }
}

extension DeckClientError {
    static func timedOut(after timeout: TimeInterval, url: URL) -> DeckClientError {
        DeckClientError(
            code: .timedOut, message: "No response from \(url.absoluteString) within \(timeout) seconds.",
            isTransient: true)
    }

    /// Maps whatever a transport threw to a client error, deciding whether it is transient.
    static func classify(_ error: any Error, url: URL, timeout: TimeInterval) -> DeckClientError {
        switch error {
        case let error as DeckClientError:
            return error
        case is CancellationError:
            return DeckClientError(code: .cancelled, message: "The request was cancelled.")
        case let failure as HTTPTransportFailure:
            return DeckClientError(
                code: failure.isTimeout ? .timedOut : .transportFailed, message: failure.message,
                isTransient: failure.isTransient || failure.isTimeout)
        case let error as URLError:
            switch error.code {
            case .timedOut:
                return timedOut(after: timeout, url: url)
            case .cancelled:
                return DeckClientError(code: .cancelled, message: "The request was cancelled.")
            // FoundationNetworking on Linux reports a connection closed before any byte of the
            // answer ("Empty reply from server": the answer was lost on the way) as a bad server
            // response, where Apple's reports a lost connection.
            case .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet, .dnsLookupFailed,
                .cannotFindHost, .secureConnectionFailed, .badServerResponse:
                return DeckClientError(
                    code: .transportFailed,
                    message: "Cannot reach \(url.host ?? url.absoluteString): \(error.localizedDescription)",
                    isTransient: true)
            default:
                return DeckClientError(
                    code: .transportFailed,
                    message: "Request to \(url.absoluteString) failed: \(error.localizedDescription)")
            }
        default:
            return DeckClientError(code: .transportFailed, message: "Request to \(url.absoluteString) failed: \(error)")
        }
    }
}
