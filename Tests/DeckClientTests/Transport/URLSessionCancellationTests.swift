import DeckClient
import Foundation
import RiffleTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport over a server that accepts connections and never answers: cancelling the
/// waiting request (as the client's timeout does) must end it, and never deadlock. The requests'
/// own timeout is 10 minutes, so a cancellation that does not work fails the bounded wait around
/// the requests' end (``testWaitLimit``; timing is not asserted otherwise: on 2 cores, CPU-bound
/// tests can delay any test by a minute).
@Suite("URLSession transport cancellation")
struct URLSessionCancellationTests {
    @Test("Cancelling requests in flight ends each of them with an error")
    func cancellingInFlightRequests() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let transport = URLSessionTransport()
        let request = listener.request
        let outcomes = try await waitFor("the end of eight cancelled requests", upTo: testWaitLimit) {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask { (try? await transport.send(request)) == nil }
                }
                // Cancelled once they are under way: a connection has reached the listener.
                _ = try? await listener.waitForAConnection()
                group.cancelAll()
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
        }
        #expect(outcomes == Array(repeating: true, count: 8))
    }

    @Test("A request whose task is already cancelled ends at once")
    func cancelledBeforeStarting() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let transport = URLSessionTransport()
        let request = listener.request
        let failed = try await waitFor("the end of a request sent by a cancelled task", upTo: testWaitLimit) {
            withUnsafeCurrentTask { $0?.cancel() }
            return (try? await transport.send(request)) == nil
        }
        #expect(failed)
    }

    /// FoundationNetworking ignores `URLRequest.timeoutInterval` in favour of the session's limit,
    /// which the default session sets to a day: the transport itself must end the request.
    @Test("The transport ends a request at the request's own timeout")
    func transportTimeout() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let transport = URLSessionTransport()
        let request = {
            var request = listener.request
            request.timeout = 0.3
            return request
        }()
        let error = await #expect(throws: URLError.self) {
            _ = try await waitFor("the request's timeout", upTo: testWaitLimit) { try await transport.send(request) }
        }
        #expect(error?.code == .timedOut)
    }

    @Test("A client timeout over the real transport reports timedOut")
    func clientTimeout() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let client = DeckOfCardsClient(
            configuration: .init(
                baseURL: URL(string: "http://127.0.0.1:\(listener.port)")!, timeout: 0.2,
                retryPolicy: .never))
        let error = await #expect(throws: DeckClientError.self) {
            _ = try await waitFor("the client's timeout", upTo: testWaitLimit) {
                try await client.deckInfo(deckID: "abc123def456")
            }
        }
        #expect(error?.code == .timedOut)
    }
}

/// A loopback TCP socket that is listening but never accepts: connections complete in the
/// kernel's backlog and requests sent on them are never answered.
private struct SilentListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else { throw ListenerError() }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Returns once a connection is waiting on the listener (it is never accepted): a request is on the wire.
    ///
    /// - Throws: ``ListenerError`` when none has come within ``testWaitLimit``.
    func waitForAConnection() async throws {
        let descriptor = descriptor
        let milliseconds = Int32(testWaitLimit.components.seconds * 1000)
        let arrived = try await onOwnThread {
            var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            var ready: Int32
            repeat { ready = poll(&polled, 1, milliseconds) } while ready < 0 && errno == EINTR
            return ready > 0
        }
        guard arrived else { throw ListenerError() }
    }

    /// A request to the listener with a 10-minute timeout of its own.
    var request: HTTPRequest {
        HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:\(port)/api/deck/new/")!, timeout: 600)
    }

    func close() {
        _ = Foundation.close(descriptor)
    }

    struct ListenerError: Error {}
}
