import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOPosix
import RiffleTestSupport
import Testing

@testable import LiveTables

/// A handed-over stream sends its frames straight to the socket only when the handlers below it
/// pass bytes unchanged: with a handler there that transforms them (as TLS would), every frame goes
/// through NIO, and the client reads them as that handler wrote them. On a real loopback connection
/// with the server's stream handler under NIO's HTTP/1.1 codec, as `riffle serve` has it.
@Suite struct EventStreamPipelineProbeTests {
    private static let frames = ["data: 1\n\n", "data: 2\n\n", "data: 3\n\n"]

    @Test(arguments: [ByteTransformer.Timing.atOnce, .onFlush])
    func framesGoThroughNIOWhenAHandlerBelowTheStreamTransformsBytes(timing: ByteTransformer.Timing) async throws {
        try await withStream(below: { ByteTransformer(timing: timing) }) { stream in
            let handedOver = try await stream.onLoop { stream.handler.state }
            #expect(
                handedOver
                    == .handedOver(
                        EventStreamHandlerStateMachine.Outbox(),
                        EventStreamHandlerStateMachine.HandedOver(directSends: .pipelineTransformsBytes)))
            try await stream.hand(Self.frames)
            #expect(try await stream.onLoop { stream.connection.sendsFramesDirectly } == false)
            let chunks = try await stream.readChunks(count: 1 + Self.frames.count, decoding: ByteTransformer.undo)
            #expect(chunks == ["opening"] + Self.frames)
            let bytesTransformed = try await stream.onLoop { stream.below(ByteTransformer.self)?.bytesTransformed ?? 0 }
            #expect(bytesTransformed > Self.frames.joined().utf8.count, "every frame went through the transformer")
        }
    }

    @Test func framesGoStraightToTheSocketWhenTheHandlersBelowOnlyWatch() async throws {
        try await withStream(below: { WriteWatcher() }) { stream in
            let handedOver = try await stream.onLoop { stream.handler.state }
            #expect(
                handedOver
                    == .handedOver(
                        EventStreamHandlerStateMachine.Outbox(),
                        EventStreamHandlerStateMachine.HandedOver(directSends: .allowed)))
            #expect(try await stream.onLoop { stream.connection.sendsFramesDirectly })
            let watchedBefore = try await stream.onLoop { stream.below(WriteWatcher.self)?.bytesWatched ?? -1 }
            try await stream.hand(Self.frames)
            let chunks = try await stream.readChunks(count: 1 + Self.frames.count, decoding: { $0 })
            // The probe never reached the client: the probe handler kept it.
            #expect(chunks == ["opening"] + Self.frames)
            let watchedAfter = try await stream.onLoop { stream.below(WriteWatcher.self)?.bytesWatched ?? -1 }
            #expect(watchedAfter == watchedBefore, "the frames skipped the handlers below the stream")
            // NIO closes the descriptor and the handler withdraws it in one go, before the close
            // returns: no later task on the event loop can send to a number the system may reuse.
            // (The close starts below the stream's handler, as NIO's own do: one from above is
            // turned away as the answering task's.)
            let sendsAfterClose = try await stream.onLoop {
                let below = try? stream.channel.pipeline.syncOperations.context(
                    handlerType: EventStreamHandler.SocketSide.self)
                below?.close(promise: nil)
                return stream.connection.sendsFramesDirectly || stream.channel.isActive
            }
            #expect(!sendsAfterClose)
        }
    }

    // MARK: - The stream

    /// One events stream, handed over, on the server's side of a loopback connection.
    private struct Stream: Sendable {
        let channel: any Channel
        let connection: EventStreamConnection
        let client: RawConnection

        /// The channel's stream handler; on its event loop only.
        var handler: EventStreamHandler {
            // swift-format-ignore: NeverUseForceTry
            try! channel.pipeline.syncOperations.handler(type: EventStreamHandler.self)
        }

        /// The handler of type `type` below the stream; on the event loop only.
        func below<Handler: ChannelHandler>(_ type: Handler.Type) -> Handler? {
            try? channel.pipeline.syncOperations.handler(type: type)
        }

        func onLoop<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async throws -> Value {
            try await channel.eventLoop.submit(work).get()
        }

        /// Hands `frames` to the stream, as the hub does, and waits until they are written or sent.
        func hand(_ frames: [String]) async throws {
            EventStreamConnection.hand(
                frames.map {
                    EventStreamConnection.Write(connection: connection, frame: EventStreamConnection.frame($0))
                })
            try await onLoop {}
        }

        /// Reads the response's head, then `count` chunks that are not comments (an SSE comment
        /// such as the probe, which a client ignores), each undone by `decoding`.
        func readChunks(count: Int, decoding: @escaping @Sendable ([UInt8]) -> [UInt8]) async throws -> [String] {
            let client = client
            return try await onOwnThread {
                var received: [UInt8] = []
                var chunks: [String] = []
                while true {
                    var reader = ChunkedBody(received)
                    chunks = reader.chunks().filter { !$0.hasPrefix(":") }
                    if chunks.count >= count { return chunks }
                    guard let bytes = try client.receive() else { return chunks }
                    received += decoding(bytes)
                }
            }
        }
    }

    /// Opens a stream on a new loopback connection whose pipeline has `makeBelow()`'s handler
    /// first (directly above the socket), and hands it over.
    private func withStream(
        below makeBelow: @escaping @Sendable () -> any ChannelHandler, _ body: (Stream) async throws -> Void
    ) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let accepted = group.next().makePromise(of: (any Channel).self)
        let listener = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(makeBelow())
                    try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
                    try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
                    try pipeline.addHandler(EventStreamHandler())
                    accepted.succeed(channel)
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        do {
            let port = try #require(listener.localAddress?.port)
            let client = try await onOwnThread { try RawConnection(port: port) }
            let channel = try await accepted.futureResult.get()
            let connection = try #require(await EventStreamConnection.forResponse(on: channel, capacity: 16))
            // The opening, written from above the stream's handler as the task answering the request
            // writes it.
            try await channel.eventLoop.submit {
                var head = HTTPResponse(status: .ok)
                head.headerFields[.contentType] = "text/event-stream"
                let pipeline = channel.pipeline.syncOperations
                pipeline.write(NIOAny(HTTPResponsePart.head(head)), promise: nil)
                pipeline.writeAndFlush(NIOAny(HTTPResponsePart.body(ByteBuffer(string: "opening"))), promise: nil)
            }.get()
            await connection.handOver()
            try await body(Stream(channel: channel, connection: connection, client: client))
            client.shutDown()
            // A test may have closed it already.
            try? await channel.close()
        } catch {
            try? await listener.close()
            try? await group.shutdownGracefully()
            throw error
        }
        try await listener.close()
        try await group.shutdownGracefully()
    }
}

/// A handler that changes every byte written through it (as TLS would, in its own way), at once or
/// only when flushed (TLS holds what it is given until then).
final class ByteTransformer: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    enum Timing: Sendable, CustomTestStringConvertible {
        case atOnce, onFlush
        var testDescription: String { self == .atOnce ? "at once" : "on flush" }
    }

    let timing: Timing
    private(set) var bytesTransformed = 0
    private var held: [(ByteBuffer, EventLoopPromise<Void>?)] = []

    init(timing: Timing) {
        self.timing = timing
    }

    /// What the client does to read the bytes as they were before this handler.
    static let undo: @Sendable ([UInt8]) -> [UInt8] = { $0.map { $0 ^ 0x5A } }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        var bytes = unwrapOutboundIn(data)
        bytesTransformed += bytes.readableBytes
        bytes.withUnsafeMutableReadableBytes { buffer in
            for index in buffer.indices { buffer[index] ^= 0x5A }
        }
        switch timing {
        case .atOnce: context.write(wrapOutboundOut(bytes), promise: promise)
        case .onFlush: held.append((bytes, promise))
        }
    }

    func flush(context: ChannelHandlerContext) {
        for (bytes, promise) in held { context.write(wrapOutboundOut(bytes), promise: promise) }
        held = []
        context.flush()
    }
}

/// A handler that only counts the bytes written through it.
final class WriteWatcher: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private(set) var bytesWatched = 0

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .byteBuffer(let bytes) = unwrapOutboundIn(data) { bytesWatched += bytes.readableBytes }
        context.write(data, promise: promise)
    }
}

/// An HTTP/1.1 response as far as it has arrived: its head, then its chunks.
private struct ChunkedBody {
    private var text: Substring

    init(_ bytes: [UInt8]) {
        text = Substring(decoding: bytes, as: UTF8.self)
    }

    /// The data of each whole chunk after the head.
    mutating func chunks() -> [String] {
        guard let headEnd = text.range(of: "\r\n\r\n") else { return [] }
        var rest = text[headEnd.upperBound...]
        var chunks: [String] = []
        while let sizeEnd = rest.range(of: "\r\n"), let size = Int(rest[..<sizeEnd.lowerBound], radix: 16) {
            let data = rest[sizeEnd.upperBound...]
            guard size > 0, data.utf8.count >= size + 2 else { break }
            let end = data.utf8.index(data.startIndex, offsetBy: size)
            chunks.append(String(data[..<end]))
            rest = data[data.utf8.index(end, offsetBy: 2)...]
        }
        return chunks
    }
}
