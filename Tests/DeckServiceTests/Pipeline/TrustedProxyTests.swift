import Foundation
import HTTPTypes
import NIOCore
import RiffleTestSupport
import Testing

@testable import DeckService

/// Every per-client cap counts the real client (issue 41, finding 4): behind a trusted proxy, the
/// one its `Forwarded` or `X-Forwarded-For` names; from any other peer, the peer, whatever such
/// headers say. Open connections are capped per address too.
@Suite(.stopsItsServers) struct TrustedProxyTests {
    private static func stream(
        _ server: TestServer, _ deckID: String, headers: [String: String]
    ) async throws -> EventStreamReader {
        try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(deckID)/events/", headers: headers)
        }
    }

    @Test func behindATrustedProxyStreamsAreCountedByTheForwardedClient() async throws {
        let server = try await TestServer.start { configuration in
            configuration.trustedProxies = ["127.0.0.0/8"]
            configuration.limits.maximumStreamsPerClient = 1
        }
        do {
            let table = try await TestTable.create(on: server.baseURL)
            var open: [EventStreamReader] = []
            defer { for stream in open { stream.close() } }
            for (headers, status) in [
                (["X-Forwarded-For": "203.0.113.5"], 200),
                (["X-Forwarded-For": "203.0.113.6"], 200),
                (["X-Forwarded-For": "198.51.100.1, 203.0.113.5"], 429),
                (["Forwarded": "for=\"[2001:db8:1:2::7]:4711\""], 200),
                (["Forwarded": "for=\"[2001:db8:1:2::8]\";proto=https"], 429),
                (["X-Forwarded-For": "2001:db8:1:3::8"], 200),
            ] {
                let stream = try await Self.stream(server, table.deckID, headers: headers)
                open.append(stream)
                #expect(stream.status == status, "\(headers)")
            }
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    @Test func anUntrustedPeerCannotPickItsAddress() async throws {
        let server = try await TestServer.start { $0.limits.maximumStreamsPerClient = 1 }
        do {
            let table = try await TestTable.create(on: server.baseURL)
            let first = try await Self.stream(server, table.deckID, headers: ["X-Forwarded-For": "203.0.113.5"])
            defer { first.close() }
            #expect(first.status == 200)
            let second = try await Self.stream(
                server, table.deckID, headers: ["X-Forwarded-For": "203.0.113.6", "Forwarded": "for=192.0.2.9"])
            defer { second.close() }
            #expect(second.status == 429)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Idle connections from one address no longer lock everyone else out.
    @Test func openConnectionsAreCappedPerAddress() async throws {
        let server = try await TestServer.start { $0.limits.maximumConnectionsPerClient = 2 }
        do {
            let idle = try await onOwnThread {
                try (0..<2).map { _ in try RawConnection(port: server.port) }
            }
            defer { for connection in idle { connection.shutDown() } }
            // The server counts a connection once it has accepted it: a request on each makes sure.
            for connection in idle {
                try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try await onOwnThread { try connection.readResponse() }.hasPrefix("HTTP/1.1 200"))
            }
            let refused = try await sendRawHTTP(
                "GET /api/deck/new/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
            #expect(refused.hasPrefix("HTTP/1.1 429"), "\(refused)")
            #expect(refused.contains("connections open"))
            let elsewhere = try await sendRawHTTP(
                "GET /api/deck/new/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port,
                from: "127.0.0.2")
            #expect(elsewhere.hasPrefix("HTTP/1.1 200"), "\(elsewhere)")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    @Test func theResolverReadsFromTheRightAndCountsIPv6ByItsPrefix() throws {
        let resolver = ClientAddressResolver(trustedProxies: [try #require(IPNetwork("10.0.0.0/8"))])
        let proxy = try SocketAddress(ipAddress: "10.1.2.3", port: 1)
        let stranger = try SocketAddress(ipAddress: "2001:db8:aa:bb:1:2:3:4", port: 1)
        #expect(resolver.client(peer: stranger, headers: [:]) == "2001:db8:aa:bb::/64")
        #expect(resolver.client(peer: stranger, headers: [.xForwardedFor: "203.0.113.1"]) == "2001:db8:aa:bb::/64")
        #expect(
            resolver.client(peer: proxy, headers: [.xForwardedFor: "1.1.1.1, 203.0.113.1, 10.9.9.9"]) == "203.0.113.1")
        #expect(
            resolver.client(peer: proxy, headers: [.forwarded: "for=192.0.2.60:80;proto=http, for=10.0.0.1"])
                == "192.0.2.60")
        #expect(resolver.client(peer: proxy, headers: [.xForwardedFor: "not an address"]) == "10.1.2.3")
        #expect(resolver.client(peer: proxy, headers: [:]) == "10.1.2.3")
        #expect(
            resolver.client(peer: try SocketAddress(ipAddress: "::ffff:192.0.2.1", port: 1), headers: [:])
                == "192.0.2.1")
        #expect(IPNetwork("10.0.0.0/33") == nil && IPNetwork("nope") == nil && IPNetwork("::1") != nil)
    }
}
