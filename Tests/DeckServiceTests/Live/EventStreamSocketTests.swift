import Foundation
import NIOCore
import NIOPosix
import RiffleTestSupport
import Testing

@testable import DeckService
@testable import LiveTables

/// Finding the socket under a NIO channel (through `withUnsafeTransportIfAvailable`), and sending to
/// it, on real loopback connections: if a later NIO stopped lending its sockets, these fail (and
/// streams would quietly go back to NIO's write path).
@Suite struct EventStreamSocketTests {
    @Test func theSocketOfAnAcceptedConnectionIsFoundAndWhatIsSentReachesTheClient() async throws {
        try await withConnection { server, client in
            let socket = try await server.eventLoop.submit { EventStreamSocket(of: server) }.get()
            let found = try #require(socket, "a TCP connection accepted by NIO has a direct socket")
            let sent = found.send(ByteBuffer(string: "hello, client"))
            #expect(sent == 13)
            #expect(try await onOwnThread { try client.receive(count: 13) } == "hello, client")
        }
    }

    @Test func eachConnectionHasItsOwnSocket() async throws {
        try await withConnection { first, firstClient in
            try await withConnection { second, secondClient in
                let one = try await first.eventLoop.submit { EventStreamSocket(of: first) }.get()
                let other = try await second.eventLoop.submit { EventStreamSocket(of: second) }.get()
                #expect(one?.descriptor != nil)
                #expect(one?.descriptor != other?.descriptor)
                _ = other?.send(ByteBuffer(string: "second"))
                _ = one?.send(ByteBuffer(string: "first"))
                #expect(try await onOwnThread { try secondClient.receive(count: 6) } == "second")
                #expect(try await onOwnThread { try firstClient.receive(count: 5) } == "first")
            }
        }
    }

    @Test func aClosedConnectionLendsNoSocket() async throws {
        try await withConnection { server, _ in
            // Closed on its event loop, in the same task: NIO has closed the descriptor, whose
            // number the system may already have given to another connection.
            let found = try await server.eventLoop.submit {
                server.close(promise: nil)
                return EventStreamSocket(of: server)
            }.get()
            #expect(found == nil)
        }
    }

    @Test func aUnixDomainConnectionsSocketIsFoundToo() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-\(UUID()).sock").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let accepted = group.next().makePromise(of: (any Channel).self)
        let received = group.next().makePromise(of: String.self)
        let listener = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                accepted.succeed(channel)
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            .bind(unixDomainSocketPath: path).get()
        let client = try await ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(FirstRead(received: received))
                }
            }
            .connect(unixDomainSocketPath: path).get()
        let server = try await accepted.futureResult.get()
        let sent = try await server.eventLoop.submit { EventStreamSocket(of: server)?.send(ByteBuffer(string: "unix")) }
            .get()
        #expect(sent == 4)
        let read = try await waitFor("the client's read", upTo: testWaitLimit) { try await received.futureResult.get() }
        #expect(read == "unix")
        try await client.close()
        try await listener.close()
        try await group.shutdownGracefully()
    }

    /// Hands the first bytes the client reads to a promise.
    private final class FirstRead: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let received: EventLoopPromise<String>

        init(received: EventLoopPromise<String>) {
            self.received = received
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            received.succeed(String(buffer: unwrapInboundIn(data)))
        }
    }

    @Test func aSocketThatTakesNoMoreSendsPartOfABufferOrNothing() async throws {
        try await withConnection(serverSendBufferBytes: 4_096) { server, _ in
            let socket = try #require(try await server.eventLoop.submit { EventStreamSocket(of: server) }.get())
            // The client reads nothing: the socket's buffers fill, and a send then takes less than
            // it was given (never blocks, never fails).
            let block = ByteBuffer(repeating: UInt8(ascii: "x"), count: 16_384)
            var sends = 0
            while socket.send(block) == block.readableBytes {
                sends += 1
                try #require(sends < 10_000, "the socket never filled")
            }
            #expect(socket.send(block) < block.readableBytes)
        }
    }

    /// Runs `body` with the server's side of a new loopback connection (a NIO channel) and a
    /// blocking client socket.
    private func withConnection(
        serverSendBufferBytes: ChannelOptions.Types.SocketOption.Value? = nil,
        _ body: (any Channel, RawConnection) async throws -> Void
    ) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let accepted = group.next().makePromise(of: (any Channel).self)
        var bootstrap = ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                accepted.succeed(channel)
                return channel.eventLoop.makeSucceededVoidFuture()
            }
        if let serverSendBufferBytes {
            bootstrap = bootstrap.childChannelOption(.socketOption(.so_sndbuf), value: serverSendBufferBytes)
        }
        let listener = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(listener.localAddress?.port)
        let client = try await onOwnThread { try RawConnection(port: port, receiveBufferBytes: 4_096) }
        let server = try await accepted.futureResult.get()
        do {
            try await body(server, client)
        } catch {
            try? await listener.close()
            try? await server.close()
            try? await group.shutdownGracefully()
            throw error
        }
        try await listener.close()
        // A test may have closed it already.
        try? await server.close()
        try await group.shutdownGracefully()
    }
}

extension RawConnection {
    /// Reads exactly `count` bytes, as text.
    fileprivate func receive(count: Int) throws -> String {
        var received: [UInt8] = []
        while received.count < count, let bytes = try receive() {
            received += bytes
        }
        return String(decoding: received, as: UTF8.self)
    }
}
