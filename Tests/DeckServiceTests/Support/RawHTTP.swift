import Foundation
import RiffleTestSupport

/// Sends bytes that are not necessarily valid HTTP to a loopback port and returns everything the
/// server answers until it closes the connection (or `timeoutSeconds` pass without data).
///
/// The timeout only ends a wait that would never end (a server that keeps the connection open): send
/// `Connection: close` to read a whole answer. It is as generous as ``testWaitLimit``, since a busy machine can take
/// seconds to answer (a 5 s timeout cut answers short under load, and the test saw no answer at all).
///
/// The blocking socket calls run on a thread of their own.
///
/// - Parameter sourceAddress: the loopback address to connect from (another client), or `nil`.
func sendRawHTTP(
    _ request: String, port: Int, timeoutSeconds: Int = 60, from sourceAddress: String? = nil
) async throws -> String {
    try await onOwnThread {
        let connection = try RawConnection(port: port, receiveTimeoutSeconds: timeoutSeconds, from: sourceAddress)
        try connection.send(request)
        return try connection.readUntilClosedOrTimeout()
    }
}

struct RawHTTPError: Error, CustomStringConvertible {
    let description: String
}
