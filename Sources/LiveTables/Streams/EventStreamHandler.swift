import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The connection side of events streams: it knows whether the response being written is an
/// events stream, writes the frames the hub hands it (see ``EventStreamConnection``), and closes
/// the connection when the client has gone.
///
/// The server allows half-closed connections (a client may finish sending and still read its
/// answer), so a subscriber that drops its connection would otherwise be noticed only when a
/// write fails, up to a heartbeat later. An events stream never needs the client's side again, so
/// when its input closes the connection is closed at once, and the stream's subscription with it.
///
/// Frames arrive ready to write: already framed as HTTP/1.1 chunks, so they skip the HTTP encoder
/// and go to the socket from ``SocketSide``, a handler placed just below the encoder. A frame is
/// written only into the response it was meant for (responses are counted), and only while that
/// response is still streaming. When the client does not read, NIO buffers up to its high-water
/// mark; past that, at most `capacity` frames more are buffered before the connection is closed
/// (the client resumes with `Last-Event-ID`), so memory stays bounded.
///
/// Once a stream's opening is written, its connection is handed over to the hub
/// (``handOver(response:stream:)``), so that an open stream costs no task: Hummingbird answers each
/// connection's requests in a task of its own, which would otherwise wait, with every frame it
/// ever used, for as long as the stream lasts. The endpoint's response body then throws
/// ``EventStreamHandedOver``, which ends that task; on its way out the task closes its side of the
/// connection (its writer's output, then the channel once), and this handler, placed below it,
/// turns those closes away. From then on nothing the client sends is decoded or answered (the
/// handlers above ask for no more reads once that task has gone, and ``SocketSide`` drops what is
/// read until then; NIO still reads up to the end of input when the client closes its side, so a
/// client that leaves is seen at once), the stream ends when the server quiesces, and the hub ends
/// it with ``finishStream(response:)``.
///
/// Once a stream is handed over, its frames skip NIO's write path too: the stream's
/// ``EventStreamConnection`` sends each straight to the socket (``EventStreamSocket``) on the event
/// loop, while this handler allows it: while the stream goes on, the handlers below
/// ``SocketSide`` pass bytes unchanged (``EventStreamPipelineProbe``, checked at the hand-over), and
/// NIO holds none of its writes. What the socket does not take at once (a client that reads
/// slowly) comes here and goes through NIO, and so do the frames after it until NIO has written
/// it: the order of the bytes is the order of the frames either way.
///
/// What happens when is decided by ``EventStreamHandlerStateMachine``: this handler tells it each
/// event (a response part written from above, a frame, a hand-over, a close, NIO's events) and
/// carries out the action it returns.
package final class EventStreamHandler: ChannelDuplexHandler, RemovableChannelHandler {
    /// A handler for one connection, before its response is known.
    package init() {}

    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    /// A handler just below the HTTP encoder, whose context writes a stream's frames (already
    /// HTTP/1.1 chunks) towards the socket, past the encoder.
    ///
    /// No write passes through it (NIO needs a handler to take part in one direction: this one
    /// passes the connection's reads on untouched until the stream is handed over, then drops
    /// them before the HTTP decoder sees them); it mostly lends its place.
    package final class SocketSide: ChannelInboundHandler, RemovableChannelHandler {
        package typealias InboundIn = ByteBuffer

        fileprivate var context: ChannelHandlerContext?
        /// Whether what the client sends is dropped: its connection carries a handed-over stream.
        fileprivate var dropsInput = false

        package func handlerAdded(context: ChannelHandlerContext) {
            self.context = context
        }

        package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !dropsInput else { return }
            context.fireChannelRead(data)
        }

        package func handlerRemoved(context: ChannelHandlerContext) {
            self.context = nil
        }
    }

    /// Where the connection's events stream stands; this handler carries out what it says.
    private var machine = EventStreamHandlerStateMachine()
    /// The handed-over stream's connection, which sends frames straight to the socket while the
    /// machine allows it.
    private var handedOverStream: EventStreamConnection?
    /// The socket under the handed-over stream, found at the hand-over when the channel lends it.
    private var directSocket: EventStreamSocket?
    private var context: ChannelHandlerContext?
    private var socketSide: SocketSide?

    /// The number of final response heads written so far: the current response's number.
    package var responseNumber: UInt64 { machine.responseNumber }

    /// Where the connection's events stream stands, for tests.
    var state: EventStreamHandlerStateMachine.State { machine.state }

    private static let eventStreamContentType = HTTPField(name: .contentType, value: "text/event-stream")

    /// The zero-length chunk that ends a chunked response.
    private static let lastChunk = ByteBuffer(string: "0\r\n\r\n")

    package func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        // Below the encoder, and above anything that transforms bytes (such as TLS, if the server
        // ever has it): frames are plain HTTP/1.1 chunks. (Direct sends skip what is below; the
        // hand-over checks that it passes bytes unchanged.)
        let side = SocketSide()
        let pipeline = context.pipeline.syncOperations
        if let encoder = try? pipeline.handler(type: HTTPResponseEncoder.self),
            (try? pipeline.addHandler(side, position: .before(encoder))) != nil
        {
            socketSide = side
        }
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        carryOut(machine.channelClosed())
        self.context = nil
        directSocket = nil
        handedOverStream = nil
    }

    /// Whether frames can be written straight to this connection (its pipeline has the HTTP/1.1
    /// encoder that ``SocketSide`` goes below).
    package var writesFrames: Bool { socketSide != nil }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part: EventStreamHandlerStateMachine.ResponsePart
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational:
            // A field comparison, not the name subscript, which joins values into a new string.
            part = .finalHead(isEventStream: head.headerFields.contains(Self.eventStreamContentType))
        case .end:
            part = .end
        default:
            part = .other
        }
        switch machine.responsePartWritten(part) {
        case .forward:
            context.write(data, promise: promise)
        case .refuse(.streamEnded):
            promise?.fail(ChannelError.ioOnClosedChannel)
        case .refuse(.handedOver):
            promise?.fail(EventStreamHandedOver())
        case .closeConnectionAndRefuse:
            context.close(promise: nil)
            promise?.fail(ChannelError.ioOnClosedChannel)
        }
    }

    /// Writes a ready-framed chunk of the events stream that is response `response` through NIO
    /// (all of it, or what the socket did not take when it was sent directly), unless that
    /// response has ended; the caller flushes with ``flushFrames()``. Closes the connection
    /// instead when more than `capacity` frames are already waiting for a client that does not
    /// read.
    ///
    /// - Parameters:
    ///   - frame: the chunk, framed.
    ///   - sent: how many of the frame's bytes were sent directly.
    ///   - response: the number of the response the stream is.
    ///   - capacity: the most frames that may wait for the client.
    /// - Returns: whether this write made a flush due (the first write since the last flush).
    package func writeFrame(_ frame: ByteBuffer, sent: Int, response: UInt64, capacity: Int) -> Bool {
        guard let socket = socketSide?.context else { return false }
        switch machine.frameArrived(response: response, capacity: capacity) {
        case .drop:
            return false
        case .closeConnection:
            carryOut(.closeConnection)
            return false
        case .write(let write):
            // Before anything else: the hub's next frame for this stream, in the same delivery,
            // must queue behind this one.
            if write.stopsDirectSends { handedOverStream?.allowDirectSends(to: nil) }
            var rest = frame
            rest.moveReaderIndex(forwardBy: sent)
            writeThroughNIO(rest, to: socket, counted: write.counted)
            return write.flushDue
        }
    }

    /// Gives NIO bytes of the stream to write; a counted write reports its completion to the
    /// machine, which lets frames go straight to the socket again once NIO holds none of them.
    private func writeThroughNIO(_ bytes: ByteBuffer, to socket: ChannelHandlerContext, counted: Bool) {
        guard counted else {
            socket.write(NIOAny(IOData.byteBuffer(bytes)), promise: nil)
            return
        }
        let written = socket.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { result in
            if case .success = result {
                self.carryOut(self.machine.heldWriteCompleted(succeeded: true))
            } else {
                self.carryOut(self.machine.heldWriteCompleted(succeeded: false))
            }
        }
        socket.write(NIOAny(IOData.byteBuffer(bytes)), promise: written)
    }

    /// Sends the frames written since the last flush.
    package func flushFrames() {
        machine.framesFlushed()
        socketSide?.context?.flush()
    }

    /// Closes the connection at once (its client does not keep up).
    package func closeConnection() {
        carryOut(machine.closeRequested())
    }

    /// Takes the connection over for the events stream that is response `response`, whose opening
    /// is written: the task that answered the request may end without closing it. Does nothing
    /// when that stream has ended or the connection has closed (the task then closes it as usual).
    package func handOver(response: UInt64, stream: EventStreamConnection) {
        guard let context else { return }
        let socket = EventStreamSocket(of: context.channel)
        let action = machine.handOverRequested(
            response: response, channelIsActive: context.channel.isActive, socketLent: socket != nil)
        guard case .takeOver(let checkPipeline) = action else { return }
        handedOverStream = stream
        directSocket = socket
        // Anything more the client sends is not decoded: a malformed request would close the
        // stream. (The handlers above stop asking for reads once the answering task has gone; this
        // covers what is read until then.)
        socketSide?.dropsInput = true
        // Its idle time-out and quiescing are for connections that go back to answering requests.
        if let connectionState = try? context.pipeline.syncOperations.handler(type: HTTPConnectionStateHandler.self) {
            context.pipeline.syncOperations.removeHandler(connectionState, promise: nil)
        }
        if checkPipeline {
            let transparent =
                socketSide?.context.map { EventStreamPipelineProbe.bytesPassUnchanged(below: $0) } ?? false
            carryOut(machine.pipelineChecked(transformsBytes: !transparent))
        }
        // A stream handed over while the server stops (its quiesce came during the opening) ends now.
        carryOut(machine.handOverCompleted())
    }

    /// Ends the events stream that is response `response` with the response's last chunk, then
    /// closes the connection (which answers nothing more once its stream has been handed over).
    /// Does nothing when that stream has already ended.
    package func finishStream(response: UInt64) {
        carryOut(machine.finishRequested(response: response))
    }

    /// Does what the machine says.
    private func carryOut(_ action: EventStreamHandlerStateMachine.Action) {
        switch action {
        case .none:
            break
        case .closeConnection:
            endDirectSends()
            context?.close(promise: nil)
        case .writeLastChunkThenClose:
            endDirectSends()
            guard let context else { return }
            guard let socket = socketSide?.context else {
                context.close(promise: nil)
                return
            }
            let written = context.eventLoop.makePromise(of: Void.self)
            socket.writeAndFlush(NIOAny(IOData.byteBuffer(Self.lastChunk)), promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        case .writeDrainMarker:
            // Frames go straight to the socket once NIO has written what it holds of the opening
            // and the frames before it: this empty write, counted, marks where that is.
            guard let socket = socketSide?.context else { return }
            writeThroughNIO(ByteBuffer(), to: socket, counted: true)
            socket.flush()
        case .allowDirectSends:
            handedOverStream?.allowDirectSends(to: directSocket)
        case .stopDirectSends:
            endDirectSends()
        }
    }

    /// Makes frames go through NIO for the rest of the stream, and forgets the socket (its number
    /// may be reused once NIO has closed it).
    private func endDirectSends() {
        handedOverStream?.allowDirectSends(to: nil)
        directSocket = nil
    }

    package func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        switch machine.closeRequestedFromAbove(mode: mode) {
        case .forward:
            context.close(mode: mode, promise: promise)
        case .turnAway:
            // A handed-over connection is closed from here down, never from above.
            promise?.fail(EventStreamHandedOver())
        case .finishStream:
            context.channel.closeFuture.cascade(to: promise)
            carryOut(.writeLastChunkThenClose)
        }
    }

    package func channelInactive(context: ChannelHandlerContext) {
        // NIO has closed the socket: its number may be reused.
        carryOut(machine.channelClosed())
        context.fireChannelInactive()
    }

    package func channelWritabilityChanged(context: ChannelHandlerContext) {
        machine.writabilityChanged(isWritable: context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent {
            carryOut(machine.clientFinishedSending())
        } else if event is ChannelShouldQuiesceEvent {
            // The server is stopping: a handed-over stream ends now (the hub ends the others).
            carryOut(machine.quiesceRequested())
        }
        context.fireUserInboundEventTriggered(event)
    }
}

/// Thrown by an events stream's response body once its connection is handed over to the hub
/// (``EventStreamHandler/handOver(response:stream:)``): it ends the task that answered the request
/// without ending the stream.
package struct EventStreamHandedOver: Error {
    package init() {}
}
